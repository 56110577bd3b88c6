import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E29 — Is there a finitely generated simple group of exponential but not uniformly exponential growth?

"Does there exist a finitely generated simple group that is of exponential growth but not of
uniformly exponential growth?"

For a group $G$ with a finite generating set $S$, let $\gamma_S(n)$ be the number of elements of
$G$ that are products of at most $n$ elements of $S \cup S^{-1}$, and let
$\omega(G, S) = \lim_{n \to \infty} \gamma_S(n)^{1/n}$. The group $G$ has *exponential growth* if
$\omega(G, S) > 1$ (for one, equivalently every, finite generating set $S$), and *uniformly
exponential growth* if $\inf_S \omega(G, S) > 1$, the infimum over all finite generating sets.

*Wording:* verbatim part (a) of Kourovka Notebook Problem 21.117 (E. Schesler), as transcribed
with its line locator in third-party research notes (the notebook itself was not opened); the
definitions are the standard ones, written out here.

*Source:* E. Schesler, Problem 21.117(a), in: Unsolved Problems in Group Theory. The Kourovka
Notebook, 21st issue (E. I. Khukhro, V. D. Mazurov, eds.), Novosibirsk (arXiv:1401.0300v40).

*Scope:* part (a) only. The limit $\omega(G, S)$ equals $\inf_n \gamma_S(n)^{1/n}$ (Fekete's lemma,
as $\gamma_S(m + n) \le \gamma_S(m)\,\gamma_S(n)$), so $\omega(G, S) \ge c$ exactly when
$c^n \le \gamma_S(n)$ for every $n$; the two growth notions are stated in that form: exponential
growth is "some finite generating set $S$ and some $c > 1$ have $c^n \le \gamma_S(n)$ for all
$n$", uniformly exponential growth is "one $c > 1$ has $c^n \le \gamma_S(n)$ for all $n$ and all
finite generating sets $S$". A simple group is a nontrivial group whose only normal subgroups are
$1$ and itself (`IsSimpleGroup`). Groups range over `Type`.
-/

namespace FrontierBench.E29

/-- The word ball of radius `n` for a finite set `S ⊆ G`: the elements of `G` that are products
of a list of at most `n` letters, each letter lying in `S` or having its inverse in `S`. -/
def wordBall {G : Type} [Group G] (S : Finset G) (n : ℕ) : Set G :=
  {g | ∃ w : List G, w.length ≤ n ∧ (∀ x ∈ w, x ∈ S ∨ x⁻¹ ∈ S) ∧ w.prod = g}

/-- `S` generates `G` as a group. -/
def Generates {G : Type} [Group G] (S : Finset G) : Prop :=
  Subgroup.closure (S : Set G) = ⊤

/-- `G` has exponential growth: some finite generating set `S` and some `c > 1` satisfy
`cⁿ ≤ |B_S(n)|` for every `n`. -/
def HasExponentialGrowth (G : Type) [Group G] : Prop :=
  ∃ S : Finset G, Generates S ∧
    ∃ c : ℝ, 1 < c ∧ ∀ n : ℕ, c ^ n ≤ ((wordBall S n).ncard : ℝ)

/-- `G` has uniformly exponential growth: one `c > 1` satisfies `cⁿ ≤ |B_S(n)|` for every `n`
and every finite generating set `S`. -/
def HasUniformlyExponentialGrowth (G : Type) [Group G] : Prop :=
  ∃ c : ℝ, 1 < c ∧ ∀ S : Finset G, Generates S →
    ∀ n : ℕ, c ^ n ≤ ((wordBall S n).ncard : ℝ)

/-- Is there a finitely generated simple group that has exponential growth but not uniformly
exponential growth? -/
theorem main : answer(sorry) ↔
    ∃ (G : Type) (_ : Group G), Group.FG G ∧ IsSimpleGroup G ∧ HasExponentialGrowth G ∧
      ¬ HasUniformlyExponentialGrowth G := by
  sorry

end FrontierBench.E29
