import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N07 — Is there a constant C such that σ(n) ≤ C·n for every weird number n?

A positive integer $n$ is *abundant* if $\sigma(n) > 2n$, where $\sigma(n)$ is the sum of the
divisors of $n$; it is *pseudoperfect* if it is the sum of distinct proper divisors of $n$;
and it is *weird* if it is abundant but not pseudoperfect (the smallest weird number is $70$).
Is $\sigma(n)/n$ bounded on the weird numbers, i.e. is there an absolute constant $C$ with
$\sigma(n) \le C n$ for every weird $n$?

Equivalently: is there an absolute constant $C > 0$ such that every integer $n$ with
$\sigma(n) > Cn$ is the distinct sum of proper divisors of $n$?

*Wording:* the second formulation is verbatim from the Erdős problems database, Problem #825
(as reproduced in a public formal statement; the page itself was not opened); the first is the
same question in terms of weird numbers. The two are equivalent: a weird $n$ has
$\sigma(n) > 2n$ and is not a distinct sum of proper divisors, and an $n$ with $\sigma(n) > 2n$
that is not weird is such a sum.

*Source:* S. J. Benkoski and P. Erdős, On weird and pseudoperfect numbers, Math. Comp. 28
(1974), 617–623; T. F. Bloom, Erdős Problems, Problem #825.

*Scope:* as posed, in the weird-number form. Mathlib's `Nat.Weird` (abundant, i.e. the sum of
the proper divisors exceeds `n`, and not `Nat.Pseudoperfect`) is used; `σ(n)` is written as
the sum of the divisors of `n`, cast to `ℝ`.
-/

namespace FrontierBench.N07

/-- `σ(n)`, the sum of the divisors of `n`. -/
def sumDivisors (n : ℕ) : ℕ :=
  ∑ d ∈ n.divisors, d

/-- There is a real constant `C` such that `σ(n) ≤ C · n` for every weird number `n`. -/
theorem main : answer(sorry) ↔
    ∃ C : ℝ, ∀ n : ℕ, n.Weird → (sumDivisors n : ℝ) ≤ C * (n : ℝ) := by
  sorry

end FrontierBench.N07
