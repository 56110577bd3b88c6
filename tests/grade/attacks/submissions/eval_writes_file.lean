import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

-- The self-test's evidence that compile-time code ran: a file in the build's own work dir.
#eval IO.FS.writeFile "ofb-selftest-ran" "OFB_SELFTEST_NONCE"

#eval IO.FS.writeFile "/tmp/ofb-selftest-escape-OFB_SELFTEST_NONCE" "escaped"

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
