import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O02 — Is there a composite n with φ(n) ∣ n − 1?

Lehmer's totient problem: does there exist a composite number $n$ such that Euler's
totient $\varphi(n)$ divides $n - 1$?

For every prime $p$ one has $\varphi(p) = p - 1$, so primes satisfy the divisibility
trivially; the question asks whether any composite number does.

*Wording:* paraphrase of Lehmer (1932).

*Source:* D. H. Lehmer, On Euler's totient function, Bull. Amer. Math. Soc. 38 (1932),
745–751.

*Scope:* as posed. "Composite" is rendered as `1 < n ∧ ¬ n.Prime`.
-/

namespace FrontierBench.O02

/-- There is a natural number `n > 1` that is not prime and such that the Euler totient
`φ(n)` divides `n - 1`. -/
theorem main : answer(sorry) ↔ ∃ n : ℕ, 1 < n ∧ ¬ n.Prime ∧ n.totient ∣ n - 1 := by
  sorry

end FrontierBench.O02
