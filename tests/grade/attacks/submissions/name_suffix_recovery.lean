import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- After the parse error at `)`, Lean restarts inside the next name and reads `run_cmd`. -/
theorem trivially : True := by
  trivial
)xrun_cmd pure ()

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
