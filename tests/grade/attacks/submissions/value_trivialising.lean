import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

theorem main : IsLeast {n : ℕ | 3 < n} answer(sInf {n : ℕ | 3 < n}) := by
  exact Nat.sInf_mem (s := {n : ℕ | 3 < n}) ⟨4, by norm_num⟩ |> fun h => ⟨h, fun _ hm => Nat.sInf_le hm⟩

end P901
