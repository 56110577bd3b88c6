import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N41 — If $f(n)$ is the least number of distinct primes dividing $\prod_{a \ne b \in A}(a+b)$ over $n$-element sets $A$, does $f(n)/\log n \to \infty$?

Erdős Problem #126: "Let $f(n)$ be maximal such that if $A\subseteq\mathbb{N}$ has $|A| = n$
then $\prod_{a\neq b\in A}(a + b)$ has at least $f(n)$ distinct prime factors. Is it true that
$\frac{f(n)}{\log n} \to\infty$?"

Equivalently, $f(n)$ is the minimum, over all $n$-element sets $A$ of positive integers, of the
number of distinct primes dividing some $a + b$ with $a \ne b \in A$. Erdős and Turán proved
$\log n \ll f(n) \ll n / \log n$.

*Wording:* the quotation is verbatim from the Erdős problems database, Problem #126, as
reproduced in public formal statements of the problem (the page itself was not opened).

*Source:* P. Erdős and P. Turán, On a problem in the elementary theory of numbers, Amer. Math.
Monthly 41 (1934), 608–611; T. F. Bloom, Erdős Problems, Problem #126.

*Scope:* as posed. $\mathbb{N}$ is read as the positive integers; $f(n)$ is written as a
minimum (`sInf` of a nonempty set of natural numbers), which is the same as the maximal $f(n)$
of the quotation. The product runs over ordered pairs $(a, b)$ with $a \ne b$, which has the
same prime divisors as the product over unordered pairs.
-/

namespace FrontierBench.N41

/-- The number of distinct primes dividing `∏_{a ≠ b ∈ A} (a + b)` (product over ordered
pairs of distinct elements of `A`). -/
def sumPrimeCount (A : Finset ℕ) : ℕ :=
  (∏ p ∈ A.offDiag, (p.1 + p.2)).primeFactors.card

/-- `f(n)`: the least value of `sumPrimeCount A` over all sets `A` of `n` positive integers. -/
noncomputable def leastSumPrimeCount (n : ℕ) : ℕ :=
  sInf {m : ℕ | ∃ A : Finset ℕ, A.card = n ∧ (∀ a ∈ A, 0 < a) ∧ sumPrimeCount A = m}

/-- `f(n) / log n → ∞` as `n → ∞`. -/
theorem main : answer(sorry) ↔
    Filter.Tendsto (fun n : ℕ => (leastSumPrimeCount n : ℝ) / Real.log (n : ℝ))
      Filter.atTop Filter.atTop := by
  sorry

end FrontierBench.N41
