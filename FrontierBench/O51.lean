import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O51 — Does every set of positive measure in $\mathbb{R}$ contain an affine copy of $\{1, 1/2, 1/4, \dots\}$?

"Let $A \subset \mathbb{R}$ be a set of positive measure. Does $A$ contain an affine copy of
$\{1, \frac{1}{2}, \frac{1}{4}, \dots\}$?" An affine copy of a set $X$ is a set
$aX + b = \{ax + b : x \in X\}$ with $a, b \in \mathbb{R}$ and $a \ne 0$. This is the case
$X = \{2^{-k} : k \ge 0\}$ of the Erdős similarity problem.

*Wording:* verbatim from B. Green, 100 open problems, Problem 94.

*Source:* B. Green, 100 open problems, Problem 94; for the general question (the Erdős
similarity problem), T. F. Bloom, Erdős Problems, Problem #120.

*Scope:* as posed, for Lebesgue measure. $A$ ranges over measurable sets (`MeasurableSet`,
that is Borel sets, with `MeasureTheory.volume`); this does not change the question, since
every Lebesgue measurable set of positive measure contains a Borel set of positive measure.
-/

namespace FrontierBench.O51

/-- Every measurable set `A ⊆ ℝ` of positive Lebesgue measure contains `{a · 2⁻ᵏ + b : k ∈ ℕ}`
for some real `a ≠ 0` and `b`. -/
theorem main : answer(sorry) ↔
    ∀ A : Set ℝ, MeasurableSet A → 0 < MeasureTheory.volume A →
      ∃ a b : ℝ, a ≠ 0 ∧ ∀ k : ℕ, a / 2 ^ k + b ∈ A := by
  sorry

end FrontierBench.O51
