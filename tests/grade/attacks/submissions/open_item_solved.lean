import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

theorem main : answer(True) ↔ 2 + 2 = 4 :=
  ⟨fun _ => rfl, fun _ => trivial⟩

end P901
