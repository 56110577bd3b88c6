import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O47 — Is $\mathrm{ex}(n; C_{2k}) \gg n^{1+1/k}$ for every $k \ge 3$?

Let $\mathrm{ex}(n; C_{2k})$ be the maximum number of edges of a graph on $n$ vertices that
contains no cycle of length $2k$. Erdős and Bondy–Simonovits proved
$\mathrm{ex}(n; C_{2k}) \ll k n^{1+1/k}$. Is it true that, for every $k \ge 3$,
$$\mathrm{ex}(n; C_{2k}) \gg n^{1+1/k}?$$

*Wording:* paraphrase of T. F. Bloom, Erdős Problems, Problem #572 ("Show that for $k\geq 3$
$\mathrm{ex}(n;C_{2k})\gg n^{1+\frac{1}{k}}$"), posed as a question.

*Source:* T. F. Bloom, Erdős Problems, Problem #572; for the upper bound, P. Erdős, Extremal
problems in graph theory, in: Theory of Graphs and its Applications (Proc. Sympos. Smolenice,
1963), Publ. House Czechoslovak Acad. Sci., Prague (1964), 29–36.

*Scope:* as posed. $\gg$ is read with explicit constants depending on $k$: for each $k \ge 3$
there are $c > 0$ and $N_0$ with $\mathrm{ex}(n; C_{2k}) \ge c\, n^{1+1/k}$ for all
$n \ge N_0$. The extremal number is Mathlib's `SimpleGraph.extremalNumber` of
`cycleGraph (2 * k)`: the maximum number of edges of a simple graph on `Fin n` containing no
copy (not necessarily induced) of the $2k$-cycle.
-/

namespace FrontierBench.O47

/-- For every `k ≥ 3` there are `c > 0` and `N₀` such that `ex(n; C_{2k}) ≥ c · n^(1 + 1/k)`
for all `n ≥ N₀`. -/
theorem main : answer(sorry) ↔
    ∀ k : ℕ, 3 ≤ k → ∃ c : ℝ, 0 < c ∧ ∃ N₀ : ℕ, ∀ n : ℕ, N₀ ≤ n →
      c * (n : ℝ) ^ ((1 : ℝ) + 1 / (k : ℝ)) ≤
        (SimpleGraph.extremalNumber n (SimpleGraph.cycleGraph (2 * k)) : ℝ) := by
  sorry

end FrontierBench.O47
