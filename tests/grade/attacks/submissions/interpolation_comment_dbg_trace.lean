import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- `dbg_trace` interpolates its string as a term and not as a tactic: the two readings of
`"{" -- "}"` end in different places, so what follows is code or a comment depending on
the syntax around it. -/
theorem hole : True := by
  have _h := dbg_trace "{" -- "}"; exact sorry
  trivial

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩

end P901
