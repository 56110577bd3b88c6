import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R06 — For n ≥ 6, is the maximum number of queens on an n × n board, each attacking at most one other queen, equal to ⌊4n/3⌋?

Place queens on the squares of an $n \times n$ chessboard so that no queen attacks more than
one other queen. Let $a(n)$ be the maximum number of queens in such a placement. It is known
that $a(n) \le 4n/3$, and the computed values suggest the conjecture $a(n) = \lfloor 4n/3
\rfloor$ for all $n > 5$. Is it true?

Two queens attack each other when they lie in the same row, the same column or the same
diagonal (in either direction).

*Wording:* paraphrase of the conjecture recorded for the sequence "maximum number of queens on
an $n \times n$ chessboard such that no queen attacks more than one other queen" (G. Resta,
2015), with the upper bound from IBM Ponder This (August 2008).

*Source:* The On-Line Encyclopedia of Integer Sequences, sequence A260113 (R. Pratt, 2015;
conjecture by G. Resta, 2015); IBM Research, Ponder This challenge, August 2008.

*Scope:* as posed, for every $n \ge 6$. Attacks are taken along whole rows, columns and
diagonals without blocking; this gives the same admissible placements as attacks that are
blocked by an intervening queen, since in either reading an admissible placement has at most
two queens on any row, column or diagonal.
-/

namespace FrontierBench.R06

/-- Two squares of the `n × n` board are a queen's move apart: distinct and in the same row,
column or diagonal. -/
def QueenAttacks {n : ℕ} (p q : Fin n × Fin n) : Prop :=
  p ≠ q ∧ (p.1 = q.1 ∨ p.2 = q.2 ∨
    (((p.1 : ℕ) : ℤ) - (q.1 : ℕ) = ((p.2 : ℕ) : ℤ) - (q.2 : ℕ)) ∨
      (((p.1 : ℕ) : ℤ) - (q.1 : ℕ) = ((q.2 : ℕ) : ℤ) - (p.2 : ℕ)))

/-- A set `S` of squares holding queens in which every queen attacks at most one other queen. -/
def AttacksAtMostOne {n : ℕ} (S : Finset (Fin n × Fin n)) : Prop :=
  ∀ p ∈ S, ∀ q ∈ S, ∀ r ∈ S, QueenAttacks p q → QueenAttacks p r → q = r

/-- For every `n ≥ 6`, the largest size of a placement of queens on the `n × n` board in which
each queen attacks at most one other queen is `⌊4n/3⌋` (`4 * n / 3` in `ℕ`). -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 6 ≤ n →
      IsGreatest {k : ℕ | ∃ S : Finset (Fin n × Fin n), S.card = k ∧ AttacksAtMostOne S}
        (4 * n / 3) := by
  sorry

end FrontierBench.R06
