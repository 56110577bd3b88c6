import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R97 — Is the square of some natural number equal to 4?

A statement of the grader's self-test (`ofb grade selftest`), not a benchmark item: is
there a natural number whose square is 4?
-/

namespace FrontierBench.R97

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- Is there a natural number whose square is 4? -/
theorem main : answer(sorry) ↔ ∃ n : ℕ, SquareIsFour n := by
  sorry

end FrontierBench.R97
