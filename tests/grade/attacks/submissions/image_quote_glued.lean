import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

theorem image_glued (f : ℕ → ℕ) : True := by
  first | exact (f ''"'") | skip
  have : True := (fun _ => trivial) " /-"
  run_tac do IO.println "x"
  -- -/
  trivial

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
