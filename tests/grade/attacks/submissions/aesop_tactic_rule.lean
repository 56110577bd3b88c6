import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

open Lean Elab Tactic in
/-- A tactic of the submission, registered as an aesop rule and run by `aesop`. -/
@[aesop safe tactic] def escape : TacticM Unit := do
  IO.FS.writeFile "/tmp/ofb-selftest-escape" "escaped"

theorem trivially : True := by aesop

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
