import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- `Mathlib.Tactic` opened: its meta-level names are then written without the prefix the
layer looks for (`Ring.RingNF.M.run` is `Mathlib.Tactic.Ring.RingNF.M.run`). -/
open Mathlib.Tactic in
def myTactic := Ring.RingNF.M.run

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
