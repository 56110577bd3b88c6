import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N02 — If all abelian normal subgroups of a finite p-group have order at most p^k, do all its abelian subgroups have order at most p^(2k)?

Let $G$ be a finite $p$-group and assume that all abelian normal subgroups of $G$ have order
at most $p^k$. Is it true that every abelian subgroup of $G$ has order at most $p^{2k}$?

Here $p$ is a prime, $k \ge 0$ is an integer, and a subgroup is abelian when any two of its
elements commute.

*Wording:* the problem's text as reproduced in a public formal statement of Problem 20.76;
the Notebook itself was not opened.

*Source:* L. Pyber, Problem 20.76 in: Unsolved Problems in Group Theory. The Kourovka Notebook,
No. 20 (2022), eds. E. I. Khukhro and V. D. Mazurov; cited in the 21st issue,
arXiv:1401.0300v40.

*Scope:* as posed. Groups are taken in `Type` (every finite group is isomorphic to one
there); "abelian subgroup" is written elementwise (any two elements of the subgroup commute).
-/

namespace FrontierBench.N02

/-- A subgroup is abelian: any two of its elements commute. -/
def IsAbelianSubgroup {G : Type} [Group G] (H : Subgroup G) : Prop :=
  ∀ x ∈ H, ∀ y ∈ H, x * y = y * x

/-- For every prime `p`, every finite `p`-group `G` and every `k`: if every abelian normal
subgroup of `G` has order at most `p ^ k`, then every abelian subgroup of `G` has order at most
`p ^ (2 * k)`. -/
theorem main : answer(sorry) ↔
    ∀ (p : ℕ), p.Prime → ∀ (G : Type) [Group G] [Finite G], IsPGroup p G →
      ∀ k : ℕ, (∀ H : Subgroup G, H.Normal → IsAbelianSubgroup H → Nat.card H ≤ p ^ k) →
        ∀ H : Subgroup G, IsAbelianSubgroup H → Nat.card H ≤ p ^ (2 * k) := by
  sorry

end FrontierBench.N02
