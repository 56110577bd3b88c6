import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O07 — Is there a graph on 99 vertices with every edge in a unique triangle and every non-edge in a unique quadrilateral?

J. H. Conway asked: "Is there a graph with 99 vertices in which every edge (i.e. pair
of joined vertices) belongs to a unique triangle and every nonedge (pair of unjoined vertices)
to a unique quadrilateral?"

For an edge $uv$ the triangles through it correspond to the common neighbours of $u$ and
$v$; for a non-adjacent pair $u \ne v$ the quadrilaterals $u\,w\,v\,w'\,u$ having $u, v$ as
opposite corners correspond to the unordered pairs $\{w, w'\}$ of distinct common neighbours.
So the question asks for a simple graph on 99 vertices in which adjacent vertices have
exactly one common neighbour and distinct non-adjacent vertices have exactly two.

*Wording:* verbatim from J. H. Conway's list "Five $1,000 Problems", as quoted in
arXiv:1707.08047 (which was read).

*Source:* J. H. Conway, Five $1,000 Problems (Update 2017), On-Line Encyclopedia of Integer
Sequences Foundation.

*Scope:* the standard reading of the problem: a nonedge $\{u, v\}$ "belongs to" a
quadrilateral when $u$ and $v$ are its two opposite (diagonal) corners, since non-adjacent
vertices cannot be consecutive on a cycle of the graph. Graphs are simple graphs on
`Fin 99`; every graph on 99 vertices is isomorphic to one of these.
-/

namespace FrontierBench.O07

/-- There is a simple graph on `Fin 99` in which any two adjacent vertices have exactly one
common neighbour and any two distinct non-adjacent vertices have exactly two. -/
theorem main : answer(sorry) ↔
    ∃ G : SimpleGraph (Fin 99),
      (∀ u v : Fin 99, G.Adj u v → (G.commonNeighbors u v).ncard = 1) ∧
      (∀ u v : Fin 99, u ≠ v → ¬ G.Adj u v → (G.commonNeighbors u v).ncard = 2) := by
  sorry

end FrontierBench.O07
