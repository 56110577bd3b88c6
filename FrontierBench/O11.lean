import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O11 — Is γ(G □ H) ≥ γ(G)·γ(H) for all finite graphs G and H?

Vizing's conjecture. A set $D$ of vertices of a graph $G$ is dominating if every vertex of
$G$ lies in $D$ or is adjacent to a vertex of $D$; the domination number $\gamma(G)$ is the
least size of a dominating set. The Cartesian product $G \,\square\, H$ has vertex set
$V(G) \times V(H)$, with $(g, h)$ adjacent to $(g', h')$ when $g = g'$ and $hh'$ is an edge of
$H$, or $h = h'$ and $gg'$ is an edge of $G$. Is it true that for all finite graphs $G$ and
$H$
$$\gamma(G \,\square\, H) \ge \gamma(G)\,\gamma(H)?$$

*Wording:* paraphrase of the conjecture as stated in the literature on it (e.g. the
introductions of arXiv:1608.02107 and arXiv:1705.04954, read as stored copies).

*Source:* V. G. Vizing, The Cartesian product of graphs, Vyčisl. Sistemy 9 (1963), 30–43;
V. G. Vizing, Some unsolved problems in graph theory, Uspekhi Mat. Nauk 23 (1968), no. 6,
117–134.

*Scope:* as posed, for finite simple graphs (a finite graph is a simple graph on `Fin n`).
The Cartesian product is Mathlib's `SimpleGraph.boxProd`. The domination number is defined
below as the least cardinality of a dominating `Finset`; on a finite vertex type the whole
vertex set dominates, so the least value is attained.
-/

namespace FrontierBench.O11

/-- `D` dominates `G`: every vertex lies in `D` or is adjacent to a vertex of `D`. -/
def IsDominatingSet {V : Type} (G : SimpleGraph V) (D : Finset V) : Prop :=
  ∀ v : V, v ∈ D ∨ ∃ u ∈ D, G.Adj u v

/-- The domination number `γ(G)`: the least cardinality of a dominating set of `G`. (It is
used for finite vertex types only, where `Finset.univ` dominates, so the set below is
nonempty and `sInf` is its minimum.) -/
noncomputable def dominationNumber {V : Type} (G : SimpleGraph V) : ℕ :=
  sInf {k : ℕ | ∃ D : Finset V, D.card = k ∧ IsDominatingSet G D}

/-- For all `m, n` and all simple graphs `G` on `Fin m` and `H` on `Fin n`,
`γ(G) * γ(H) ≤ γ(G □ H)`. -/
theorem main : answer(sorry) ↔
    ∀ (m n : ℕ) (G : SimpleGraph (Fin m)) (H : SimpleGraph (Fin n)),
      dominationNumber G * dominationNumber H ≤ dominationNumber (G.boxProd H) := by
  sorry

end FrontierBench.O11
