import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E04 — Must an infinite bounded-step walk in $\mathbb{Z}^3$ contain three collinear points?

"Let $S\subseteq \mathbb{Z}^3$ be a finite set and let
$A=\{a_1,a_2,\ldots\}\subset \mathbb{Z}^3$ be an infinite $S$-walk, so that
$a_{i+1}-a_i\in S$ for all $i$. Must $A$ contain three collinear points?"

*Wording:* verbatim from the Erdős problems database, Problem #193 (a question going back to
Gerver and Ramsey, also discussed by Erdős and Graham).

*Source:* J. L. Gerver and L. T. Ramsey, On certain sequences of lattice points, Pacific J.
Math. 83 (1979), 357–363; P. Erdős and R. L. Graham, Old and new problems and results in
combinatorial number theory, Monographies de L'Enseignement Mathématique 28 (1980);
T. F. Bloom, Erdős Problems, Problem #193.

*Scope:* as posed, reading "infinite" as: the set $A$ of points visited by the walk is
infinite (a walk visiting only finitely many points, e.g. a constant one, is excluded), and
"three collinear points" as three distinct points of $A$ on a common line. Collinearity is
tested after embedding $\mathbb{Z}^3$ in $\mathbb{R}^3$.
-/

namespace FrontierBench.E04

/-- The point of `ℝ³` (as `Fin 3 → ℝ`) with the same coordinates as the lattice point `p`. -/
def castPoint (p : Fin 3 → ℤ) : Fin 3 → ℝ :=
  fun i => (p i : ℝ)

/-- For every finite `S ⊆ ℤ³` and every sequence `a : ℕ → ℤ³` with `a (i + 1) - a i ∈ S` for
all `i` whose set of values is infinite, there are three distinct values `a i, a j, a l`
that are collinear in `ℝ³`. -/
theorem main : answer(sorry) ↔
    ∀ (S : Finset (Fin 3 → ℤ)) (a : ℕ → Fin 3 → ℤ),
      (∀ i : ℕ, a (i + 1) - a i ∈ S) → (Set.range a).Infinite →
      ∃ i j l : ℕ, a i ≠ a j ∧ a i ≠ a l ∧ a j ≠ a l ∧
        Collinear ℝ ({castPoint (a i), castPoint (a j), castPoint (a l)} : Set (Fin 3 → ℝ)) := by
  sorry

end FrontierBench.E04
