import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O09 — Does every 4-regular Hamiltonian graph have a second Hamiltonian cycle?

Sheehan's conjecture: every 4-regular Hamiltonian (simple, finite) graph has at least two
Hamiltonian cycles. Is it true that whenever a finite 4-regular simple graph has a Hamiltonian
cycle $C$, it has a Hamiltonian cycle different from $C$?

Two Hamiltonian cycles are the same cycle when they have the same set of edges (a change of
starting vertex or of direction does not give a new cycle).

*Wording:* paraphrase of "Every 4-regular Hamiltonian graph has at least two Hamiltonian
cycles" (Conjecture 1 of D. B. West's REGS 2007 problem page on extra Hamiltonian cycles,
attributed there to Sheehan, 1975; a stored copy was read).

*Source:* J. Sheehan, The multiplicity of Hamiltonian circuits in a graph, in: Recent
Advances in Graph Theory (Proc. Second Czechoslovak Sympos., Prague 1974), Academia, Prague
(1975), 477–480.

*Scope:* as posed; graphs are finite simple graphs, as in the usual statement of the
conjecture (for multigraphs the question is a different one). A finite graph is a simple
graph on `Fin n`; a Hamiltonian cycle is Mathlib's `SimpleGraph.Walk.IsHamiltonianCycle`
(a closed walk that is a cycle visiting every vertex), and a second Hamiltonian cycle is one
with an edge not on the first.
-/

namespace FrontierBench.O09

/-- For every `n` and every 4-regular simple graph `G` on `Fin n`, every Hamiltonian cycle `p`
of `G` is accompanied by a Hamiltonian cycle `q` of `G` having an edge that is not an edge of
`p`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (G : SimpleGraph (Fin n)) [DecidableRel G.Adj], G.IsRegularOfDegree 4 →
      ∀ (a : Fin n) (p : G.Walk a a), p.IsHamiltonianCycle →
        ∃ (b : Fin n) (q : G.Walk b b), q.IsHamiltonianCycle ∧ ∃ e ∈ q.edges, e ∉ p.edges := by
  sorry

end FrontierBench.O09
