import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O22 — Is ℓ(2ⁿ − 1) ≤ n − 1 + ℓ(n) for every n ≥ 1?

The Scholz (Scholz–Brauer) conjecture on addition chains. An addition chain for a positive
integer $N$ is a sequence $1 = a_0, a_1, \dots, a_r = N$ in which every term after the first
is the sum of two earlier terms (not necessarily distinct): $a_i = a_j + a_k$ with
$j, k < i$. Its length is $r$, and $\ell(N)$ denotes the smallest length of an addition chain
for $N$. Is it true that for every positive integer $n$
$$\ell(2^n - 1) \le n - 1 + \ell(n)?$$

*Wording:* paraphrase of Scholz (1937), in the notation of Knuth, TAOCP vol. 2, §4.6.3.

*Source:* A. Scholz, Aufgabe 253, Jahresbericht der Deutschen Mathematiker-Vereinigung 47
(1937), II. Abteilung, 41–42. D. E. Knuth, The Art of Computer Programming, vol. 2, §4.6.3.

*Scope:* as posed. A chain is encoded as a function `a : ℕ → ℕ` of which only the values
`a 0, …, a r` matter.
-/

namespace FrontierBench.O22

/-- `a 0, a 1, …, a r` is an addition chain of length `r` for `N`: it starts at `1`, ends at
`N`, and each term `a i` with `0 < i ≤ r` equals `a j + a k` for some `j, k < i`. -/
def IsAdditionChain (N r : ℕ) (a : ℕ → ℕ) : Prop :=
  a 0 = 1 ∧ a r = N ∧ ∀ i, 0 < i → i ≤ r → ∃ j k, j < i ∧ k < i ∧ a i = a j + a k

/-- `ℓ(N)`: the least length of an addition chain for `N` (for `N ≥ 1` such chains exist, e.g.
by repeated doubling and adding `1`). -/
noncomputable def chainLength (N : ℕ) : ℕ :=
  sInf {r : ℕ | ∃ a : ℕ → ℕ, IsAdditionChain N r a}

/-- For every `n ≥ 1`, `ℓ(2 ^ n - 1) ≤ n - 1 + ℓ(n)`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 0 < n → chainLength (2 ^ n - 1) ≤ n - 1 + chainLength n := by
  sorry

end FrontierBench.O22
