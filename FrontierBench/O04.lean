import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O04 — Is it true that no odd prime p divides the left factorial !p = 0! + 1! + ⋯ + (p − 1)!?

Kurepa's left factorial is $!n = 0! + 1! + \cdots + (n-1)!$. Kurepa conjectured that
$\gcd(!n, n!) = 2$ for every $n \ge 2$; equivalently, no odd prime $p$ divides $!p$. Is it true
that $p \nmid\, !p$ for every odd prime $p$?

*Wording:* paraphrase of Kurepa's conjecture ($\gcd(!n, n!) = 2$ for $n > 1$) and of its
equivalent prime form ($\gcd(p, !p) = 1$ for all odd primes $p$), as recorded in the OEIS entry
A049782 (stored copy read), which cites Guy, Unsolved Problems in Number Theory, B44.

*Source:* Đ. Kurepa, On the left factorial function $!n$, Math. Balkanica 1 (1971),
147–153; R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer (2004), B44.

*Scope:* the prime form of Kurepa's conjecture, which is equivalent to the original
$\gcd(!n, n!) = 2$ for all $n \ge 2$ by an elementary argument ($!n \equiv 2 \pmod 4$ for
$n \ge 4$, and a prime $p \le n$ divides $!n$ and $n!$ exactly when it divides $!p$). "Odd
prime" is rendered as `p.Prime ∧ p ≠ 2`.
-/

namespace FrontierBench.O04

/-- Kurepa's left factorial `!n = 0! + 1! + ⋯ + (n - 1)!`. -/
def leftFactorial (n : ℕ) : ℕ :=
  ∑ i ∈ Finset.range n, Nat.factorial i

/-- No prime `p ≠ 2` divides `!p = ∑_{i < p} i!`. -/
theorem main : answer(sorry) ↔
    ∀ p : ℕ, p.Prime → p ≠ 2 → ¬ p ∣ leftFactorial p := by
  sorry

end FrontierBench.O04
