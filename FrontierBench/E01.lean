import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E01 — Is $f(k^2+1) = k$ for the maximal total side length of squares packed in a unit square?

"Draw $n$ squares inside the unit square with no common interior point. Let $f(n)$ be the
maximum possible sum of the side-lengths of the squares. Is $f(k^2+1)=k$?"

Here $k$ ranges over the positive integers, and the squares may have any orientation.

*Wording:* verbatim from the Erdős problems database, Problem #106 (the conjecture of
Erdős recorded in [Er94b] and in Erdős–Soifer [ErSo95]).

*Source:* P. Erdős, Some problems in number theory, combinatorics and combinatorial
geometry, Math. Pannon. 5 (1994), 261–269 [Er94b]; P. Erdős and A. Soifer, Squares in a
square, Geombinatorics 4 (1995), 110–114 [ErSo95]; T. F. Bloom, Erdős Problems, Problem #106.

*Scope:* as posed. The plane is modelled by `ℂ`; a square is the closed set
$\{a + (s + t i) w : s, t \in [0,1]\}$ with $w \neq 0$ (side length $|w|$, any position and
orientation); "no common interior point" means pairwise disjoint interiors; $f(n)$ is the
supremum of the achievable sums (the maximum when it is attained); the question is asked
for every integer $k \ge 1$.
-/

namespace FrontierBench.E01

/-- The closed square in the plane `ℂ` with one vertex at `a` and the two sides at that
vertex given by the vectors `w` and `i w`; its side length is `‖w‖`. Every square in the
plane, in any position and orientation, is of this form. -/
def closedSquare (a w : ℂ) : Set ℂ :=
  {z | ∃ s t : ℝ, s ∈ Set.Icc (0 : ℝ) 1 ∧ t ∈ Set.Icc (0 : ℝ) 1 ∧
    z = a + ((s : ℂ) + (t : ℂ) * Complex.I) * w}

/-- The closed unit square $[0,1] \times [0,1]$, as a subset of `ℂ`. -/
def unitSquare : Set ℂ :=
  {z | 0 ≤ z.re ∧ z.re ≤ 1 ∧ 0 ≤ z.im ∧ z.im ≤ 1}

/-- `maxSideSum n` is $f(n)$: the supremum of $\sum_i |w_i|$ over all families of `n`
nondegenerate squares `closedSquare (a i) (w i)` contained in the unit square whose
interiors are pairwise disjoint. -/
noncomputable def maxSideSum (n : ℕ) : ℝ :=
  sSup {x : ℝ | ∃ a w : Fin n → ℂ,
    (∀ i, w i ≠ 0) ∧
    (∀ i, closedSquare (a i) (w i) ⊆ unitSquare) ∧
    (∀ i j, i ≠ j →
      Disjoint (interior (closedSquare (a i) (w i))) (interior (closedSquare (a j) (w j)))) ∧
    x = ∑ i, ‖w i‖}

/-- For every integer `k ≥ 1`, the maximal total side length `maxSideSum (k ^ 2 + 1)` of
`k ^ 2 + 1` squares with pairwise disjoint interiors inside the unit square equals `k`. -/
theorem main : answer(sorry) ↔ ∀ k : ℕ, 1 ≤ k → maxSideSum (k ^ 2 + 1) = (k : ℝ) := by
  sorry

end FrontierBench.E01
