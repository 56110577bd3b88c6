import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O46 — Is there an absolute $c > 0$ such that every set $A$ of $N$ positive integers has $\min_\theta \sum_{n \in A} \cos(n\theta) < -c\sqrt{N}$?

Chowla's cosine problem: if $A$ is a set of $N \ge 1$ positive integers, is there some absolute
constant $c > 0$ (independent of $A$ and $N$) and some $\theta$ such that
$$\sum_{n \in A} \cos(n \theta) < -c N^{1/2}?$$

*Wording:* paraphrase of T. F. Bloom, Erdős Problems, Problem #510 ("If $A$ is a finite set of
size $N$ then is there some absolute constant $c>0$ and $\theta$ such that
$\sum_{n\in A}\cos(n\theta) < -cN^{1/2}$?"), with $A$ a set of positive integers as in Chowla's
problem; also Problem 81 of B. Green, 100 open problems.

*Source:* S. Chowla, Some applications of a method of A. Selberg, J. Reine Angew. Math. 217
(1965), 128–132; T. F. Bloom, Erdős Problems, Problem #510; B. Green, 100 open problems,
Problem 81.

*Scope:* $A$ ranges over nonempty finite sets of positive integers (`Finset ℕ` without `0`),
as in Chowla's formulation; the current Erdős Problems page writes $A \subset \mathbb{Z}$.
The constant is required to work for every nonempty $A$, as posed ("absolute constant"); since
every nonempty such $A$ has $\min_\theta \sum_{n\in A}\cos(n\theta) \le -1/2$, this is the same
as asking it only for all large $N$.
-/

namespace FrontierBench.O46

/-- There is `c > 0` such that every nonempty finite set `A` of positive integers admits `θ`
with `∑_{n ∈ A} cos(n θ) < -c · √|A|`. -/
theorem main : answer(sorry) ↔
    ∃ c : ℝ, 0 < c ∧ ∀ A : Finset ℕ, A.Nonempty → 0 ∉ A →
      ∃ θ : ℝ, ∑ n ∈ A, Real.cos ((n : ℝ) * θ) < -c * Real.sqrt (A.card : ℝ) := by
  sorry

end FrontierBench.O46
