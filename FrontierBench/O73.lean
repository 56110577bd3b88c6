import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O73 — Is π(G □ H) ≤ π(G) · π(H) for all finite connected graphs G and H?

Graham's pebbling conjecture: for all finite connected graphs $G$ and $H$, is the pebbling
number of the Cartesian product $G \,\square\, H$ at most the product of the pebbling
numbers of $G$ and $H$?

A distribution of pebbles on a graph puts a number of pebbles on each vertex. A pebbling move
takes two pebbles off a vertex and puts one of them on an adjacent vertex (the other is
discarded). The pebbling number $\pi(G)$ is the least $t$ such that, from every distribution
of $t$ pebbles and for every target vertex $r$, some sequence of pebbling moves puts at least
one pebble on $r$. The Cartesian product $G \,\square\, H$ has vertex set $V(G) \times V(H)$,
with $(g, h)$ adjacent to $(g', h')$ when $g = g'$ and $h h'$ is an edge of $H$, or $h = h'$
and $g g'$ is an edge of $G$.

*Wording:* paraphrase of Graham's conjecture as stated by Chung (1989) and in the survey
literature on graph pebbling.

*Source:* F. R. K. Chung, Pebbling in hypercubes, SIAM J. Discrete Math. 2 (1989), 467–472
(where the conjecture, due to R. L. Graham, is stated).

*Scope:* as posed. Finite graphs are taken on vertex sets `Fin m` and `Fin n` (every finite
graph is isomorphic to one of these).
-/

namespace FrontierBench.O73

/-- A pebbling move on `G` turns the distribution `D` into `D'`: for some edge `u v`, two
pebbles are removed from `u` (which has at least two) and one pebble is added on `v`, all other
vertices keeping their pebbles. -/
def PebblingMove {V : Type} (G : SimpleGraph V) (D D' : V → ℕ) : Prop :=
  ∃ u v : V, G.Adj u v ∧ 2 ≤ D u ∧ D' u + 2 = D u ∧ D' v = D v + 1 ∧
    ∀ w : V, w ≠ u → w ≠ v → D' w = D w

/-- Every distribution of `t` pebbles on `G` can, by a sequence of pebbling moves, put at least
one pebble on any chosen target vertex. -/
def PebblesSuffice {V : Type} [Fintype V] (G : SimpleGraph V) (t : ℕ) : Prop :=
  ∀ D : V → ℕ, ∑ v, D v = t → ∀ r : V,
    ∃ D' : V → ℕ, Relation.ReflTransGen (PebblingMove G) D D' ∧ 1 ≤ D' r

/-- The pebbling number of a finite graph: the least `t` such that `t` pebbles suffice. (For a
finite connected graph such a `t` exists.) -/
noncomputable def pebblingNumber {V : Type} [Fintype V] (G : SimpleGraph V) : ℕ :=
  sInf {t : ℕ | PebblesSuffice G t}

/-- For all finite connected graphs `G` on `Fin m` and `H` on `Fin n`, the pebbling number of
the Cartesian (box) product `G □ H` is at most the product of their pebbling numbers. -/
theorem main : answer(sorry) ↔
    ∀ (m n : ℕ) (G : SimpleGraph (Fin m)) (H : SimpleGraph (Fin n)),
      G.Connected → H.Connected →
      pebblingNumber (G.boxProd H) ≤ pebblingNumber G * pebblingNumber H := by
  sorry

end FrontierBench.O73
