import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N38 — Is there a 4-chromatic graph in which every vertex is critical but no edge is critical?

"A critical vertex, edge, or set of edges, is one whose deletion lowers the chromatic number.
Let $k\geq 4$ and $r\geq 1$. Must there exist a graph $G$ with chromatic number $k$ such that
every vertex is critical, yet every critical set of edges has size $>r$?"

Dirac asked (1970) whether for every $k \ge 4$ there is a $k$-vertex-critical graph without
critical edges. The question here is Dirac's question for $k = 4$, i.e. the case $k = 4$,
$r = 1$ above: is there a graph $G$ with chromatic number $4$ such that $\chi(G - v) < 4$ for
every vertex $v$, while $\chi(G - e) = 4$ for every edge $e$?

*Wording:* the quotation is verbatim from the Erdős problems database, Problem #944 (stored copy
of the page, status open); the case $k = 4$, $r = 1$ is singled out there and in Skottová–Steiner
(arXiv:2508.08703) as Dirac's question.

*Source:* G. A. Dirac (1970), as cited by Erdős and by the Erdős problems database;
P. Erdős (1985); T. F. Bloom, Erdős Problems, Problem #944; D. Skottová and R. Steiner,
Critical edge sets in vertex-critical graphs, arXiv:2508.08703.

*Scope:* as posed, for finite graphs, taken on the vertex set `Fin n` (no loss: a graph with
finite chromatic number in which every vertex is critical is finite, by the de Bruijn–Erdős
theorem). Deleting a vertex is the induced subgraph on the other vertices; deleting an edge is
`SimpleGraph.deleteEdges` of that edge. Chromatic numbers are Mathlib's
`SimpleGraph.chromaticNumber` (in `ℕ∞`).
-/

namespace FrontierBench.N38

/-- `G` is `4`-vertex-critical with no critical edge: `χ(G) = 4`, deleting any vertex lowers the
chromatic number, and deleting any single edge does not. -/
def IsVertexCriticalWithoutCriticalEdge {n : ℕ} (G : SimpleGraph (Fin n)) : Prop :=
  G.chromaticNumber = 4 ∧
    (∀ v : Fin n, (G.induce ({v}ᶜ : Set (Fin n))).chromaticNumber < 4) ∧
    (∀ e ∈ G.edgeSet, (G.deleteEdges {e}).chromaticNumber = 4)

/-- There is a finite graph with chromatic number `4` in which every vertex is critical and no
edge is critical. -/
theorem main : answer(sorry) ↔
    ∃ (n : ℕ) (G : SimpleGraph (Fin n)), IsVertexCriticalWithoutCriticalEdge G := by
  sorry

end FrontierBench.N38
