import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N52 — Is I(b(Xⁿ); Yⁿ) ≤ 1 − H(α) for every Boolean function b?

The Courtade–Kumar "most informative Boolean function" conjecture. Quoting the posing source:
"let $X^n$ be i.i.d. Bernoulli(1/2), and let $Y^n$ be the result of passing $X^n$ through a
memoryless binary symmetric channel with crossover probability $\alpha$. For any Boolean
function $b:\{0,1\}^n\rightarrow \{0,1\}$, we conjecture that
$I(b(X^n);Y^n)\leq 1-H(\alpha)$."

Here $H$ is the binary entropy function and $I$ the mutual information, both in bits. Is the
conjecture true for every $n$, every crossover probability $\alpha$ and every Boolean
function $b$?

*Wording:* verbatim from the abstract of Kumar–Courtade (2013) for the quoted part.

*Source:* G. R. Kumar and T. A. Courtade, Which Boolean functions are most informative?,
Proc. IEEE ISIT 2013, arXiv:1302.2512; T. A. Courtade and G. R. Kumar, Which Boolean
functions maximize mutual information on noisy inputs?, IEEE Trans. Inform. Theory 60
(2014), 4515–4525.

*Scope:* as posed, with information measured in nats (both sides multiplied by $\ln 2$):
the bound reads $I \le \ln 2 - h(\alpha)$ with $h$ = `Real.binEntropy`. $\{0,1\}^n$ is
`Fin n → Bool`; the mutual information is written out explicitly from the joint law of
$(b(X^n), Y^n)$.
-/

namespace FrontierBench.N52

/-- Transition probability of `n` independent uses of a binary symmetric channel with
crossover probability `α`: the probability that input `x` is received as `y`. -/
noncomputable def channelProb {n : ℕ} (α : ℝ) (x y : Fin n → Bool) : ℝ :=
  ∏ i, if x i = y i then 1 - α else α

/-- Joint probability `P(b(X) = c, Y = y)` for `X` uniform on `{0,1}ⁿ` and `Y` the channel
output. -/
noncomputable def jointProb {n : ℕ} (α : ℝ) (b : (Fin n → Bool) → Bool) (c : Bool)
    (y : Fin n → Bool) : ℝ :=
  ∑ x ∈ Finset.univ.filter (fun x => b x = c), ((2 : ℝ) ^ n)⁻¹ * channelProb α x y

/-- Marginal probability `P(b(X) = c)`. -/
noncomputable def valueProb {n : ℕ} (b : (Fin n → Bool) → Bool) (c : Bool) : ℝ :=
  ((Finset.univ.filter (fun x => b x = c)).card : ℝ) / (2 : ℝ) ^ n

/-- Marginal probability `P(Y = y)` of the channel output. -/
noncomputable def outputProb {n : ℕ} (α : ℝ) (y : Fin n → Bool) : ℝ :=
  ∑ x, ((2 : ℝ) ^ n)⁻¹ * channelProb α x y

/-- The mutual information `I(b(X); Y)` in nats,
`∑_{c, y} P(c, y) log (P(c, y) / (P(c) P(y)))`; terms with `P(c, y) = 0` contribute `0`. -/
noncomputable def mutualInfo {n : ℕ} (α : ℝ) (b : (Fin n → Bool) → Bool) : ℝ :=
  ∑ c : Bool, ∑ y : Fin n → Bool,
    jointProb α b c y * Real.log (jointProb α b c y / (valueProb b c * outputProb α y))

/-- For every `n`, every crossover probability `0 ≤ α ≤ 1` and every Boolean function
`b : {0,1}ⁿ → {0,1}`, `I(b(X); Y) ≤ log 2 - h(α)` (natural logarithms). -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (α : ℝ), 0 ≤ α → α ≤ 1 → ∀ b : (Fin n → Bool) → Bool,
      mutualInfo α b ≤ Real.log 2 - Real.binEntropy α := by
  sorry

end FrontierBench.N52
