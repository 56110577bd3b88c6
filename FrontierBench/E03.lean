import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E03 — Does every sufficiently large finite Sidon set have many isolated elements in $A+A$?

"For any $M\geq 1$, if $A\subset \mathbb{N}$ is a sufficiently large finite Sidon set then
there are at least $M$ many $a\in A+A$ such that $a+1,a-1\not\in A+A$."

A set $A$ is a Sidon set if all sums $a + b$ with $a, b \in A$, $a \le b$, are distinct;
"sufficiently large" refers to the size $|A|$.

*Wording:* verbatim from the Erdős problems database, Problem #152 (a question of Erdős,
Sárközy and Sós).

*Source:* P. Erdős, A. Sárközy and V. T. Sós, On sum sets of Sidon sets, I, J. Number Theory
47 (1994), 329–347; T. F. Bloom, Erdős Problems, Problem #152.

*Scope:* as posed. Sets are finite subsets of `ℕ` (whether $0$ is allowed does not matter:
translating $A$ by $1$ preserves the Sidon property and translates $A + A$ by $2$). The
condition $a - 1 \notin A + A$ is written without subtraction as "no $t \in A + A$ has
$t + 1 = a$".
-/

namespace FrontierBench.E03

/-- `A` is a Sidon set: `a + b = c + d` with `a, b, c, d ∈ A` forces `{a, b} = {c, d}`. -/
def IsSidonFinset (A : Finset ℕ) : Prop :=
  ∀ a ∈ A, ∀ b ∈ A, ∀ c ∈ A, ∀ d ∈ A, a + b = c + d → (a = c ∧ b = d) ∨ (a = d ∧ b = c)

/-- The sumset `A + A = {a + b : a, b ∈ A}`. -/
def sumSetOf (A : Finset ℕ) : Finset ℕ :=
  (A ×ˢ A).image (fun p => p.1 + p.2)

/-- The isolated elements of `A + A`: those `s ∈ A + A` with `s + 1 ∉ A + A` and
`s - 1 ∉ A + A` (the latter written as: no `t ∈ A + A` satisfies `t + 1 = s`). -/
def isolatedSums (A : Finset ℕ) : Finset ℕ :=
  (sumSetOf A).filter (fun s => s + 1 ∉ sumSetOf A ∧ ∀ t ∈ sumSetOf A, t + 1 ≠ s)

/-- For every `M` there is `N` such that every finite Sidon set `A ⊆ ℕ` with `|A| ≥ N` has at
least `M` isolated elements in `A + A`. -/
theorem main : answer(sorry) ↔
    ∀ M : ℕ, ∃ N : ℕ, ∀ A : Finset ℕ, IsSidonFinset A → N ≤ A.card →
      M ≤ (isolatedSums A).card := by
  sorry

end FrontierBench.E03
