import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E17 — What is the infimum of the longest component boundary of $\{|f| < 1\}$ over monic polynomials with roots in the closed unit disc?

"Let $f(z)=\prod_{i=1}^n(z-z_i)\in\mathbb{C}[x]$ where $\lvert z_i\rvert\leq 1$ for all $i$. If
$\Lambda(f)$ is the maximum of the lengths of the boundaries of the connected components of
$$\{ z: \lvert f(z)\rvert<1\}$$
then determine the infimum of $\Lambda(f)$."

The infimum is over all $n \ge 1$ and all $z_1, \ldots, z_n$ in the closed unit disc.

*Wording:* verbatim from the Erdős problems database, Problem #1044 (a problem of Erdős, Herzog
and Piranian).

*Source:* P. Erdős, F. Herzog and G. Piranian, Metric properties of polynomials, J. Analyse
Math. 6 (1958), 125–148; T. F. Bloom, Erdős Problems, Problem #1044.

*Scope:* the length of a set is its $1$-dimensional Hausdorff measure (a value in
$[0, \infty]$); "the maximum" over the components is taken as a supremum; the boundary of a
component is its topological frontier in $\mathbb{C}$. The answer is the greatest lower bound of
the set of values $\Lambda(f)$, in $[0, \infty]$.
-/

namespace FrontierBench.E17

/-- The open lemniscate region `{w : |∏ i, (w - z i)| < 1}` of the monic polynomial with roots
`z 0, …, z (n-1)`. -/
def lemniscateRegion {n : ℕ} (z : Fin n → ℂ) : Set ℂ :=
  {w | ‖∏ i, (w - z i)‖ < 1}

/-- `Λ(f)` for `f = ∏ i, (X - z i)`: the supremum, over the connected components of the
lemniscate region, of the `1`-dimensional Hausdorff measure (length) of the component's
frontier. -/
noncomputable def maxComponentBoundaryLength {n : ℕ} (z : Fin n → ℂ) : ENNReal :=
  ⨆ w ∈ lemniscateRegion z,
    (MeasureTheory.Measure.hausdorffMeasure (1 : ℝ) : MeasureTheory.Measure ℂ)
      (frontier (connectedComponentIn (lemniscateRegion z) w))

/-- The infimum of `Λ(f)` over all `f = ∏_{i=1}^n (X - z_i)` with `n ≥ 1` and all `|z_i| ≤ 1`,
as the greatest lower bound of the set of these values. -/
theorem main :
    IsGLB {L : ENNReal | ∃ n : ℕ, 0 < n ∧ ∃ z : Fin n → ℂ, (∀ i, ‖z i‖ ≤ 1) ∧
      maxComponentBoundaryLength z = L} answer(sorry) := by
  sorry

end FrontierBench.E17
