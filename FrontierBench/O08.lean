import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O08 — Does every tree have a graceful labelling?

The graceful tree conjecture (Ringel–Kotzig). A graceful labelling of a graph with $m$ edges
is an injective map $f$ from its vertices to $\{0, 1, \dots, m\}$ such that the edge labels
$|f(u) - f(v)|$, over the edges $uv$, are pairwise distinct (and hence are exactly
$1, 2, \dots, m$). Is every finite tree graceful?

*Wording:* paraphrase of the definition and the conjecture as stated in the Wikipedia
article "Graceful labeling" (stored copy).

*Source:* A. Rosa, On certain valuations of the vertices of a graph, in: Theory of Graphs
(Internat. Sympos., Rome 1966), Gordon and Breach, New York (1967), 349–355 (β-valuations,
later called graceful labellings); J. A. Bondy and U. S. R. Murty, Graph Theory with
Applications, North-Holland (1976), p. 248 (the conjecture attributed to Kotzig); J. A.
Gallian, A dynamic survey of graph labeling, Electron. J. Combin., Dynamic Survey DS6.

*Scope:* as posed. A tree with $n$ vertices is a simple graph on `Fin n` that is a tree
(Mathlib's `SimpleGraph.IsTree`: connected and acyclic); every finite tree is isomorphic to
one of these. A tree on $n$ vertices has $m = n - 1$ edges, so the labels are the numbers
`f v < n`.
-/

namespace FrontierBench.O08

/-- `f` is a graceful labelling of the graph `T` on `Fin n` with `n - 1` edges: `f` is
injective with values in `{0, …, n - 1}`, and two edges `uv`, `xy` with the same label
`|f u - f v| = |f x - f y|` are the same edge. -/
def IsGracefulLabelling {n : ℕ} (T : SimpleGraph (Fin n)) (f : Fin n → ℕ) : Prop :=
  Function.Injective f ∧ (∀ v, f v < n) ∧
    ∀ u v x y : Fin n, T.Adj u v → T.Adj x y →
      Int.natAbs ((f u : ℤ) - (f v : ℤ)) = Int.natAbs ((f x : ℤ) - (f y : ℤ)) →
        (u = x ∧ v = y) ∨ (u = y ∧ v = x)

/-- Every tree on `Fin n` (for every `n`) has a graceful labelling. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (T : SimpleGraph (Fin n)), T.IsTree →
      ∃ f : Fin n → ℕ, IsGracefulLabelling T f := by
  sorry

end FrontierBench.O08
