import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O94 — Are 31 and 8191 the only numbers that are repunits with at least three digits in two different bases?

Goormaghtigh's conjecture: the equation
$$\frac{x^m - 1}{x - 1} = \frac{y^n - 1}{y - 1}, \qquad x > y > 1,\ m, n > 2,$$
has only the solutions $(x, y, m, n) = (5, 2, 3, 5)$ and $(90, 2, 3, 13)$, that is
$31 = 111_5 = 11111_2$ and $8191 = 111_{90} = 1111111111111_2$. Equivalently, $31$ and $8191$
are the only numbers that are repunits with at least three digits in two different bases. Is
that so?

*Wording:* paraphrase of Goormaghtigh's conjecture in its standard equation form.

*Source:* R. Goormaghtigh, L'Intermédiaire des Mathématiciens (1917); the Wikipedia article
"Goormaghtigh conjecture".

*Scope:* as posed. `(x^m - 1)/(x - 1)` is written without division as the repunit
`1 + x + ⋯ + x^(m-1)`. The equation form and the "only 31 and 8191" form are equivalent: `31`
and `8191` have no repunit representations with at least three digits other than the two
listed.
-/

namespace FrontierBench.O94

/-- The repunit with `d` digits in base `b`: `1 + b + ⋯ + b^(d-1)`. -/
def repunit (b d : ℕ) : ℕ :=
  ∑ i ∈ Finset.range d, b ^ i

/-- The only solutions of `repunit x m = repunit y n` with `x > y > 1` and `m, n > 2` are
`(x, y, m, n) = (5, 2, 3, 5)` and `(90, 2, 3, 13)`. -/
theorem main : answer(sorry) ↔
    ∀ x y m n : ℕ, 1 < y → y < x → 2 < m → 2 < n → repunit x m = repunit y n →
      (x = 5 ∧ y = 2 ∧ m = 3 ∧ n = 5) ∨ (x = 90 ∧ y = 2 ∧ m = 3 ∧ n = 13) := by
  sorry

end FrontierBench.O94
