import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O59 — Does every bridgeless graph have a cycle cover of total length at most 7/5 of its number of edges?

The short cycle cover conjecture of Alon and Tarsi: every bridgeless graph $G = (V, E)$ has a
list of cycles such that every edge of $G$ lies on at least one of them and the lengths of the
cycles sum to at most $\frac{7}{5}|E|$.

*Wording:* paraphrase of the conjecture as restated by Ferrarini and Mkrtchyan (their
Conjecture 4, quoted in a public formal statement: "every bridgeless finite graph $G = (V, E)$
contains a family of cycles $\mathcal{C}$ such that every edge of $G$ belongs to at least one cycle
in $\mathcal{C}$, and the total length of the cycles satisfies
$\sum_{C} |E(C)| \le \frac{7}{5}|E(G)|$"); neither their paper nor the 1985 paper was opened.

*Source:* N. Alon and M. Tarsi, Covering multigraphs by simple circuits, SIAM J. Algebraic
Discrete Methods 6 (1985).

*Scope:* finite simple graphs on a vertex type `V : Type`. The original paper treats multigraphs;
replacing every edge of a multigraph (loops and parallel edges included) by a path of three edges
gives a simple graph whose cycles are the circuits of the multigraph with all lengths tripled, so
the two versions are equivalent. A cycle is a closed walk that is a cycle in Mathlib's sense
(`Walk.IsCycle`: nonempty, no repeated edge, no repeated vertex other than the base point); the
cover is a list, so a cycle may be used more than once. Bridgeless is: no edge is a bridge
(`SimpleGraph.IsBridge`). The bound is written without division:
$5 \cdot \sum_C |E(C)| \le 7 |E|$.
-/

namespace FrontierBench.O59

/-- A closed walk of `G` together with its base vertex; the members of a cover are required
below to be cycles (`Walk.IsCycle`). -/
abbrev ClosedWalk {V : Type} (G : SimpleGraph V) : Type :=
  Σ v : V, G.Walk v v

/-- Every finite bridgeless simple graph `G` has a list `C` of cycles such that every edge of `G`
lies on a cycle of `C` and `5 * (total length of C) ≤ 7 * |E(G)|`. -/
theorem main : answer(sorry) ↔
    ∀ (V : Type) [Fintype V] (G : SimpleGraph V), (∀ e, ¬ G.IsBridge e) →
      ∃ C : List (ClosedWalk G),
        (∀ c ∈ C, c.2.IsCycle) ∧
        (∀ e ∈ G.edgeSet, ∃ c ∈ C, e ∈ c.2.edges) ∧
        5 * (C.map fun c => c.2.length).sum ≤ 7 * G.edgeSet.ncard := by
  sorry

end FrontierBench.O59
