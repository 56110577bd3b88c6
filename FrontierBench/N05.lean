import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N05 — Is the number of unit distances among $n$ points in the plane less than $n^{1+\varepsilon}$ for every $\varepsilon > 0$ and all large $n$?

Erdős's unit distance problem. Let $u(n)$ be the maximum, over all sets of $n$ distinct points
in the Euclidean plane $\mathbb{R}^2$, of the number of pairs of points of the set which are at
distance exactly $1$. Is it true that for every $\varepsilon > 0$ we have
$u(n) < n^{1+\varepsilon}$ for all sufficiently large $n$, that is, $u(n) \le n^{1+o(1)}$?

*Wording:* paraphrase of Erdős's unit distance problem (Erdős Problem #90) in its
$n^{1+o(1)}$ form.

*Source:* P. Erdős, On sets of distances of $n$ points, Amer. Math. Monthly 53 (1946), 248–250;
T. F. Bloom, Erdős Problems, Problem #90 (the upper bound $n^{1+o(1)}$ is the form for which
Erdős offered a prize in his later problem papers).

*Scope:* the question is stated in its $n^{1+o(1)}$ form (as in the item title); the stronger
form with exponent $1 + O(1/\log\log n)$ is not stated. The plane is
`EuclideanSpace ℝ (Fin 2)`; the number of unordered pairs is computed as half the number of
ordered pairs.
-/

namespace FrontierBench.N05

/-- The number of unordered pairs $\{p, q\}$ of points of `P` at Euclidean distance exactly `1`,
computed as half the number of ordered pairs `(p, q)` of points of `P` with `dist p q = 1`
(such a pair always has `p ≠ q`). -/
noncomputable def unitDistanceCount (P : Finset (EuclideanSpace ℝ (Fin 2))) : ℝ :=
  (Set.ncard {pq : EuclideanSpace ℝ (Fin 2) × EuclideanSpace ℝ (Fin 2) |
      pq.1 ∈ P ∧ pq.2 ∈ P ∧ dist pq.1 pq.2 = 1} : ℝ) / 2

/-- For every `ε > 0` there is `N` such that every set `P` of at least `N` points of the
Euclidean plane has fewer than `|P| ^ (1 + ε)` pairs of points at distance exactly `1`. -/
theorem main : answer(sorry) ↔
    ∀ ε : ℝ, 0 < ε → ∃ N : ℕ, ∀ P : Finset (EuclideanSpace ℝ (Fin 2)),
      N ≤ P.card → unitDistanceCount P < (P.card : ℝ) ^ (1 + ε) := by
  sorry

end FrontierBench.N05
