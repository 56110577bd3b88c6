import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E10 — Which triangles can only be cut into a square number of congruent triangles?

"Classify those triangles which can only be cut into a square number of congruent triangles."

A triangle $T$ is cut into $n$ congruent triangles when $T$ is the union of $n$ triangles, all
congruent to one another, whose interiors are pairwise disjoint. Every triangle can be cut into
$k^2$ congruent triangles for every $k \ge 1$; the question asks for exactly which triangles
admit no cut into a non-square number of congruent triangles.

*Wording:* verbatim from the Erdős problems database, Problem #633 (a question of Erdős reported
by Soifer).

*Source:* A. Soifer, How does one cut a triangle? (Springer, 2009), including the chapters "How
does one cut a triangle? I, II" and "Is there anything beyond the solution?"; T. F. Bloom, Erdős
Problems, Problem #633.

*Scope:* triangles are non-degenerate triangles in the Euclidean plane
`EuclideanSpace ℝ (Fin 2)`, given by their three (labelled) vertices; the answer is the set of
vertex triples of the triangles with the property (it is invariant under relabelling and under
similarity). The tiles are non-degenerate triangles whose closed regions (convex hulls of the
vertices) have pairwise disjoint interiors and union exactly the closed region of $T$;
"congruent" is congruence of the vertex triples (equal pairwise distances under a suitable
labelling, so reflections are allowed).
-/

namespace FrontierBench.E10

/-- The Euclidean plane. -/
abbrev Plane : Type := EuclideanSpace ℝ (Fin 2)

/-- The closed triangular region spanned by the vertices `v 0, v 1, v 2`. -/
def triangleRegion (v : Fin 3 → Plane) : Set Plane :=
  convexHull ℝ (Set.range v)

/-- The triangle with vertices `v` can be cut into `n` congruent triangles: there are `n`
non-degenerate triangles `w i`, pairwise congruent, whose closed regions have pairwise disjoint
interiors and together make up the closed region of `v`. -/
def CutIntoCongruent (n : ℕ) (v : Fin 3 → Plane) : Prop :=
  ∃ w : Fin n → Fin 3 → Plane, (∀ i, AffineIndependent ℝ (w i)) ∧
    (∀ i j, Congruent (w i) (w j)) ∧
    Pairwise (fun i j => Disjoint (interior (triangleRegion (w i)))
      (interior (triangleRegion (w j)))) ∧
    (⋃ i, triangleRegion (w i)) = triangleRegion v

/-- The set of (vertex triples of) non-degenerate triangles that can be cut into `n` congruent
triangles only when `n` is a perfect square. -/
theorem main :
    {v : Fin 3 → Plane | AffineIndependent ℝ v ∧ ∀ n : ℕ, CutIntoCongruent n v → IsSquare n} =
      answer(sorry) := by
  sorry

end FrontierBench.E10
