import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

open Lean in
run_cmd do
  let env ← getEnv
  setEnv (← ofExceptKernelException (env.addDeclCore 0 (.axiomDecl {name := `cheat, levelParams := [], type := .const ``False [], isUnsafe := false}) none))

end P901
