import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O68 — Does every finite graph of minimum degree at least 3 contain a cycle of length 2^k for some k ≥ 2?

The Erdős–Gyárfás conjecture: does every finite graph with minimum degree at least $3$
contain a cycle of length $2^k$ for some $k \ge 2$?

A cycle is a closed walk of length at least $3$ with no repeated edge and no repeated vertex
other than its common start and end point, so its length is a power of two exactly when it
is $4, 8, 16, \dots$.

*Wording:* paraphrase of the Erdős problems database, Problem #64 (a conjecture of Erdős and
Gyárfás, 1995).

*Source:* the conjecture of P. Erdős and A. Gyárfás (1995), as recorded in T. F. Bloom, Erdős
Problems, Problem #64.

*Scope:* finite simple graphs on the vertex set `Fin n` with $n \ge 1$ (every nonempty finite
graph is isomorphic to one of these; the empty graph has no vertices and is not meant). The
minimum degree condition is written as: every vertex has at least three neighbours.
-/

namespace FrontierBench.O68

/-- Every simple graph on `Fin n`, `n ≥ 1`, in which every vertex has at least three
neighbours has a cycle whose length is `2 ^ k` for some `k ≥ 2`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (G : SimpleGraph (Fin n)), 0 < n →
      (∀ v : Fin n, 3 ≤ (G.neighborSet v).ncard) →
      ∃ (v : Fin n) (c : G.Walk v v) (k : ℕ), 2 ≤ k ∧ c.IsCycle ∧ c.length = 2 ^ k := by
  sorry

end FrontierBench.O68
