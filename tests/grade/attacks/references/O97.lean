import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O97 — Is 2 + 2 equal to 4?

A statement of the grader's self-test, registered there as an open item: any accepted
solution of an open item must freeze it for review.
-/

namespace FrontierBench.O97

/-- Is 2 + 2 equal to 4? -/
theorem main : answer(sorry) ↔ 2 + 2 = 4 := by
  sorry

end FrontierBench.O97
