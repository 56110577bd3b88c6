import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O50 — Is $\mathrm{ex}(n; K_{r,r}) \gg n^{2-1/r}$ for every $r \ge 2$?

Let $\mathrm{ex}(n; K_{r,r})$ be the maximum number of edges of a graph on $n$ vertices that
contains no copy of the complete bipartite graph $K_{r,r}$. Kővári, Sós and Turán proved
$\mathrm{ex}(n; K_{r,r}) \ll n^{2-1/r}$ for all $r \ge 2$. "Is it true that
$$\mathrm{ex}(n; K_{r,r}) \gg n^{2-1/r}?"$$

*Wording:* verbatim (the displayed question) from T. F. Bloom, Erdős Problems, Problem #714,
where it follows the Kővári–Sós–Turán upper bound stated for all $r \ge 2$.

*Source:* T. F. Bloom, Erdős Problems, Problem #714; T. Kővári, V. T. Sós and P. Turán, On a
problem of K. Zarankiewicz, Colloq. Math. 3 (1954), 50–57.

*Scope:* as posed, for every $r \ge 2$. $\gg$ is read with explicit constants depending on $r$:
for each $r \ge 2$ there are $c > 0$ and $N_0$ with $\mathrm{ex}(n; K_{r,r}) \ge c\,n^{2-1/r}$
for all $n \ge N_0$. The extremal number is Mathlib's `SimpleGraph.extremalNumber` of
`completeBipartiteGraph (Fin r) (Fin r)`: the maximum number of edges of a simple graph on
`Fin n` containing no copy (not necessarily induced) of $K_{r,r}$.
-/

namespace FrontierBench.O50

/-- For every `r ≥ 2` there are `c > 0` and `N₀` such that `ex(n; K_{r,r}) ≥ c · n^(2 - 1/r)`
for all `n ≥ N₀`. -/
theorem main : answer(sorry) ↔
    ∀ r : ℕ, 2 ≤ r → ∃ c : ℝ, 0 < c ∧ ∃ N₀ : ℕ, ∀ n : ℕ, N₀ ≤ n →
      c * (n : ℝ) ^ ((2 : ℝ) - 1 / (r : ℝ)) ≤
        (SimpleGraph.extremalNumber n (completeBipartiteGraph (Fin r) (Fin r)) : ℝ) := by
  sorry

end FrontierBench.O50
