import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O42 — Is every separable Banach space with a transitive isometry group a Hilbert space?

Mazur's rotation problem: let $E$ be a separable (infinite-dimensional, real) Banach space
such that for any two vectors $x, y$ of norm one there is a surjective linear isometry
$T : E \to E$ with $Tx = y$. Must the norm of $E$ come from an inner product, that is, must
$E$ be isometric to a Hilbert space?

*Wording:* paraphrase of the problem recorded by Banach (Théorie des opérations linéaires,
remark to Section 5 of Chapter XI), in the form in which it is usually restated: "whether a
separable infinite dimensional Banach space which has a transitive isometry group must be
isometrically isomorphic to a Hilbert space" (W. B. Johnson, MathOverflow question 41211).

*Source:* S. Banach, Théorie des opérations linéaires, Monografie Matematyczne 1, Warszawa
(1932), remark to Section 5 of Chapter XI (a question of S. Mazur).

*Scope:* real Banach spaces, taken in `Type`. Transitivity of the isometry group on the unit
sphere is written out: any two unit vectors are related by a linear isometric equivalence
`E ≃ₗᵢ[ℝ] E`. "Isometric to a Hilbert space" is Mathlib's `InnerProductSpaceable E` (the norm
satisfies the parallelogram identity, equivalently comes from an inner product; a complete
space with such a norm is a Hilbert space). The space is assumed infinite-dimensional; in
finite dimensions the answer is classically positive, so this restriction does not change the
question.
-/

namespace FrontierBench.O42

/-- Every real, complete, separable, infinite-dimensional normed space in which any unit vector
can be carried to any other by a linear isometric equivalence has a norm coming from an inner
product. -/
theorem main : answer(sorry) ↔
    ∀ (E : Type) [NormedAddCommGroup E] [NormedSpace ℝ E] [CompleteSpace E]
      [TopologicalSpace.SeparableSpace E],
      ¬ FiniteDimensional ℝ E →
      (∀ x y : E, ‖x‖ = 1 → ‖y‖ = 1 → ∃ T : E ≃ₗᵢ[ℝ] E, T x = y) →
      InnerProductSpaceable E := by
  sorry

end FrontierBench.O42
