import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N20 — Is a convex body in ℝⁿ whose centroid is its only interior lattice point of volume at most (n+1)ⁿ/n!?

Let $K \subset \mathbb{R}^n$ be a convex body (a compact convex set with nonempty interior)
containing exactly one point of $\mathbb{Z}^n$ in its interior, and suppose that this lattice
point is the barycenter (centroid) of $K$. Ehrhart conjectured that then
$$\operatorname{vol}(K) \le \frac{(n+1)^n}{n!}.$$
Is this true in every dimension $n \ge 1$?

Equality holds for a suitably placed copy of the standard simplex scaled by $n + 1$. Ehrhart
proved the inequality for $n = 2$ and for simplices.

*Wording:* paraphrase of Ehrhart's volume conjecture ("a convex body $K$ containing only one
lattice point in its interior as its barycenter cannot have volume greater than
$(n+1)^n/n!$").

*Source:* E. Ehrhart, note in the Comptes Rendus de l'Académie des Sciences de Paris (1964),
where the volume bound is conjectured; the statement as given in the Wikipedia article
"Ehrhart's volume conjecture".

*Scope:* the inequality only (the conjecture's further claim, that equality holds only for
bodies unimodularly equivalent to the scaled simplex, is not part of this statement).
Points of $\mathbb{R}^n$ are `Fin n → ℝ` with Lebesgue measure `volume`; the centroid is
described coordinatewise: its `i`-th coordinate is $\int_K x_i\,dx / \operatorname{vol}(K)$.
-/

namespace FrontierBench.N20

open MeasureTheory

/-- The point of `ℝⁿ` with the integer coordinates `z`. -/
def latticePoint {n : ℕ} (z : Fin n → ℤ) : Fin n → ℝ :=
  fun i => (z i : ℝ)

/-- For every `n ≥ 1` and every compact convex `K ⊆ ℝⁿ` with nonempty interior whose centroid
is a lattice point `z` (i.e. `∫_K xᵢ dx = zᵢ · vol(K)` for every coordinate `i`) and whose
interior contains no lattice point other than `z`, the volume of `K` is at most
`(n + 1)ⁿ / n!`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 1 ≤ n → ∀ K : Set (Fin n → ℝ), Convex ℝ K → IsCompact K →
      (interior K).Nonempty → ∀ z : Fin n → ℤ,
        (∀ i : Fin n, (∫ x in K, x i) = (z i : ℝ) * (volume K).toReal) →
        (∀ w : Fin n → ℤ, latticePoint w ∈ interior K ↔ w = z) →
          (volume K).toReal ≤ ((n : ℝ) + 1) ^ n / (n.factorial : ℝ) := by
  sorry

end FrontierBench.N20
