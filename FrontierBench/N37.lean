import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N37 — Is $\sum_n a_n / 2^{a_n}$ irrational for every increasing integer sequence with $a_n / n \to \infty$?

"Let $a_1<a_2<\cdots$ be an increasing sequence such that $a_n/n\to \infty$. Is the sum
$$\sum_n \frac{a_n}{2^{a_n}}$$
irrational?"

The $a_n$ are integers; the question asks whether the sum is irrational for every such
sequence.

*Wording:* verbatim from the Erdős problems database, Problem #260.

*Source:* P. Erdős and R. L. Graham, Old and new problems and results in combinatorial
number theory, Monographies de L'Enseignement Mathématique 28 (1980); T. F. Bloom, Erdős
Problems, Problem #260.

*Scope:* the sequence is indexed from $0$ and takes values in `ℕ`. Allowing negative
integers would change nothing: a strictly increasing sequence with $a_n/n \to \infty$ has
only finitely many negative terms, each contributing a rational number $a_n 2^{-a_n}$, and
dropping them leaves a sequence of the kind considered here.
-/

namespace FrontierBench.N37

/-- For every strictly increasing `a : ℕ → ℕ` with `a n / n → ∞`, the real number
`∑_n a n / 2 ^ a n` is irrational. -/
theorem main : answer(sorry) ↔
    ∀ a : ℕ → ℕ, StrictMono a →
      Filter.Tendsto (fun n : ℕ => (a n : ℝ) / (n : ℝ)) Filter.atTop Filter.atTop →
      Irrational (∑' n : ℕ, (a n : ℝ) / 2 ^ a n) := by
  sorry

end FrontierBench.N37
