import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N50 — Is the existence of a sums-of-squares formula of type $[r, s, n]$ independent of the base field (of characteristic $\ne 2$)?

Let $F$ be a field of characteristic different from $2$. A sums-of-squares formula of type
$[r, s, n]$ over $F$ is an identity
$$(x_1^2 + \cdots + x_r^2)(y_1^2 + \cdots + y_s^2) = z_1^2 + \cdots + z_n^2$$
in the polynomial ring $F[x_1, \ldots, x_r, y_1, \ldots, y_s]$, where each $z_k$ is a bilinear
expression in the $x$'s and $y$'s with coefficients in $F$ (Hurwitz's problem asks for which
$[r, s, n]$ such formulas exist). Shapiro conjectured that the answer does not depend on the
field: for fields $F$ and $K$ of characteristic $\ne 2$, a formula of type $[r, s, n]$ exists
over $F$ if and only if one exists over $K$.

*Wording:* paraphrase; the definition follows Dugger and Isaksen ("an identity … in the
polynomial ring $F[x_1, \ldots, x_r, y_1, \ldots, y_s]$, where the $z_i$'s are bilinear
expressions in the $x$'s and $y$'s"), and the open question is stated by M. Lynn ("Whether
existence of a sums-of-squares formula depends on the base ring or field remains an open
question").

*Source:* D. B. Shapiro, Compositions of Quadratic Forms, de Gruyter, 2000; D. Dugger and
D. C. Isaksen, Algebraic K-theory and sums-of-squares formulas; M. Lynn, A constraint
propagation algorithm for sums-of-squares formulas over the integers, arXiv:1810.05163.

*Scope:* fields are taken in the universe `Type` and "characteristic $\ne 2$" is
`ringChar F ≠ 2`. A formula of type $[r, s, n]$ is a coefficient array
`c : Fin n → Fin r → Fin s → F` with $z_k = \sum_{i,j} c_{k,i,j} x_i y_j$ satisfying the identity
in `MvPolynomial (Fin r ⊕ Fin s) F` (an identity of polynomials, not merely of functions, which
matters over finite fields).
-/

namespace FrontierBench.N50

/-- There is a sums-of-squares formula of type `[r, s, n]` over `F`: bilinear forms
`z k = ∑ i j, c k i j * x i * y j` with `(∑ i, x i ^ 2) * (∑ j, y j ^ 2) = ∑ k, z k ^ 2` in
`F[x_1, …, x_r, y_1, …, y_s]`, the variables `x i`, `y j` being `X (Sum.inl i)`,
`X (Sum.inr j)`. -/
def HasSumOfSquaresFormula (F : Type) [Field F] (r s n : ℕ) : Prop :=
  ∃ c : Fin n → Fin r → Fin s → F,
    (∑ i : Fin r, (MvPolynomial.X (Sum.inl i) : MvPolynomial (Fin r ⊕ Fin s) F) ^ 2) *
        (∑ j : Fin s, (MvPolynomial.X (Sum.inr j) : MvPolynomial (Fin r ⊕ Fin s) F) ^ 2) =
      ∑ k : Fin n, (∑ i : Fin r, ∑ j : Fin s,
        MvPolynomial.C (c k i j) * MvPolynomial.X (Sum.inl i) * MvPolynomial.X (Sum.inr j)) ^ 2

/-- For all `r s n` and all fields `F`, `K` of characteristic different from `2`, a formula of
type `[r, s, n]` exists over `F` if and only if one exists over `K`. -/
theorem main : answer(sorry) ↔
    ∀ (r s n : ℕ) (F K : Type) [Field F] [Field K], ringChar F ≠ 2 → ringChar K ≠ 2 →
      (HasSumOfSquaresFormula F r s n ↔ HasSumOfSquaresFormula K r s n) := by
  sorry

end FrontierBench.N50
