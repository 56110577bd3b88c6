import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R26 — Is the order-oblivious sample complexity of best-arm identification Θ(H(I)(ln δ⁻¹ + Ent(I)))?

In the best-arm identification problem an instance $I$ has $n \ge 2$ arms; pulling arm $i$ gives
an independent reward with law $\mathcal N(\mu_i, 1)$, the means lie in $[0,1]$ and there is a
unique best arm $b$. A $\delta$-correct algorithm samples arms adaptively and must return $b$ with
probability at least $1 - \delta$ on every instance. Write $\Delta_i = \mu_b - \mu_i$,
$H(I) = \sum_{i \ne b} \Delta_i^{-2}$, and group the suboptimal arms dyadically:
$G_k = \{ i \ne b : 2^{-k} \le \Delta_i < 2^{-k+1} \}$, $H_k = \sum_{i \in G_k} \Delta_i^{-2}$,
$p_k = H_k / H(I)$. Chen and Li define the gap entropy
$\mathrm{Ent}(I) = \sum_k p_k \ln(1/p_k)$ (empty groups omitted) and the order-oblivious
instance-wise lower bound
$$\mathcal L(I, \delta) = \inf_{A\ \delta\text{-correct}} \frac{1}{n!} \sum_{\pi \in S_n} T_A(\pi I),$$
where $T_A(I)$ is the expected number of samples of $A$ on $I$ and $\pi I$ is $I$ with its arms
relabelled by $\pi$. Their gap entropy conjecture states that this lower bound is
$$\mathcal L(I, \delta) = \Theta\bigl(H(I)\,(\ln \delta^{-1} + \mathrm{Ent}(I))\bigr)$$
for all instances and all small $\delta$, with universal constants. Is it true?

*Wording:* paraphrase of Chen–Li's Definitions 3.1 and 3.3 and Conjecture 3.5, as recorded in
the COLT 2016 abstract and in later restatements that cite these numbers.

*Source:* L. Chen and J. Li, Open Problem: Best Arm Identification: Almost Instance-Wise
Optimality and the Gap Entropy Conjecture, COLT 2016, PMLR 49, 1643–1646.

*Scope:* only the conjecture on $\mathcal L$ is stated; Chen and Li's separate conjecture of an
almost instance-wise optimal algorithm is not part of this item. The conjecture is stated for
$0 < \delta < 1/10$ with one pair of positive constants for all $n \ge 2$, all instances and all
such $\delta$. Instances are unit-variance Gaussian arms with means in $[0,1]$ and a unique best
arm. Algorithms are formalised as below: decision rules that
are measurable functions of a private random seed and of the observed history, which at every
step either sample an arm or stop and return a label; the seed is one standard Gaussian real
(any private randomness from a standard Borel space can be encoded in it). The rewards are read
from an i.i.d. standard Gaussian sequence `ω`: the `s`-th pull of arm `i` returns
`μ i + ω (1 + n * s + i)`, the seed is `ω 0`. The sample count of a run that never stops is `∞`.
Since the average is over all relabellings, relabelling by `π` or by `π⁻¹` gives the same value.
Logarithms are natural.
-/

namespace FrontierBench.R26

open MeasureTheory ProbabilityTheory
open scoped ENNReal

/-- `μ` is an instance with best arm `b`: all means lie in `[0, 1]` and every other arm has a
strictly smaller mean. -/
def IsInstance {n : ℕ} (μ : Fin n → ℝ) (b : Fin n) : Prop :=
  (∀ i, μ i ∈ Set.Icc (0 : ℝ) 1) ∧ ∀ i, i ≠ b → μ i < μ b

/-- The gap `Δ_i = μ_b - μ_i` of arm `i`. -/
def gap {n : ℕ} (μ : Fin n → ℝ) (b i : Fin n) : ℝ :=
  μ b - μ i

/-- The instance complexity `H(I) = ∑_{i ≠ b} Δ_i⁻²`. -/
noncomputable def complexity {n : ℕ} (μ : Fin n → ℝ) (b : Fin n) : ℝ :=
  ∑ i ∈ Finset.univ.erase b, (gap μ b i ^ 2)⁻¹

/-- The complexity `H_k = ∑_{i ∈ G_k} Δ_i⁻²` of the group `G_k` of suboptimal arms with
`2^{-k} ≤ Δ_i < 2^{-k+1}`. -/
noncomputable def groupComplexity {n : ℕ} (μ : Fin n → ℝ) (b : Fin n) (k : ℕ) : ℝ :=
  ∑ i ∈ (Finset.univ.erase b).filter
      (fun i => (2 : ℝ) ^ (-(k : ℤ)) ≤ gap μ b i ∧ gap μ b i < (2 : ℝ) ^ (-(k : ℤ) + 1)),
    (gap μ b i ^ 2)⁻¹

/-- The gap entropy `Ent(I) = ∑_k p_k ln (1 / p_k)` with `p_k = H_k / H(I)`; empty groups
contribute `0` (only finitely many groups are nonempty). -/
noncomputable def gapEntropy {n : ℕ} (μ : Fin n → ℝ) (b : Fin n) : ℝ :=
  ∑' k : ℕ, Real.negMulLog (groupComplexity μ b k / complexity μ b)

