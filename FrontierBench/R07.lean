import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R07 — Must an open subset of [0, 1] of measure greater than 1/3 contain x, y, z with xy = z?

Ben Green's Problem 3: "Suppose that $A \subset [0, 1]$ is open and has measure greater than
$\frac{1}{3}$. Is there a solution to $xy = z$?" (with $x, y, z \in A$).

*Wording:* verbatim from Green's list, Problem 3 (taken from a reproduction of its text).

*Source:* B. Green, 100 open problems, problem list (2024 version), Problem 3.

*Scope:* as posed; "open" is taken in $\mathbb{R}$ (for a set relatively open in $[0,1]$
containing $0$ or $1$ the question is trivial, $0 \cdot 0 = 0$ and $1 \cdot 1 = 1$), measure is
Lebesgue measure, and $x, y, z$ need not be distinct.
-/

namespace FrontierBench.R07

/-- Every open set `A ⊆ ℝ` contained in `[0, 1]` with Lebesgue measure greater than `1/3`
contains `x, y, z` with `x * y = z`. -/
theorem main : answer(sorry) ↔
    ∀ A : Set ℝ, IsOpen A → A ⊆ Set.Icc 0 1 → (1 / 3 : ENNReal) < MeasureTheory.volume A →
      ∃ x ∈ A, ∃ y ∈ A, ∃ z ∈ A, x * y = z := by
  sorry

end FrontierBench.R07
