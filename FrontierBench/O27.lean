import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O27 — Does every Jordan curve in the plane contain the four vertices of a square?

"Every continuous simple closed curve in the plane $\gamma : S^1 \to \mathbb R^2$ contains four
points that are the vertices of a square." A continuous simple closed curve (a Jordan curve) is
the same as a continuous injective map from the unit circle into the plane. The square is not
required to lie inside the curve, and it must be non-degenerate (positive side length).

We identify the plane with `ℂ`. Four points are the vertices of a square exactly when they can
be listed as $z$, $z + w$, $z + w + i w$, $z + i w$ with $w \ne 0$ (here $w$ is one side and
$i w$ the next side, turned by a right angle).

*Wording:* the quotation is Toeplitz's problem as stated (Conjecture 1) in Matschke's survey;
the question asks whether it holds.

*Source:* O. Toeplitz, Ueber einige Aufgaben der Analysis situs, Verhandlungen der
Schweizerischen Naturforschenden Gesellschaft in Solothurn 94 (1911), 197; B. Matschke, A survey
on the square peg problem, Notices Amer. Math. Soc. 61 (2014), 346–352.

*Scope:* as posed. The unit circle is Mathlib's `Circle` (the unit circle in `ℂ`), the plane is
`ℂ`; a Jordan curve is a continuous injective map `Circle → ℂ` (equivalently a topological
embedding, since `Circle` is compact).
-/

namespace FrontierBench.O27

/-- The four points `z`, `z + w`, `z + w + i w`, `z + i w` with `w ≠ 0` (the vertices of a
non-degenerate square, in order around it) all lie in the set `S`. -/
def HasInscribedSquare (S : Set ℂ) : Prop :=
  ∃ z w : ℂ, w ≠ 0 ∧ z ∈ S ∧ z + w ∈ S ∧ z + w + Complex.I * w ∈ S ∧ z + Complex.I * w ∈ S

/-- Every continuous injective map `γ` from the unit circle to the plane `ℂ` has four points on
its image that are the vertices of a non-degenerate square. -/
theorem main : answer(sorry) ↔
    ∀ γ : Circle → ℂ, Continuous γ → Function.Injective γ → HasInscribedSquare (Set.range γ) := by
  sorry

end FrontierBench.O27
