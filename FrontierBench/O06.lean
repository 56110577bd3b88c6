import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O06 — Is there a perfect cuboid?

A perfect cuboid is a rectangular box whose edges $a, b, c$, face diagonals
$\sqrt{a^2+b^2}$, $\sqrt{a^2+c^2}$, $\sqrt{b^2+c^2}$ and space diagonal $\sqrt{a^2+b^2+c^2}$
all have integer length. Do there exist positive integers $a, b, c$ such that
$a^2+b^2$, $a^2+c^2$, $b^2+c^2$ and $a^2+b^2+c^2$ are all perfect squares?

*Wording:* paraphrase of the perfect cuboid problem as stated in E. W. Weisstein, "Perfect
Cuboid", MathWorld (stored copy read): a cuboid with integer side lengths, integer face
diagonals and an integer space diagonal.

*Source:* R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer (2004), D18.

*Scope:* as posed. Edges are positive natural numbers; "perfect square" is Mathlib's
`IsSquare` on `ℕ` (`∃ r, x = r * r`).
-/

namespace FrontierBench.O06

/-- `(a, b, c)` are the edges of a perfect cuboid: the three face diagonals and the space
diagonal have integer length. -/
def IsPerfectCuboid (a b c : ℕ) : Prop :=
  IsSquare (a ^ 2 + b ^ 2) ∧ IsSquare (a ^ 2 + c ^ 2) ∧ IsSquare (b ^ 2 + c ^ 2) ∧
    IsSquare (a ^ 2 + b ^ 2 + c ^ 2)

/-- There are positive natural numbers `a, b, c` forming a perfect cuboid. -/
theorem main : answer(sorry) ↔
    ∃ a b c : ℕ, 0 < a ∧ 0 < b ∧ 0 < c ∧ IsPerfectCuboid a b c := by
  sorry

end FrontierBench.O06
