import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N24 — Is every finite set of points lying on a sphere Euclidean Ramsey?

A finite set $X$ in some Euclidean space $\mathbb{R}^n$ is called *Ramsey* if for any $k$
there is a $d$ such that whenever $\mathbb{R}^d$ is $k$-coloured it contains a monochromatic
set congruent to $X$. A set is *spherical* if it lies on the surface of a sphere. Erdős,
Graham, Montgomery, Rothschild, Spencer and Straus showed that every Ramsey set is spherical
and asked whether the converse holds. Is every finite spherical set Ramsey?

*Wording:* the definitions verbatim from Leader, Russell and Walters (abstract), who recall
that Erdős, Graham, Montgomery, Rothschild, Spencer and Straus "asked if a set is Ramsey if and
only if it is spherical" and that Graham made this into a conjecture; the question here is the
open direction.

*Source:* P. Erdős, R. L. Graham, P. Montgomery, B. L. Rothschild, J. Spencer and E. G. Straus,
Euclidean Ramsey theorems. I, J. Combin. Theory Ser. A 14 (1973), 341–363; I. Leader,
P. Russell and M. Walters, Transitive sets in Euclidean Ramsey theory (abstract).

*Scope:* as posed. A set congruent to $X$ in $\mathbb{R}^d$ is described as the image of $X$
under a distance-preserving map into $\mathbb{R}^d$ (every such map between subsets of
Euclidean spaces extends to an isometric affine embedding, so these images are exactly the
congruent copies); the sphere may have any center and radius (a single point counts as
spherical). Points are in `EuclideanSpace ℝ (Fin n)`.
-/

namespace FrontierBench.N24

/-- `X ⊆ ℝⁿ` is spherical: all its points are at the same distance from some center. -/
def IsSpherical {n : ℕ} (X : Set (EuclideanSpace ℝ (Fin n))) : Prop :=
  ∃ c : EuclideanSpace ℝ (Fin n), ∃ r : ℝ, ∀ x ∈ X, dist x c = r

/-- `X ⊆ ℝⁿ` is Ramsey: for every number of colours `k` there is a dimension `d` such that
every `k`-colouring of `ℝᵈ` admits a distance-preserving map of `X` into `ℝᵈ` whose image is
monochromatic. -/
def IsRamsey {n : ℕ} (X : Set (EuclideanSpace ℝ (Fin n))) : Prop :=
  ∀ k : ℕ, ∃ d : ℕ, ∀ χ : EuclideanSpace ℝ (Fin d) → Fin k,
    ∃ f : EuclideanSpace ℝ (Fin n) → EuclideanSpace ℝ (Fin d),
      (∀ x ∈ X, ∀ y ∈ X, dist (f x) (f y) = dist x y) ∧ ∀ x ∈ X, ∀ y ∈ X, χ (f x) = χ (f y)

/-- Every finite spherical subset of every Euclidean space `ℝⁿ` is Ramsey. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, ∀ X : Set (EuclideanSpace ℝ (Fin n)), X.Finite → IsSpherical X → IsRamsey X := by
  sorry

end FrontierBench.N24
