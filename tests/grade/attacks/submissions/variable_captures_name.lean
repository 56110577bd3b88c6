import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/- A section variable shadows the definition `main`'s statement names: the statement
becomes `∀ SquareIsFour, …`. -/
variable (SquareIsFour : ℕ → Prop)

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n := by
  exact ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
