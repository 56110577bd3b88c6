import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

theorem main : answer(False) ↔ ∃ n : ℕ, n < 10 ∧ n * n = 2 :=
  ⟨False.elim, fun h => absurd h (by decide)⟩

end P901
