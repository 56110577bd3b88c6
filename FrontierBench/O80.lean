import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O80 — Does every infinite B₃ set A ⊆ ℕ satisfy liminf |A ∩ {1, …, N}| / N^{1/3} = 0?

"Let $A \subset \mathbb{N}$ be an infinite set such that the triple sums $a + b + c$ are all
distinct for $a, b, c \in A$ (aside from the trivial coincidences). Is it true that
$\liminf \frac{\lvert A \cap \{1, \ldots, N\}\rvert}{N^{1/3}} = 0$?"

The trivial coincidences are those coming from reordering the summands, and the summands need
not be distinct: $A$ is a $B_3$ set when $a + b + c = a' + b' + c'$ with all six numbers in
$A$ forces $\{a, b, c\} = \{a', b', c'\}$ as multisets.

*Wording:* verbatim from the Erdős problems database, Problem #41.

*Source:* T. F. Bloom, Erdős Problems, Problem #41 (a problem of Erdős; see also R. K. Guy,
Unsolved Problems in Number Theory, 3rd ed., Springer, 2004, Problem C11).

*Scope:* as posed. The liminf of the nonnegative sequence is $0$ exactly when for every
$\varepsilon > 0$ the ratio is below $\varepsilon$ for infinitely many $N$, which is how it is
written. Whether $0 \in A$ is allowed does not matter (it changes each count by at most one).
-/

namespace FrontierBench.O80

/-- `A` is a `B₃` set: two multisets of three elements of `A` with the same sum are equal. -/
def IsB3Set (A : Set ℕ) : Prop :=
  ∀ s t : Multiset ℕ, s.card = 3 → t.card = 3 → (∀ x ∈ s, x ∈ A) → (∀ x ∈ t, x ∈ A) →
    s.sum = t.sum → s = t

/-- For every infinite `B₃` set `A ⊆ ℕ`, every `ε > 0` and every `M` there is `N ≥ M` with
`|A ∩ {1, …, N}| < ε · N^{1/3}`. -/
theorem main : answer(sorry) ↔
    ∀ A : Set ℕ, A.Infinite → IsB3Set A →
      ∀ ε : ℝ, 0 < ε → ∀ M : ℕ, ∃ N : ℕ, M ≤ N ∧
        ((A ∩ Set.Icc 1 N).ncard : ℝ) < ε * (N : ℝ) ^ ((1 : ℝ) / 3) := by
  sorry

end FrontierBench.O80
