import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N26 — If a polynomial map ℂⁿ → ℂⁿ has constant nonzero Jacobian determinant, must it have a polynomial inverse?

Let $F = (F_1, \dots, F_n) : \mathbb{C}^n \to \mathbb{C}^n$ be a polynomial map, i.e. each
$F_i \in \mathbb{C}[X_1, \dots, X_n]$, and suppose that its Jacobian determinant
$\det\left(\partial F_i / \partial X_j\right)$ is a nonzero constant. Keller asked whether $F$
must then be invertible with a polynomial inverse: is there a polynomial map
$G : \mathbb{C}^n \to \mathbb{C}^n$ with $G \circ F = \mathrm{id}$ and $F \circ G = \mathrm{id}$?
The question is asked for every $n$.

*Wording:* paraphrase of the Jacobian conjecture (Keller 1939) over the complex numbers, in
all dimensions.

*Source:* O.-H. Keller, Ganze Cremona-Transformationen, Monatsh. Math. Phys. 47 (1939),
299–306; H. Bass, E. H. Connell and D. Wright, The Jacobian conjecture: reduction of degree and
formal expansion of the inverse, Bull. Amer. Math. Soc. (N.S.) 7 (1982), 287–330.

*Scope:* as posed, over `ℂ` and for every `n`. Polynomial maps are tuples
`Fin n → MvPolynomial (Fin n) ℂ`; composition is substitution (`MvPolynomial.bind₁`), so
`(F ∘ G)ᵢ = bind₁ G (F i)`; the Jacobian matrix has entries `pderiv j (F i)`, and "nonzero
constant" means equal to `C c` for some `c ≠ 0`.
-/

namespace FrontierBench.N26

/-- The Jacobian matrix `(∂Fᵢ/∂Xⱼ)ᵢⱼ` of a polynomial map `F : ℂⁿ → ℂⁿ`. -/
noncomputable def jacobianMatrix {n : ℕ} (F : Fin n → MvPolynomial (Fin n) ℂ) :
    Matrix (Fin n) (Fin n) (MvPolynomial (Fin n) ℂ) :=
  Matrix.of fun i j => MvPolynomial.pderiv j (F i)

/-- `G` is a two-sided polynomial inverse of `F`: substituting `G` into `F`, and `F` into `G`,
gives the coordinate functions `Xᵢ`. -/
def IsPolynomialInverse {n : ℕ} (F G : Fin n → MvPolynomial (Fin n) ℂ) : Prop :=
  (∀ i, MvPolynomial.bind₁ G (F i) = MvPolynomial.X i) ∧
    ∀ i, MvPolynomial.bind₁ F (G i) = MvPolynomial.X i

/-- For every `n` and every polynomial map `F : ℂⁿ → ℂⁿ` whose Jacobian determinant is a
nonzero constant, `F` has a polynomial inverse. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, ∀ F : Fin n → MvPolynomial (Fin n) ℂ,
      (∃ c : ℂ, c ≠ 0 ∧ (jacobianMatrix F).det = MvPolynomial.C c) →
        ∃ G : Fin n → MvPolynomial (Fin n) ℂ, IsPolynomialInverse F G := by
  sorry

end FrontierBench.N26
