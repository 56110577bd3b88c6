import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N45 — Is there a transcendental entire function mapping every Liouville number to a Liouville number?

Maillet showed that a non-constant rational function with rational coefficients maps Liouville
numbers to Liouville numbers. Mahler (1984) asked: "Are there transcendental entire functions
$f(z)$ such that if $\xi$ is any Liouville number, then so is $f(\xi)$?"

A real number $\xi$ is a Liouville number if for every $n$ there are integers $a, b$ with
$b > 1$ and $0 < |\xi - a/b| < b^{-n}$; a transcendental entire function is an entire
function that is not a polynomial.

*Wording:* verbatim from Mahler's question, as quoted in later literature; the rest is a
paraphrase.

*Source:* K. Mahler, Some suggestions for further research, Bull. Austral. Math. Soc. 29
(1984), 101–108; E. Maillet, Introduction à la théorie des nombres transcendants et des
propriétés arithmétiques des fonctions, Gauthier-Villars, Paris, 1906.

*Scope:* as posed; Liouville numbers are real, so $f(\xi)$ is required to be a real Liouville
number; $f$ is an entire function $\mathbb{C} \to \mathbb{C}$ with no restriction on its
coefficients.
-/

namespace FrontierBench.N45

/-- There is an entire function `f : ℂ → ℂ` that is not a polynomial and such that for every
Liouville number `x`, the value `f x` is a real number `y` which is again a Liouville number. -/
theorem main : answer(sorry) ↔
    ∃ f : ℂ → ℂ, Differentiable ℂ f ∧ (¬ ∃ p : Polynomial ℂ, ∀ z : ℂ, f z = p.eval z) ∧
      ∀ x : ℝ, Liouville x → ∃ y : ℝ, Liouville y ∧ f (x : ℂ) = (y : ℂ) := by
  sorry

end FrontierBench.N45
