import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R16 — Is there a non-abelian group of odd order G with k(G)/|G| = 1/17?

Kourovka Notebook, Problem 21.88 (D. MacHale): "Is there a finite non-abelian group $G$ of odd
order, with $k(G)$ conjugacy classes, such that $k(G)/|G| = 1/17$?"

The ratio $k(G)/|G|$ is the probability that two elements of $G$ chosen uniformly at random
commute.

*Wording:* verbatim from the Kourovka Notebook, No. 21, Problem 21.88, as quoted in a
public problem catalogue; the notebook itself was not opened here.

*Source:* Unsolved Problems in Group Theory. The Kourovka Notebook, No. 21 (E. I. Khukhro,
V. D. Mazurov, eds.), Problem 21.88, arXiv:1401.0300v40.

*Scope:* as posed. Groups are taken in `Type`; the ratio condition is written without division
as $17 \cdot k(G) = |G|$.
-/

namespace FrontierBench.R16

/-- There is a finite non-abelian group `G` of odd order whose number of conjugacy classes
`k(G)` satisfies `17 * k(G) = |G|`. -/
theorem main : answer(sorry) ↔
    ∃ (G : Type) (_ : Group G) (_ : Finite G),
      Odd (Nat.card G) ∧ (∃ a b : G, a * b ≠ b * a) ∧
        17 * Nat.card (ConjClasses G) = Nat.card G := by
  sorry

end FrontierBench.R16
