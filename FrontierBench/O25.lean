import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O25 — Is there a point in the plane at rational distance from all four vertices of a unit square?

"Is there a point in the plane that is at a rational distance from each of the four corners of a
unit square?"

We place the unit square at the vertices $(0,0)$, $(1,0)$, $(1,1)$, $(0,1)$; the Euclidean
distance from $(x, y)$ to $(a, b)$ is $\sqrt{(x-a)^2 + (y-b)^2}$.

*Wording:* verbatim from a 1995 list of unsolved problems that cites Böröczky and Fejes Tóth,
Intuitive Geometry (1987), p. 696; Guy's Problem D19 asks the same question.

*Source:* R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer, 2004, Problem D19;
K. Böröczky and G. Fejes Tóth (eds.), Intuitive Geometry, North-Holland, 1987, p. 696.

*Scope:* as posed (any point of the plane, not only points inside the square); any unit square
is congruent to the one used here.
-/

namespace FrontierBench.O25

/-- The real number `r` is rational. -/
def IsRationalReal (r : ℝ) : Prop :=
  ∃ q : ℚ, (q : ℝ) = r

/-- There is a point `(x, y)` of the plane whose Euclidean distances to `(0, 0)`, `(1, 0)`,
`(1, 1)` and `(0, 1)` are all rational. -/
theorem main : answer(sorry) ↔
    ∃ x y : ℝ,
      IsRationalReal (Real.sqrt (x ^ 2 + y ^ 2)) ∧
      IsRationalReal (Real.sqrt ((x - 1) ^ 2 + y ^ 2)) ∧
      IsRationalReal (Real.sqrt ((x - 1) ^ 2 + (y - 1) ^ 2)) ∧
      IsRationalReal (Real.sqrt (x ^ 2 + (y - 1) ^ 2)) := by
  sorry

end FrontierBench.O25
