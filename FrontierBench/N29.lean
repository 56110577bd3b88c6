import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N29 — Is every character of a commutative Fréchet algebra automatically continuous?

A *Fréchet algebra* (in the sense of Michael: a complete metrizable locally multiplicatively
convex algebra) is a complex algebra $A$ with a sequence $(\|\cdot\|_m)_{m \ge 1}$ of algebra
seminorms — seminorms with $\|ab\|_m \le \|a\|_m \|b\|_m$ — such that
$\|a\|_m \le \|a\|_{m+1}$, $\bigcap_m \ker \|\cdot\|_m = \{0\}$, and $A$ is complete for the
metrizable topology they define. A *character* of $A$ is a nonzero multiplicative linear
functional $\varphi : A \to \mathbb{C}$. Michael asked whether every character of a
commutative Fréchet algebra is continuous.

*Wording:* paraphrase of Michael's question as presented in Esterle's survey (definition of a
Fréchet algebra by conditions (1)–(3) on an increasing separating sequence of algebra
seminorms; "the existence of discontinuous characters on Fréchet algebras (Michael's
problem), a long standing problem").

*Source:* E. A. Michael, Locally multiplicatively-convex topological algebras, Mem. Amer.
Math. Soc. 11 (1952); J. Esterle, Kaplansky's and Michael's problems: a survey, Ann. Funct.
Anal. 3 (2012), no. 2, 66–88.

*Scope:* algebras with a unit and unital characters (`A →ₐ[ℂ] ℂ`); the non-unital case reduces
to this one by adjoining a unit (the unitization of a Fréchet algebra is a Fréchet algebra, and
a character extends to it). Completeness is stated for sequences that are Cauchy for every
seminorm. Continuity of a linear functional for the topology of an increasing sequence of
seminorms is the bound $|\varphi(a)| \le C \|a\|_m$ for one `m` and one constant `C`. The
algebra lives in `Type`.
-/

namespace FrontierBench.N29

/-- `p` is an increasing, separating sequence of submultiplicative seminorms on `A` for which
`A` is complete: the data of a (unital, commutative) Fréchet algebra in Michael's sense. -/
structure IsFrechetAlgebraSeminorms (A : Type) [CommRing A] [Algebra ℂ A]
    (p : ℕ → Seminorm ℂ A) : Prop where
  /-- Each seminorm is submultiplicative. -/
  submult : ∀ m : ℕ, ∀ a b : A, p m (a * b) ≤ p m a * p m b
  /-- The sequence is increasing. -/
  mono : ∀ m : ℕ, ∀ a : A, p m a ≤ p (m + 1) a
  /-- The seminorms separate points. -/
  separating : ∀ a : A, (∀ m : ℕ, p m a = 0) → a = 0
  /-- Completeness: a sequence that is Cauchy for every seminorm converges for every seminorm. -/
  complete : ∀ u : ℕ → A,
    (∀ m : ℕ, ∀ ε : ℝ, 0 < ε → ∃ N : ℕ, ∀ i ≥ N, ∀ j ≥ N, p m (u i - u j) < ε) →
      ∃ a : A, ∀ m : ℕ, ∀ ε : ℝ, 0 < ε → ∃ N : ℕ, ∀ i ≥ N, p m (u i - a) < ε

/-- Every character `φ` of every commutative unital Fréchet algebra `(A, p)` is continuous:
`‖φ a‖ ≤ C · p m a` for some `m` and some constant `C`. -/
theorem main : answer(sorry) ↔
    ∀ (A : Type) [CommRing A] [Algebra ℂ A] (p : ℕ → Seminorm ℂ A),
      IsFrechetAlgebraSeminorms A p →
        ∀ φ : A →ₐ[ℂ] ℂ, ∃ m : ℕ, ∃ C : ℝ, ∀ a : A, ‖φ a‖ ≤ C * p m a := by
  sorry

end FrontierBench.N29
