import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O61 — If every induced subgraph on at least ⌊n/2⌋ vertices has more than n²/50 edges, must the graph contain a triangle?

Let $G$ be a graph with $n$ vertices such that every induced subgraph on at least
$\lfloor n/2 \rfloor$ vertices has more than $n^2/50$ edges. Must $G$ contain a triangle?

*Wording:* verbatim from the Erdős problems database, Problem #128 (a problem of Erdős and
Rousseau), read in two stored copies of the problem page: "Let $G$ be a graph with $n$ vertices
such that every induced subgraph on $\geq \lfloor n/2\rfloor$ vertices has more than $n^2/50$
edges. Must $G$ contain a triangle?"

*Source:* T. F. Bloom, Erdős Problems, Problem #128 (a problem of Erdős and Rousseau);
P. Erdős, R. J. Faudree, C. C. Rousseau and R. H. Schelp, A local density condition for triangles
(1994).

*Scope:* as posed, for finite simple graphs on a vertex type `V : Type`. The induced subgraph on a
vertex set `S` is Mathlib's `G.induce S`; "more than $n^2/50$ edges" is written exactly as
`50 * e > n ^ 2`, and "$\ge \lfloor n/2 \rfloor$ vertices" as `n / 2 ≤ |S|` (ℕ division rounds
down).
-/

namespace FrontierBench.O61

/-- Every finite simple graph on `n` vertices in which each vertex set `S` with
`⌊n / 2⌋ ≤ |S|` spans more than `n ^ 2 / 50` edges (that is, `50 * e(S) > n ^ 2`) contains a
triangle. -/
theorem main : answer(sorry) ↔
    ∀ (V : Type) [Fintype V] (G : SimpleGraph V),
      (∀ S : Set V, Fintype.card V / 2 ≤ S.ncard →
        Fintype.card V ^ 2 < 50 * (G.induce S).edgeSet.ncard) →
      ¬ G.CliqueFree 3 := by
  sorry

end FrontierBench.O61
