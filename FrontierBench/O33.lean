import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O33 — Is $f(n) = 2^{n-2} + 1$ in the Erdős–Szekeres "happy ending" problem?

The Erdős–Szekeres conjecture (Erdős Problem #107): "Let $f(n)$ be minimal such that any $f(n)$
points in $\mathbb{R}^2$, no three on a line, contain $n$ points which form the vertices of a
convex $n$-gon. Prove that $f(n)=2^{n-2}+1$."

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #107.

*Source:* P. Erdős and G. Szekeres, A combinatorial problem in geometry, Compositio Math. 2
(1935), 463–470; P. Erdős and G. Szekeres, On some extremum problems in elementary geometry,
Ann. Univ. Sci. Budapest. Eötvös Sect. Math. 3–4 (1960/61), 53–62; T. F. Bloom, Erdős Problems,
Problem #107.

*Scope:* as posed, for all $n \ge 3$. The plane is `EuclideanSpace ℝ (Fin 2)`; $n$ points
"form the vertices of a convex $n$-gon" is expressed as: no one of them lies in the convex hull
of the others (for points with no three on a line this is the same thing).
-/

namespace FrontierBench.O33

/-- No three distinct points of `P` lie on a common line. -/
def NoThreeCollinear (P : Finset (EuclideanSpace ℝ (Fin 2))) : Prop :=
  ∀ a ∈ P, ∀ b ∈ P, ∀ c ∈ P, a ≠ b → a ≠ c → b ≠ c →
    ¬ Collinear ℝ ({a, b, c} : Set (EuclideanSpace ℝ (Fin 2)))

/-- The points of `Q` are in convex position: no point of `Q` lies in the convex hull of the
other points of `Q`. -/
def ConvexPosition (Q : Finset (EuclideanSpace ℝ (Fin 2))) : Prop :=
  ∀ p ∈ Q, p ∉ convexHull ℝ ((Q : Set (EuclideanSpace ℝ (Fin 2))) \ {p})

/-- For every `n ≥ 3`, the least `N` such that every set of `N` points of the plane with no three
collinear contains `n` points in convex position is `2 ^ (n - 2) + 1`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 3 ≤ n →
      IsLeast
        {N : ℕ | ∀ P : Finset (EuclideanSpace ℝ (Fin 2)), P.card = N → NoThreeCollinear P →
          ∃ Q ⊆ P, Q.card = n ∧ ConvexPosition Q}
        (2 ^ (n - 2) + 1) := by
  sorry

end FrontierBench.O33
