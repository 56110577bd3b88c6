import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N35 — What is the limit of the d-th root of the Cohn–Elkies sphere-packing bound as d → ∞?

Cohn and Elkies proved: if $f : \mathbb{R}^d \to \mathbb{R}$ is a suitable test function, not
identically zero, with $f(x) \le 0$ for $|x| \ge 1$ and $\widehat f(\xi) \ge 0$ for all $\xi$,
then every sphere packing in $\mathbb{R}^d$ has density at most
$$\frac{\mathrm{vol}(B^d)}{2^d}\cdot\frac{f(0)}{\widehat f(0)},$$
where $B^d$ is the unit ball and $\widehat f(\xi) = \int f(x) e^{-2\pi i \langle x, \xi\rangle}\,dx$.
The *linear programming bound* $\Delta_{\mathrm{LP}}(d)$ is the infimum of this quantity over
all such $f$. The question is to determine its exact exponential rate as $d \to \infty$, i.e.
the limit
$$\lim_{d \to \infty} \Delta_{\mathrm{LP}}(d)^{1/d}.$$

*Wording:* paraphrase. The bound is Theorem 3.1 of Cohn–Elkies (2003); that the asymptotic
behaviour of linear programming bounds as the dimension tends to infinity "remains unclear" is
stated by H. Cohn (lecture "Mysteries of Euclidean sphere packing bounds", Hebrew University,
2008) and in his lecture notes "Packing, coding, and ground states" (2016).

*Source:* H. Cohn and N. Elkies, New upper bounds on sphere packings I, Ann. of Math. 157
(2003), 689–714; H. Cohn, Packing, coding, and ground states, arXiv:1603.05202, Lecture 5.

*Scope:* the test functions are real-valued Schwartz functions on `EuclideanSpace ℝ (Fin d)`
(Cohn–Elkies allow a larger class of "admissible" functions; approximating an admissible
function by Schwartz functions changes the quotient by an arbitrarily small factor, so the
infimum is the same). The condition $\widehat f \ge 0$ is stated as "$\widehat f$ is real and
nonnegative", and $f \not\equiv 0$ is replaced by $\widehat f(0) > 0$ (functions with
$\widehat f(0) = 0$ give no bound). The Fourier transform is Mathlib's `𝓕`, with the
convention above; the volume is Lebesgue measure on `EuclideanSpace ℝ (Fin d)`. The limit is
taken along all dimensions `d`, and its existence is part of the statement.
-/

open scoped FourierTransform

namespace FrontierBench.N35

/-- The Fourier transform `f̂(ξ) = ∫ f(x) e^{-2πi⟨x, ξ⟩} dx` of a real function on `ℝ^d`,
as a complex-valued function. -/
noncomputable def fourierHat {d : ℕ} (f : EuclideanSpace ℝ (Fin d) → ℝ)
    (ξ : EuclideanSpace ℝ (Fin d)) : ℂ :=
  𝓕 (fun x : EuclideanSpace ℝ (Fin d) => (f x : ℂ)) ξ

/-- `f` is an auxiliary function for the Cohn–Elkies bound with minimal distance `1`: `f ≤ 0`
outside the open unit ball, `f̂` is real and nonnegative everywhere, and `f̂(0) > 0`. -/
def IsLPAuxiliary {d : ℕ} (f : SchwartzMap (EuclideanSpace ℝ (Fin d)) ℝ) : Prop :=
  (∀ x : EuclideanSpace ℝ (Fin d), 1 ≤ ‖x‖ → f x ≤ 0) ∧
    (∀ ξ : EuclideanSpace ℝ (Fin d),
      (fourierHat (⇑f) ξ).im = 0 ∧ 0 ≤ (fourierHat (⇑f) ξ).re) ∧
    0 < (fourierHat (⇑f) 0).re

/-- The Cohn–Elkies linear programming bound in dimension `d`:
`Δ_LP(d) = vol(B^d) / 2^d · inf { f(0) / f̂(0) : f an auxiliary function }`. -/
noncomputable def lpBound (d : ℕ) : ℝ :=
  (MeasureTheory.volume (Metric.ball (0 : EuclideanSpace ℝ (Fin d)) 1)).toReal / 2 ^ d *
    sInf {q : ℝ | ∃ f : SchwartzMap (EuclideanSpace ℝ (Fin d)) ℝ,
      IsLPAuxiliary f ∧ q = f 0 / (fourierHat (⇑f) 0).re}

/-- `Δ_LP(d)^(1/d)` converges, as `d → ∞`, to the value to be determined. -/
theorem main :
    Filter.Tendsto (fun d : ℕ => lpBound d ^ ((1 : ℝ) / (d : ℝ))) Filter.atTop
      (nhds (answer(sorry) : ℝ)) := by
  sorry

end FrontierBench.N35
