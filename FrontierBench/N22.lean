import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N22 — Are the Whitney numbers of the second kind of a finite matroid unimodal?

Rota's unimodality conjecture: for a finite geometric lattice $L$ of rank $r$ (equivalently,
the lattice of flats of a finite matroid of rank $r$), let $W_k$ be the number of elements of
$L$ of rank $k$ (the number of flats of rank $k$), the Whitney numbers of the second kind.
Is the sequence $W_0, W_1, \dots, W_r$ unimodal, i.e. is there $j$ with
$W_0 \le W_1 \le \dots \le W_j \ge W_{j+1} \ge \dots \ge W_r$?

*Wording:* paraphrase of Rota's conjecture as stated by Greene (1969): "The 'unimodality'
conjecture states that the w(k)'s form a unimodal sequence", where $w(k)$ is the number of
elements of rank $k$ in a finite geometric lattice.

*Source:* G.-C. Rota, Combinatorial theory, old and new, in: Actes du Congrès International
des Mathématiciens (Nice, 1970), Tome 3, Gauthier-Villars, Paris, 1971, 229–233; C. Greene,
Combinatorial Properties of Finite Geometric Lattices, Ph.D. thesis, California Institute of
Technology, 1969.

*Scope:* stated for all matroids with finite ground set on a type in `Type` (Mathlib's
`Matroid`). The lattice of flats of a finite matroid is a finite geometric lattice, and every
finite geometric lattice is the lattice of flats of a finite (simple) matroid, with the same
rank function, so this is the posed question. The sequence is indexed by all `k : ℕ`; it is
`0` above the rank $r$ and $W_r = 1$, so unimodality over `ℕ` is unimodality of
$W_0, \dots, W_r$.
-/

namespace FrontierBench.N22

/-- The `k`-th Whitney number of the second kind of the matroid `M`: the number of flats of
`M` of rank `k`. -/
noncomputable def whitneyNumberSecondKind {α : Type} (M : Matroid α) (k : ℕ) : ℕ :=
  Set.ncard {F : Set α | M.IsFlat F ∧ M.eRk F = (k : ℕ∞)}

/-- For every matroid `M` with finite ground set, the sequence of its Whitney numbers of the
second kind is unimodal: it is weakly increasing up to some index `j` and weakly decreasing
from `j` on. -/
theorem main : answer(sorry) ↔
    ∀ (α : Type) (M : Matroid α), M.E.Finite →
      ∃ j : ℕ,
        (∀ i, i < j → whitneyNumberSecondKind M i ≤ whitneyNumberSecondKind M (i + 1)) ∧
        (∀ i, j ≤ i → whitneyNumberSecondKind M (i + 1) ≤ whitneyNumberSecondKind M i) := by
  sorry

end FrontierBench.N22
