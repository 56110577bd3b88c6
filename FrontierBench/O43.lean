import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O43 — Is there $c > 0$ with $R(C_4, K_n) \ll n^{2-c}$?

Let $R(C_4, K_n)$ be the Ramsey number of the $4$-cycle against the complete graph on $n$
vertices: the smallest $N$ such that every graph on $N$ vertices contains a $4$-cycle $C_4$ (as
a subgraph) or an independent set of $n$ vertices. Is there some constant $c > 0$ such that
$$R(C_4, K_n) \ll n^{2-c}?$$

*Wording:* paraphrase of T. F. Bloom, Erdős Problems, Problem #159 ("There exists some
constant $c>0$ such that $R(C_4,K_n) \ll n^{2-c}$"), posed as a question.

*Source:* P. Erdős, Combinatorica 1 (1981), 25–42; T. F. Bloom, Erdős Problems, Problem #159.

*Scope:* as posed. $f \ll g$ is read with explicit constants: there are `c > 0`, `C` and `N₀`
with $R(C_4, K_n) \le C n^{2-c}$ for all $n \ge N_0$. Graphs on $N$ vertices are simple graphs
on `Fin N`; $C_4$ is Mathlib's `cycleGraph 4` and containment is `IsContained` (a not
necessarily induced copy). The Ramsey number is the infimum of the set of admissible `N`,
which is nonempty by Ramsey's theorem.
-/

namespace FrontierBench.O43

/-- `R(C₄, Kₙ)`: the least `N` such that every simple graph on `N` vertices contains a copy of
the 4-cycle or an independent set of `n` vertices. -/
noncomputable def ramseyC4K (n : ℕ) : ℕ :=
  sInf {N : ℕ | ∀ G : SimpleGraph (Fin N),
    (SimpleGraph.cycleGraph 4).IsContained G ∨ ∃ s : Finset (Fin N), G.IsNIndepSet n s}

/-- There are constants `c > 0`, `C` and `N₀` such that `R(C₄, Kₙ) ≤ C · n^(2 - c)` for every
`n ≥ N₀`. -/
theorem main : answer(sorry) ↔
    ∃ c : ℝ, 0 < c ∧ ∃ C : ℝ, ∃ N₀ : ℕ, ∀ n : ℕ, N₀ ≤ n →
      (ramseyC4K n : ℝ) ≤ C * (n : ℝ) ^ ((2 : ℝ) - c) := by
  sorry

end FrontierBench.O43
