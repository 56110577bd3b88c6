import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O74 — Is there a 3×3 magic square whose nine entries are distinct perfect squares?

Does there exist a $3 \times 3$ magic square composed of nine distinct perfect squares? A
square array of numbers is magic when its three rows, three columns and two diagonals all
have the same sum.

*Wording:* paraphrase of the question of M. LaBar (1984), popularised by M. Gardner (1996), as
stated in the Open Problem Garden entry "Magic square of squares".

*Source:* M. LaBar, Problem 270, College Math. J. 15 (1984), p. 69; M. Gardner, The magic of
3 × 3, Quantum 6 (1996), no. 3, 24–26.

*Scope:* as posed. Entries are squares of natural numbers; whether $0$ is admitted does not
matter, since in a $3 \times 3$ magic square the two entries opposite each other through the
centre sum to twice the centre entry, so an entry $0$ would force the opposite entry to be twice
a nonzero square (not a square) or all entries to vanish.
-/

namespace FrontierBench.O74

/-- The 3×3 array `m` is magic: its rows, columns and both diagonals have a common sum. -/
def IsMagic (m : Fin 3 → Fin 3 → ℕ) : Prop :=
  ∃ t : ℕ, (∀ i, m i 0 + m i 1 + m i 2 = t) ∧ (∀ j, m 0 j + m 1 j + m 2 j = t) ∧
    m 0 0 + m 1 1 + m 2 2 = t ∧ m 0 2 + m 1 1 + m 2 0 = t

/-- There is a magic 3×3 array of natural numbers whose nine entries are pairwise distinct
perfect squares. -/
theorem main : answer(sorry) ↔
    ∃ m : Fin 3 → Fin 3 → ℕ, IsMagic m ∧
      (∀ i j k l, m i j = m k l → i = k ∧ j = l) ∧ (∀ i j, IsSquare (m i j)) := by
  sorry

end FrontierBench.O74
