import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O62 — In every partition of a group into k > 1 left cosets, must two of the subgroups have the same index?

The Herzog–Schönheim conjecture: let $G$ be a group and let
$\{a_1 G_1, \dots, a_k G_k\}$ be a finite system of left cosets of subgroups
$G_1, \dots, G_k$ of $G$. If these cosets form a partition of $G$ (every element of $G$ lies in
exactly one of them) and $k > 1$, then the indices $[G : G_1], \dots, [G : G_k]$ cannot all be
distinct.

*Wording:* paraphrase of the conjecture as stated in the Wikipedia article "Herzog–Schönheim
conjecture" (read in stored mirror copies of the article).

*Source:* M. Herzog and J. Schönheim, Research problem No. 9, Canad. Math. Bull. 17 (1974), 150;
T. F. Bloom, Erdős Problems, Problem #274.

*Scope:* as posed, for groups `G : Type`. The cosets are the left cosets $a_i H_i$ for
`i : Fin k` (membership of `g` in $a_i H_i$ written as `(a i)⁻¹ * g ∈ H i`), and "partition"
is: every element lies in exactly one of them. The index is Mathlib's `Subgroup.index`, which is
`0` for a subgroup of infinite index; in a partition of `G` into finitely many left cosets every
subgroup has finite index (B. H. Neumann's lemma on coset coverings), so this value never occurs.
-/

namespace FrontierBench.O62

/-- For every group `G`, every `k > 1` and every family of left cosets `a i • H i`
(`i : Fin k`) that partitions `G`, some two distinct subgroups `H i`, `H j` have the same
index. -/
theorem main : answer(sorry) ↔
    ∀ (G : Type) [Group G] (k : ℕ) (H : Fin k → Subgroup G) (a : Fin k → G), 1 < k →
      (∀ g : G, ∃! i : Fin k, (a i)⁻¹ * g ∈ H i) →
      ∃ i j : Fin k, i ≠ j ∧ (H i).index = (H j).index := by
  sorry

end FrontierBench.O62
