import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N10 — Must a set of $n$ positive integers in $\{1, \ldots, N\}$ with distinct subset sums have $N \gg 2^n$?

Erdős's distinct subset sums problem (Erdős Problem #1): "If $A \subseteq \{1, \ldots, N\}$ with
$|A| = n$ is such that the subset sums $\sum_{a \in S} a$ are distinct for all $S \subseteq A$
then $N \gg 2^{n}$." That is: is there an absolute constant $C > 0$ such that every such $A$
satisfies $N \ge C \cdot 2^n$? In Erdős's own formulation: let
$1 \le a_1 < a_2 < \cdots < a_k \le n$ be integers all of whose subset sums are distinct, and
put $f(n) = \max k$; is it true that $f(n) < \frac{\log n}{\log 2} + c_1$ for some absolute
constant $c_1$?

*Wording:* the first quotation is verbatim from T. F. Bloom, Erdős Problems, Problem #1; the
second is a paraphrase of Erdős (1995), Problem 1.

*Source:* P. Erdős, Problems and results in additive number theory, Colloque sur la Théorie
des Nombres (Bruxelles, 1955), 1956, 127–137; P. Erdős, Some of my favourite problems in number
theory, combinatorics, and geometry, Resenhas IME-USP 2 (1995), 165–186, Problem 1;
T. F. Bloom, Erdős Problems, Problem #1.

*Scope:* as posed ($N \gg 2^n$ is spelled out as $N \ge C \cdot 2^n$ for an absolute constant
$C > 0$; the degenerate case $A = \emptyset$ is excluded).
-/

namespace FrontierBench.N10

/-- There is a constant `C > 0` such that whenever a nonempty set `A ⊆ {1, …, N}` has pairwise
distinct subset sums (the map `S ↦ ∑ a ∈ S, a` is injective on the subsets of `A`), then
`C * 2 ^ |A| ≤ N`. -/
theorem main : answer(sorry) ↔
    ∃ C : ℝ, 0 < C ∧ ∀ (N : ℕ) (A : Finset ℕ), A ⊆ Finset.Icc 1 N → A.Nonempty →
      Set.InjOn (fun S : Finset ℕ => ∑ a ∈ S, a) (A.powerset : Set (Finset ℕ)) →
      C * (2 : ℝ) ^ A.card ≤ (N : ℝ) := by
  sorry

end FrontierBench.N10
