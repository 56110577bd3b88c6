import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O31 — Over a field of characteristic zero, does A[X] ≅ k[X₁, …, Xₙ₊₁] imply A ≅ k[X₁, …, Xₙ]?

Let $k$ be a field of characteristic zero and $A$ a commutative $k$-algebra. Zariski's
cancellation question for affine space asks: if the polynomial ring $A[X]$ in one variable over
$A$ is isomorphic, as a $k$-algebra, to the polynomial ring $k[X_1, \dots, X_{n+1}]$, must $A$
be isomorphic, as a $k$-algebra, to $k[X_1, \dots, X_n]$? (Geometrically: if
$V \times \mathbb A^1 \cong \mathbb A^{n+1}$, is $V \cong \mathbb A^n$?)

*Wording:* paraphrase of the algebraic form of the question as recorded in the literature
("if $A[T] \simeq k^{[n]}$ does it follow that $A \simeq k^{[n-1]}$").

*Source:* O. Zariski (question of 1949); H. Kraft, Challenging problems on affine $n$-space,
Séminaire Bourbaki 802 (1995); N. Gupta, The Zariski Cancellation Problem and related problems
in Affine Algebraic Geometry, arXiv:2208.14736.

*Scope:* fields `k` and algebras `A` are taken in `Type`; `A` is a commutative ring with a
`k`-algebra structure (no finiteness assumption: if `A[X]` is finitely generated then so is its
retract `A`). Isomorphisms are `k`-algebra isomorphisms (`≃ₐ[k]`).
-/

namespace FrontierBench.O31

/-- For every field `k` of characteristic zero (in `Type`), every `n` and every commutative
`k`-algebra `A` (in `Type`): if `A[X]` is `k`-isomorphic to the polynomial ring in `n + 1`
variables over `k`, then `A` is `k`-isomorphic to the polynomial ring in `n` variables. -/
theorem main : answer(sorry) ↔
    ∀ (k : Type) [Field k] [CharZero k] (n : ℕ) (A : Type) [CommRing A] [Algebra k A],
      Nonempty (Polynomial A ≃ₐ[k] MvPolynomial (Fin (n + 1)) k) →
        Nonempty (A ≃ₐ[k] MvPolynomial (Fin n) k) := by
  sorry

end FrontierBench.O31
