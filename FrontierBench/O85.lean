import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O85 — Are Atiyah's polynomials of $n$ distinct points in $\mathbb{R}^3$ always linearly independent?

Atiyah–Sutcliffe Conjecture 1 (Atiyah's conjecture on configurations of points). Let
$x_1, \dots, x_n$ be distinct points of $\mathbb{R}^3$. For $i \ne j$ let $t_{ij}$ be the point
of the Riemann sphere $\mathbb{C} \cup \{\infty\}$ corresponding, under stereographic
projection, to the unit vector $(x_j - x_i)/|x_j - x_i| \in S^2$, and let $p_{ij}(t)$ be the
linear polynomial $t - t_{ij}$ (the constant $1$ when $t_{ij} = \infty$). Put
$$p_i(t) = \prod_{j \ne i} p_{ij}(t),$$
a polynomial of degree at most $n - 1$. Are the $n$ polynomials $p_1, \dots, p_n$ always
linearly independent over $\mathbb{C}$ (equivalently, is Atiyah's determinant of their
coefficients always nonzero)?

*Wording:* paraphrase of the construction and of the first conjecture as described by
Mazur–Petrenko ("The first conjecture asserts that the determinant never vanishes") and by
Bou Khuzam–Johnson ("The original conjecture of Atiyah was that At does not vanish for all
configurations of distinct points").

*Source:* M. F. Atiyah, Configurations of points, Phil. Trans. R. Soc. Lond. A 359 (2001),
1375–1387; M. F. Atiyah and P. M. Sutcliffe, The geometry of point particles, Proc. R. Soc.
Lond. A 458 (2002), 1089–1115; M. Mazur and B. V. Petrenko, On the conjectures of Atiyah and
Sutcliffe, arXiv:1102.4662.

*Scope:* points are `Fin 3 → ℝ` with the Euclidean length written out. Stereographic
projection is taken from the north pole `(0, 0, 1)`: the direction `v ≠ 0` goes to
`(v₀ + i v₁) / (|v| - v₂)`, and to `∞` when `v` points to the north pole. Other conventions
(projection from the south pole, complex conjugation, normalising each `p_{ij}` by a nonzero
constant, homogeneous binary forms instead of polynomials of degree `≤ n - 1`) change every
polynomial of a configuration by one fixed linear automorphism of the space of polynomials of
degree `≤ n - 1` and by nonzero scalars, or replace the configuration by its mirror image, so
the universal statement is the same.
-/

namespace FrontierBench.O85

/-- The Euclidean length of a vector of `ℝ³`. -/
noncomputable def vecLength (v : Fin 3 → ℝ) : ℝ :=
  Real.sqrt (v 0 ^ 2 + v 1 ^ 2 + v 2 ^ 2)

/-- The linear factor attached to a nonzero direction `v` of `ℝ³`: `X - t`, where
`t = (v₀ + i v₁) / (|v| - v₂)` is the stereographic projection of `v / |v|` from the north pole,
and the constant `1` when `v` points to the north pole (`|v| = v₂`, i.e. `t = ∞`). -/
noncomputable def directionFactor (v : Fin 3 → ℝ) : Polynomial ℂ :=
  if vecLength v = v 2 then 1
  else Polynomial.X - Polynomial.C
    (((v 0 : ℂ) + (v 1 : ℂ) * Complex.I) / ((vecLength v - v 2 : ℝ) : ℂ))

/-- Atiyah's polynomial `p_i` of the `i`-th point of the configuration `x`: the product, over
the other points `x j`, of the linear factors of the directions `x j - x i`. -/
noncomputable def atiyahPolynomial {n : ℕ} (x : Fin n → Fin 3 → ℝ) (i : Fin n) :
    Polynomial ℂ :=
  ∏ j ∈ Finset.univ.erase i, directionFactor (x j - x i)

/-- For every configuration of `n` distinct points of `ℝ³`, Atiyah's polynomials
`p_1, …, p_n` are linearly independent over `ℂ`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (x : Fin n → Fin 3 → ℝ), Function.Injective x →
      LinearIndependent ℂ (atiyahPolynomial x) := by
  sorry

end FrontierBench.O85
