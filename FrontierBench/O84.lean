import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O84 — Does every $N$-term arithmetic progression contain only $O(\sqrt N)$ perfect squares?

Rudin's conjecture: for positive integers $N$, $q$ and an integer $a$, let $Q(N; q, a)$ be the
number of perfect squares among the $N$ terms $a, a + q, a + 2q, \dots, a + (N-1)q$ of an
arithmetic progression. Is there an absolute constant $C$ such that
$$Q(N; q, a) \le C \sqrt{N}$$
for every non-constant arithmetic progression, i.e. is $\max_{q, a} Q(N; q, a) = O(\sqrt N)$?

*Wording:* paraphrase of Rudin's conjecture as recorded in the abstract of González-Jiménez
and Xarles (typeset here): "Let $Q(N;q,a)$ denotes the number of squares in the arithmetic
progression $qn+a$, for $n=0, 1,\dots,N-1$, and let $Q(N)$ be the maximum of $Q(N;q,a)$ over
all non-trivial arithmetic progressions $qn + a$. Rudin's conjecture asserts that
$Q(N)=O(\sqrt N)$".

*Source:* W. Rudin, Trigonometric series with gaps, J. Math. Mech. 9 (1960), 203–227;
E. González-Jiménez and X. Xarles, On a conjecture of Rudin on squares in arithmetic
progressions, LMS J. Comput. Math. 17 (2014), 58–76, arXiv:1301.5122.

*Scope:* progressions `a + q n` with `q ≥ 1` and `a ≥ 0` natural numbers, with no coprimality
condition. This is equivalent to the posed form for the `O(√N)` question: the squares of a
progression with `d = gcd(q, a) > 1` correspond to the squares of a coprime progression with at
most `N` terms (write `d = s t²` with `s` squarefree), a progression with negative terms has its
squares among a shorter progression of nonnegative terms, and the excluded progression
`(q, a) = (1, 1)` has at most `√N` squares among its first `N` terms. The constant is
quantified before `N`, `q` and `a`, for all `N` (for `N` bounded the count is at most `N`).
-/

namespace FrontierBench.O84

/-- The number of perfect squares among the `N` terms `a, a + q, …, a + (N - 1) q`. -/
def squaresInProgression (N q a : ℕ) : ℕ :=
  ((Finset.range N).filter (fun n => IsSquare (a + q * n))).card

/-- There is a constant `C` such that every arithmetic progression of natural numbers with
positive common difference `q` contains at most `C √N` perfect squares among its first `N`
terms. -/
theorem main : answer(sorry) ↔
    ∃ C : ℝ, ∀ N q a : ℕ, 0 < q →
      (squaresInProgression N q a : ℝ) ≤ C * Real.sqrt N := by
  sorry

end FrontierBench.O84
