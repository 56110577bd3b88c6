import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N15 — Do the Navier–Stokes breakdown statements (C) on ℝ³ and (D) on ℝ³/ℤ³ of the Clay problem hold?

The Clay Millennium problem on the Navier–Stokes equations (Fefferman's official statement)
concerns the equations, for $x \in \mathbb{R}^3$, $t \ge 0$, $1 \le i \le 3$,
$$\partial_t u_i + \sum_{j} u_j \,\partial_{x_j} u_i = \nu \Delta u_i - \partial_{x_i} p + f_i(x,t)
\quad (1), \qquad \operatorname{div} u = \sum_i \partial_{x_i} u_i = 0 \quad (2), \qquad
u(x,0) = u^\circ(x) \quad (3),$$
with the conditions
(4) $|\partial_x^\alpha u^\circ(x)| \le C_{\alpha K}(1+|x|)^{-K}$ on $\mathbb{R}^3$, for any $\alpha, K$;
(5) $|\partial_x^\alpha \partial_t^m f(x,t)| \le C_{\alpha m K}(1+|x|+t)^{-K}$ on
$\mathbb{R}^3 \times [0,\infty)$, for any $\alpha, m, K$;
(6) $p, u \in C^\infty(\mathbb{R}^3 \times [0,\infty))$;
(7) $\int_{\mathbb{R}^3} |u(x,t)|^2\,dx < C$ for all $t \ge 0$;
(8) $u^\circ(x + e_j) = u^\circ(x)$, $f(x + e_j, t) = f(x,t)$ for $1 \le j \le 3$;
(9) $|\partial_x^\alpha \partial_t^m f(x,t)| \le C_{\alpha m K}(1+t)^{-K}$ on
$\mathbb{R}^3 \times [0,\infty)$, for any $\alpha, m, K$;
(10) $u(x,t) = u(x + e_j, t)$ on $\mathbb{R}^3 \times [0,\infty)$ for $1 \le j \le 3$;
(11) $p, u \in C^\infty(\mathbb{R}^3 \times [0,\infty))$;
and, by the erratum to the statement, also $p(x + e_j, t) = p(x,t)$ in the periodic setting.

(C) Breakdown of Navier–Stokes solutions on $\mathbb{R}^3$: take $\nu > 0$ and $n = 3$. Then
there exist a smooth, divergence-free vector field $u^\circ(x)$ on $\mathbb{R}^3$ and a smooth
$f(x,t)$ on $\mathbb{R}^3 \times [0,\infty)$ satisfying (4), (5) for which there exist no
solutions $(p,u)$ of (1), (2), (3), (6), (7) on $\mathbb{R}^3 \times [0,\infty)$.

(D) Breakdown of Navier–Stokes solutions on $\mathbb{R}^3/\mathbb{Z}^3$: take $\nu > 0$ and
$n = 3$. Then there exist a smooth, divergence-free vector field $u^\circ(x)$ on $\mathbb{R}^3$
and a smooth $f(x,t)$ on $\mathbb{R}^3 \times [0,\infty)$ satisfying (8), (9) for which there
exist no solutions $(p,u)$ of (1), (2), (3), (10), (11) on $\mathbb{R}^3 \times [0,\infty)$.

Do both (C) and (D) hold?

*Wording:* close paraphrase of Fefferman's equations (1)–(11) and statements (C), (D); the
question is a paraphrase.

*Source:* C. L. Fefferman, Existence and smoothness of the Navier–Stokes equation, in:
The Millennium Prize Problems, Clay Mathematics Institute / AMS, 2006, 57–67 (problem
description of 2000, and its erratum, which adds the periodicity of the pressure).

*Scope:* the two breakdown statements (C) and (D) are asked together (their conjunction).
Points of $\mathbb{R}^3$ are coordinate vectors `Fin 3 → ℝ`; smoothness on
$\mathbb{R}^3 \times [0,\infty)$ is `ContDiffOn ℝ ∞` on that closed set and all partial
derivatives are taken within it (one-sided in $t$ at $t = 0$); the bounds (4), (5), (9) over
all multi-indices are stated, equivalently, for the norms of the iterated Fréchet
derivatives of every order; the energy bound (7) includes the integrability of
$|u(\cdot,t)|^2$ that it presupposes.
-/

namespace FrontierBench.N15

open MeasureTheory
open scoped ContDiff

/-- Points of space `ℝ³`, as coordinate vectors. -/
abbrev Space : Type := Fin 3 → ℝ

/-- The closed half space-time `ℝ³ × [0, ∞)`. -/
def halfSpaceTime : Set (Space × ℝ) := Set.univ ×ˢ Set.Ici 0

/-- The derivative of `G` at `q` in the direction `v`, taken within `ℝ³ × [0, ∞)`. -/
noncomputable def dirDeriv {F : Type*} [NormedAddCommGroup F] [NormedSpace ℝ F]
    (v : Space × ℝ) (G : Space × ℝ → F) (q : Space × ℝ) : F :=
  fderivWithin ℝ G halfSpaceTime q v

/-- The partial derivative `∂/∂x_i` within `ℝ³ × [0, ∞)`. -/
noncomputable def dx {F : Type*} [NormedAddCommGroup F] [NormedSpace ℝ F]
    (i : Fin 3) (G : Space × ℝ → F) : Space × ℝ → F :=
  dirDeriv ((Pi.single i (1 : ℝ) : Space), (0 : ℝ)) G

/-- The partial derivative `∂/∂t` within `ℝ³ × [0, ∞)` (one-sided at `t = 0`). -/
noncomputable def dt {F : Type*} [NormedAddCommGroup F] [NormedSpace ℝ F]
    (G : Space × ℝ → F) : Space × ℝ → F :=
  dirDeriv ((0 : Space), (1 : ℝ)) G

/-- Equations (1) and (2) on `ℝ³ × [0, ∞)`, for viscosity `ν`, force `f`, velocity `u` and
pressure `p` (all written as functions of `(x, t)`):
`∂ₜu + ∑ⱼ uⱼ ∂ⱼu = ν ∑ⱼ ∂ⱼ∂ⱼu - ∇p + f` and `∑ᵢ ∂ᵢuᵢ = 0`. -/
def SolvesNS (ν : ℝ) (f u : Space × ℝ → Space) (p : Space × ℝ → ℝ) : Prop :=
  ∀ q ∈ halfSpaceTime,
    (dt u q + ∑ j : Fin 3, u q j • dx j u q =
        ν • ∑ j : Fin 3, dx j (dx j u) q - (fun i : Fin 3 => dx i p q) + f q) ∧
      ∑ i : Fin 3, dx i u q i = 0

/-- A smooth, divergence-free vector field on `ℝ³`. -/
def SmoothDivFree (u₀ : Space → Space) : Prop :=
  ContDiff ℝ ∞ u₀ ∧ ∀ x : Space, ∑ i : Fin 3, fderiv ℝ u₀ x (Pi.single i 1) i = 0

/-- Condition (4): every derivative of `u₀` decays faster than any power of `1 + |x|`. -/
def InitialDecay (u₀ : Space → Space) : Prop :=
  ∀ k K : ℕ, ∃ C : ℝ, ∀ x : Space, ‖iteratedFDeriv ℝ k u₀ x‖ ≤ C / (1 + ‖x‖) ^ K

/-- Condition (5): every space-time derivative of `f` decays faster than any power of
`1 + |x| + t` on `ℝ³ × [0, ∞)`. -/
def ForceDecay (f : Space × ℝ → Space) : Prop :=
  ∀ k K : ℕ, ∃ C : ℝ, ∀ x : Space, ∀ t : ℝ, 0 ≤ t →
    ‖iteratedFDerivWithin ℝ k f halfSpaceTime (x, t)‖ ≤ C / (1 + ‖x‖ + t) ^ K

/-- Condition (9): every space-time derivative of `f` decays faster than any power of `1 + t`
on `ℝ³ × [0, ∞)`. -/
def ForceTimeDecay (f : Space × ℝ → Space) : Prop :=
  ∀ k K : ℕ, ∃ C : ℝ, ∀ x : Space, ∀ t : ℝ, 0 ≤ t →
    ‖iteratedFDerivWithin ℝ k f halfSpaceTime (x, t)‖ ≤ C / (1 + t) ^ K

/-- Condition (7): bounded energy, `∫ |u(x,t)|² dx < C` for all `t ≥ 0` (with the integrand
integrable). -/
def BoundedEnergy (u : Space × ℝ → Space) : Prop :=
  ∃ C : ℝ, ∀ t : ℝ, 0 ≤ t →
    Integrable (fun x : Space => ∑ i : Fin 3, (u (x, t) i) ^ 2) ∧
      ∫ x : Space, ∑ i : Fin 3, (u (x, t) i) ^ 2 < C

/-- Statement (C): for every `ν > 0` there are data `u₀, f` satisfying (4), (5), with `u₀`
smooth and divergence-free and `f` smooth on `ℝ³ × [0, ∞)`, for which no `(p, u)` satisfies
(1), (2), (3), (6), (7). -/
def BreakdownR3 : Prop :=
  ∀ ν : ℝ, 0 < ν → ∃ (u₀ : Space → Space) (f : Space × ℝ → Space),
    SmoothDivFree u₀ ∧ InitialDecay u₀ ∧ ContDiffOn ℝ ∞ f halfSpaceTime ∧ ForceDecay f ∧
    ¬ ∃ (p : Space × ℝ → ℝ) (u : Space × ℝ → Space),
      ContDiffOn ℝ ∞ p halfSpaceTime ∧ ContDiffOn ℝ ∞ u halfSpaceTime ∧
      SolvesNS ν f u p ∧ (∀ x : Space, u (x, 0) = u₀ x) ∧ BoundedEnergy u

/-- Statement (D): for every `ν > 0` there are data `u₀, f` satisfying (8), (9), with `u₀`
smooth and divergence-free and `f` smooth on `ℝ³ × [0, ∞)`, for which no `(p, u)` satisfies
(1), (2), (3), (10), (11) together with the periodicity of `p` required by the erratum. -/
def BreakdownTorus : Prop :=
  ∀ ν : ℝ, 0 < ν → ∃ (u₀ : Space → Space) (f : Space × ℝ → Space),
    SmoothDivFree u₀ ∧ ContDiffOn ℝ ∞ f halfSpaceTime ∧
    (∀ (x : Space) (j : Fin 3), u₀ (x + Pi.single j 1) = u₀ x) ∧
    (∀ (x : Space) (t : ℝ) (j : Fin 3), 0 ≤ t → f (x + Pi.single j 1, t) = f (x, t)) ∧
    ForceTimeDecay f ∧
    ¬ ∃ (p : Space × ℝ → ℝ) (u : Space × ℝ → Space),
      ContDiffOn ℝ ∞ p halfSpaceTime ∧ ContDiffOn ℝ ∞ u halfSpaceTime ∧
      SolvesNS ν f u p ∧ (∀ x : Space, u (x, 0) = u₀ x) ∧
      (∀ (x : Space) (t : ℝ) (j : Fin 3), 0 ≤ t → u (x + Pi.single j 1, t) = u (x, t)) ∧
      (∀ (x : Space) (t : ℝ) (j : Fin 3), 0 ≤ t → p (x + Pi.single j 1, t) = p (x, t))

/-- Both breakdown statements (C) (on `ℝ³`) and (D) (periodic, on `ℝ³/ℤ³`) hold. -/
theorem main : answer(sorry) ↔ BreakdownR3 ∧ BreakdownTorus := by
  sorry

end FrontierBench.N15
