import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E18 — Does an interval of length $C$ times the maximal prime gap below $x$ contain $\sim Cd/\log y$ primes?

"Let $x/2<y<x$ and $C>1$. If $d=\max_{p_n<x} (p_{n+1}-p_n)$, where $p_n$ denotes the $n$th
prime, then is it true that
$$\pi(y+Cd)-\pi(y)\sim\frac{Cd}{\log y}?$$"

Read as: for every fixed $C > 1$, does $\pi(y + Cd) - \pi(y) \sim Cd/\log y$ hold as
$x \to \infty$, uniformly for real $y$ with $x/2 < y < x$, where $d = d(x)$ is the largest gap
$p_{n+1} - p_n$ between consecutive primes with $p_n < x$?

*Wording:* verbatim from the Erdős problems database, Problem #1138.

*Source:* T. F. Bloom, Erdős Problems, Problem #1138 (the database cites I. Vardi, Prime
census (1999), for the question).

*Scope:* the implicit limit and quantifiers are made explicit as above: for every real $C > 1$
and every $\varepsilon > 0$ there is $X$ such that for all real $x \ge X$ and $x/2 < y < x$,
$\left|\pi(y + Cd) - \pi(y) - Cd/\log y\right| \le \varepsilon\, Cd/\log y$. The gap $p_n < x$
counts even when $p_{n+1} \ge x$; $\pi(t)$ for real $t \ge 0$ is the number of primes
$\le t$.
-/

namespace FrontierBench.E18

/-- `d(x)`: the largest difference `q - p` between consecutive primes `p < q` with `p < x`
(`0` when there is no prime below `x`). The set of such gaps is finite, so this is a maximum. -/
noncomputable def maxPrimeGapBelow (x : ℝ) : ℕ :=
  sSup {g : ℕ | ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p < q ∧ (∀ r : ℕ, p < r → r < q → ¬ r.Prime) ∧
    (p : ℝ) < x ∧ g = q - p}

/-- `π(t)` for a real `t`: the number of primes `≤ t` (for `t ≥ 0`). -/
noncomputable def primePi (t : ℝ) : ℝ :=
  (Nat.primeCounting ⌊t⌋₊ : ℝ)

/-- For every `C > 1`: `π(y + C d(x)) - π(y) ~ C d(x) / log y` as `x → ∞`, uniformly over real
`y` with `x / 2 < y < x`. -/
theorem main : answer(sorry) ↔
    ∀ C : ℝ, 1 < C → ∀ ε : ℝ, 0 < ε → ∃ X : ℝ, ∀ x y : ℝ, X ≤ x → x / 2 < y → y < x →
      abs (primePi (y + C * maxPrimeGapBelow x) - primePi y - C * maxPrimeGapBelow x / Real.log y)
        ≤ ε * (C * maxPrimeGapBelow x / Real.log y) := by
  sorry

end FrontierBench.E18
