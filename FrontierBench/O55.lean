import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O55 — Does every compact planar set of Hausdorff dimension greater than 1 have a distance set of positive Lebesgue measure?

Falconer's distance set conjecture in the plane: if $E \subset \mathbb{R}^2$ is a compact set
whose Hausdorff dimension is strictly greater than $1$, does its distance set
$\Delta(E) = \{|x - y| : x, y \in E\}$ have positive Lebesgue measure?

*Wording:* paraphrase of the case $d = 2$ of Falconer's conjecture as stated by Guth, Iosevich,
Ou and Wang ("if $\dim_H(E) > d/2$, then the Lebesgue measure of the distance set is positive",
for compact $E \subset \mathbb{R}^d$, quoted in a stored problem record) and by the Wikipedia
article "Falconer's conjecture" (stored mirror copies).

*Source:* K. J. Falconer, On the Hausdorff dimensions of distance sets, Mathematika 32 (1985),
206–212.

*Scope:* as posed, for compact sets (as in the usual modern statement; for Borel or analytic sets
the question is the same, since such a set of dimension $> 1$ contains a compact subset of
dimension $> 1$). The plane is `EuclideanSpace ℝ (Fin 2)` with its Euclidean distance,
$\dim_H$ is Mathlib's `dimH` (valued in `ℝ≥0∞`), and the measure is the Lebesgue measure
`volume` on `ℝ`.
-/

namespace FrontierBench.O55

open MeasureTheory

/-- The distance set `Δ(E) = {|x - y| : x, y ∈ E}` of a set `E` in the Euclidean plane. -/
def distanceSet (E : Set (EuclideanSpace ℝ (Fin 2))) : Set ℝ :=
  {r : ℝ | ∃ x ∈ E, ∃ y ∈ E, dist x y = r}

/-- Every compact set `E` in the Euclidean plane with Hausdorff dimension greater than `1` has a
distance set of positive Lebesgue measure. -/
theorem main : answer(sorry) ↔
    ∀ E : Set (EuclideanSpace ℝ (Fin 2)), IsCompact E → 1 < dimH E →
      0 < volume (distanceSet E) := by
  sorry

end FrontierBench.O55
