import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

open Batteries.Tactic.Lint in
/-- A "linter" that runs whatever it likes when `#lint` runs it. -/
@[env_linter] def escape : Linter where
  noErrorsFound := "ok"
  errorsFound := "escaped"
  test _ := do
    IO.FS.writeFile "/tmp/ofb-selftest-escape" "escaped"
    return none

#lint only escape

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
