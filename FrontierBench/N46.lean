import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N46 — Is the McEliece–Rodemich–Rumsey–Welch bound strict at every δ ∈ (0, 1/2)?

Let $A(n, d)$ be the largest size of a binary code $C \subseteq \{0,1\}^n$ with minimum
Hamming distance at least $d$, and for $0 < \delta < 1/2$ let
$$R(\delta) = \limsup_{n \to \infty} \frac{1}{n} \log_2 A(n, \lceil \delta n \rceil)$$
be the asymptotic maximal rate. With $H_2$ the binary entropy function (base 2) and
$g(v) = H_2\!\left(\tfrac{1 - \sqrt{1 - v}}{2}\right)$, McEliece, Rodemich, Rumsey and Welch
proved
$$R(\delta) \le M(\delta) := \min_{0 \le u \le 1 - 2\delta}
  \bigl[\,1 + g(u^2) - g(u^2 + 2\delta u + 2\delta)\,\bigr],$$
whose endpoint $u = 1 - 2\delta$ is the first linear-programming bound
$H_2\!\left(\tfrac12 - \sqrt{\delta(1-\delta)}\right)$. Is this bound strict at every
relative distance, i.e. is $R(\delta) < M(\delta)$ for every $0 < \delta < 1/2$?

*Wording:* paraphrase; the bound is the one of McEliece–Rodemich–Rumsey–Welch (1977), in
its optimized (second linear-programming bound) form.

*Source:* the bound: R. J. McEliece, E. R. Rodemich, H. Rumsey Jr. and L. R. Welch, New upper
bounds on the rate of a code via the Delsarte–MacWilliams inequalities, IEEE Trans. Inform.
Theory 23 (1977), 157–166. The question whether it can be improved is the long-standing open
problem stated e.g. by L. N. Coregliano, F. G. Jeronimo and C. Jones, A complete linear
programming hierarchy for linear codes, ITCS 2022 (LIPIcs 215), §1.

*Scope:* the bound is taken in its optimized form $M(\delta)$ (minimum over $u$), which is at
most the first bound; the rate uses $\lceil \delta n \rceil$ (replacing it by
$\lfloor \delta n \rfloor$ does not change $R$). Logarithms to base 2 via `Real.logb 2`, and
$H_2(x) = $ `Real.binEntropy x / Real.log 2`.
-/

namespace FrontierBench.N46

/-- `A(n, d)`: the largest size of a set of binary words of length `n` whose distinct members
are at Hamming distance at least `d` (at most `2 ^ n`). -/
noncomputable def maxCodeSize (n d : ℕ) : ℕ :=
  sSup {k : ℕ | ∃ C : Finset (Fin n → Bool), C.card = k ∧
    ∀ x ∈ C, ∀ y ∈ C, x ≠ y → d ≤ hammingDist x y}

/-- The asymptotic maximal rate `R(δ) = limsup_{n → ∞} (1/n) log₂ A(n, ⌈δ n⌉)`. -/
noncomputable def rate (δ : ℝ) : ℝ :=
  Filter.limsup
    (fun n : ℕ => Real.logb 2 (maxCodeSize n ⌈δ * (n : ℝ)⌉₊ : ℝ) / (n : ℝ)) Filter.atTop

/-- The binary entropy function with logarithms to base 2. -/
noncomputable def entropy2 (x : ℝ) : ℝ :=
  Real.binEntropy x / Real.log 2

/-- `g(v) = H₂((1 - √(1 - v)) / 2)`. -/
noncomputable def gAux (v : ℝ) : ℝ :=
  entropy2 ((1 - Real.sqrt (1 - v)) / 2)

/-- The McEliece–Rodemich–Rumsey–Welch bound
`M(δ) = min_{0 ≤ u ≤ 1 - 2δ} (1 + g(u²) - g(u² + 2δu + 2δ))`, written as an infimum over the
compact interval (where the continuous objective attains its minimum). -/
noncomputable def mrrwBound (δ : ℝ) : ℝ :=
  sInf ((fun u : ℝ => 1 + gAux (u ^ 2) - gAux (u ^ 2 + 2 * δ * u + 2 * δ)) ''
    Set.Icc 0 (1 - 2 * δ))

/-- For every `δ` with `0 < δ < 1/2`, the rate `R(δ)` is strictly smaller than the
McEliece–Rodemich–Rumsey–Welch bound `M(δ)`. -/
theorem main : answer(sorry) ↔ ∀ δ : ℝ, 0 < δ → δ < 1 / 2 → rate δ < mrrwBound δ := by
  sorry

end FrontierBench.N46
