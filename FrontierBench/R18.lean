import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R18 — Can C¹ cubic splines on every triangulation interpolate arbitrary values at the vertices?

Let $\Delta$ be a triangulation of a polygonal domain $\Omega \subseteq \mathbb{R}^2$ and let
$S^1_3(\Delta)$ be the space of $C^1$ functions on $\Omega$ whose restriction to each triangle of
$\Delta$ is a polynomial of total degree at most $3$. This is the smallest polynomial degree for
which the dimension of the spline space always exceeds the number of vertices of the
triangulation, so one can hope to interpolate arbitrary values at the vertices. Alfeld asks:
"Is it always possible to find a function in $S$ that assumes given values at the vertices of
the triangulation?" — that is, for all triangulations and all data values at the vertices. It is
conceivable that for some triangulations and some data the smoothness conditions and the
interpolation conditions are inconsistent.

*Wording:* the question verbatim from P. Alfeld's page on $C^1$ cubic splines (read in a stored
copy), and a paraphrase of his talk slides on $S^1_3$.

*Source:* P. Alfeld, "C1 Cubics", page of the Multivariate Spline / Minimal Determining Sets
project, University of Utah; P. Alfeld, slides on $S^1_3$ and the Four Colour Map problem
(University of Utah).

*Scope:* triangulations are finite families of nondegenerate closed triangles in $\mathbb{R}^2$
any two of which meet in a common face (empty, a common vertex or a common edge), and that are
regular in the usual sense: the triangles containing a given vertex are connected to each other
through triangles containing that vertex and sharing edges (no two fans touch only at a vertex).
On such triangulations a piecewise polynomial is $C^1$ on $\Omega$ exactly when adjacent pieces
agree with their gradients along every common edge, which is how smoothness is written. The
domain need not be connected (components are independent). Points of the plane are `Fin 2 → ℝ`.
-/

namespace FrontierBench.R18

/-- A family of triangles in the plane: triangle `i` has vertices `T i 0, T i 1, T i 2`. -/
abbrev Triangles (m : ℕ) : Type := Fin m → Fin 3 → (Fin 2 → ℝ)

/-- Triangles `i` and `j` share an edge: they have two distinct common vertices. -/
def SharesEdge {m : ℕ} (T : Triangles m) (i j : Fin m) : Prop :=
  ∃ x y : Fin 2 → ℝ, x ≠ y ∧ x ∈ Set.range (T i) ∧ y ∈ Set.range (T i) ∧
    x ∈ Set.range (T j) ∧ y ∈ Set.range (T j)

/-- `T` is a regular triangulation: every triangle is nondegenerate; any two closed triangles
meet exactly in the convex hull of their common vertices (empty, a common vertex or a common
edge); and for every vertex `v`, any two triangles containing `v` are linked by a chain of
triangles containing `v` in which consecutive triangles share an edge. -/
def IsRegularTriangulation {m : ℕ} (T : Triangles m) : Prop :=
  (∀ i, AffineIndependent ℝ (T i)) ∧
  (∀ i j, convexHull ℝ (Set.range (T i)) ∩ convexHull ℝ (Set.range (T j)) =
    convexHull ℝ (Set.range (T i) ∩ Set.range (T j))) ∧
  (∀ (v : Fin 2 → ℝ) (i j : Fin m), v ∈ Set.range (T i) → v ∈ Set.range (T j) →
    Relation.ReflTransGen
      (fun a b => v ∈ Set.range (T a) ∧ v ∈ Set.range (T b) ∧ SharesEdge T a b) i j)

/-- The pieces `p` (one polynomial per triangle) form a `C¹` spline: whenever triangles `i` and
`j` share the edge with endpoints `x ≠ y`, the pieces `p i` and `p j` and both of their first
partial derivatives agree at every point of the segment `[x, y]`. -/
def IsC1Spline {m : ℕ} (T : Triangles m) (p : Fin m → MvPolynomial (Fin 2) ℝ) : Prop :=
  ∀ (i j : Fin m) (x y : Fin 2 → ℝ), x ≠ y → x ∈ Set.range (T i) → y ∈ Set.range (T i) →
    x ∈ Set.range (T j) → y ∈ Set.range (T j) → ∀ w ∈ segment ℝ x y,
      MvPolynomial.eval w (p i) = MvPolynomial.eval w (p j) ∧
      ∀ k : Fin 2, MvPolynomial.eval w (MvPolynomial.pderiv k (p i)) =
        MvPolynomial.eval w (MvPolynomial.pderiv k (p j))

/-- For every regular triangulation `T` and every assignment `z` of values to points, there is a
`C¹` spline whose pieces have total degree at most `3` and which takes the value `z v` at every
vertex `v` of the triangulation. -/
theorem main : answer(sorry) ↔
    ∀ (m : ℕ) (T : Triangles m), IsRegularTriangulation T → ∀ z : (Fin 2 → ℝ) → ℝ,
      ∃ p : Fin m → MvPolynomial (Fin 2) ℝ,
        (∀ i, (p i).totalDegree ≤ 3) ∧ IsC1Spline T p ∧
        ∀ (i : Fin m) (k : Fin 3), MvPolynomial.eval (T i k) (p i) = z (T i k) := by
  sorry

end FrontierBench.R18
