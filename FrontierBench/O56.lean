import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O56 — Are Mahler measures of integer polynomials bounded away from 1?

Lehmer's problem. For a polynomial $f(x) = a \prod_{i=1}^{d} (x - \alpha_i)$ with complex
coefficients, its Mahler measure is $M(f) = |a| \prod_{i=1}^{d} \max(1, |\alpha_i|)$.
Lehmer asked whether, for every $\varepsilon > 0$, there is a polynomial with integer
coefficients whose Mahler measure lies strictly between $1$ and $1 + \varepsilon$.
Equivalently: is there a constant $\mu > 1$ such that every polynomial $f \in \mathbb{Z}[x]$
with $M(f) > 1$ satisfies $M(f) \ge \mu$? The statement below is this second form.

*Wording:* paraphrase of Lehmer (1933).

*Source:* D. H. Lehmer, Factorization of certain cyclotomic functions, Ann. of Math. (2) 34
(1933), 461–479.

*Scope:* Lehmer phrases the question for monic integer polynomials (the product of the roots
outside the unit circle); here all of $\mathbb{Z}[x]$ is allowed, which is equivalent because a
nonzero non-monic integer polynomial has $M(f) \ge |a| \ge 2$. The Mahler measure is Mathlib's
`Polynomial.mahlerMeasure` of the image in $\mathbb{C}[x]$.
-/

namespace FrontierBench.O56

/-- The Mahler measure of an integer polynomial, computed in `ℂ[X]`. -/
noncomputable def intMahlerMeasure (f : Polynomial ℤ) : ℝ :=
  (f.map (Int.castRingHom ℂ)).mahlerMeasure

/-- There is a real `μ > 1` such that every integer polynomial whose Mahler measure exceeds `1`
has Mahler measure at least `μ`. -/
theorem main : answer(sorry) ↔
    ∃ μ : ℝ, 1 < μ ∧ ∀ f : Polynomial ℤ, 1 < intMahlerMeasure f → μ ≤ intMahlerMeasure f := by
  sorry

end FrontierBench.O56
