import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N49 — For every mass distribution on $\mathbb{R}^4$, are there four hyperplanes cutting it into $16$ parts of equal mass?

Grünbaum's hyperplane equipartition problem asks whether for every continuous mass
distribution $d\mu = f\,dm$ on $\mathbb{R}^n$ there exist $n$ hyperplanes dividing
$\mathbb{R}^n$ into $2^n$ parts of equal measure: each of the $2^n$ "orthants"
$H_1^{\sigma_1} \cap \cdots \cap H_n^{\sigma_n}$ cut out by the closed half-spaces of the
hyperplanes should have measure $2^{-n}\mu(\mathbb{R}^n)$. The answer is known to be positive for
$n \le 3$ (Hadwiger for $n = 3$) and negative for $n \ge 5$ (Avis, Ramos). The question here is
the remaining dimension $n = 4$.

*Wording:* paraphrase of Grünbaum's problem as stated in the zbMATH review Zbl 1202.68454
("Equipartitions of measures in $\mathbb{R}^4$") and in A. S. Dimitrijević Blagojević, A mass
partition problem in $\mathbb{R}^4$, Mat. Vesnik 61 (2009), 61–69.

*Source:* B. Grünbaum, Partitions of mass-distributions and of convex bodies by hyperplanes,
Pacific J. Math. 10 (1960), 1257–1261.

*Scope:* a mass distribution is a probability measure on `Fin 4 → ℝ` that is absolutely
continuous with respect to Lebesgue measure (normalising the total mass to $1$ loses nothing;
a density $f$ is the same as absolute continuity). A hyperplane is
$\{x : \langle a, x\rangle = c\}$ with $a \ne 0$; the $16$ parts are the intersections of one
closed half-space of each hyperplane (hyperplanes are null sets, so closed or open half-spaces
give the same measures).
-/

namespace FrontierBench.N49

/-- The part of `ℝ⁴` selected by the sign pattern `σ`: the intersection, over `i`, of the
closed half-space `⟨a i, x⟩ ≥ c i` (if `σ i`) or `⟨a i, x⟩ ≤ c i` (otherwise). -/
def orthantPart (a : Fin 4 → Fin 4 → ℝ) (c : Fin 4 → ℝ) (σ : Fin 4 → Bool) :
    Set (Fin 4 → ℝ) :=
  {x | ∀ i : Fin 4, if σ i then c i ≤ ∑ j, a i j * x j else ∑ j, a i j * x j ≤ c i}

/-- Every absolutely continuous probability measure `μ` on `ℝ⁴` admits four hyperplanes
`⟨a i, x⟩ = c i` (`a i ≠ 0`) such that each of the `16` parts `orthantPart a c σ` has
measure `1/16`. -/
theorem main : answer(sorry) ↔
    ∀ μ : MeasureTheory.Measure (Fin 4 → ℝ), MeasureTheory.IsProbabilityMeasure μ →
      μ.AbsolutelyContinuous MeasureTheory.volume →
      ∃ (a : Fin 4 → Fin 4 → ℝ) (c : Fin 4 → ℝ), (∀ i, a i ≠ 0) ∧
        ∀ σ : Fin 4 → Bool, μ (orthantPart a c σ) = 1 / 16 := by
  sorry

end FrontierBench.N49
