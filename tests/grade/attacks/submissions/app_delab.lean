import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

open Lean PrettyPrinter Delaborator in
/-- A delaborator: runs whenever a term headed by `Nat.succ` is printed. -/
@[app_delab Nat.succ] def escape : Delab := do
  IO.FS.writeFile "/tmp/ofb-selftest-escape" "escaped"
  failure

#check Nat.succ 1

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
