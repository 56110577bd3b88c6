import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R03 — Is the bondage number of every graph at most 3/2 times its maximum degree?

Teschner's conjecture: for every graph $G$, the bondage number satisfies
$b(G) \le \tfrac{3}{2}\,\Delta(G)$.

A set $D$ of vertices is *dominating* if every vertex lies in $D$ or is adjacent to a vertex of
$D$; the *domination number* $\gamma(G)$ is the least size of a dominating set. The *bondage
number* $b(G)$ of a graph with at least one edge is the least number of edges whose removal
increases the domination number. $\Delta(G)$ is the maximum degree.

*Wording:* paraphrase of Teschner's conjecture as stated in the literature (Teschner 1995;
Gagarin–Zverovich 2013; Xu's 2013 survey of bondage numbers).

*Source:* U. Teschner, A new upper bound for the bondage number of graphs with small domination
number, Australas. J. Combin. 12 (1995), 27–35; J.-M. Xu, On bondage numbers of graphs: a
survey with some comments, Int. J. Combin. 2013, Art. ID 595210; A. Gagarin and V. Zverovich,
The bondage number of graphs on topological surfaces and Teschner's conjecture, Discrete Math.
313 (2013), 796–808.

*Scope:* finite simple graphs with at least one edge (for edgeless graphs the bondage number is
undefined), on vertex set `Fin n`, which loses nothing up to isomorphism. "$b(G) \le
\tfrac32\Delta(G)$" is written as the existence of a set $F$ of edges with $2|F| \le 3\Delta(G)$
whose removal increases the domination number ($b(G)$ is the least size of such a set).
-/

namespace FrontierBench.R03

/-- `D` is a dominating set of `G`: every vertex is in `D` or adjacent to a vertex of `D`. -/
def IsDominatingSet {V : Type} (G : SimpleGraph V) (D : Finset V) : Prop :=
  ∀ v : V, v ∈ D ∨ ∃ u ∈ D, G.Adj v u

/-- The domination number `γ(G)` of a finite graph: the least size of a dominating set (the set
of all vertices is one, so the infimum is attained). -/
noncomputable def dominationNumber {V : Type} [Fintype V] (G : SimpleGraph V) : ℕ :=
  sInf {k : ℕ | ∃ D : Finset V, D.card = k ∧ IsDominatingSet G D}

/-- Every finite simple graph `G` with at least one edge has a set `F` of edges with
`2 * |F| ≤ 3 * Δ(G)` whose deletion increases the domination number. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (G : SimpleGraph (Fin n)) [DecidableRel G.Adj], G.edgeSet.Nonempty →
      ∃ F : Finset (Sym2 (Fin n)), (F : Set (Sym2 (Fin n))) ⊆ G.edgeSet ∧
        2 * F.card ≤ 3 * G.maxDegree ∧
        dominationNumber G < dominationNumber (G.deleteEdges (F : Set (Sym2 (Fin n)))) := by
  sorry

end FrontierBench.R03
