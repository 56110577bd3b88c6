import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N43 — For unimodular $z_i$ and $M_n = \max_{|z|=1} \prod_{i \le n} |z - z_i|$, is $\sum_{k \le n} M_k > n^{1+c}$ for all large $n$?

Erdős Problem #119 (third question): "Let $z_i$ be an infinite sequence of complex numbers such
that $\lvert z_i\rvert=1$ for all $i\geq 1$, and for $n\geq 1$ let
$$p_n(z)=\prod_{i\leq n} (z-z_i).$$
Let $M_n=\max_{\lvert z\rvert=1}\lvert p_n(z)\rvert$. … Is it true that there exists $c>0$ such
that, for all large $n$, $$\sum_{k\leq n}M_k > n^{1+c}?$$"

The first two questions of the problem ask whether $\limsup M_n=\infty$ and whether $M_n > n^c$
for infinitely many $n$; the question here is the third one, asked for every such sequence.

*Wording:* verbatim from the Erdős problems database, Problem #119 (stored copy of the page,
accessed 2025-11-15).

*Source:* W. K. Hayman, Research problems in function theory: new problems (1974), Problem
4.1; P. Erdős, Some unsolved problems, in: Combinatorics, geometry and probability (Cambridge,
1993), 1997, 1–10; T. F. Bloom, Erdős Problems, Problem #119.

*Scope:* as posed. The sequence $z_1, z_2, \ldots$ is `z 0, z 1, …` (so $p_n$ is the product
over the first $n$ terms), the constant $c$ may depend on the sequence, and "for all large
$n$" is `Filter.Eventually` along `Filter.atTop`. $M_n$ is the supremum of $|p_n|$ over the
unit circle (a maximum, by compactness).
-/

namespace FrontierBench.N43

/-- `p_n(w) = ∏_{i < n} (w - z i)`: the monic polynomial whose zeros are the first `n` terms of
the sequence `z`, evaluated at `w`. -/
def partialProduct (z : ℕ → ℂ) (n : ℕ) (w : ℂ) : ℂ :=
  ∏ i ∈ Finset.range n, (w - z i)

/-- `M_n = max_{|w| = 1} |p_n(w)|`, written as the supremum over the unit circle. -/
noncomputable def maxModulus (z : ℕ → ℂ) (n : ℕ) : ℝ :=
  sSup ((fun w : ℂ => ‖partialProduct z n w‖) '' Metric.sphere (0 : ℂ) 1)

/-- For every sequence of unimodular complex numbers there is `c > 0` such that
`∑_{k=1}^{n} M_k > n ^ (1 + c)` for all sufficiently large `n`. -/
theorem main : answer(sorry) ↔
    ∀ z : ℕ → ℂ, (∀ i, ‖z i‖ = 1) →
      ∃ c : ℝ, 0 < c ∧ ∀ᶠ n : ℕ in Filter.atTop,
        (n : ℝ) ^ (1 + c) < ∑ k ∈ Finset.Icc 1 n, maxModulus z k := by
  sorry

end FrontierBench.N43
