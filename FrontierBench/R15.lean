import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R15 — In a finite 2-group where equal normal closures force conjugacy, must the derived subgroup be abelian?

Kourovka Notebook, Problem 12.15 (E. A. Golikova, A. I. Starostin): "Suppose that, in a finite
$2$-group $G$, any two elements are conjugate whenever their normal closures coincide. Is it
true that the derived subgroup of $G$ is abelian?"

The normal closure of an element $x$ is the smallest normal subgroup $\langle x \rangle^G$ of
$G$ containing $x$.

*Wording:* verbatim from the Kourovka Notebook, Problem 12.15 (12th issue, 1992), as transcribed
in public research notes quoting the printed page; the notebook itself was not opened here.

*Source:* Unsolved Problems in Group Theory. The Kourovka Notebook, No. 21 (E. I. Khukhro,
V. D. Mazurov, eds.), Problem 12.15, arXiv:1401.0300v40.

*Scope:* as posed. Groups are taken in `Type`; "the derived subgroup is abelian" is written as:
any two elements of the commutator subgroup $[G, G]$ commute.
-/

namespace FrontierBench.R15

/-- For every finite `2`-group `G` in which any two elements with the same normal closure are
conjugate, any two elements of the commutator subgroup `[G, G]` commute. -/
theorem main : answer(sorry) ↔
    ∀ (G : Type) [Group G] [Finite G], IsPGroup 2 G →
      (∀ x y : G, Subgroup.normalClosure ({x} : Set G) = Subgroup.normalClosure ({y} : Set G) →
        IsConj x y) →
      ∀ a ∈ commutator G, ∀ b ∈ commutator G, a * b = b * a := by
  sorry

end FrontierBench.R15
