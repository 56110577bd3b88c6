import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N97 — The least natural number greater than 3

A value statement of the grader's self-test, not a benchmark item: what is the least
natural number greater than 3?
-/

namespace FrontierBench.N97

/-- The least natural number greater than 3. -/
theorem main : IsLeast {n : ℕ | 3 < n} answer(sorry) := by
  sorry

end FrontierBench.N97
