import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O34 — Can every connected graph on n vertices be partitioned into at most ⌈n/2⌉ edge-disjoint paths?

"Every connected graph on $n$ vertices can be partitioned into at most $\lceil n/2 \rceil$
edge-disjoint paths."

Graphs are finite and simple. A partition of a graph into paths is a family of paths in the
graph such that every edge of the graph lies on exactly one of them.

*Wording:* verbatim from the Erdős problems database, Problem #583 (a problem of Erdős and
Gallai; the question is whether the statement holds).

*Source:* L. Lovász, On covering of graphs, in: Theory of Graphs (Proc. Colloq., Tihany, 1966),
Academic Press, 1968, 231–236 (Gallai's conjecture); P. Erdős and T. Gallai, On maximal paths and
circuits of graphs, Acta Math. Acad. Sci. Hungar. 10 (1959), 337–356; T. F. Bloom, Erdős
Problems, Problem #583.

*Scope:* as posed, for simple graphs. Graphs on $n$ vertices are graphs on `Fin n`; the paths
are Mathlib walks with `IsPath` (no repeated vertex), given by a family indexed by `Fin m`,
$m \le \lceil n/2 \rceil = (n + 1) / 2$; paths with no edges are allowed and only make the family
longer.
-/

namespace FrontierBench.O34

/-- For every `n` and every connected simple graph `G` on `Fin n` there are `m ≤ ⌈n / 2⌉`
paths `p i` in `G` (`i : Fin m`, from `u i` to `v i`) such that every edge of `G` lies on
exactly one of them. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (G : SimpleGraph (Fin n)), G.Connected →
      ∃ (m : ℕ) (u v : Fin m → Fin n) (p : (i : Fin m) → G.Walk (u i) (v i)),
        m ≤ (n + 1) / 2 ∧ (∀ i, (p i).IsPath) ∧
          ∀ e ∈ G.edgeSet, ∃! i, e ∈ (p i).edges := by
  sorry

end FrontierBench.O34
