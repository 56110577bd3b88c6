import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

theorem cheat : False := _root_.sorryAx False false

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  cheat.elim

end P901
