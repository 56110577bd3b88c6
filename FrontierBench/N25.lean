import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N25 — Is every continuous piecewise-polynomial function on ℝⁿ a sup of infs of finitely many polynomials?

The question of Birkhoff and Pierce (1956), in Mahé's words: "given $h : \mathbb{R}^n \to \mathbb{R}$
continuous, piecewise polynomial, is $h$ definable with polynomials by means of the operations
sup and inf?" Equivalently (Henriksen–Isbell): for every piecewise-polynomial function
$f : \mathbb{R}^n \to \mathbb{R}$, are there finitely many polynomials
$g_{ij} \in \mathbb{R}[x_1, \dots, x_n]$ with $f = \sup_i \inf_j g_{ij}$?
Here $f$ is piecewise polynomial if $\mathbb{R}^n$ is covered by finitely many closed sets on
each of which $f$ agrees with a polynomial.

*Wording:* verbatim from Mahé (1984) for the question, then a paraphrase of the
Henriksen–Isbell formulation.

*Source:* G. Birkhoff, R. S. Pierce, Lattice-ordered rings, An. Acad. Brasil. Ci. 28 (1956),
41–69; M. Henriksen, J. R. Isbell, Lattice-ordered rings and function rings, Pacific J. Math.
12 (1962), 533–565; L. Mahé, Rocky Mountain J. Math. 14 (1984), 983–985.

*Scope:* "continuous piecewise polynomial" is expressed as: $f$ is continuous and there are
finitely many polynomials $g_1, \dots, g_N$ with $f(x) \in \{g_1(x), \dots, g_N(x)\}$ for every
$x$. This is the same class as the functions agreeing with a polynomial on each set of a finite
closed cover (take the closed sets $\{f = g_i\}$; conversely such an $f$ is continuous), and as
the functions agreeing with a polynomial on each set of a finite closed semialgebraic cover.
The numbers of indices $i$ and $j$ are taken nonempty (`Fin (m+1)`, `Fin (k+1)`), with no loss.
-/

namespace FrontierBench.N25

/-- A continuous function `f : ℝⁿ → ℝ` is piecewise polynomial: there are finitely many
polynomials `g 0, …, g (N-1)` such that at every point `f` agrees with one of them. -/
def IsContPiecewisePoly {n : ℕ} (f : (Fin n → ℝ) → ℝ) : Prop :=
  Continuous f ∧ ∃ (N : ℕ) (g : Fin N → MvPolynomial (Fin n) ℝ),
    ∀ x : Fin n → ℝ, ∃ i : Fin N, f x = MvPolynomial.eval x (g i)

/-- For every `n` and every continuous piecewise-polynomial `f : ℝⁿ → ℝ` there are polynomials
`g i j` (finitely many, nonempty index ranges) with `f x = max_i min_j g i j (x)` for all `x`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (f : (Fin n → ℝ) → ℝ), IsContPiecewisePoly f →
      ∃ (m k : ℕ) (g : Fin (m + 1) → Fin (k + 1) → MvPolynomial (Fin n) ℝ),
        ∀ x : Fin n → ℝ, f x = ⨆ i, ⨅ j, MvPolynomial.eval x (g i j) := by
  sorry

end FrontierBench.N25
