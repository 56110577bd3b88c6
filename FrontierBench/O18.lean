import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O18 — Does det(A + B) lie in the convex hull of the products ∏ (aᵢ + b_σ(i)) for normal A, B?

Let $A, B$ be $n \times n$ normal complex matrices with eigenvalues $a_1, \dots, a_n$ and
$b_1, \dots, b_n$ respectively (with multiplicity). Does $\det(A + B)$ always lie in the
convex hull of the $n!$ points
$$\prod_{i=1}^{n} \bigl(a_i + b_{\sigma(i)}\bigr), \qquad \sigma \in S_n \,?$$

A complex matrix is normal exactly when it is unitarily diagonalizable, so the normal matrices
with eigenvalues $a_1, \dots, a_n$ are exactly the matrices $U \operatorname{diag}(a) U^*$ with
$U$ unitary. The statement below uses this description.

*Wording:* paraphrase of the question as recorded by Wikipedia ("whether the determinant of a
sum $A + B$ of two $n$-by-$n$ normal complex matrices $A$ and $B$ lies in the convex hull of the
$n!$ points $\prod_i (\lambda(A)_i + \lambda(B)_{\sigma(i)})$, where the numbers $\lambda(A)_i$
and $\lambda(B)_i$ are the eigenvalues of $A$ and $B$, and $\sigma$ is an element of the symmetric
group $S_n$").

*Source:* M. Marcus, Derivations, Plücker relations, and the numerical range, Indiana Univ.
Math. J. 22 (1972/73), 1137–1149; G. N. de Oliveira, Research problem: Normal matrices,
Linear and Multilinear Algebra 12 (1982), 153–154; X. Zhan, Open problems in matrix theory
(2008).

*Scope:* as posed. Normal matrices are written as $U \operatorname{diag}(a) U^*$ with $U$ in
Mathlib's `Matrix.unitaryGroup`; the convex hull is taken in `ℂ` over `ℝ`.
-/

namespace FrontierBench.O18

/-- For every `n`, all unitary `U, V` and all `a, b : Fin n → ℂ`, the determinant of
`U diag(a) U* + V diag(b) V*` lies in the real convex hull of the numbers
`∏ i, (a i + b (σ i))`, `σ` a permutation of `Fin n`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (U V : Matrix (Fin n) (Fin n) ℂ),
      U ∈ Matrix.unitaryGroup (Fin n) ℂ → V ∈ Matrix.unitaryGroup (Fin n) ℂ →
      ∀ a b : Fin n → ℂ,
        (U * Matrix.diagonal a * star U + V * Matrix.diagonal b * star V).det ∈
          convexHull ℝ (Set.range fun σ : Equiv.Perm (Fin n) => ∏ i, (a i + b (σ i))) := by
  sorry

end FrontierBench.O18
