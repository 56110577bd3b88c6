import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- The path of `include_str` is a term that Lean evaluates before it reads the file. -/
def where_ (n : ℕ) : String := if n = 0 then "Problem.lean" else "x"

theorem hole : (include_str where_ 0).length = (include_str where_ 0).length := rfl

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
