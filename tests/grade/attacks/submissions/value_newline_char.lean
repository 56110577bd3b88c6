import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/- Lean reads a character literal holding a line break, `'` ⏎ `'`; a lexer that does not
sees `'`, then `'"'`, and from the next `"` on a string where Lean reads code: the tactic
block below is in the answer to Lean and inside a string to such a lexer. -/
theorem main : IsLeast {n : ℕ | 3 < n} answer((fun _ _ k _ => k) '
'"'a' " (by exact 4) '"' ) := by
  refine ⟨by norm_num, fun n hn => ?_⟩
  simp only [Set.mem_setOf_eq] at hn
  omega

end P901
