import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- The statement's own set, through the infimum notation: `sInf` without the name. -/
theorem main : IsLeast {n : ℕ | 3 < n} answer(⨅ n ∈ {n : ℕ | 3 < n}, n) := by
  exact ⟨by simp, fun n hn => by simpa using hn⟩

end P901
