import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E29 — Is there a finitely generated simple group of non-uniform exponential growth?

Let $G$ be a group with a finite generating set $S$ and let $\gamma_S(n)$ be the number of
elements of $G$ that are products of at most $n$ elements of $S \cup S^{-1}$. The exponential
growth rate $\omega(G, S) = \lim_{n\to\infty} \gamma_S(n)^{1/n}$ exists; $G$ has *exponential
growth* if $\omega(G, S) > 1$ (this does not depend on $S$), and *uniform exponential growth* if
moreover $\inf_S \omega(G, S) > 1$, the infimum over all finite generating sets. Gromov asked
whether exponential growth implies uniform exponential growth; Wilson constructed finitely
generated groups of exponential but non-uniform exponential growth. Does there exist a
finitely generated simple group of non-uniform exponential growth, i.e. of exponential growth
with $\inf_S \omega(G, S) = 1$?

*Wording:* paraphrase of Kourovka Notebook Problem 21.117(a) as restated in the literature on
the problem.

*Source:* Problem 21.117, in: Unsolved Problems in Group Theory. The Kourovka Notebook, 21st
issue, Novosibirsk (arXiv:1401.0300); J. S. Wilson, On exponential growth and uniformly
exponential growth for groups, Invent. Math. 155 (2004), 287–303.

*Scope:* part (a) only. Since $\gamma_S(m + n) \le \gamma_S(m)\gamma_S(n)$, Fekete's lemma
gives $\omega(G, S) = \inf_n \gamma_S(n)^{1/n}$; hence $\omega(G, S) \ge c$ if and only if
$c^n \le \gamma_S(n)$ for all $n$, and the definitions below are stated in this form:
exponential growth is "some finite generating set $S$ and some $c > 1$ have
$c^n \le \gamma_S(n)$ for all $n$", and uniform exponential growth is "one $c > 1$ works for all
finite generating sets". A simple group is a nontrivial group whose only normal subgroups are
$1$ and itself (`IsSimpleGroup`). Groups are taken in `Type`.
-/

namespace FrontierBench.E29

/-- The ball of radius `n` for a finite set `S`: the elements of `G` that are products of at
most `n` factors, each lying in `S` or having its inverse in `S`. -/
def wordBall {G : Type} [Group G] (S : Finset G) (n : ℕ) : Set G :=
  {g | ∃ l : List G, l.length ≤ n ∧ (∀ s ∈ l, s ∈ S ∨ s⁻¹ ∈ S) ∧ l.prod = g}

/-- `G` has exponential growth: for some finite generating set `S` there is `c > 1` with
`cⁿ ≤ |B_S(n)|` for every `n`. -/
def HasExponentialGrowth (G : Type) [Group G] : Prop :=
  ∃ S : Finset G, Subgroup.closure (S : Set G) = ⊤ ∧
    ∃ c : ℝ, 1 < c ∧ ∀ n : ℕ, c ^ n ≤ ((wordBall S n).ncard : ℝ)

/-- `G` has uniform exponential growth: there is `c > 1` such that every finite generating set
`S` satisfies `cⁿ ≤ |B_S(n)|` for every `n`. -/
def HasUniformExponentialGrowth (G : Type) [Group G] : Prop :=
  ∃ c : ℝ, 1 < c ∧ ∀ S : Finset G, Subgroup.closure (S : Set G) = ⊤ →
    ∀ n : ℕ, c ^ n ≤ ((wordBall S n).ncard : ℝ)

/-- There is a finitely generated simple group of exponential growth that does not have uniform
exponential growth. -/
theorem main : answer(sorry) ↔
    ∃ (G : Type) (_ : Group G), IsSimpleGroup G ∧ Group.FG G ∧ HasExponentialGrowth G ∧
      ¬ HasUniformExponentialGrowth G := by
  sorry

end FrontierBench.E29
