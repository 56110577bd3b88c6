import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O01 — For every n > 2, is 4/n a sum of three distinct unit fractions?

The Erdős–Straus question in the form of Erdős problem #242: is it true that for every integer
$n > 2$ there exist integers $1 \le x < y < z$ with
$$\frac{4}{n} = \frac{1}{x} + \frac{1}{y} + \frac{1}{z}?$$

*Wording:* paraphrase of the statement of Erdős problem #242 (T. F. Bloom, Erdős Problems),
read from a stored copy of the problem page.

*Source:* P. Erdős, Az $1/x_1 + 1/x_2 + \dots + 1/x_n = a/b$ egyenlet egész számú megoldásairól,
Mat. Lapok 1 (1950), 192–210; P. Erdős and R. L. Graham, Old and New Problems and Results in
Combinatorial Number Theory, Monographies de L'Enseignement Mathématique 28 (1980), p. 44;
T. F. Bloom, Erdős Problems, Problem #242.

*Scope:* as posed in Erdős problem #242 (distinct denominators, $n > 2$). The equation is
read in `ℚ`, with `n`, `x`, `y`, `z` natural numbers cast to `ℚ`.
-/

namespace FrontierBench.O01

/-- For every natural number `n > 2` there are natural numbers `0 < x < y < z` with
`4 / n = 1 / x + 1 / y + 1 / z` in `ℚ`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 2 < n → ∃ x y z : ℕ, 0 < x ∧ x < y ∧ y < z ∧
      (4 : ℚ) / (n : ℚ) = 1 / (x : ℚ) + 1 / (y : ℚ) + 1 / (z : ℚ) := by
  sorry

end FrontierBench.O01
