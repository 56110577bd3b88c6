import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O66 — Is there an odd weird number?

A positive integer $n$ is *abundant* if $\sigma(n) > 2n$, where $\sigma(n)$ is the sum of the
divisors of $n$; it is *pseudoperfect* if it is the sum of distinct proper divisors of $n$; and it
is *weird* if it is abundant but not pseudoperfect (the smallest weird number is $70$). Are there
any odd weird numbers?

*Wording:* the question is verbatim from the Erdős problems database, Problem #470 (first
question): "Call $n$ weird if $\sigma(n)\geq 2n$ and $n$ is not pseudoperfect, that is, it is not
the sum of any set of its divisors. Are there any odd weird numbers?" (read in a stored copy of
the problem statement); the definitions are those of Benkoski and Erdős.

*Source:* S. J. Benkoski and P. Erdős, On weird and pseudoperfect numbers, Math. Comp. 28
(1974), 617–623; T. F. Bloom, Erdős Problems, Problem #470; R. K. Guy, Unsolved Problems in
Number Theory, Problem B2.

*Scope:* as posed. Weird numbers are Mathlib's `Nat.Weird` (the sum of the proper divisors
exceeds `n`, and `n` is not `Nat.Pseudoperfect`), the notion used for weird numbers elsewhere in
this benchmark. The database's wording uses $\sigma(n) \ge 2n$; the two definitions agree, since a
perfect number ($\sigma(n) = 2n$) is the sum of all its proper divisors and hence pseudoperfect.
-/

namespace FrontierBench.O66

/-- There is an odd natural number that is weird (abundant and not pseudoperfect). -/
theorem main : answer(sorry) ↔ ∃ n : ℕ, Odd n ∧ n.Weird := by
  sorry

end FrontierBench.O66
