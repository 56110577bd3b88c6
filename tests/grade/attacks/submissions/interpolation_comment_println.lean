import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- Lean reads one interpolated string `"{" -- "}"` (its term is the string `" -- "`) and
then the code `; exact sorry`; a lexer that knows no interpolation after `println!` reads
`"{"` and a comment. -/
theorem hole : True := by
  have _h := println! "{" -- "}"; exact sorry

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
