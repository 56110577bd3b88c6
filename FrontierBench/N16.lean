import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N16 — Is $\mathrm{ex}(n; H) = O(n^{2-1/r})$ for every bipartite $r$-degenerate graph $H$?

Erdős's degeneracy conjecture (Erdős Problem #146), a conjecture of Erdős and Simonovits:
"If $H$ is bipartite and is $r$-degenerate, that is, every induced subgraph of $H$ has minimum
degree $\le r$, then $\mathrm{ex}(n;H) \ll n^{2-1/r}$." Here $\mathrm{ex}(n;H)$ is the maximum
number of edges of a graph on $n$ vertices containing no copy of $H$. In the Chung–Graham
collection: "If $G$ is a bipartite $r$-degenerate graph, then the Turán number for $G$ satisfies
$t(n, G)=O(n^{2-1/r})$", where a graph is $r$-degenerate "if every induced subgraph of $G$ has a
vertex of degree at most $r$".

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #146, and from F. Chung and
R. Graham, Erdős on Graphs: His Legacy of Unsolved Problems (problem "Upper bound for Turán
number for bipartite degenerate graphs").

*Source:* P. Erdős and M. Simonovits, Cube-supersaturated graphs and related problems, in:
Progress in Graph Theory (Waterloo, 1982), Academic Press, Toronto, 1984, 203–218;
T. F. Bloom, Erdős Problems, Problem #146.

*Scope:* as posed. $H$ ranges over finite simple graphs on `Fin q` (every finite graph has such
a copy) and $r \ge 1$; $\mathrm{ex}(n;H)$ is Mathlib's `SimpleGraph.extremalNumber` (copies are
not required to be induced); $\ll$ is `Asymptotics.IsBigO` along `Filter.atTop`.
-/

namespace FrontierBench.N16

/-- `H` is `r`-degenerate: every nonempty finite set `s` of vertices contains a vertex with at
most `r` neighbours in `s`, i.e. every nonempty induced subgraph of `H` has a vertex of degree at
most `r`. -/
def IsDegenerate {V : Type*} (r : ℕ) (H : SimpleGraph V) : Prop :=
  ∀ s : Finset V, s.Nonempty → ∃ v ∈ s, ((s : Set V) ∩ H.neighborSet v).ncard ≤ r

/-- For every `r ≥ 1` and every finite bipartite `r`-degenerate graph `H`, the extremal number
satisfies `ex(n; H) = O(n ^ (2 - 1/r))` as `n → ∞`. -/
theorem main : answer(sorry) ↔
    ∀ r : ℕ, 0 < r → ∀ (q : ℕ) (H : SimpleGraph (Fin q)), H.IsBipartite → IsDegenerate r H →
      Asymptotics.IsBigO Filter.atTop
        (fun n : ℕ => (SimpleGraph.extremalNumber n H : ℝ))
        (fun n : ℕ => (n : ℝ) ^ ((2 : ℝ) - 1 / (r : ℝ))) := by
  sorry

end FrontierBench.N16
