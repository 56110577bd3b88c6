import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O83 — For $\mathbb{Q}$-independent pairs $x_1, x_2$ and $y_1, y_2$, is one of $e^{x_i y_j}$ transcendental?

Let $x_1, x_2$ be complex numbers that are linearly independent over $\mathbb{Q}$, and let
$y_1, y_2$ be complex numbers that are linearly independent over $\mathbb{Q}$. Is at least one
of the four numbers
$$e^{x_1 y_1},\quad e^{x_1 y_2},\quad e^{x_2 y_1},\quad e^{x_2 y_2}$$
transcendental?

*Wording:* paraphrase of the conjecture on four exponentials in its usual form (two pairs of
$\mathbb{Q}$-linearly independent complex numbers).

*Source:* S. Lang, Introduction to Transcendental Numbers, Addison-Wesley (1966);
K. Ramachandra, Contributions to the theory of transcendental numbers I, II, Acta Arith. 14
(1967/68); the Wikipedia article on the conjecture of the four exponentials.

*Scope:* as posed. Transcendental means not algebraic over `ℚ` (`Transcendental ℚ`).
-/

namespace FrontierBench.O83

/-- For all complex `x₁, x₂` linearly independent over `ℚ` and all complex `y₁, y₂` linearly
independent over `ℚ`, one of `exp (xᵢ yⱼ)` (`i, j ∈ {1, 2}`) is transcendental over `ℚ`. -/
theorem main : answer(sorry) ↔
    ∀ x₁ x₂ y₁ y₂ : ℂ, LinearIndependent ℚ ![x₁, x₂] → LinearIndependent ℚ ![y₁, y₂] →
      Transcendental ℚ (Complex.exp (x₁ * y₁)) ∨ Transcendental ℚ (Complex.exp (x₁ * y₂)) ∨
        Transcendental ℚ (Complex.exp (x₂ * y₁)) ∨ Transcendental ℚ (Complex.exp (x₂ * y₂)) := by
  sorry

end FrontierBench.O83
