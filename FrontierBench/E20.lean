import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E20 — Is the maximum of the Lebesgue function on every fixed subinterval at least $(2/\pi - o(1))\log n$?

"For $x_1,\ldots,x_n\in [-1,1]$ let
$$l_k(x)=\frac{\prod_{i\neq k}(x-x_i)}{\prod_{i\neq k}(x_k-x_i)},$$
which are such that $l_k(x_k)=1$ and $l_k(x_i)=0$ for $i\neq k$. Let
$\lambda(x)=\sum_k \lvert l_k(x)\rvert$. Is it true that, for any fixed $-1\leq a< b\leq 1$,
$$\max_{x\in [a,b]}\lambda(x)> \left(\frac{2}{\pi}-o(1)\right)\log n?"$$

For the whole interval $[-1, 1]$ the bound $\max_{[-1,1]} \lambda > \frac{2}{\pi}\log n - O(1)$
is classical and best possible (Chebyshev nodes); the question concerns an arbitrary fixed
subinterval $[a, b]$.

*Wording:* verbatim from the Erdős problems database, Problem #1153 (a question of Erdős and
Turán).

*Source:* P. Erdős and P. Turán (1961), cited by the Erdős problems database as [ErTu61];
Various, Some of Paul's favorite problems, booklet for the conference "Paul Erdős and his
mathematics", Budapest, July 1999, Problem 2.44; T. F. Bloom, Erdős Problems, Problem #1153.

*Scope:* as posed. The nodes $x_1, \ldots, x_n$ are distinct points of $[-1, 1]$ (they must be
distinct for $l_k$ to be defined). The $o(1)$ term depends on $a, b$ but not on the nodes:
for fixed $a < b$ and every $\varepsilon > 0$ there is $N$ such that for all $n \ge N$ and all
node systems some $x \in [a, b]$ has $\lambda(x) > (2/\pi - \varepsilon)\log n$ (the maximum
exists since $\lambda$ is continuous, so "the maximum exceeds $c$" is "some point exceeds $c$").
-/

namespace FrontierBench.E20

/-- The Lebesgue function of the nodes `x : Fin n → ℝ` at the point `t`:
`λ(t) = ∑ₖ |∏_{i ≠ k} (t − xᵢ) / (xₖ − xᵢ)|`, the sum of the absolute values of the Lagrange
basis polynomials `lₖ` at `t`. -/
noncomputable def lebesgueFunction {n : ℕ} (x : Fin n → ℝ) (t : ℝ) : ℝ :=
  ∑ k : Fin n, |∏ i ∈ Finset.univ.erase k, (t - x i) / (x k - x i)|

/-- For all `-1 ≤ a < b ≤ 1` and every `ε > 0` there is `N` such that for every `n ≥ N` and
all distinct nodes `x₁, …, xₙ ∈ [-1, 1]` some `t ∈ [a, b]` has
`λ(t) > (2/π − ε) · log n`. -/
theorem main : answer(sorry) ↔
    ∀ a b : ℝ, -1 ≤ a → a < b → b ≤ 1 → ∀ ε : ℝ, 0 < ε → ∃ N : ℕ, ∀ n : ℕ, N ≤ n →
      ∀ x : Fin n → ℝ, Function.Injective x → (∀ i, x i ∈ Set.Icc (-1 : ℝ) 1) →
        ∃ t ∈ Set.Icc a b, (2 / Real.pi - ε) * Real.log (n : ℝ) < lebesgueFunction x t := by
  sorry

end FrontierBench.E20
