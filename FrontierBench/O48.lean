import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O48 — Does every graph with no induced copy of a fixed graph $H$ have a clique or independent set of size $n^{c(H)}$?

The Erdős–Hajnal conjecture: "For any graph $H$ is there some $c=c(H)>0$ such that every graph
$G$ on $n$ vertices that does not contain $H$ as an induced subgraph contains either a
complete graph or independent set on $\geq n^c$ vertices?"

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #61.

*Source:* P. Erdős and A. Hajnal, Ramsey-type theorems, Discrete Appl. Math. 25 (1989),
37–52; T. F. Bloom, Erdős Problems, Problem #61.

*Scope:* as posed. $H$ ranges over finite simple graphs (on `Fin m`), $G$ over simple graphs
on `Fin n`; "contains $H$ as an induced subgraph" is the existence of a graph embedding
`H ↪g G` (an injective map of vertices preserving adjacency and non-adjacency). The bound is
required for every $n$; for finitely many small $n$ it can always be met by shrinking $c$,
since every graph with at least two vertices has a clique or independent set of size $2$, so
this is the same as asking it for all large $n$.
-/

namespace FrontierBench.O48

/-- For every finite graph `H` there is `c > 0` such that every simple graph `G` on `n`
vertices with no induced copy of `H` has a set of at least `n ^ c` vertices that is a clique
or an independent set of `G`. -/
theorem main : answer(sorry) ↔
    ∀ (m : ℕ) (H : SimpleGraph (Fin m)), ∃ c : ℝ, 0 < c ∧
      ∀ (n : ℕ) (G : SimpleGraph (Fin n)), ¬ Nonempty (H ↪g G) →
        ∃ s : Finset (Fin n), (G.IsClique (s : Set (Fin n)) ∨ G.IsIndepSet (s : Set (Fin n))) ∧
          (n : ℝ) ^ c ≤ (s.card : ℝ) := by
  sorry

end FrontierBench.O48
