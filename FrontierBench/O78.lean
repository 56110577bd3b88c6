import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O78 — Is the number of colours needed to avoid monochromatic solutions of a non-partition-regular equation bounded in terms of k only?

Ben Green's Problem 21 (Rado's boundedness conjecture): suppose that $a_1, \dots, a_k$ are
integers which do not satisfy Rado's condition, that is, $\sum_{i \in I} a_i = 0$ only for
$I = \emptyset$. It then follows from Rado's theorem that the equation
$a_1 x_1 + \dots + a_k x_k = 0$ is not partition regular. Write $c(a_1, \dots, a_k)$ for the
least number of colours required in order to colour $\mathbb{N}$ so that there is no
monochromatic solution to $a_1 x_1 + \dots + a_k x_k = 0$. Is $c(a_1, \dots, a_k)$ bounded in
terms of $k$ only?

*Wording:* paraphrase of B. Green, 100 open problems, Problem 21.

*Source:* R. Rado, Studien zur Kombinatorik, Math. Z. 36 (1933), 242–280; B. Green, 100 open
problems (problem list, 2024 version), Problem 21.

*Scope:* as posed, with $\mathbb{N} = \{1, 2, 3, \dots\}$: solutions are taken in positive
integers (the colour of $0$ is irrelevant) and need not have distinct entries. "$c \le B(k)$"
is written as "there is a colouring with $B(k)$ colours and no monochromatic solution", which is
the same (unused colours are allowed). The trivial case $k = 0$, where the empty tuple satisfies
the empty equation, is excluded.
-/

namespace FrontierBench.O78

/-- Rado's condition for the coefficients `a`: some nonempty set of them sums to zero. -/
def RadoCondition {k : ℕ} (a : Fin k → ℤ) : Prop :=
  ∃ I : Finset (Fin k), I.Nonempty ∧ ∑ i ∈ I, a i = 0

/-- There is `B : ℕ → ℕ` such that for every `k ≥ 1` and all integer coefficients
`a 0, …, a (k - 1)` failing Rado's condition, some colouring of the natural numbers with `B k`
colours has no monochromatic solution of `a 0 * x 0 + ⋯ + a (k - 1) * x (k - 1) = 0` in positive
integers. -/
theorem main : answer(sorry) ↔
    ∃ B : ℕ → ℕ, ∀ (k : ℕ) (a : Fin k → ℤ), 1 ≤ k → ¬ RadoCondition a →
      ∃ col : ℕ → Fin (B k), ∀ x : Fin k → ℕ, (∀ i, 0 < x i) →
        (∀ i j, col (x i) = col (x j)) → ∑ i, a i * (x i : ℤ) ≠ 0 := by
  sorry

end FrontierBench.O78
