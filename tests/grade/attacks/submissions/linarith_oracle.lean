import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- linarith evaluates its configuration and runs its oracle: the field's type (a structure
of `MetaM` functions) lets the submission write meta code without naming a meta type. -/
theorem le_self' (x : ℚ) (h : x < 1) : x < 2 := by
  linarith (oracle := ⟨fun _ _ => do let s ← get; set s; pure default⟩)

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
