import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E11 — How many integers can be matched to distinct multiples in every interval of length $2N$?

"Let $f(m)$ be such that if $A\subseteq \{1,\ldots,N\}$ has $\lvert A\rvert=m$ then every interval
in $[1,\infty)$ of length $2N$ contains $\geq f(m)$ many distinct integers $b_1,\ldots,b_r$ where
each $b_i$ is divisible by some $a_i\in A$, where $a_1,\ldots,a_r$ are distinct. Estimate
$f(m)$."

Here $f(m)$ is the largest such number. The question asks for $f(m)$ as a function of $m$; the
statement below asks for it exactly.

*Wording:* verbatim from the Erdős problems database, Problem #650 (the database continues "In
particular is it true that $f(m)\ll m^{1/2}$?").

*Source:* P. Erdős and J. Surányi, Bemerkungen zu einer Aufgabe eines mathematischen
Wettbewerbs, Mat. Lapok 10 (1959), 39–48; P. Erdős, Problems and results in combinatorial
analysis and combinatorial number theory, Proc. Ninth Southeastern Conf. on Combinatorics,
Graph Theory and Computing (Boca Raton, 1978), 29–40; T. F. Bloom, Erdős Problems,
Problem #650.

*Scope:* "estimate $f(m)$" is asked as: determine the function $f : \mathbb{N} \to \mathbb{N}$
exactly. The intervals are the open intervals $(x, x + 2N)$ with real $x \ge 1$; $N$ ranges over
all natural numbers with $A \subseteq \{1, \ldots, N\}$; $f(m)$ is the supremum of the admissible
numbers $r$ (a maximum, since $r \le m$ whenever $m \ge 1$).
-/

namespace FrontierBench.E11

/-- `r` is always achievable for size `m`: for every `N`, every `A ⊆ {1, …, N}` with `|A| = m`
and every real `x ≥ 1`, there are distinct `a 0, …, a (r-1) ∈ A` and distinct integers
`b 0, …, b (r-1)` in the open interval `(x, x + 2N)` with `a i ∣ b i` for each `i`. -/
def AlwaysMatches (m r : ℕ) : Prop :=
  ∀ N : ℕ, ∀ A : Finset ℕ, A ⊆ Finset.Icc 1 N → A.card = m → ∀ x : ℝ, 1 ≤ x →
    ∃ a b : Fin r → ℕ, Function.Injective a ∧ Function.Injective b ∧ (∀ i, a i ∈ A) ∧
      (∀ i, x < (b i : ℝ) ∧ (b i : ℝ) < x + 2 * (N : ℝ)) ∧ ∀ i, a i ∣ b i

/-- `f m`: the largest `r` that is always achievable for size `m`. -/
noncomputable def matchCount (m : ℕ) : ℕ :=
  sSup {r : ℕ | AlwaysMatches m r}

/-- The function `m ↦ f(m)`, determined exactly. -/
theorem main : matchCount = answer(sorry) := by
  sorry

end FrontierBench.E11
