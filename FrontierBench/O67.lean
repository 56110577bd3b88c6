import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O67 — Is every graph with ω(G) < χ(G) = a + b − 1 (a, b ≥ 2) (a, b)-splittable?

The Erdős–Lovász Tihany conjecture: let $G$ be a graph with chromatic number $k$ containing no
complete graph $K_k$. If $a, b \ge 2$ and $a + b = k + 1$, must there exist two disjoint
subgraphs of $G$ with chromatic numbers $\ge a$ and $\ge b$ respectively?

Two vertex-disjoint subgraphs with chromatic numbers $\ge a$ and $\ge b$ exist exactly when
the vertex set splits into two parts $S$ and $V \setminus S$ whose induced subgraphs have
chromatic numbers $\ge a$ and $\ge b$ (enlarging a subgraph to the induced subgraph on a larger
vertex set does not lower its chromatic number). "Containing no $K_k$" is $\omega(G) < k$.

*Wording:* paraphrase of the question of Erdős and Lovász as recorded in the Erdős problems
database (Problem #628); the original question of Erdős at the 1966 Tihany colloquium was the
case $a = b = 3$.

*Source:* P. Erdős, Problem 2, in: Theory of Graphs (Proc. Colloq., Tihany, 1966), Academic
Press, 1968, p. 361; T. F. Bloom, Erdős Problems, Problem #628.

*Scope:* finite graphs, taken on the vertex set `Fin n` (every finite graph is isomorphic to
one of these). The two disjoint subgraphs are taken as the induced subgraphs on a set `s` of
vertices and on its complement, which is equivalent as explained above.
-/

namespace FrontierBench.O67

/-- For every finite simple graph `G` and all `k a b` with `a, b ≥ 2` and `a + b = k + 1`: if
`G` has chromatic number `k` and contains no `k`-clique, then its vertices split into a set `s`
and its complement such that the induced subgraph on `s` has chromatic number at least `a` and
the induced subgraph on the complement has chromatic number at least `b`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (G : SimpleGraph (Fin n)) (k a b : ℕ),
      2 ≤ a → 2 ≤ b → a + b = k + 1 →
      G.chromaticNumber = (k : ℕ∞) → G.CliqueFree k →
      ∃ s : Set (Fin n),
        (a : ℕ∞) ≤ (G.induce s).chromaticNumber ∧
          (b : ℕ∞) ≤ (G.induce sᶜ).chromaticNumber := by
  sorry

end FrontierBench.O67
