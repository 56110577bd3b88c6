import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E12 — Does density $\frac58 + C$ force three elements with all pairwise sums in the set?

"There exists a constant $C>0$ such that, for all large $N$, if
$A\subseteq \{1,\ldots,N\}$ has size at least $\frac{5}{8}N+C$ then there are distinct
$a,b,c\in A$ such that $a+b,a+c,b+c\in A$."

Is this true?

*Wording:* verbatim from the Erdős problems database, Problem #865 (a problem of Erdős and
Sós, also considered earlier by Choi, Erdős and Szemerédi).

*Source:* S. L. G. Choi, P. Erdős and E. Szemerédi, Some additive and multiplicative problems
in number theory, Acta Arith. 27 (1975), 37–50; T. F. Bloom, Erdős Problems, Problem #865.

*Scope:* as posed.
-/

namespace FrontierBench.E12

/-- There are a real `C > 0` and an `N₀` such that for every `N ≥ N₀`, every
`A ⊆ {1, …, N}` with `|A| ≥ (5/8) N + C` contains pairwise distinct `a, b, c` with
`a + b, a + c, b + c ∈ A`. -/
theorem main : answer(sorry) ↔
    ∃ C : ℝ, 0 < C ∧ ∃ N₀ : ℕ, ∀ N : ℕ, N₀ ≤ N →
      ∀ A : Finset ℕ, A ⊆ Finset.Icc 1 N → (5 / 8 : ℝ) * (N : ℝ) + C ≤ (A.card : ℝ) →
        ∃ a ∈ A, ∃ b ∈ A, ∃ c ∈ A, a ≠ b ∧ a ≠ c ∧ b ≠ c ∧
          a + b ∈ A ∧ a + c ∈ A ∧ b + c ∈ A := by
  sorry

end FrontierBench.E12
