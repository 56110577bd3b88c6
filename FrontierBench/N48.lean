import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N48 — If $K \subset \mathbb{R}^n$ is compact, balanced and $\gamma_n(K) \ge 0.99$, must $K + \cdots + K$ ($10$ summands) contain a compact convex $C$ with $\gamma_n(C) \ge 0.01$?

Talagrand's convexity problem, in the finite-dimensional form asked here: let
$K \subset \mathbb{R}^n$ be a balanced compact set (that is, $\lambda K \subseteq K$ whenever
$|\lambda| \le 1$) whose standard Gaussian measure satisfies $\gamma_n(K) \ge 0.99$. Does the
$10$-fold sumset $K + K + \cdots + K$ contain a compact convex set $C$ with
$\gamma_n(C) \ge 0.01$? The question is asked uniformly in the dimension $n$.

Green's list states it in infinite dimensions: for a balanced compact $K \subset \mathbb{R}^{\mathbb{N}}$
whose normalised Gaussian measure $\gamma_\infty(K)$ is at least $0.99$, does "$10K$ (say)"
contain a compact convex set $C$ with $\gamma_\infty(C) \ge 0.01$?

Talagrand's own formulation: is there an integer $q$ such that for all $N$ and every compact
balanced $A \subseteq \mathbb{R}^N$ with $\gamma_N(A) \ge 1/2$ one can find a convex compact
$C \subseteq A + \cdots + A$ ($q$ terms) with $\gamma_N(C) \ge 1/2$? "Even if the constant
$L$ is large one cannot always find such a $C$ inside $L(A + A)$."

*Wording:* paraphrase. Green's wording (B. Green, 100 open problems, Problem 54: $\mathbb{R}^{\mathbb{N}}$,
$\gamma_\infty$, "$10K$ (say)") is known here only as reproduced in public formal statements of
that problem and in a public request to formalize it (Green's text itself was not opened); the
finite-dimensional form above is Talagrand's, whose formulation and remark on $L(A+A)$ are
quoted from his prize problem "Create convexity in 3 (or 100?) steps only!".

*Source:* M. Talagrand, Are all sets of positive measure essentially convex?, in: Geometric
aspects of functional analysis (Israel, 1992–1994), Oper. Theory Adv. Appl. 77, Birkhäuser,
1995, 295–310; B. Green, 100 open problems (manuscript), Problem 54.

*Scope:* two differences from Green's wording. (1) Dimension: Green asks in
$\mathbb{R}^{\mathbb{N}}$ with the infinite product Gaussian measure $\gamma_\infty$; here the
question is asked in $\mathbb{R}^n$ with $\gamma_n$ for every $n$, uniformly in $n$ (Talagrand's
formulation). (2) The constant: Green's "$10K$ (say)" leaves the number of summands open
("say"); here it is fixed at $10$, with the thresholds $0.99$ and $0.01$. $10K$ in Green's
notation is read as the $10$-fold sumset $K + \cdots + K$ (for balanced $K$ it contains the
dilate $10 \cdot K$). The reading of $10K$ as the dilate $10 \cdot K$, taken by a public formal
statement of the problem, was considered and rejected: Green's problem restates Talagrand's
question, which is about sums $A + \cdots + A$ of copies of the set. $\mathbb{R}^n$ is
`Fin n → ℝ` with the product of $n$ standard Gaussian measures on `ℝ` (compactness, convexity
and balance do not depend on the norm chosen); $n$ ranges over all natural numbers.
-/

namespace FrontierBench.N48

/-- The standard Gaussian measure `γ_n` on `ℝⁿ = Fin n → ℝ`: the product of `n` copies of the
standard normal distribution on `ℝ`. -/
noncomputable def gaussianMeasure (n : ℕ) : MeasureTheory.Measure (Fin n → ℝ) :=
  MeasureTheory.Measure.pi (fun _ : Fin n => ProbabilityTheory.gaussianReal 0 1)

/-- The `q`-fold sumset `K + ⋯ + K` (`q` summands): all sums `v 0 + ⋯ + v (q-1)` of points of
`K`. -/
def iteratedSumset {n : ℕ} (K : Set (Fin n → ℝ)) (q : ℕ) : Set (Fin n → ℝ) :=
  {x | ∃ v : Fin q → (Fin n → ℝ), (∀ i, v i ∈ K) ∧ x = ∑ i, v i}

/-- For every dimension `n` and every compact balanced `K ⊆ ℝⁿ` with `γ_n(K) ≥ 0.99`, the
`10`-fold sumset of `K` contains a compact convex set `C` with `γ_n(C) ≥ 0.01`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (K : Set (Fin n → ℝ)), IsCompact K → Balanced ℝ K →
      (99 : ENNReal) / 100 ≤ gaussianMeasure n K →
      ∃ C : Set (Fin n → ℝ), IsCompact C ∧ Convex ℝ C ∧ C ⊆ iteratedSumset K 10 ∧
        (1 : ENNReal) / 100 ≤ gaussianMeasure n C := by
  sorry

end FrontierBench.N48
