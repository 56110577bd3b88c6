import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N03 — For k ≥ 2 and 0 < t < 2^k − 1, are there at most 2^(k−1) pairs (a, b) with a + b ≡ t and w(a) + w(b) ≤ k − 1?

For a nonnegative integer $x$ let $w(x)$ be its binary weight (the number of ones in its
binary expansion). Let $k \ge 2$ and let $t$ be an integer with $1 \le t \le 2^k - 2$, and put
$$S_t = \{(a, b) : 0 \le a, b \le 2^k - 2,\ a + b \equiv t \pmod{2^k - 1},\
  w(a) + w(b) \le k - 1\}.$$
Is it true that $|S_t| \le 2^{k-1}$ for all such $k$ and $t$?

This combinatorial statement about binary strings underlies a construction of Boolean
functions with optimal algebraic immunity.

*Wording:* paraphrase of the conjecture as restated by T. W. Cusick, Y. Li and P. Stănică
(Conjecture 1: "Let $S_t = \{(a,b) \mid a, b \in \mathbb{Z}_{2^k-1}, a + b \equiv t
\pmod{2^k-1}, w(a) + w(b) \le k-1\}$, where $1 \le t \le 2^k-2$, $k \ge 2$ … Then the
cardinality $\#S_t \le 2^{k-1}$"), with the residues represented by $0, \dots, 2^k - 2$ as in
the restatement by Spiegelhofer and Wallner.

*Source:* Z. Tu and Y. Deng, A conjecture about binary strings and its applications on
constructing Boolean functions with optimal algebraic immunity, Des. Codes Cryptogr. 60 (2011),
1–14 (IACR ePrint 2009/272); T. W. Cusick, Y. Li and P. Stănică, On a combinatorial
conjecture, Integers 11 (2011), #A17; L. Spiegelhofer and M. Wallner, Electron. J. Combin.
26(1) (2019) (restatement in the abstract).

*Scope:* as posed. The binary weight is the digit sum of the base-2 expansion
(`(Nat.digits 2 x).sum`); the congruence is written `(a + b) % (2 ^ k - 1) = t`, which is
equivalent because `1 ≤ t < 2 ^ k - 1`.
-/

namespace FrontierBench.N03

/-- The binary weight of `x`: the number of ones in its base-2 expansion. -/
def binaryWeight (x : ℕ) : ℕ :=
  (Nat.digits 2 x).sum

/-- The set `S_t` for the modulus `2 ^ k - 1`: pairs `(a, b)` with `0 ≤ a, b ≤ 2 ^ k - 2`,
`a + b ≡ t (mod 2 ^ k - 1)` and `w(a) + w(b) ≤ k - 1`. -/
def pairSet (k t : ℕ) : Finset (ℕ × ℕ) :=
  (Finset.range (2 ^ k - 1) ×ˢ Finset.range (2 ^ k - 1)).filter fun ab =>
    (ab.1 + ab.2) % (2 ^ k - 1) = t ∧ binaryWeight ab.1 + binaryWeight ab.2 ≤ k - 1

/-- For every `k ≥ 2` and every `t` with `1 ≤ t ≤ 2 ^ k - 2`, the set `S_t` has at most
`2 ^ (k - 1)` elements. -/
theorem main : answer(sorry) ↔
    ∀ k : ℕ, 2 ≤ k → ∀ t : ℕ, 1 ≤ t → t ≤ 2 ^ k - 2 → (pairSet k t).card ≤ 2 ^ (k - 1) := by
  sorry

end FrontierBench.N03