/-- A sequential sampling algorithm for `n` arms. After `t` samples, given its private seed
`u : ℝ` and the history `h : Fin t → Fin n × ℝ` (the arm sampled at each step and the reward
observed), it either samples arm `i` next (`Sum.inl i`) or stops and returns the label `j`
(`Sum.inr j`). Each decision rule is measurable. -/
structure Policy (n : ℕ) where
  /-- The decision after `t` samples. -/
  act : (t : ℕ) → ℝ × (Fin t → Fin n × ℝ) → Fin n ⊕ Fin n
  /-- Decisions are measurable functions of the seed and the history. -/
  measurable_act : ∀ t, Measurable (act t)

/-- The number of times arm `i` was sampled in the history `h`. -/
def pulls {n t : ℕ} (h : Fin t → Fin n × ℝ) (i : Fin n) : ℕ :=
  (Finset.univ.filter fun s => (h s).1 = i).card

/-- The history after `t` steps of running `A` on the means `μ` with randomness `ω`: the seed is
`ω 0`, and the `s`-th sample of arm `i` has reward `μ i + ω (1 + n * s + i)`. (Once `A` has
decided to stop, the run is over; the entries recorded afterwards are never used.) -/
noncomputable def history {n : ℕ} (A : Policy n) (μ : Fin n → ℝ) (ω : ℕ → ℝ) :
    (t : ℕ) → Fin t → Fin n × ℝ
  | 0 => Fin.elim0
  | t + 1 =>
    let h := history A μ ω t
    let a : Fin n := Sum.elim id id (A.act t (ω 0, h))
    fun s => if hs : s.val < t then h ⟨s.val, hs⟩
      else (a, μ a + ω (1 + n * pulls h a + (a : ℕ)))

/-- `A` decides to stop at step `t` (after `t` samples) when run on `μ` with randomness `ω`. -/
def StopsAt {n : ℕ} (A : Policy n) (μ : Fin n → ℝ) (ω : ℕ → ℝ) (t : ℕ) : Prop :=
  ∃ j, A.act t (ω 0, history A μ ω t) = Sum.inr j

/-- The number of samples taken: the first step at which `A` stops, or `∞` if it never stops. -/
noncomputable def sampleCount {n : ℕ} (A : Policy n) (μ : Fin n → ℝ) (ω : ℕ → ℝ) : ℝ≥0∞ :=
  ⨅ (t : ℕ) (_ : StopsAt A μ ω t), (t : ℝ≥0∞)

/-- The run stops (for the first time) and returns the label `j`. -/
def Returns {n : ℕ} (A : Policy n) (μ : Fin n → ℝ) (ω : ℕ → ℝ) (j : Fin n) : Prop :=
  ∃ t, (∀ s < t, ¬ StopsAt A μ ω s) ∧ A.act t (ω 0, history A μ ω t) = Sum.inr j

/-- The law of the randomness: an i.i.d. sequence of standard Gaussian reals. -/
noncomputable def noise : Measure (ℕ → ℝ) :=
  Measure.infinitePi (fun _ : ℕ => gaussianReal 0 1)

/-- `A` is `δ`-correct: on every instance it returns the best arm with probability at least
`1 - δ`. -/
def IsCorrect {n : ℕ} (A : Policy n) (δ : ℝ) : Prop :=
  ∀ (μ : Fin n → ℝ) (b : Fin n), IsInstance μ b →
    ENNReal.ofReal (1 - δ) ≤ noise {ω | Returns A μ ω b}

/-- The expected number of samples `T_A(I)` of `A` on the means `μ`. -/
noncomputable def expectedSamples {n : ℕ} (A : Policy n) (μ : Fin n → ℝ) : ℝ≥0∞ :=
  ∫⁻ ω, sampleCount A μ ω ∂noise

/-- The order-oblivious instance-wise lower bound `𝓛(I, δ)`: the infimum, over `δ`-correct
algorithms, of the expected sample count averaged over all relabellings of the arms. -/
noncomputable def benchmark {n : ℕ} (μ : Fin n → ℝ) (δ : ℝ) : ℝ≥0∞ :=
  ⨅ (A : Policy n) (_ : IsCorrect A δ),
    (∑ π : Equiv.Perm (Fin n), expectedSamples A (μ ∘ π)) / (n.factorial : ℝ≥0∞)

/-- There are constants `0 < c₁, c₂` such that for every `n ≥ 2`, every instance `μ` with best
arm `b` and every `0 < δ < 1/10`,
`c₁ H(I) (ln δ⁻¹ + Ent(I)) ≤ 𝓛(I, δ) ≤ c₂ H(I) (ln δ⁻¹ + Ent(I))`. -/
theorem main : answer(sorry) ↔
    ∃ c₁ c₂ : ℝ, 0 < c₁ ∧ 0 < c₂ ∧
      ∀ (n : ℕ), 2 ≤ n → ∀ (μ : Fin n → ℝ) (b : Fin n), IsInstance μ b →
        ∀ δ : ℝ, 0 < δ → δ < 1 / 10 →
          ENNReal.ofReal (c₁ * complexity μ b * (Real.log (1 / δ) + gapEntropy μ b)) ≤
              benchmark μ δ ∧
            benchmark μ δ ≤
              ENNReal.ofReal (c₂ * complexity μ b * (Real.log (1 / δ) + gapEntropy μ b)) := by
  sorry

end FrontierBench.R26
