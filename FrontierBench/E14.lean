import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E14 — Can the exponential-sum limsups satisfy $A_k = o(k)$?

"Let $x_1,x_2,\ldots \in (0,1)$ be an infinite sequence and let
$$A_k=\limsup_{n\to \infty}\left\lvert \sum_{j\leq n} e(kx_j)\right\rvert,$$
where $e(x)=e^{2\pi ix}$. [...] Is it possible for $A_k=o(k)$?"

That is: is there a sequence $x_1, x_2, \ldots \in (0,1)$ with $A_k / k \to 0$ as
$k \to \infty$ (so in particular $A_k < \infty$ for all large $k$)?

*Wording:* verbatim from the Erdős problems database, Problem #987 (second question; the
omitted first question asks whether $\limsup_{k\to\infty} A_k = \infty$). The quantity
$A_k$ and the sequence in $(0,1)$ are as in Erdős [Er64b]; Problem 7.21 of Hayman's list
[Ha74].

*Source:* P. Erdős, Problems and results on diophantine approximations, Compositio Math. 16
(1964), 52–65 [Er64b]; W. K. Hayman, Research problems in function theory: new problems,
in: Proceedings of the Symposium on Complex Analysis (Canterbury, 1973), London Math. Soc.
Lecture Note Ser. 12 (1974), 155–180, Problem 7.21 [Ha74]; T. F. Bloom, Erdős Problems,
Problem #987.

*Scope:* the second question of Problem #987. The sequence is indexed from $0$, the partial
sums are $\sum_{j<n}$, and $A_k$ is the limsup in $[0, \infty]$ (`ENNReal`);
$A_k = o(k)$ is spelled out as: for every $\varepsilon > 0$, $A_k \le \varepsilon k$ for all
large $k$.
-/

namespace FrontierBench.E14

/-- The exponential sum $\sum_{j<n} e(k x_j)$, with $e(y) = e^{2\pi i y}$. -/
noncomputable def expPartialSum (x : ℕ → ℝ) (k n : ℕ) : ℂ :=
  ∑ j ∈ Finset.range n,
    Complex.exp (2 * (Real.pi : ℂ) * Complex.I * (((k : ℝ) * x j : ℝ) : ℂ))

/-- $A_k = \limsup_{n\to\infty} \left|\sum_{j<n} e(k x_j)\right|$, as a value in
$[0, \infty]$. -/
noncomputable def limsupExpSum (x : ℕ → ℝ) (k : ℕ) : ENNReal :=
  Filter.limsup (fun n : ℕ => ENNReal.ofReal ‖expPartialSum x k n‖) Filter.atTop

/-- There is a sequence `x` with all terms in `(0, 1)` such that for every `ε > 0`,
`A_k ≤ ε k` for all sufficiently large `k` (that is, `A_k = o(k)`). -/
theorem main : answer(sorry) ↔
    ∃ x : ℕ → ℝ, (∀ j : ℕ, x j ∈ Set.Ioo (0 : ℝ) 1) ∧
      ∀ ε : ℝ, 0 < ε → ∀ᶠ k : ℕ in Filter.atTop,
        limsupExpSum x k ≤ ENNReal.ofReal (ε * (k : ℝ)) := by
  sorry

end FrontierBench.E14
