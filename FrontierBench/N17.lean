import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N17 — Is ‖p(A)‖ ≤ 2 · max over W(A) of |p| for every square complex matrix A and every polynomial p?

Crouzeix's conjecture: for every square complex matrix $A$ and every complex polynomial $p$,
$$\|p(A)\| \le 2 \max_{z \in W(A)} |p(z)|,$$
where $\|\cdot\|$ is the operator norm induced by the Euclidean norm and
$W(A) = \{v^* A v : v \in \mathbb{C}^n,\ \|v\| = 1\}$ is the numerical range (field of values)
of $A$.

*Wording:* paraphrase of the conjecture as Crouzeix restates it (arXiv:1601.06159): "In [8],
we have conjectured that its extension $\|p(A)\| \le 2\sup_{z\in W(A)}|p(z)|$ also holds for
all polynomials $p \in \mathbb{C}[z]$", [8] being the 2004 paper below.

*Source:* M. Crouzeix, Bounds for analytical functions of matrices, Integral Equations
Operator Theory 48 (2004), 461–477; M. Crouzeix, Some constants related to numerical ranges,
arXiv:1601.06159.

*Scope:* $n \times n$ matrices are represented as linear operators on `EuclideanSpace ℂ (Fin n)`
(with the operator norm), for $n \ge 1$; the maximum over the compact set $W(A)$ is written as
"every upper bound $M$ of $|p|$ on $W(A)$ satisfies $\|p(A)\| \le 2M$"; the polynomial
form of the conjecture is used.
-/

namespace FrontierBench.N17

/-- For every `n ≥ 1`, every linear operator `T` on `ℂⁿ` with the Euclidean norm (an `n × n`
complex matrix), every complex polynomial `p` and every real `M` bounding `|p|` on the
numerical range `{⟪x, T x⟫ : ‖x‖ = 1}`, the operator norm of `p(T)` is at most `2 M`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ), 1 ≤ n →
      ∀ (T : EuclideanSpace ℂ (Fin n) →L[ℂ] EuclideanSpace ℂ (Fin n)) (p : Polynomial ℂ)
        (M : ℝ),
        (∀ x : EuclideanSpace ℂ (Fin n), ‖x‖ = 1 → ‖p.eval (inner ℂ x (T x))‖ ≤ M) →
        ‖Polynomial.aeval T p‖ ≤ 2 * M := by
  sorry

end FrontierBench.N17
