import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E07 — Is there a constant $c > 0$ such that every $\binom{n}{k}$ with $1 \le k < n$ has a divisor in $(cn, n]$?

"Is there an absolute constant $c>0$ such that, for all $1\leq k<n$, the binomial coefficient
$\binom{n}{k}$ has a divisor in $(cn,n]$?"

*Wording:* verbatim from the Erdős problems database, Problem #387 (a question of Erdős and
Graham).

*Source:* P. Erdős and R. L. Graham, On the prime factors of $\binom{n}{k}$, Fibonacci Quart.
14 (1976), 348–352; P. Erdős, On prime factors of binomial coefficients. II, Mat. Lapok 30
(1978/82), 307–316; P. Erdős and R. L. Graham, Old and new problems and results in
combinatorial number theory, Monographies de L'Enseignement Mathématique 28 (1980);
T. F. Bloom, Erdős Problems, Problem #387.

*Scope:* as posed. The constant $c$ is a real number; "a divisor in $(cn, n]$" is a natural
number $d$ with $d \mid \binom{n}{k}$ and $cn < d \le n$.
-/

namespace FrontierBench.E07

/-- There is a real `c > 0` such that for all natural numbers `1 ≤ k < n` the binomial
coefficient `n.choose k` has a divisor `d` with `c * n < d ≤ n`. -/
theorem main : answer(sorry) ↔
    ∃ c : ℝ, 0 < c ∧ ∀ n k : ℕ, 1 ≤ k → k < n →
      ∃ d : ℕ, d ∣ n.choose k ∧ c * (n : ℝ) < (d : ℝ) ∧ d ≤ n := by
  sorry

end FrontierBench.E07
