import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R96 — Is the square of some natural number below 10 equal to 2?

A statement of the grader's self-test, not a benchmark item. Its recorded reference
answer (True) is wrong on purpose: it stands for a statement whose formalisation does not
say what the source meant, so that a proof of the opposite answer must freeze the item.
-/

namespace FrontierBench.R96

/-- Is there a natural number below 10 whose square is 2? -/
theorem main : answer(sorry) ↔ ∃ n : ℕ, n < 10 ∧ n * n = 2 := by
  sorry

end FrontierBench.R96
