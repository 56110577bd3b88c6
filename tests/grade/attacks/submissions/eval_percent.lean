import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- The submission's own function, which `eval%` runs compiled while the file is built. -/
def payload (n : ℕ) : ℕ := n + 1

/-- Mathlib's `eval%` evaluates its term in the interpreter at elaboration time. -/
theorem hole : payload 1 = eval% payload 1 := rfl

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
