import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O03 — Does 1ᵏ + 2ᵏ + ⋯ + (m − 1)ᵏ = mᵏ have a positive solution other than (k, m) = (1, 3)?

The Erdős–Moser equation: for positive integers $k$ and $m$ consider
$$1^k + 2^k + \cdots + (m-1)^k = m^k.$$
The pair $(k, m) = (1, 3)$ is a solution ($1 + 2 = 3$). Is there any other solution in positive
integers $k, m$?

*Wording:* paraphrase of the problem as stated in the Wikipedia article "Erdős–Moser
equation" (stored copy read): $m$ and $k$ are restricted to the positive integers, the only
known solution is $1^1 + 2^1 = 3^1$, and Erdős conjectured that there are no further
solutions.

*Source:* P. Erdős, Advanced problem 4347, Amer. Math. Monthly 56 (1949), 343; L. Moser, On the
diophantine equation $1^n + 2^n + 3^n + \dots + (m-1)^n = m^n$, Scripta Math. 19 (1953),
84–88; R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer (2004), D7.

*Scope:* as posed. The left-hand side is the sum of `i ^ k` over `1 ≤ i < m`
(`Finset.Ico 1 m`), which is empty (value `0`) for `m = 1`.
-/

namespace FrontierBench.O03

/-- There are natural numbers `k > 0` and `m > 0` with `(k, m) ≠ (1, 3)` and
`∑_{1 ≤ i < m} i ^ k = m ^ k`. -/
theorem main : answer(sorry) ↔
    ∃ k m : ℕ, 0 < k ∧ 0 < m ∧ ¬ (k = 1 ∧ m = 3) ∧
      ∑ i ∈ Finset.Ico 1 m, i ^ k = m ^ k := by
  sorry

end FrontierBench.O03
