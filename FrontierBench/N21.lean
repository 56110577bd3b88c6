import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N21 — Does every bridgeless graph have a cycle double cover?

The cycle double cover question of Szekeres and Seymour: does every finite bridgeless graph
have a collection of cycles (repetitions allowed) such that every edge of the graph lies on
exactly two cycles of the collection?

*Wording:* paraphrase of Szekeres (1973) and Seymour (1979).

*Source:* G. Szekeres, Polyhedral decompositions of cubic graphs, Bull. Austral. Math. Soc. 8
(1973), 367–387; P. D. Seymour, Sums of circuits, in: Graph Theory and Related Topics
(J. A. Bondy, U. S. R. Murty, eds.), Academic Press, New York, 1979, 341–355.

*Scope:* stated for finite simple graphs (Mathlib's `SimpleGraph`) on a vertex type in
`Type`. The version for finite multigraphs (parallel edges and loops allowed) is equivalent:
subdividing every edge twice gives a simple bridgeless graph, and cycle double covers of the
two graphs correspond. A bridge is an edge whose removal disconnects its two ends
(`SimpleGraph.IsBridge`); a cycle is a closed walk with no repeated edge and no repeated
vertex other than its ends (`SimpleGraph.Walk.IsCycle`).
-/

namespace FrontierBench.N21

/-- `G` has a *cycle double cover*: there are finitely many cycles `c 0, …, c (k-1)` of `G`
(the same cycle may occur several times) such that every edge of `G` lies on exactly two of
them, counted with multiplicity. -/
def HasCycleDoubleCover {V : Type} (G : SimpleGraph V) : Prop :=
  ∃ (k : ℕ) (u : Fin k → V) (c : (i : Fin k) → G.Walk (u i) (u i)),
    (∀ i, (c i).IsCycle) ∧
    ∀ e ∈ G.edgeSet, Set.ncard {i : Fin k | e ∈ (c i).edges} = 2

/-- Every finite simple graph without bridges has a cycle double cover. -/
theorem main : answer(sorry) ↔
    ∀ (V : Type) [Finite V] (G : SimpleGraph V),
      (∀ e, ¬ G.IsBridge e) → HasCycleDoubleCover G := by
  sorry

end FrontierBench.N21
