import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O05 — Is there a uniform bound on how often an integer t > 1 occurs in Pascal's triangle?

Singmaster's conjecture. For an integer $t > 1$ let $N(t)$ be the number of positions
$(n, k)$, $0 \le k \le n$, of Pascal's triangle with $\binom{n}{k} = t$ (symmetric positions
$(n, k)$ and $(n, n-k)$ are counted separately). Is $N(t) = O(1)$, that is, is there a
constant $C$ with $N(t) \le C$ for every $t > 1$?

*Wording:* paraphrase of Singmaster's conjecture as recorded in the Wikipedia article
"Singmaster's conjecture" (stored copies): with $N(a)$ the number of times $a > 1$ appears in
Pascal's triangle, $N(a) = O(1)$.

*Source:* D. Singmaster, How often does an integer occur as a binomial coefficient?,
Amer. Math. Monthly 78 (1971), 385–386.

*Scope:* as posed. Positions are pairs `(n, k)` of natural numbers with `n.choose k = t`;
for `t > 1` these automatically satisfy `0 < k < n` (`Nat.choose n k = 0` for `k > n`). The
bound is stated as "every finite set of positions holding the value `t` has at most `C`
elements", which says $N(t) \le C$ without presupposing that $N(t)$ is finite.
-/

namespace FrontierBench.O05

/-- There is a constant `C` such that for every `t > 1`, every finite set of pairs `(n, k)`
with `n.choose k = t` has at most `C` elements. -/
theorem main : answer(sorry) ↔
    ∃ C : ℕ, ∀ t : ℕ, 1 < t → ∀ S : Finset (ℕ × ℕ),
      (∀ p ∈ S, Nat.choose p.1 p.2 = t) → S.card ≤ C := by
  sorry

end FrontierBench.O05
