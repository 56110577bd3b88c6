import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N13 — In the plane, is a bounded measurable set of positive area spectral exactly when it tiles ℝ² by translations?

A measurable set $\Omega \subset \mathbb{R}^d$ of positive finite Lebesgue measure is
*spectral* if there is a set $\Lambda \subset \mathbb{R}^d$ such that the exponentials
$e_\lambda(x) = e^{2\pi i \langle \lambda, x \rangle}$, $\lambda \in \Lambda$, form an
orthogonal basis of $L^2(\Omega)$. It *tiles* $\mathbb{R}^d$ by translations if there is a set
$T \subset \mathbb{R}^d$ such that the translates $\Omega + t$, $t \in T$, cover
$\mathbb{R}^d$ up to a null set and any two distinct translates intersect in a null set.
Fuglede asked whether spectral sets are exactly the translational tiles. In dimension
$d = 2$: is a bounded measurable set $\Omega \subset \mathbb{R}^2$ of positive measure spectral
if and only if it tiles $\mathbb{R}^2$ by translations?

*Wording:* paraphrase of Fuglede's conjecture (1974) in the form "a bounded measurable set of
positive finite Lebesgue measure is spectral if and only if it is a translational tile"
(Dutkay–Lai), specialised to dimension two, where it is listed as open.

*Source:* B. Fuglede, Commuting self-adjoint partial differential operators and a group
theoretic problem, J. Funct. Anal. 16 (1974), 101–121; D. E. Dutkay and C.-K. Lai, Some
reductions of the spectral set conjecture to integers, Math. Proc. Cambridge Philos. Soc. 156
(2014), 123–135 (Conjecture 1.1).

*Scope:* bounded measurable sets of positive measure (the usual setting of the conjecture in
dimensions 1 and 2; Fuglede's paper speaks of domains). Orthogonal basis: the exponentials
are pairwise orthogonal in $L^2(\Omega)$ and only the zero function (almost everywhere) is
orthogonal to all of them. Tiling: a countable set of translations, covering almost every
point, with pairwise intersections of measure zero. Points of $\mathbb{R}^2$ are `Fin 2 → ℝ`
with Lebesgue measure `volume` and the dot product $\sum_i \lambda_i x_i$.
-/

namespace FrontierBench.N13

open MeasureTheory

/-- The exponential `e_λ(x) = exp(2πi ⟨λ, x⟩)` on `ℝ²`. -/
noncomputable def expChar (l x : Fin 2 → ℝ) : ℂ :=
  Complex.exp (2 * Real.pi * Complex.I * ((∑ i, l i * x i : ℝ) : ℂ))

/-- `Λ` is a spectrum of `Ω`: the exponentials `e_λ`, `λ ∈ Λ`, are pairwise orthogonal in
`L²(Ω)`, and every `f ∈ L²(Ω)` orthogonal to all of them vanishes almost everywhere on `Ω`
(so they form an orthogonal basis of `L²(Ω)`). -/
def IsSpectrum (Ω Λ : Set (Fin 2 → ℝ)) : Prop :=
  (∀ l ∈ Λ, ∀ m ∈ Λ, l ≠ m →
      (∫ x in Ω, expChar l x * (starRingEnd ℂ) (expChar m x)) = 0) ∧
    ∀ f : (Fin 2 → ℝ) → ℂ, MemLp f 2 (volume.restrict Ω) →
      (∀ l ∈ Λ, (∫ x in Ω, f x * (starRingEnd ℂ) (expChar l x)) = 0) →
        f =ᵐ[volume.restrict Ω] 0

/-- `Ω` is spectral: it has a spectrum. -/
def IsSpectral (Ω : Set (Fin 2 → ℝ)) : Prop :=
  ∃ Λ : Set (Fin 2 → ℝ), IsSpectrum Ω Λ

/-- `Ω` tiles `ℝ²` by translations: there is a countable set `T` of translation vectors such
that almost every point lies in some translate `Ω + t = {x | x - t ∈ Ω}`, `t ∈ T`, and any two
distinct translates meet in a set of measure zero. -/
def TilesByTranslation (Ω : Set (Fin 2 → ℝ)) : Prop :=
  ∃ T : Set (Fin 2 → ℝ), T.Countable ∧
    (∀ᵐ x ∂(volume : Measure (Fin 2 → ℝ)), ∃ t ∈ T, x - t ∈ Ω) ∧
    ∀ s ∈ T, ∀ t ∈ T, s ≠ t → volume {x : Fin 2 → ℝ | x - s ∈ Ω ∧ x - t ∈ Ω} = 0

/-- Every bounded measurable set `Ω ⊆ ℝ²` of positive Lebesgue measure is spectral if and only
if it tiles `ℝ²` by translations. -/
theorem main : answer(sorry) ↔
    ∀ Ω : Set (Fin 2 → ℝ), Bornology.IsBounded Ω → MeasurableSet Ω → 0 < volume Ω →
      (IsSpectral Ω ↔ TilesByTranslation Ω) := by
  sorry

end FrontierBench.N13
