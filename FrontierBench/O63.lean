import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O63 — Can every triangle-free graph on 5n vertices be made bipartite by deleting at most n² edges?

Is it true that every triangle-free graph on $5n$ vertices can be made bipartite by deleting at
most $n^2$ edges?

The bound would be best possible: the graph obtained from the $5$-cycle by replacing each vertex
by an independent set of $n$ vertices (and each edge by a complete bipartite graph) needs $n^2$
deletions.

*Wording:* verbatim from Fan Chung's page of Erdős's problems on graphs ("A problem on making a
triangle-free graph bipartite", read in a stored copy): "Is it true that every triangle-free
graph on $5n$ vertices can be made bipartite by deleting at most $n^2$ edges?"; the Erdős
problems database, Problem #23, asks the same.

*Source:* P. Erdős, R. Faudree, J. Pach and J. H. Spencer, How to make a graph bipartite,
J. Combin. Theory Ser. B 45 (1988), 86–98; T. F. Bloom, Erdős Problems, Problem #23.

*Scope:* as posed, for finite simple graphs on a vertex type `V : Type` with `5 * n` vertices
(`n = 0` included, trivially). "Made bipartite by deleting at most $n^2$ edges" is: some subgraph
`H ≤ G` is $2$-colourable (Mathlib's `Colorable 2`) and at most $n^2$ edges of `G` are not edges
of `H`.
-/

namespace FrontierBench.O63

/-- For every `n` and every triangle-free simple graph `G` on `5 * n` vertices there is a
2-colourable subgraph `H ≤ G` missing at most `n ^ 2` edges of `G`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (V : Type) [Fintype V], Fintype.card V = 5 * n →
      ∀ G : SimpleGraph V, G.CliqueFree 3 →
        ∃ H : SimpleGraph V, H ≤ G ∧ H.Colorable 2 ∧
          (G.edgeSet \ H.edgeSet).ncard ≤ n ^ 2 := by
  sorry

end FrontierBench.O63
