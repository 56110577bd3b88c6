import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- A `TacticM Unit` program of the submission, typed by the field of linarith's
configuration (no meta-level type is named): it lists a directory while the file compiles.
(`Linarith.LinarithConfig` resolves at the root or in `Mathlib.Tactic`, whichever holds it.) -/
open Mathlib.Tactic in
def myTactic :=
  ({ discharger := do
      let _ ← System.FilePath.readDir "/"
      pure () } : Linarith.LinarithConfig).discharger

/-- No `tactic` in the clause: aesop's default builder for a `safe` rule tries the tactic
builder first, which runs a declaration of type `TacticM Unit`. -/
theorem trivially : True := by aesop (add safe myTactic)

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
