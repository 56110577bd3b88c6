import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E06 — Is there an increasing integer sequence whose consecutive-block sums represent every large $n$ in unboundedly many ways?

"Let $A=\{a_1<\cdots\}$ be an infinite sequence of integers. Let $f(n)$ count the number of
solutions to
$$n=\sum_{u\leq i\leq v}a_i.$$
Is there such an $A$ for which $f(n)\to \infty$ as $n\to \infty$?"

*Wording:* verbatim from the Erdős problems database, Problem #358 (first question; the
database continues "Or even where $f(n)\geq 2$ for all large $n$?").

*Source:* P. Erdős, Problems and results on combinatorial number theory. III, Number Theory
Day (Proc. Conf., Rockefeller Univ., New York, 1976), Lecture Notes in Math. 626 (1977),
43–72; P. Erdős and R. L. Graham, Old and new problems and results in combinatorial number
theory, Monographies de L'Enseignement Mathématique 28 (1980); R. K. Guy, Unsolved Problems
in Number Theory, 3rd ed. (2004), Problem C2; T. F. Bloom, Erdős Problems, Problem #358.

*Scope:* the first of the two questions of Problem #358 (the second, $f(n) \ge 2$ for all
large $n$, is not included). The sequence is indexed from $0$ and takes values in `ℤ`; a
solution is a pair of indices $u \le v$, and $n$ ranges over the natural numbers.
-/

namespace FrontierBench.E06

/-- `blockReps a n` is $f(n)$: the number of index pairs `(u, v)` with `u ≤ v` and
`a u + a (u + 1) + ⋯ + a v = n`. (For a strictly increasing integer sequence this set is
finite.) -/
noncomputable def blockReps (a : ℕ → ℤ) (n : ℤ) : ℕ :=
  Set.ncard {p : ℕ × ℕ | p.1 ≤ p.2 ∧ ∑ i ∈ Finset.Icc p.1 p.2, a i = n}

/-- There is a strictly increasing integer sequence `a` such that the number of
representations of `n` as a sum of consecutive terms `a u + ⋯ + a v` tends to infinity as
`n → ∞`. -/
theorem main : answer(sorry) ↔
    ∃ a : ℕ → ℤ, StrictMono a ∧
      Filter.Tendsto (fun n : ℕ => blockReps a (n : ℤ)) Filter.atTop Filter.atTop := by
  sorry

end FrontierBench.E06
