import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O87 — Brennan's conjecture: does the universal integral means spectrum satisfy $B(-2) = 1$?

Let $S$ be the class of functions $f$ holomorphic and injective on the unit disc
$\mathbb{D} = \{|z| < 1\}$ with $f(0) = 0$ and $f'(0) = 1$. For $f \in S$ and real $t$, the
integral means spectrum of $f$ is
$$\beta_f(t) = \limsup_{r \to 1^-}
  \frac{\log \int_{-\pi}^{\pi} |f'(r e^{i\theta})|^{t} \, d\theta}{|\log(1 - r)|},$$
and the universal integral means spectrum is $B(t) = \sup_{f \in S} \beta_f(t)$. Brennan's
conjecture, in its integral means form: is $B(-2) = 1$?

Written out for $t = -2$ with $M_f(r) = \int_{-\pi}^{\pi} |f'(r e^{i\theta})|^{-2}\, d\theta$:
$B(-2) \le 1$ says that for every $f \in S$ and every $\varepsilon > 0$,
$M_f(r) \le (1 - r)^{-(1 + \varepsilon)}$ for all $r < 1$ close enough to $1$; and
$B(-2) \ge 1$ says that for every $\varepsilon > 0$ some $f \in S$ has
$M_f(r) \ge (1 - r)^{-(1 - \varepsilon)}$ for $r$ arbitrarily close to $1$.

*Wording:* paraphrase; the definitions of $\beta_f$ and $B$ are the usual ones (as in a public
formal statement of the conjecture).

*Source:* J. E. Brennan, The integrability of the derivative in conformal mapping, J. London
Math. Soc. (2) 18 (1978), 261–272; Ch. Pommerenke, Boundary Behaviour of Conformal Maps,
Springer (1992) (integral means spectrum; Brennan's conjecture in the form $B(-2) = 1$).

*Scope:* the equation `B(-2) = 1` is unfolded into its two inequalities, each stated through
the growth of the integral means `M_f(r)` as above, so that no `limsup` or `sSup` appears: for
`f ∈ S` and `0 < r < 1` the integrand is continuous and positive, `log M_f(r) / |log(1 - r)|`
is bounded as `r → 1⁻`, and `β_f(-2) ≤ 1` (resp. `> 1 - ε`) is equivalent to the stated
eventual (resp. frequent) inequalities. Holomorphy is `DifferentiableOn ℂ` on the open disc
(`f` is a function on `ℂ`, only its values on the disc matter); the measure is Lebesgue measure
on `(-π, π]` (a normalising factor `1/(2π)` would not change the exponents). Brennan's
conjecture was posed as an integrability statement (for a conformal map $\varphi$ of a simply
connected domain $\Omega \subsetneq \mathbb{C}$ onto $\mathbb{D}$,
$\int_\Omega |\varphi'|^p \, dx \, dy < \infty$ for $4/3 < p < 4$); this statement replaces it by
the equivalent integral means form $B(-2) = 1$ (Pommerenke).
-/

namespace FrontierBench.O87

open MeasureTheory

/-- The class `S`: `f` is holomorphic and injective on the open unit disc, `f 0 = 0` and
`f' 0 = 1`. -/
def InClassS (f : ℂ → ℂ) : Prop :=
  DifferentiableOn ℂ f (Metric.ball 0 1) ∧ Set.InjOn f (Metric.ball 0 1) ∧ f 0 = 0 ∧
    deriv f 0 = 1

/-- The integral mean `M_f(r) = ∫_{-π}^{π} |f'(r e^{iθ})|^{-2} dθ`. -/
noncomputable def negTwoMean (f : ℂ → ℂ) (r : ℝ) : ℝ :=
  ∫ θ in Set.Ioc (-Real.pi) Real.pi,
    (‖deriv f ((r : ℂ) * Complex.exp ((θ : ℂ) * Complex.I))‖ ^ 2)⁻¹

/-- `B(-2) = 1`, unfolded: (`B(-2) ≤ 1`) for every `f ∈ S` and `ε > 0`,
`M_f(r) ≤ (1 - r)^{-(1+ε)}` for all `r` in some interval `(r₀, 1)`; and (`B(-2) ≥ 1`) for every
`ε > 0` there is `f ∈ S` with `M_f(r) ≥ (1 - r)^{-(1-ε)}` for `r` arbitrarily close to `1`. -/
theorem main : answer(sorry) ↔
    (∀ f : ℂ → ℂ, InClassS f → ∀ ε : ℝ, 0 < ε →
      ∃ r₀ : ℝ, r₀ < 1 ∧ ∀ r : ℝ, r₀ < r → r < 1 →
        negTwoMean f r ≤ (1 - r) ^ (-(1 + ε))) ∧
    (∀ ε : ℝ, 0 < ε → ∃ f : ℂ → ℂ, InClassS f ∧
      ∀ r₀ : ℝ, r₀ < 1 → ∃ r : ℝ, r₀ < r ∧ r < 1 ∧
        (1 - r) ^ (-(1 - ε)) ≤ negTwoMean f r) := by
  sorry

end FrontierBench.O87
