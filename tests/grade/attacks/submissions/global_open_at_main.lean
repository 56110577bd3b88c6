import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/- A namespace opened for the whole file is open at `main` too: its notations, instances
and names change how the statement reads. -/
open scoped Classical

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
