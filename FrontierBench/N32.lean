import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N32 — In every hereditary family of finite sets, is some largest intersecting subfamily a star?

Chvátal's conjecture: let $\mathcal{D}$ be a family of subsets of a finite set that is closed
under taking subsets (a downset, hereditary family, independence system or abstract simplicial
complex). A subfamily is *intersecting* if any two of its members meet, and the *star* of an
element $x$ is the subfamily $\{A \in \mathcal{D} : x \in A\}$. Chvátal conjectured that among
the largest intersecting subfamilies of $\mathcal{D}$ there is always a star; equivalently, no
intersecting subfamily of $\mathcal{D}$ is larger than the largest star.

*Wording:* paraphrase of the conjecture as stated by Olarte, Santos and Spreer ("stars always
achieve the maximal cardinality among intersecting families in $\mathcal{C}$") and by West's
REGS problem page ("Every ideal has the star property").

*Source:* V. Chvátal, Intersecting families of edges in hypergraphs having the hereditary
property, in: Hypergraph Seminar (Columbus, Ohio, 1972), Lecture Notes in Math. 411, Springer,
1974, 61–66; J. Olarte, F. Santos and J. Spreer, Short proof of two cases of Chvátal's
conjecture, arXiv:1804.03646.

*Scope:* as posed. The ground set is `Fin n` with `n ≥ 1` (every finite ground set has such a
copy; for the empty ground set there is no star). Since every star is intersecting, "some
largest intersecting subfamily is a star" is stated as "some star is at least as large as every
intersecting subfamily".
-/

namespace FrontierBench.N32

/-- `D` is hereditary: every subset of a member of `D` is a member of `D`. -/
def IsHereditary {n : ℕ} (D : Finset (Finset (Fin n))) : Prop :=
  ∀ A ∈ D, ∀ B : Finset (Fin n), B ⊆ A → B ∈ D

/-- `F` is intersecting: any two (not necessarily distinct) members of `F` have a common
element; in particular `∅ ∉ F`. -/
def IsIntersecting {n : ℕ} (F : Finset (Finset (Fin n))) : Prop :=
  ∀ A ∈ F, ∀ B ∈ F, (A ∩ B).Nonempty

/-- The star of `x` in `D`: the members of `D` containing `x`. -/
def star {n : ℕ} (D : Finset (Finset (Fin n))) (x : Fin n) : Finset (Finset (Fin n)) :=
  D.filter (fun A => x ∈ A)

/-- For every nonempty finite ground set and every hereditary family `D`, some star of `D` is
at least as large as every intersecting subfamily of `D`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 0 < n → ∀ D : Finset (Finset (Fin n)), IsHereditary D →
      ∃ x : Fin n, ∀ F : Finset (Finset (Fin n)), F ⊆ D → IsIntersecting F →
        F.card ≤ (star D x).card := by
  sorry

end FrontierBench.N32
