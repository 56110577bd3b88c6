import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- Elaborated by a program of the submission: it could read any file the build sees. -/
theorem trivially : (by_elab do
    let _ ← IO.FS.readFile "/etc/hostname"
    return Lean.mkConst ``True) := trivial

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
