import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N30 — Does every pretriangulated category satisfy the octahedral axiom?

A *pretriangulated* category is an additive category with a shift autoequivalence and a
class of distinguished triangles satisfying the axioms TR1–TR3 (isomorphism closure, the
identity triangle, every morphism has a cone, rotation, and completion of morphisms of
triangles); it is *triangulated* if it moreover satisfies the octahedral axiom TR4. Is every
pretriangulated category triangulated, i.e. does TR4 follow from TR1–TR3? Equivalently: is
there a pretriangulated category that is not triangulated?

*Wording:* paraphrase of the MathOverflow question 31809, "Pre-triangulated category that
isn't triangulated?" (the title as reproduced in a public formal statement; the thread was
not opened).

*Source:* MathOverflow question 31809, "Pre-triangulated category that isn't triangulated?";
A. Neeman, Triangulated Categories, Annals of Mathematics Studies 148, Princeton University
Press (2001) (pretriangulated categories).

*Scope:* Mathlib's `CategoryTheory.Pretriangulated` (over a preadditive category with a zero
object and additive shift functors indexed by `ℤ`) and `CategoryTheory.IsTriangulated` (the
octahedron axiom) are used. Categories are taken with objects and morphisms in `Type`
(universe 0).
-/

namespace FrontierBench.N30

open CategoryTheory Limits Pretriangulated

/-- Every pretriangulated category (objects and morphisms in `Type`) satisfies the octahedral
axiom, i.e. is triangulated. -/
theorem main : answer(sorry) ↔
    ∀ (C : Type) [Category.{0} C] [Preadditive C] [HasZeroObject C] [HasShift C ℤ]
      [∀ n : ℤ, (shiftFunctor C n).Additive] [Pretriangulated C], IsTriangulated C := by
  sorry

end FrontierBench.N30
