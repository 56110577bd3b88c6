import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E02 — Does $A + B$ have positive lower density, where $A$, $B$ are the integers with only digits $0, 1$ in base $3$, resp. base $4$?

"Let $A = \{ \sum\epsilon_k3^k : \epsilon_k\in \{0,1\}\}$ be the set of integers which have only
the digits $0,1$ when written base $3$, and $B=\{ \sum\epsilon_k4^k : \epsilon_k\in \{0,1\}\}$ be
the set of integers which have only the digits $0,1$ when written base $4$. Does $A+B$ have
positive density?"

Here "positive density" is read as positive lower density: is there $c > 0$ such that
$|(A+B) \cap [0, N)| \ge cN$ for all sufficiently large $N$?

*Wording:* verbatim from the Erdős problems database, Problem #125 (a problem of Burr, Erdős,
Graham and Li).

*Source:* S. A. Burr, P. Erdős, R. L. Graham and W. W.-C. Li, Complete sequences of sets of
integer powers, Acta Arith. 77 (1996), 133–138; T. F. Bloom, Erdős Problems, Problem #125.

*Scope:* "positive density" is taken in the sense of positive lower density, written without
`liminf` as: there is a real $c > 0$ with $|(A+B)\cap[0,N)| \ge cN$ for all large $N$. (If
"positive density" meant that the natural density exists and is positive, that would be a
stronger property.) The sets contain $0$ (the empty digit sum); whether $0$ is counted does not
affect the question.
-/

namespace FrontierBench.E02

/-- The natural numbers all of whose base-`b` digits are `0` or `1`. -/
def zeroOneDigits (b : ℕ) : Set ℕ :=
  {n | ∀ d ∈ Nat.digits b n, d ≤ 1}

/-- The sumset `A + B`, with `A` the numbers with only digits `0, 1` in base `3` and `B` those
with only digits `0, 1` in base `4`. -/
def digitSumset : Set ℕ :=
  {n | ∃ a ∈ zeroOneDigits 3, ∃ b ∈ zeroOneDigits 4, a + b = n}

/-- `A + B` has positive lower density: for some real `c > 0`, the number of elements of `A + B`
below `N` is at least `c N` for all sufficiently large `N`. -/
theorem main : answer(sorry) ↔
    ∃ c : ℝ, 0 < c ∧ ∀ᶠ N : ℕ in Filter.atTop,
      c * (N : ℝ) ≤ ((digitSumset ∩ Set.Iio N).ncard : ℝ) := by
  sorry

end FrontierBench.E02
