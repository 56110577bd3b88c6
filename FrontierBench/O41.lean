import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O41 — Is t(H, G) ≥ t(K₂, G)^{e(H)} for every bipartite graph H and every graph G?

Sidorenko's conjecture. For finite graphs $H$ and $G$ let $t(H, G)$ be the homomorphism
density of $H$ in $G$: the probability that a uniformly random map $V(H) \to V(G)$ sends
every edge of $H$ to an edge of $G$. Is it true that for every finite bipartite graph $H$
with $e(H)$ edges and every finite graph $G$,
$$t(H, G) \ge t(K_2, G)^{e(H)}?$$

*Wording:* paraphrase of Sidorenko (1993), in the homomorphism-density form.

*Source:* A. Sidorenko, A correlation inequality for bipartite graphs, Graphs Combin. 9
(1993), 201–204. (A closely related conjecture appears in P. Erdős and M. Simonovits,
Cube-supersaturated graphs and related problems, in: Progress in Graph Theory, 1984.)

*Scope:* Sidorenko states the conjecture for bounded measurable functions; the statement
here is the standard equivalent form for finite host graphs $G$ (step functions / graph
limits give the equivalence). Vertex types live in `Type`; `G` has at least one vertex.
Bipartite is `H.Colorable 2`.
-/

namespace FrontierBench.O41

/-- The homomorphism density `t(H, G)`: the number of graph homomorphisms `H →g G` divided by
the number `|V(G)| ^ |V(H)|` of all maps `V(H) → V(G)`. -/
noncomputable def homDensity {V W : Type} (H : SimpleGraph V) (G : SimpleGraph W) : ℝ :=
  (Nat.card (SimpleGraph.Hom H G) : ℝ) / (Nat.card W : ℝ) ^ Nat.card V

/-- For all finite types `V`, `W` with `W` nonempty, every `2`-colourable graph `H` on `V`
and every graph `G` on `W` satisfy `t(K₂, G) ^ e(H) ≤ t(H, G)`, where `K₂ = ⊤` on `Fin 2`
and `e(H)` is the number of edges of `H`. -/
theorem main : answer(sorry) ↔
    ∀ (V W : Type) [Finite V] [Finite W] [Nonempty W]
      (H : SimpleGraph V) (G : SimpleGraph W), H.Colorable 2 →
      homDensity (⊤ : SimpleGraph (Fin 2)) G ^ Nat.card H.edgeSet ≤ homDensity H G := by
  sorry

end FrontierBench.O41
