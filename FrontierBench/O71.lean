import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O71 — Is there a polynomial f(x, y) with rational coefficients that is a bijection ℚ × ℚ → ℚ?

"Is there any polynomial $f(x,y) \in \mathbb{Q}[x,y]$ such that
$f : \mathbb{Q} \times \mathbb{Q} \to \mathbb{Q}$ is a bijection?"

*Wording:* verbatim from MathOverflow question 21003 (asked by Z.H., 2010).

*Source:* MathOverflow question 21003, "Polynomial bijection from ℚ×ℚ to ℚ?" (2010).

*Scope:* as posed. Polynomials in two variables are `MvPolynomial (Fin 2) ℚ`, the variable
`0` standing for $x$ and `1` for $y$; the map is evaluation at `![x, y]`.
-/

namespace FrontierBench.O71

/-- There is a polynomial `f` in two variables over `ℚ` such that `(x, y) ↦ f(x, y)` is a
bijection from `ℚ × ℚ` to `ℚ`. -/
theorem main : answer(sorry) ↔
    ∃ f : MvPolynomial (Fin 2) ℚ,
      Function.Bijective (fun p : ℚ × ℚ => MvPolynomial.eval ![p.1, p.2] f) := by
  sorry

end FrontierBench.O71
