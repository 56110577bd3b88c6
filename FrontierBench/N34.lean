import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N34 — Is there a transcendental entire function with a wandering domain whose forward orbit is bounded?

Let $f$ be a transcendental entire function (an entire function that is not a polynomial). Its
Fatou set $F(f)$ is the set of points near which the iterates $f^n$ form an equicontinuous
family with respect to the spherical (chordal) metric; a *wandering domain* is a connected
component $U$ of $F(f)$ such that the components $U_n \supseteq f^n(U)$ of $F(f)$ are pairwise
distinct. Pardo-Simón and Sixsmith describe the question as follows: "A major open question
in transcendental dynamics asks if it is possible for points in a wandering domain to have
bounded orbits, and more strongly, for a wandering domain to iterate only in a bounded domain."

The question asked here is the stronger form: is there a transcendental entire function $f$
with a wandering domain $U$ whose forward orbit is bounded, i.e. $\bigcup_{n \ge 0} f^n(U)$ is
a bounded subset of $\mathbb{C}$?

*Wording:* paraphrase, with a verbatim excerpt from Pardo-Simón–Sixsmith (abstract).

*Source:* L. Pardo-Simón, D. J. Sixsmith, Wandering domains with nearly bounded orbits,
arXiv:2307.16682; D. A. Nicks, Wandering domains in quasiregular dynamics, arXiv:1101.1483 (on wandering
domains of transcendental entire functions in a bounded part of the plane); W. Bergweiler,
Iteration of meromorphic functions, Bull. Amer. Math. Soc. (N.S.) 29 (1993), 151–188
(background).

*Scope:* the stronger form (the whole orbit of the domain is bounded) is the one stated. The
Fatou set is the set of points at which the family $(f^n)_{n \ge 0}$ is equicontinuous for
the chordal metric $\chi(a, b) = 2|a - b| / (\sqrt{1+|a|^2}\sqrt{1+|b|^2})$ (for entire $f$
this is the set of points having a neighbourhood on which the iterates form a normal family).
-/

namespace FrontierBench.N34

/-- The chordal (spherical) distance between two complex numbers. -/
noncomputable def chordalDist (a b : ℂ) : ℝ :=
  2 * ‖a - b‖ / (Real.sqrt (1 + ‖a‖ ^ 2) * Real.sqrt (1 + ‖b‖ ^ 2))

/-- The Fatou set of `f : ℂ → ℂ`: the points at which the iterates `f^[n]` are equicontinuous
for the chordal metric. -/
def fatouSet (f : ℂ → ℂ) : Set ℂ :=
  {z | ∀ ε : ℝ, 0 < ε → ∃ δ : ℝ, 0 < δ ∧ ∀ (n : ℕ) (w : ℂ), ‖w - z‖ < δ →
    chordalDist (f^[n] w) (f^[n] z) < ε}

/-- There is an entire, non-polynomial `f : ℂ → ℂ` and a point `z₀` of its Fatou set such that
the Fatou components containing `f^[n] z₀` are pairwise distinct (the component `U` of `z₀` is
a wandering domain) and the forward orbit `⋃ₙ f^[n] '' U` of `U` is bounded. -/
theorem main : answer(sorry) ↔
    ∃ f : ℂ → ℂ, Differentiable ℂ f ∧ (¬ ∃ p : Polynomial ℂ, ∀ z : ℂ, f z = p.eval z) ∧
      ∃ z₀ ∈ fatouSet f,
        Function.Injective (fun n : ℕ => connectedComponentIn (fatouSet f) (f^[n] z₀)) ∧
        ∃ R : ℝ, ∀ (n : ℕ), ∀ w ∈ connectedComponentIn (fatouSet f) z₀, ‖f^[n] w‖ ≤ R := by
  sorry

end FrontierBench.N34
