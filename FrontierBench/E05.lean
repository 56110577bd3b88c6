import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E05 — Is there a sequence with $a_{n+1}/a_n \to 2$ whose cofinite subsequences all have subset sums of density $1$?

"Is there a sequence $A=\{a_1\leq a_2\leq \cdots\}$ of integers with
$$\lim \frac{a_{n+1}}{a_n}=2$$
such that
$$P(A')= \left\{\sum_{n\in B}n : B\subseteq A'\textrm{ finite }\right\}$$
has density $1$ for every cofinite subsequence $A'$ of $A$?"

A cofinite subsequence is obtained by deleting finitely many terms; "density" is natural
density.

*Wording:* verbatim from the Erdős problems database, Problem #347 (from Erdős and Graham's
problem book).

*Source:* P. Erdős and R. L. Graham, Old and new problems and results in combinatorial number
theory, Monographies de L'Enseignement Mathématique 28 (1980); T. F. Bloom, Erdős Problems,
Problem #347.

*Scope:* the terms are taken to be positive integers (`ℕ`-valued with `0 < a n`), indexed from
$0$. This loses nothing: since $a_{n+1}/a_n \to 2$ and the sequence is non-decreasing, all but
finitely many terms are positive, and deleting the others gives a sequence of the same kind
whose cofinite subsequences are cofinite subsequences of the original. A cofinite subsequence
is given by a set $I$ of indices with finite complement, and its subset sums are the sums
$\sum_{i\in J} a_i$ over finite $J \subseteq I$ (so repeated values are summed with their
multiplicity, and the empty sum $0$ is included). Density $1$ means
$|P \cap [0, N)| / N \to 1$.
-/

namespace FrontierBench.E05

/-- The subset sums of the subsequence of `a` indexed by `I`: the sums `∑ i ∈ J, a i` over
finite sets of indices `J ⊆ I`. -/
def subseqSubsetSums (a : ℕ → ℕ) (I : Set ℕ) : Set ℕ :=
  {s | ∃ J : Finset ℕ, (↑J : Set ℕ) ⊆ I ∧ ∑ i ∈ J, a i = s}

/-- `S ⊆ ℕ` has natural density `1`: `|S ∩ [0, N)| / N → 1` as `N → ∞`. -/
def HasDensityOne (S : Set ℕ) : Prop :=
  Filter.Tendsto (fun N : ℕ => ((S ∩ Set.Iio N).ncard : ℝ) / (N : ℝ)) Filter.atTop (nhds 1)

/-- There is a non-decreasing sequence `a` of positive integers with `a (n+1) / a n → 2` such
that for every set `I` of indices with finite complement, the subset sums of `(a i)_{i ∈ I}`
have natural density `1`. -/
theorem main : answer(sorry) ↔
    ∃ a : ℕ → ℕ, (∀ n, 0 < a n) ∧ Monotone a ∧
      Filter.Tendsto (fun n : ℕ => (a (n + 1) : ℝ) / (a n : ℝ)) Filter.atTop (nhds 2) ∧
      ∀ I : Set ℕ, Iᶜ.Finite → HasDensityOne (subseqSubsetSums a I) := by
  sorry

end FrontierBench.E05
