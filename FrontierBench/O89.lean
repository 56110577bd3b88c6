import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O89 — Is $\tan(\arctan 1 + \arctan 2 + \cdots + \arctan n)$ never an integer for $n \ge 5$?

Let $x_n = \tan\left(\sum_{k=1}^{n} \arctan k\right)$. Then $x_1 = 1$, $x_2 = -3$, $x_3 = 0$ and
$x_4 = 4$ are integers. Amdeberhan, Medina and Moll conjectured that $x_n$ is not an integer
for any $n \ge 5$. Is that so?

*Wording:* paraphrase of the conjecture of Amdeberhan, Medina and Moll ($x_n$ is an integer
only for $n \le 4$).

*Source:* T. Amdeberhan, L. A. Medina and V. H. Moll, Arithmetical properties of a sequence
arising from an arctangent sum, J. Number Theory 128 (2008), 1807–1846.

*Scope:* as posed. "Is an integer" requires the tangent to be defined: a sum with
`cos = 0` (a pole of the tangent) does not count as an integer value, which the statement
makes explicit because `Real.tan` is `0` at the poles of the tangent.
-/

namespace FrontierBench.O89

/-- `arctan 1 + arctan 2 + ⋯ + arctan n`. -/
noncomputable def arctanSum (n : ℕ) : ℝ :=
  ∑ k ∈ Finset.Icc 1 n, Real.arctan (k : ℝ)

/-- For every `n ≥ 5`, `tan (arctan 1 + ⋯ + arctan n)` is not an integer: either the cosine of
the sum vanishes (the tangent is undefined), or the tangent differs from every integer. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 5 ≤ n →
      ¬ (Real.cos (arctanSum n) ≠ 0 ∧ ∃ m : ℤ, Real.tan (arctanSum n) = (m : ℝ)) := by
  sorry

end FrontierBench.O89
