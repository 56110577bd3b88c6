import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O21 — Does every synchronizing automaton with n states have a reset word of length ≤ (n − 1)²?

A complete deterministic finite automaton $\langle Q, \Sigma, \delta \rangle$ has a finite set
of states $Q$, a finite input alphabet $\Sigma$ and a transition function
$\delta : Q \times \Sigma \to Q$, extended to words letter by letter. A word $w$ is a reset
(synchronizing) word if reading $w$ from any state leads to one and the same state; the
automaton is synchronizing if it has a reset word. Does every synchronizing automaton with
$n$ states have a reset word of length at most $(n - 1)^2$?

*Wording:* paraphrase; Wikipedia (2007 revision) records it as: "In 1964 Jan Černy
conjectured that (n-1)^2 is the upper bound for the length of the shortest synchronizing word
for any n-state complete DFA."

*Source:* J. Černý, Poznámka k homogénnym experimentom s konečnými automatmi,
Matematicko-fyzikálny časopis 14 (1964), 208–216; A. Kisielewicz and M. Szykuła, Generating
synchronizing automata with large reset lengths, arXiv:1404.3311;
[Wikipedia, Synchronizing word](https://en.wikipedia.org/w/index.php?title=Synchronizing_word&oldid=163652610).

*Scope:* as posed. States and letters are types in `Type` (`Q` finite, the alphabet finite);
the start and accepting states of an automaton play no role and are omitted.
-/

namespace FrontierBench.O21

/-- The state reached from `q` after reading the word `w` letter by letter with the
transition function `δ`. -/
def run {Q α : Type} (δ : Q → α → Q) (q : Q) (w : List α) : Q :=
  w.foldl δ q

/-- `w` is a reset word for `δ`: reading `w` from any two states leads to the same state. -/
def IsResetWord {Q α : Type} (δ : Q → α → Q) (w : List α) : Prop :=
  ∀ q q' : Q, run δ q w = run δ q' w

/-- Every automaton with a finite set of states `Q` and a finite alphabet that has some reset
word has one of length at most `(|Q| - 1) ^ 2`. -/
theorem main : answer(sorry) ↔
    ∀ (Q α : Type) [Fintype Q] [Finite α] (δ : Q → α → Q),
      (∃ w : List α, IsResetWord δ w) →
        ∃ w : List α, IsResetWord δ w ∧ w.length ≤ (Fintype.card Q - 1) ^ 2 := by
  sorry

end FrontierBench.O21
