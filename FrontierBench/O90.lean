import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O90 — Is there $A \subseteq \mathbb{N}$ with $1_A \ast 1_A(n) / \log n$ tending to a nonzero limit?

For a set $A$ of natural numbers let $1_A \ast 1_A(n)$ be the number of representations of $n$
as $n = a + b$ with $a, b \in A$ (ordered pairs). Is there a set $A \subseteq \mathbb{N}$ such
that
$$\lim_{n \to \infty} \frac{1_A \ast 1_A(n)}{\log n}$$
exists and is different from $0$?

*Wording:* paraphrase of Erdős Problem #66 ("Is there $A \subseteq \mathbb{N}$ such that
$\lim_{n\to\infty} 1_A \ast 1_A(n)/\log n$ exists and is $\ne 0$?").

*Source:* T. F. Bloom, Erdős Problems, Problem #66 (a question of P. Erdős).

*Scope:* `ℕ` contains `0`; whether `0` may belong to `A` does not matter, since it changes each
count by at most `2`. Representations are ordered pairs `(a, n - a)` with `a ≤ n`. The limit is
a real number `c ≠ 0` (it cannot be negative).
-/

namespace FrontierBench.O90

/-- `1_A ∗ 1_A (n)`: the number of ordered pairs `(a, b)` of elements of `A` with `a + b = n`,
counted through `a ∈ {0, …, n}` with `a ∈ A` and `n - a ∈ A`. -/
noncomputable def repCount (A : Set ℕ) (n : ℕ) : ℕ :=
  Set.ncard {a : ℕ | a ≤ n ∧ a ∈ A ∧ n - a ∈ A}

/-- There are a set `A ⊆ ℕ` and a real `c ≠ 0` with `1_A ∗ 1_A (n) / log n → c`. -/
theorem main : answer(sorry) ↔
    ∃ (A : Set ℕ) (c : ℝ), c ≠ 0 ∧
      Filter.Tendsto (fun n : ℕ => (repCount A n : ℝ) / Real.log n) Filter.atTop (nhds c) := by
  sorry

end FrontierBench.O90
