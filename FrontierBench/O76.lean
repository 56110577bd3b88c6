import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O76 — Given n points in the plane, no five on a line, is the number of lines containing four of them o(n²)?

"Given $n$ points in $\mathbb{R}^2$, no five of which are on a line, the number of lines
containing four points is $o(n^2)$."

Since no five of the points are collinear, a line contains four of the points exactly when it
contains exactly four of them, and such lines correspond one-to-one to the collinear
four-point subsets (four distinct collinear points span exactly one line).

*Wording:* verbatim from the Erdős problems database, Problem #101.

*Source:* T. F. Bloom, Erdős Problems, Problem #101 (a problem of Erdős; the database lists
it under its reference [Er84], a 1984 paper of Erdős).

*Scope:* as posed. The plane is `ℝ × ℝ` (collinearity is an affine notion, so the choice of
metric does not matter). "$o(n^2)$" is taken uniformly over point sets: for every
$\varepsilon > 0$ there is $N$ such that every admissible set of $n \ge N$ points has at most
$\varepsilon n^2$ four-point lines, which is the statement that the maximum over $n$-point
sets is $o(n^2)$.
-/

namespace FrontierBench.O76

/-- No five points of `P` lie on a common line. -/
def NoFiveCollinear (P : Finset (ℝ × ℝ)) : Prop :=
  ∀ S : Finset (ℝ × ℝ), S ⊆ P → S.card = 5 → ¬ Collinear ℝ (S : Set (ℝ × ℝ))

/-- The number of four-point subsets of `P` that are collinear; when no five points of `P` are
collinear, this is the number of lines containing four points of `P`. -/
noncomputable def collinearQuadruples (P : Finset (ℝ × ℝ)) : ℕ :=
  {S : Finset (ℝ × ℝ) | S ⊆ P ∧ S.card = 4 ∧ Collinear ℝ (S : Set (ℝ × ℝ))}.ncard

/-- For every `ε > 0` there is `N` such that every finite set `P` of at least `N` points in the
plane with no five on a line has at most `ε · |P|²` lines containing four of its points. -/
theorem main : answer(sorry) ↔
    ∀ ε : ℝ, 0 < ε → ∃ N : ℕ, ∀ P : Finset (ℝ × ℝ), N ≤ P.card → NoFiveCollinear P →
      (collinearQuadruples P : ℝ) ≤ ε * (P.card : ℝ) ^ 2 := by
  sorry

end FrontierBench.O76
