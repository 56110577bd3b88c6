import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R28 — Does f(A+B) ≤ U f(A) U* + V f(B) V* hold for every concave f on [0,∞) with f(0) ≥ 0, without monotonicity?

For complex $n \times n$ matrices write $X \preceq Y$ when $Y - X$ is positive semidefinite, and
for a Hermitian matrix $A$ and a real function $f$ let $f(A)$ be obtained by applying $f$ to the
eigenvalues in a spectral decomposition of $A$. For concave functions $f$ on $[0,\infty)$ that
are nonnegative (equivalently: concave, nondecreasing and $f(0) \ge 0$), Aujla and Bourin, and
Bourin and Lee, show that for all positive semidefinite $A, B$ there are unitaries $U, V$ with
$$f(A+B) \preceq U f(A) U^* + V f(B) V^*.$$
Audenaert and Kittaneh ask whether the monotonicity of $f$ can be dropped: for every integer
$n \ge 1$, all positive semidefinite $A, B \in \mathbb{C}^{n\times n}$ and every real-valued
concave function $f : [0,\infty) \to \mathbb{R}$ with $f(0) \ge 0$, must there exist unitary
matrices $U, V \in \mathbb{C}^{n\times n}$ such that
$f(A+B) \preceq U f(A) U^* + V f(B) V^*$? The function is not assumed nonnegative on all of
$[0,\infty)$, and the unitaries may depend on $A$, $B$ and $f$.

*Wording:* paraphrase of the problem statement of Open Problems in Numerical Linear Algebra,
entry MI-26, which restates Audenaert–Kittaneh, §2, Problem 5.

*Source:* K. M. R. Audenaert and F. Kittaneh, Problems and Conjectures in Matrix and Operator
Inequalities, arXiv:1201.5232v3 (2012), §2, Problem 5; J.-C. Bourin and E.-Y. Lee, Unitary orbits
of Hermitian operators with convex or concave functions, Bull. Lond. Math. Soc. 44 (2012),
1085–1102, Theorem 3.1 and Remark 3.13.

*Scope:* as posed, with these renderings. `f` is a function `ℝ → ℝ` that is concave on
$[0,\infty)$; its values on negative reals never enter, since only eigenvalues of positive
semidefinite matrices are substituted. The matrix $f(M)$ of a Hermitian $M$ is given through the
relation `IsSpectralImage f M F` ($M = W \operatorname{diag}(d) W^*$ and
$F = W \operatorname{diag}(f \circ d) W^*$ for some unitary $W$ and real $d$); such $W, d$ exist
and $F$ does not depend on their choice, so `F` is exactly $f(M)$. The dimension $n = 0$ is
included; there the inequality holds trivially.
-/

namespace FrontierBench.R28

open scoped ComplexOrder

/-- `F` is the matrix `f(M)` obtained by applying `f` to the eigenvalues of `M` in a spectral
decomposition: for some unitary `W` and real vector `d`, `M = W * diag(d) * Wᴴ` and
`F = W * diag(f ∘ d) * Wᴴ`. For a Hermitian `M` such `W`, `d` exist (spectral theorem), `d` lists
the eigenvalues of `M`, and `F` does not depend on the choice of `W`, `d` (it equals `p(M)` for any
polynomial `p` that agrees with `f` on the eigenvalues). -/
def IsSpectralImage {n : ℕ} (f : ℝ → ℝ) (M F : Matrix (Fin n) (Fin n) ℂ) : Prop :=
  ∃ (W : Matrix (Fin n) (Fin n) ℂ) (d : Fin n → ℝ), W ∈ Matrix.unitaryGroup (Fin n) ℂ ∧
    M = W * Matrix.diagonal (fun i => (d i : ℂ)) * Matrix.conjTranspose W ∧
    F = W * Matrix.diagonal (fun i => (f (d i) : ℂ)) * Matrix.conjTranspose W

/-- For every dimension `n`, all positive semidefinite `A, B : ℂ^{n×n}` and every `f : ℝ → ℝ`
that is concave on `[0, ∞)` with `f 0 ≥ 0`, writing `FA = f(A)`, `FB = f(B)`, `FS = f(A + B)`,
there are unitaries `U, V` such that `U * FA * Uᴴ + V * FB * Vᴴ - FS` is positive semidefinite. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (A B : Matrix (Fin n) (Fin n) ℂ) (f : ℝ → ℝ),
      A.PosSemidef → B.PosSemidef → ConcaveOn ℝ (Set.Ici 0) f → 0 ≤ f 0 →
      ∀ FA FB FS : Matrix (Fin n) (Fin n) ℂ,
        IsSpectralImage f A FA → IsSpectralImage f B FB → IsSpectralImage f (A + B) FS →
        ∃ U ∈ Matrix.unitaryGroup (Fin n) ℂ, ∃ V ∈ Matrix.unitaryGroup (Fin n) ℂ,
          (U * FA * Matrix.conjTranspose U + V * FB * Matrix.conjTranspose V - FS).PosSemidef := by
  sorry

end FrontierBench.R28
