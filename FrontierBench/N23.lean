import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N23 — Does every bridgeless cubic graph admit a Petersen colouring?

Jaeger's Petersen colouring conjecture: let $P$ be the Petersen graph. Does every bridgeless
cubic graph $G$ admit a *Petersen colouring*, i.e. a map $f : E(G) \to E(P)$ such that any
three mutually adjacent edges of $G$ are mapped to three mutually adjacent edges of $P$?

Since $P$ has no triangles, three mutually adjacent edges of $P$ are the three edges at a
vertex; for a cubic graph $G$ the condition says exactly that for every vertex $v$ of $G$ there
is a vertex $w$ of $P$ such that $f$ maps the three edges at $v$ bijectively onto the three
edges at $w$.

*Wording:* paraphrase of Jaeger (1988) (the original text was not available; the definition
of a Petersen colouring is the one reported for Jaeger's conjecture in later literature).

*Source:* F. Jaeger, Nowhere-zero flow problems, in: Selected Topics in Graph Theory 3
(L. W. Beineke, R. J. Wilson, eds.), Academic Press, London, 1988, 71–95.

*Scope:* stated for finite simple graphs (Mathlib's `SimpleGraph`) on a vertex type in
`Type`. Cubic graphs in this problem may have parallel edges (a bridgeless cubic graph has no
loops); this does not change the answer, because a digon can be removed (replace the two
digon vertices $u, v$ and their outer edges $ua$, $vb$ by one edge $ab$), which keeps the
graph cubic and bridgeless, and a Petersen colouring of the smaller graph extends back. The
Petersen graph is realised as the Kneser graph $K(5,2)$. Bridgeless means that no edge is a
bridge (`SimpleGraph.IsBridge`); cubic means that every vertex has exactly three neighbours.
-/

namespace FrontierBench.N23

/-- The Petersen graph, realised as the Kneser graph $K(5,2)$: the vertices are the
$2$-element subsets of a $5$-element set, and two of them are adjacent when they are
disjoint. -/
def petersenGraph : SimpleGraph {s : Finset (Fin 5) // s.card = 2} :=
  SimpleGraph.fromRel fun s t => Disjoint s.1 t.1

/-- A *Petersen colouring* of `G`: a map `f` from edges of `G` to edges of the Petersen graph
such that for every vertex `v` of `G` there is a vertex `w` of the Petersen graph for which `f`
maps the set of edges of `G` at `v` bijectively onto the set of edges of the Petersen graph at
`w`. (Values of `f` outside the edge set of `G` play no role.) -/
def IsPetersenColouring {V : Type} (G : SimpleGraph V)
    (f : Sym2 V → Sym2 {s : Finset (Fin 5) // s.card = 2}) : Prop :=
  ∀ v : V, ∃ w, Set.BijOn f (G.incidenceSet v) (petersenGraph.incidenceSet w)

/-- Every finite simple cubic graph without bridges has a Petersen colouring. -/
theorem main : answer(sorry) ↔
    ∀ (V : Type) [Finite V] (G : SimpleGraph V),
      (∀ v, (G.neighborSet v).ncard = 3) → (∀ e, ¬ G.IsBridge e) →
      ∃ f, IsPetersenColouring G f := by
  sorry

end FrontierBench.N23
