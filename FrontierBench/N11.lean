import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N11 — Does every graph on n ≥ k + 1 vertices with at least (k−1)n/2 + 1 edges contain every tree on k + 1 vertices?

Let $n \ge k+1$. Is it true that every graph on $n$ vertices with at least
$\frac{k-1}{2}n + 1$ edges contains every tree on $k+1$ vertices (as a subgraph, not
necessarily induced)?

This is a conjecture of Erdős and Sós. By an easy induction every graph on $n$ vertices with
at least $(k-1)n + 1$ edges contains every tree on $k+1$ vertices; the question asks whether
half as many edges suffice. Disjoint copies of $K_k$ show that the edge bound cannot be lowered
to $\frac{k-1}{2}n$.

*Wording:* verbatim from the Erdős problems database, Problem #548 (stored copy of the page,
last edited 5 October 2025), posed there as a claim; stated here as a question.

*Source:* P. Erdős, Extremal problems in graph theory, in: Theory of Graphs and its
Applications (Proc. Sympos. Smolenice, 1963), 29–36 (the conjecture of Erdős and Sós);
T. F. Bloom, Erdős Problems, Problem #548.

*Scope:* as posed in Problem #548. The edge condition $|E| \ge \frac{k-1}{2}n + 1$ is written
without fractions or subtraction as `k * n + 2 ≤ 2 * |E| + n`. Graphs are simple graphs on
`Fin n`; trees are Mathlib's `SimpleGraph.IsTree` on `Fin (k + 1)`; containment is
`SimpleGraph.IsContained` (an injective homomorphism, i.e. a not necessarily induced copy).
The classical phrasing "more than $\frac{k-1}{2}n$ edges" differs from this one by half an
edge when $(k-1)n$ is odd.
-/

namespace FrontierBench.N11

/-- For all `n, k` with `k + 1 ≤ n`, every simple graph `G` on `n` vertices with
`|E(G)| ≥ (k - 1) n / 2 + 1` contains a copy of every tree `T` on `k + 1` vertices. -/
theorem main : answer(sorry) ↔
    ∀ n k : ℕ, k + 1 ≤ n → ∀ G : SimpleGraph (Fin n), k * n + 2 ≤ 2 * G.edgeSet.ncard + n →
      ∀ T : SimpleGraph (Fin (k + 1)), T.IsTree → T.IsContained G := by
  sorry

end FrontierBench.N11
