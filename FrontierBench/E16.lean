import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E16 — Is $\{\alpha p_n\}$ not well-distributed for every $\alpha$?

"Call $x_1,x_2,\ldots \in (0,1)$ well-distributed if, for every $\epsilon>0$, if $k$ is
sufficiently large then, for all $n>0$ and intervals $I\subseteq [0,1]$,
$$\lvert \# \{ n<m\leq n+k : x_m\in I\} - \lvert I\rvert k\rvert < \epsilon k.$$
Is it true that, for every $\alpha$, the sequence $\{ \alpha p_n\}$ is not well-distributed, if
$p_n$ is the sequence of primes?"

Here $\{t\}$ is the fractional part of $t$ and $\alpha$ ranges over the real numbers.

*Wording:* verbatim from the Erdős problems database, Problem #997; the notion of
well-distribution is that of Hlawka and Petersen.

*Source:* P. Erdős, Problems and results on diophantine approximations, Compositio Math. 16
(1964), 52–65; P. Erdős, Some problems and results in number theory, in: Number theory and
combinatorics (Japan, 1984), World Sci. (1985), 65–87; T. F. Bloom, Erdős Problems,
Problem #997.

*Scope:* the primes are indexed from $0$ ($p_0 = 2$) and the windows are
$\{n \le m < n + k\}$ for all $n \ge 0$; the intervals are the half-open $[a, b)$ with
$0 \le a \le b \le 1$. Neither choice changes the notion: shifting the windows by one index
changes each count by at most $1$, and counts in closed or open intervals are squeezed
between counts in half-open ones of nearly the same length.
-/

namespace FrontierBench.E16

/-- A real sequence `x` is well-distributed (in the sense of Hlawka–Petersen): for every
`ε > 0`, for all sufficiently large `k`, every window of `k` consecutive indices `n ≤ m < n + k`
and every interval `[a, b) ⊆ [0, 1]`, the number of `m` in the window with `x m ∈ [a, b)`
differs from `(b - a) k` by less than `ε k`. -/
def IsWellDistributed (x : ℕ → ℝ) : Prop :=
  ∀ ε : ℝ, 0 < ε → ∀ᶠ k : ℕ in Filter.atTop, ∀ n : ℕ, ∀ a b : ℝ, 0 ≤ a → a ≤ b → b ≤ 1 →
    abs ((((Finset.Ico n (n + k)).filter (fun m => a ≤ x m ∧ x m < b)).card : ℝ) -
      (b - a) * (k : ℝ)) < ε * (k : ℝ)

/-- For every real `α`, the sequence of fractional parts `{α p_n}` (with `p_n` the `n`-th prime,
`p_0 = 2`) is not well-distributed. -/
theorem main : answer(sorry) ↔
    ∀ α : ℝ, ¬ IsWellDistributed (fun n : ℕ => Int.fract (α * (Nat.nth Nat.Prime n : ℝ))) := by
  sorry

end FrontierBench.E16
