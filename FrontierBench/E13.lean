import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E13 — If a basis of order 2 has $1_A \ast 1_A(n) \to \infty$, must it contain a minimal basis of order 2?

"If $A$ is an additive basis of order $2$, and $1_A\ast 1_A(n)\to \infty$ as
$n\to \infty$, then must $A$ contain a minimal additive basis of order $2$? (i.e. such that
deleting any element creates infinitely many $n\not\in A+A$)"

Here $A \subseteq \mathbb{N}$ is an additive basis of order $2$ if every sufficiently large
integer is a sum of two elements of $A$, and $1_A\ast 1_A(n)$ is the number of ordered pairs
$(a, b) \in A \times A$ with $a + b = n$.

*Wording:* verbatim from the Erdős problems database, Problem #868 (first question; a
question of Erdős and Nathanson).

*Source:* P. Erdős and M. B. Nathanson, Systems of distinct representatives and minimal bases
in additive number theory, in: Number Theory, Carbondale 1979, Lecture Notes in Math. 751
(1979), 89–107; T. F. Bloom, Erdős Problems, Problem #868.

*Scope:* the first question of Problem #868; its follow-up (the hypothesis
$1_A\ast 1_A(n) > \epsilon \log n$ for all large $n$) is not included. Sets are subsets of
`ℕ` (which contains $0$).
-/

namespace FrontierBench.E13

/-- `A` is an additive basis of order 2: every sufficiently large `n` is `a + b` with
`a, b ∈ A`. -/
def IsBasisOrderTwo (A : Set ℕ) : Prop :=
  ∃ N : ℕ, ∀ n : ℕ, N ≤ n → ∃ a ∈ A, ∃ b ∈ A, a + b = n

/-- `pairReps A n` is $1_A \ast 1_A(n)$: the number of ordered pairs `(a, b) ∈ A × A` with
`a + b = n`. -/
noncomputable def pairReps (A : Set ℕ) (n : ℕ) : ℕ :=
  Set.ncard {p : ℕ × ℕ | p.1 ∈ A ∧ p.2 ∈ A ∧ p.1 + p.2 = n}

/-- `B` is a minimal additive basis of order 2: it is a basis of order 2, and removing any
one element leaves a set that is not (so infinitely many `n` are no longer sums of two of
its elements). -/
def IsMinimalBasisOrderTwo (B : Set ℕ) : Prop :=
  IsBasisOrderTwo B ∧ ∀ b ∈ B, ¬ IsBasisOrderTwo (B \ {b})

/-- Every additive basis `A ⊆ ℕ` of order 2 whose representation function `pairReps A n`
tends to infinity contains a minimal additive basis of order 2. -/
theorem main : answer(sorry) ↔
    ∀ A : Set ℕ, IsBasisOrderTwo A → Filter.Tendsto (pairReps A) Filter.atTop Filter.atTop →
      ∃ B : Set ℕ, B ⊆ A ∧ IsMinimalBasisOrderTwo B := by
  sorry

end FrontierBench.E13
