import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- A tactic assembled from Mathlib's meta-level pieces, without naming `Lean`. -/
def myTactic := Mathlib.Tactic.Ring.RingNF.M.run

/-- aesop's rule clause runs it as a tactic: no attribute, no `#`-command. -/
theorem trivially : True := by aesop (add safe tactic myTactic)

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
