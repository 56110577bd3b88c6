import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- Lean reads a backslash-slash as Or and then code; a lexer that sees a comment opening
there misses the `sorry` that follows. -/
theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n := by
  first | exact (True \/- 1 "-/") | skip
  exact sorry -- "

end P901
