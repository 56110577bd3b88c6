import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O39 — Does every Latin square of odd order have a transversal?

A Latin square of order $n$ is an $n \times n$ array of $n$ symbols in which each symbol occurs
exactly once in each row and exactly once in each column. A transversal is a set of $n$ cells,
one in each row and one in each column, whose $n$ symbols are pairwise distinct. Ryser's
conjecture: every Latin square of odd order has a transversal.

*Wording:* paraphrase of Conjecture 3.2 of I. M. Wanless's survey, where the statement that
every Latin square of odd order has a transversal is attributed to Ryser.

*Source:* H. J. Ryser, Neuere Probleme der Kombinatorik, in: Vorträge über Kombinatorik,
Mathematisches Forschungsinstitut Oberwolfach (1967); I. M. Wanless, Transversals in Latin
squares: a survey, in: Surveys in Combinatorics 2011, London Math. Soc. Lecture Note Ser. 392,
Cambridge Univ. Press (2011), 403–437.

*Scope:* as posed. A Latin square of order `n` is a function `L : Fin n → Fin n → Fin n`
(row, column ↦ symbol) injective in each row and in each column; the symbols are labelled by
`Fin n`. A transversal is given by a permutation `σ` choosing the cell `(i, σ i)` in row `i`,
with the symbols `L i (σ i)` pairwise distinct.
-/

namespace FrontierBench.O39

/-- `L` is a Latin square of order `n`: in every row and in every column each of the `n`
symbols occurs at most once (hence exactly once). -/
def IsLatinSquare {n : ℕ} (L : Fin n → Fin n → Fin n) : Prop :=
  (∀ i, Function.Injective (L i)) ∧ ∀ j, Function.Injective (fun i => L i j)

/-- The permutation `σ` picks a transversal of `L`: the cells `(i, σ i)`, one in each row and
one in each column, carry pairwise distinct symbols. -/
def IsTransversal {n : ℕ} (L : Fin n → Fin n → Fin n) (σ : Equiv.Perm (Fin n)) : Prop :=
  Function.Injective (fun i => L i (σ i))

/-- Every Latin square of odd order `n` has a transversal. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, Odd n → ∀ L : Fin n → Fin n → Fin n, IsLatinSquare L →
      ∃ σ : Equiv.Perm (Fin n), IsTransversal L σ := by
  sorry

end FrontierBench.O39
