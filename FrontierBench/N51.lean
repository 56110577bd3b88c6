import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N51 — Is Lyapunov stability of an equilibrium of a polynomial vector field with rational coefficients algorithmically decidable?

Arnold's problem: Lyapunov's theorem settles the stability of a stationary point of
$\dot x = f(x)$ when no eigenvalue of the linearisation has zero real part; in the remaining
cases stability depends on higher-order terms, and there is no algebraic criterion. Arnold asked
whether the stability problem is at least *algorithmically* decidable: is there an algorithm
which, given a vector field on $\mathbb{R}^n$ whose components are polynomials with rational
coefficients, decides whether the origin is a Lyapunov-stable equilibrium?

The origin is *Lyapunov stable* for $\dot x = f(x)$ if $f(0) = 0$ and for every $\varepsilon > 0$
there is $\delta > 0$ such that every solution with $|x(0)| < \delta$ satisfies
$|x(t)| < \varepsilon$ for all $t \ge 0$ (as long as it is defined).

*Wording:* paraphrase of Arnold's question (Problems of present day mathematics, 1976); the
non-algebraicity of the Lyapunov stability problem is Arnold's theorem (1970), as described in
the Encyclopedia of Mathematics article "Algebraic decidability of local classification
problems".

*Source:* V. I. Arnold, Problems of present day mathematics, Proc. Sympos. Pure Math. 28
(1976); V. I. Arnold, Algebraic unsolvability of the problem of Lyapunov stability and the
problem of the topological classification of the singular points of an analytic system of
differential equations, Funct. Anal. Appl. 4 (1970); A. A. Ahmadi, On the difficulty of
deciding asymptotic stability of cubic homogeneous vector fields, arXiv:1112.0741.

*Scope:* instances are coded by integer coefficients: a code `(n, ps)` describes the vector
field on `ℝⁿ = Fin n → ℝ` whose `i`-th component is `∑ c · ∏ⱼ xⱼ ^ eⱼ` over the terms
`(c, e)` of the list `ps[i]` (missing components and exponents are `0`, surplus ones ignored).
Rational coefficients reduce to integer ones computably by multiplying the field by a positive
common denominator, which only rescales time; so decidability is the same. Decidability is
Mathlib's `ComputablePred` on these codes (with their standard `Primcodable` encoding).
Lyapunov stability is stated for all solution segments $x : [0, T] \to \mathbb{R}^n$
(a solution on `ℝ` whose derivative at each `t ∈ [0, T]` is `f (x t)`); since polynomial fields
have unique solutions and bounded solutions extend, this is the usual notion. The norm on
`Fin n → ℝ` is the sup norm (stability does not depend on the norm).
-/

namespace FrontierBench.N51

/-- A code for a polynomial vector field with integer coefficients: the dimension `n` and, for
each component, a list of terms `(coefficient, exponent list)`. -/
abbrev FieldCode : Type := ℕ × List (List (ℤ × List ℕ))

/-- The vector field `f : ℝⁿ → ℝⁿ` described by a code `(n, ps)`: the `i`-th component is
`∑_{(c, e) ∈ ps[i]} c · ∏_{j < n} x_j ^ e[j]`, where missing entries count as `0`. -/
noncomputable def FieldCode.field (v : FieldCode) (x : Fin v.1 → ℝ) : Fin v.1 → ℝ :=
  fun i => ((v.2.getD (i : ℕ) []).map
    (fun t => ((t.1 : ℤ) : ℝ) * ∏ j : Fin v.1, x j ^ (t.2.getD (j : ℕ) 0))).sum

/-- The origin is a Lyapunov-stable equilibrium of `ẋ = f x`: `f 0 = 0`, and for every `ε > 0`
there is `δ > 0` such that every solution segment `x` on `[0, T]` with `‖x 0‖ < δ` stays in the
`ε`-ball on `[0, T]`. -/
def IsLyapunovStableAtOrigin {n : ℕ} (f : (Fin n → ℝ) → (Fin n → ℝ)) : Prop :=
  f 0 = 0 ∧ ∀ ε : ℝ, 0 < ε → ∃ δ : ℝ, 0 < δ ∧
    ∀ (T : ℝ) (x : ℝ → Fin n → ℝ), ‖x 0‖ < δ →
      (∀ t ∈ Set.Icc (0 : ℝ) T, HasDerivAt x (f (x t)) t) →
      ∀ t ∈ Set.Icc (0 : ℝ) T, ‖x t‖ < ε

/-- The set of codes of polynomial vector fields (integer coefficients, any dimension) whose
origin is a Lyapunov-stable equilibrium is decidable. -/
theorem main : answer(sorry) ↔
    ComputablePred (fun v : FieldCode => IsLyapunovStableAtOrigin (FieldCode.field v)) := by
  sorry

end FrontierBench.N51
