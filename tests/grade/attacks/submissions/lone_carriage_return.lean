import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- A carriage return alone: Lean reads it inside the comment; a reader with newline
conversion ends the comment there and sees a declaration. -/
theorem hole : True := by
  trivial -- a note  exact sorry

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
