import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R08 — Is the disk the only planar domain without the Pompeiu property?

The Pompeiu problem in the plane. A bounded domain $\Omega \subset \mathbb{R}^2$ has the
*Pompeiu property* if the only continuous function $f : \mathbb{R}^2 \to \mathbb{R}$ with
$\int_{\sigma(\Omega)} f = 0$ for every rigid motion $\sigma$ of the plane is $f \equiv 0$.
A disk does not have the Pompeiu property. The Pompeiu conjecture asks whether, among
bounded simply connected domains with Lipschitz boundary, the disk is the only one without it:
if such a domain $\Omega \subset \mathbb{R}^2$ fails the Pompeiu property, must $\Omega$ be a
disk? By a theorem of Williams (1976), for such domains this is equivalent to Schiffer's
conjecture: if the Laplacian on $\Omega$ has a Neumann eigenfunction that is constant on
$\partial\Omega$, then $\Omega$ is a disk.

*Wording:* paraphrase of the Pompeiu problem as stated in the literature (Zalcman's survey; the
Wikipedia article "Pompeiu problem").

*Source:* D. Pompeiu, Sur certains systèmes d'équations linéaires et sur une propriété intégrale
des fonctions de plusieurs variables, C. R. Acad. Sci. Paris 188 (1929), 1138–1139;
L. Zalcman, A bibliographic survey of the Pompeiu problem, in Approximation by Solutions of
Partial Differential Equations, NATO ASI Ser. C 365 (1992), 185–194; L. Brown, B. M. Schreiber
and B. A. Taylor, Spectral synthesis and the Pompeiu problem, Ann. Inst. Fourier 23 (1973),
125–154.

*Scope:* the planar case only, in the Pompeiu form; Schiffer's equivalent formulation is not
stated. Rigid motions are taken to be all affine isometries of the plane, reflections included;
for bounded domains this gives the same property as orientation-preserving motions (by the
Brown–Schreiber–Taylor characterization, the property fails exactly when the Fourier–Laplace
transform of the indicator of $\Omega$ vanishes on a quadric $\{\zeta \in \mathbb{C}^2 :
\zeta_1^2 + \zeta_2^2 = \alpha\}$ with $\alpha \ne 0$, a condition invariant under all orthogonal
maps). A domain is a bounded, open, connected and simply
connected set whose boundary is locally, after a rigid motion, the graph of a Lipschitz function
with the set lying strictly below it. A disk is an open metric ball of positive radius.
-/

open MeasureTheory Topology

namespace FrontierBench.R08

/-- The Euclidean plane `ℝ²`. -/
abbrev Plane := EuclideanSpace ℝ (Fin 2)

/-- A rigid motion of the plane: an affine isometry of `ℝ²` onto itself. -/
abbrev RigidMotion := AffineIsometryEquiv ℝ Plane Plane

/-- `Ω` has the Pompeiu property: every continuous `f : ℝ² → ℝ` whose integral (Lebesgue
measure) over every image `σ(Ω)` of `Ω` under a rigid motion vanishes is identically zero. -/
def HasPompeiuProperty (Ω : Set Plane) : Prop :=
  ∀ f : Plane → ℝ, Continuous f →
    (∀ σ : RigidMotion, (∫ x in Set.image σ Ω, f x) = 0) → ∀ x, f x = 0

/-- `Ω` has Lipschitz boundary: each boundary point `p` has a neighbourhood `U` such that, for
some rigid motion `σ` and some Lipschitz function `g : ℝ → ℝ`, a point `x ∈ U` lies in `Ω` exactly
when the second coordinate of `σ x` is less than `g` of its first coordinate. -/
def HasLipschitzBoundary (Ω : Set Plane) : Prop :=
  ∀ p ∈ frontier Ω, ∃ U ∈ 𝓝 p, ∃ (σ : RigidMotion) (K : NNReal) (g : ℝ → ℝ),
    LipschitzWith K g ∧ ∀ x ∈ U, (x ∈ Ω ↔ (σ x) 1 < g ((σ x) 0))

/-- The domains of Pompeiu's problem: bounded, open, connected, simply connected, with Lipschitz
boundary. -/
def IsAdmissibleDomain (Ω : Set Plane) : Prop :=
  Bornology.IsBounded Ω ∧ IsOpen Ω ∧ IsConnected Ω ∧ SimplyConnectedSpace Ω ∧
    HasLipschitzBoundary Ω

/-- Every admissible planar domain without the Pompeiu property is an open disk. -/
theorem main : answer(sorry) ↔
    ∀ Ω : Set Plane, IsAdmissibleDomain Ω → ¬ HasPompeiuProperty Ω →
      ∃ (c : Plane) (r : ℝ), 0 < r ∧ Ω = Metric.ball c r := by
  sorry

end FrontierBench.R08
