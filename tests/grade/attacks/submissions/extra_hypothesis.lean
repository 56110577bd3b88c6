import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

theorem main (h : False) : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  h.elim

end P901
