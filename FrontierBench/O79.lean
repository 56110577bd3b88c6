import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O79 — Can the rectangles 1/n × 1/(n+1), n ≥ 1, be packed into the unit square?

The Meir–Moser rectangle packing problem: the rectangles of size $\frac1n \times \frac1{n+1}$,
$n = 1, 2, 3, \dots$, have total area $\sum_{n \ge 1} \bigl(\frac1n - \frac1{n+1}\bigr) = 1$.
Can they all be packed into the unit square, that is, placed inside it with pairwise disjoint
interiors? Here each rectangle is placed with its sides parallel to those of the square, in
either orientation.

*Wording:* paraphrase of the packing question of A. Meir and L. Moser (1968); MathOverflow
question 34145, read here, records the closely related covering form (a research problem in
Concrete Mathematics) and traces the problem back to Leo Moser.

*Source:* A. Meir and L. Moser, On packing of squares and cubes, J. Combin. Theory 5 (1968),
126–134; P. Brass, W. O. J. Moser and J. Pach, Research Problems in Discrete Geometry,
Springer, 2005, Chapter 3.

*Scope:* each rectangle is placed with its sides parallel to those of the square, in either
orientation (width $\frac1n$ and height $\frac1{n+1}$, or the reverse); placements turned by
other angles are not considered. Rectangles are closed, must lie in $[0,1]^2$, and distinct
rectangles must have disjoint interiors. Rectangle number $k = 0, 1, 2, \dots$ in Lean is the
rectangle $n = k + 1$ of the question.
-/

namespace FrontierBench.O79

/-- The open axis-parallel rectangle `(x, x + w) × (y, y + h)`: the interior of the closed
rectangle with lower-left corner `(x, y)`, width `w > 0` and height `h > 0`. -/
def openRect (x y w h : ℝ) : Set (ℝ × ℝ) :=
  Set.Ioo x (x + w) ×ˢ Set.Ioo y (y + h)

/-- There are corners `(x k, y k)` and side lengths `w k`, `h k` (`k = 0, 1, 2, …`) such that
`{w k, h k} = {1/(k+1), 1/(k+2)}` in some order, each closed rectangle
`[x k, x k + w k] × [y k, y k + h k]` lies in the unit square `[0, 1]²`, and the interiors of
any two distinct rectangles are disjoint. -/
theorem main : answer(sorry) ↔
    ∃ x y w h : ℕ → ℝ,
      (∀ k : ℕ, (w k = 1 / ((k : ℝ) + 1) ∧ h k = 1 / ((k : ℝ) + 2)) ∨
        (w k = 1 / ((k : ℝ) + 2) ∧ h k = 1 / ((k : ℝ) + 1))) ∧
      (∀ k : ℕ, 0 ≤ x k ∧ x k + w k ≤ 1 ∧ 0 ≤ y k ∧ y k + h k ≤ 1) ∧
      (∀ k l : ℕ, k ≠ l →
        Disjoint (openRect (x k) (y k) (w k) (h k)) (openRect (x l) (y l) (w l) (h l))) := by
  sorry

end FrontierBench.O79
