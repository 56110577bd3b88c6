import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E09 — For $k \ge 3$ and $m$ large, is $R(C_k, H) \le 2m + \lfloor (k-1)/2 \rfloor$ for every graph $H$ with $m$ edges and no isolated vertices?

"Let $k\geq 3$. Is it true that, if $m$ is sufficiently large, for any graph $H$ on $m$ edges
without isolated vertices,
$$R(C_k,H) \leq 2m+\left\lfloor\frac{k-1}{2}\right\rfloor?$$"

Here $C_k$ is the cycle of length $k$ and $R(G, H)$ is the two-colour graph Ramsey number: the
least $N$ such that every red/blue colouring of the edges of $K_N$ has a red copy of $G$ or a
blue copy of $H$ (copies need not be induced).

*Wording:* verbatim from the Erdős problems database, Problem #570 (after a question of Erdős,
Faudree, Rousseau and Schelp), in its current form. An earlier form of the same page asked, for
every $m$ and without "if $m$ is sufficiently large", whether
$R(C_k,H) \le 2m+\lceil (k-1)/2 \rceil$; Erdős, Faudree, Rousseau and Schelp (Question 5) ask
the bound with $\lfloor (k-1)/2 \rfloor$ for every $m$. Read for every $m$, both fail already
at $m = 1$ ($H = K_2$, where $R(C_k, K_2) = k$), so the eventual form is the one stated.

*Source:* P. Erdős, R. J. Faudree, C. C. Rousseau and R. H. Schelp, Ramsey size linear graphs,
Combin. Probab. Comput. 2 (1993), 389–399; T. F. Bloom, Erdős Problems, Problem #570.

*Scope:* as posed in the database ("for each $k \ge 3$ there is $m_0$ such that the bound holds
for every $m \ge m_0$"); the 1993 question of Erdős, Faudree, Rousseau and Schelp asks the
bound for every $m$, which fails for small $m$ (e.g. $H = K_2$ and $k \ge 4$, where
$R(C_k, K_2) = k$). $R(C_k, H) \le N$ is written out: every graph $F$ on $N$ vertices
contains $C_k$ or its complement contains $H$ (this property is inherited by larger $N$, so it
is equivalent to the bound on the least such $N$). $H$ ranges over graphs on vertex sets
`Fin n`, every finite graph being isomorphic to one of these.
-/

namespace FrontierBench.E09

/-- `R(G, H) ≤ N`: every graph `F` on `N` vertices contains a copy of `G`, or its complement
contains a copy of `H` (a 2-colouring of `K_N`, red edges `F`, blue edges `Fᶜ`). -/
def RamseyAtMost {α β : Type} (G : SimpleGraph α) (H : SimpleGraph β) (N : ℕ) : Prop :=
  ∀ F : SimpleGraph (Fin N), G.IsContained F ∨ H.IsContained Fᶜ

/-- For every `k ≥ 3` there is `m₀` such that for every `m ≥ m₀` and every finite graph `H` with
exactly `m` edges and no isolated vertex, `R(C_k, H) ≤ 2m + ⌊(k - 1)/2⌋`. -/
theorem main : answer(sorry) ↔
    ∀ k : ℕ, 3 ≤ k → ∃ m₀ : ℕ, ∀ m : ℕ, m₀ ≤ m → ∀ n : ℕ, ∀ H : SimpleGraph (Fin n),
      H.edgeSet.ncard = m → (∀ v : Fin n, ∃ w : Fin n, H.Adj v w) →
        RamseyAtMost (SimpleGraph.cycleGraph k) H (2 * m + (k - 1) / 2) := by
  sorry

end FrontierBench.E09
