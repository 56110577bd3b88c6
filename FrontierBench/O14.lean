import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O14 — Does every Barker sequence have length at most 13?

A Barker sequence of length $n$ is a sequence $a_0, \dots, a_{n-1}$ of entries $\pm 1$ whose
nontrivial aperiodic autocorrelations
$$C_k = \sum_{i=0}^{n-k-1} a_i\, a_{i+k} \qquad (0 < k < n)$$
all satisfy $|C_k| \le 1$. Barker sequences of lengths $2, 3, 4, 5, 7, 11$ and $13$ are
known. Is it true that no Barker sequence has length greater than $13$?

*Wording:* paraphrase of the conjecture as stated in K.-U. Schmidt and J. Willms, Barker
sequences of odd length (arXiv:1501.06035, abstract read): "A Barker sequence is a binary
sequence for which all nontrivial aperiodic autocorrelations are at most 1 in magnitude. An
old conjecture due to Turyn asserts that there is no Barker sequence of length greater than
13."

*Source:* R. H. Barker, in: Communication Theory (W. Jackson, ed.), Butterworth, London
(1953), 273–287; R. Turyn and J. Storer, On binary sequences, Proc. Amer. Math. Soc. 12
(1961), 394–399.

*Scope:* as posed. A sequence of length `n` is a function `a : ℕ → ℤ` of which only the
values `a 0, …, a (n - 1)` matter; `C_k` sums over `i < n - k` (ℕ subtraction, exact since
`k < n`).
-/

namespace FrontierBench.O14

/-- `a 0, …, a (n - 1)` is a Barker sequence of length `n`: all entries are `1` or `-1` and
every aperiodic autocorrelation `C_k = ∑_{i < n - k} a i * a (i + k)` with `0 < k < n` has
absolute value at most `1`. -/
def IsBarkerSequence (n : ℕ) (a : ℕ → ℤ) : Prop :=
  (∀ i, i < n → a i = 1 ∨ a i = -1) ∧
    ∀ k, 0 < k → k < n → |∑ i ∈ Finset.range (n - k), a i * a (i + k)| ≤ 1

/-- Every Barker sequence has length at most `13`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (a : ℕ → ℤ), IsBarkerSequence n a → n ≤ 13 := by
  sorry

end FrontierBench.O14
