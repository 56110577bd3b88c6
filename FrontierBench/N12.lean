import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N12 — For every rational $\alpha \in [1, 2)$, is there a bipartite graph $G$ with $\mathrm{ex}(n; G) \asymp n^{\alpha}$?

The rational exponents conjecture of Erdős and Simonovits: "Show that for any
rational $\alpha \in [1,2)$ there exists a bipartite graph $G$ such that
$\mathrm{ex}(n;G) \asymp n^{\alpha}$." Here $\mathrm{ex}(n;G)$ is the maximum number of edges of a
graph on $n$ vertices containing no copy of $G$ as a subgraph, and $f \asymp g$ means
$f \ll g$ and $g \ll f$.

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #571.

*Source:* a conjecture of P. Erdős and M. Simonovits; P. Erdős, Problems and results in
combinatorial analysis and combinatorial number theory, Proc. Ninth Southeastern Conf. on
Combinatorics, Graph Theory and Computing (Boca Raton, 1978), 29–40; T. F. Bloom, Erdős
Problems, Problem #571.

*Scope:* as posed. The graph $G$ is a finite simple graph on `Fin q` (every finite graph has
such a copy); $\mathrm{ex}(n;G)$ is Mathlib's `SimpleGraph.extremalNumber` (copies are not
required to be induced), and $\asymp$ is `Asymptotics.IsTheta` along `Filter.atTop`.
-/

namespace FrontierBench.N12

/-- For every rational `α` with `1 ≤ α < 2` there is a finite bipartite simple graph `G` whose
extremal number satisfies `ex(n; G) = Θ(n ^ α)` as `n → ∞`. -/
theorem main : answer(sorry) ↔
    ∀ α : ℚ, 1 ≤ α → α < 2 →
      ∃ (q : ℕ) (G : SimpleGraph (Fin q)), G.IsBipartite ∧
        Asymptotics.IsTheta Filter.atTop
          (fun n : ℕ => (SimpleGraph.extremalNumber n G : ℝ))
          (fun n : ℕ => (n : ℝ) ^ (α : ℝ)) := by
  sorry

end FrontierBench.N12
