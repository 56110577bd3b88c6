import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

theorem main : IsLeast {n : ℕ | 3 < n} answer((fun _ => 4) (IO.FS.writeFile "/tmp/ofb-selftest" "x")) := by
  refine ⟨by norm_num, fun n hn => ?_⟩
  simp only [Set.mem_setOf_eq] at hn
  omega

end P901
