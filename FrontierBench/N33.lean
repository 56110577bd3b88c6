import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N33 — Does every planar graph on $n$ vertices have an induced forest on at least $n/2$ vertices?

Albertson–Berman conjecture: every planar graph on $n$ vertices has an induced forest with at
least $n/2$ vertices; that is, there is a set $S$ of at least $n/2$ vertices such that the
subgraph induced by $S$ contains no cycle.

*Wording:* paraphrase of Albertson and Berman (1979).

*Source:* M. O. Albertson and D. M. Berman, A conjecture on planar graphs, in: Graph Theory
and Related Topics (J. A. Bondy, U. S. R. Murty, eds.), Academic Press, New York, 1979, 357.

*Scope:* graphs are finite simple graphs (Mathlib's `SimpleGraph`) on a vertex type in
`Type`. Planarity is defined directly as the existence of a plane drawing: distinct points of
$\mathbb{R}^2$ for the vertices, and for each edge an arc (a continuous injective image of
$[0,1]$) joining its ends, such that no arc passes through a vertex in its interior and the
interiors of the arcs of two different edges are disjoint. The forest is an *induced*
subgraph (`SimpleGraph.induce`), and "at least $n/2$" is $n \le 2|S|$.
-/

namespace FrontierBench.N33

/-- A simple graph `G` is *planar* if it has a drawing in the plane `ℝ × ℝ`: an injective
placement `p` of the vertices, and for every pair of adjacent vertices `u v` a path `γ u v`,
continuous and injective on `[0, 1]`, from `p u` (at time `0`) to `p v` (at time `1`), such that
the points of `γ u v` at times in `(0, 1)` are not vertex points, and the paths of two
different edges meet at no times in `(0, 1)`. -/
def IsPlanar {V : Type} (G : SimpleGraph V) : Prop :=
  ∃ (p : V → ℝ × ℝ) (γ : V → V → ℝ → ℝ × ℝ),
    Function.Injective p ∧
    (∀ u v, G.Adj u v →
      ContinuousOn (γ u v) (Set.Icc 0 1) ∧ Set.InjOn (γ u v) (Set.Icc 0 1) ∧
      γ u v 0 = p u ∧ γ u v 1 = p v ∧
      ∀ t ∈ Set.Ioo (0 : ℝ) 1, ∀ w, γ u v t ≠ p w) ∧
    (∀ u v u' v', G.Adj u v → G.Adj u' v' → s(u, v) ≠ s(u', v') →
      ∀ t ∈ Set.Ioo (0 : ℝ) 1, ∀ t' ∈ Set.Ioo (0 : ℝ) 1, γ u v t ≠ γ u' v' t')

/-- Every finite planar simple graph on `n` vertices has a set `S` of vertices with
`n ≤ 2 |S|` whose induced subgraph is acyclic (a forest). -/
theorem main : answer(sorry) ↔
    ∀ (V : Type) [Finite V] (G : SimpleGraph V), IsPlanar G →
      ∃ S : Set V, Nat.card V ≤ 2 * S.ncard ∧ (G.induce S).IsAcyclic := by
  sorry

end FrontierBench.N33
