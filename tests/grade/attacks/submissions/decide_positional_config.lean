import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- `DecideConfig` is `kernel, native, zetaReduce, revert`: this is `decide +native`. -/
theorem small : 10 < 20 := by decide (config := ⟨false, true, true, false⟩)

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
