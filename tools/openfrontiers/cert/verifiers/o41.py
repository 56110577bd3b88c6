"""O41 — Sidorenko: a bipartite H and a graph G with t(K₂, G)^e(H) > t(H, G).

Statement: `main : answer(sorry) ↔ ∀ (V W : Type) [Finite V] [Finite W] [Nonempty W]
(H : SimpleGraph V) (G : SimpleGraph W), H.Colorable 2 → homDensity ⊤[Fin 2] G ^
Nat.card H.edgeSet ≤ homDensity H G`, `homDensity H G = #Hom(H, G) / |W|^|V|`.

A valid certificate establishes `answer(False)`: graphs `H` (2-colourable, networkx) and
`G` (at least one vertex); the homomorphism counts are computed exactly — `#Hom(K₂, G) =
2 e(G)`, and `#Hom(H, G)` by a backtracking count over the vertices of `H` in BFS order
(each vertex's image among the common neighbours of its placed neighbours' images) — and
`(2e(G)/|W|²)^e(H) > #Hom(H, G)/|W|^|V|` is checked in exact rationals.

Lean: specialize at `(Fin a, Fin b, H, G)`; `H.Colorable 2` by the colouring; both
homomorphism counts by `decide`/a counting lemma, then the rational inequality by
`norm_num`.

Certificate: `{"H": {"n", "edges"}, "G": {"n", "edges"}}`. Toy instances in the tests
drop 2-colourability (H = K₃ and G = K₂ then pass).
"""

from __future__ import annotations

from fractions import Fraction

import networkx as nx

from .. import schema as s
from ..exact import simple_graph
from ..spec import Condition, Context, Verifier


def count_homomorphisms(h: nx.Graph, g: nx.Graph, ctx: Context) -> int:
    nbrs = {w: set(g.neighbors(w)) for w in g.nodes}
    allv = set(g.nodes)
    order: list = []
    for comp in nx.connected_components(h):
        order.extend(nx.bfs_tree(h, min(comp)).nodes)
    image: dict = {}

    def go(i: int) -> int:
        ctx.tick()
        if i == len(order):
            return 1
        v = order[i]
        options = allv
        for u in h.neighbors(v):
            if u in image:
                options = options & nbrs[image[u]]
        total = 0
        for w in options:
            image[v] = w
            total += go(i + 1)
        image.pop(v, None)
        return total

    return go(0)


def run(cert: dict, ctx: Context, bipartite: bool = True) -> None:
    h = simple_graph(cert["H"], "$.H", ctx)
    g = simple_graph(cert["G"], "$.G", ctx)
    ctx.require(not bipartite or nx.is_bipartite(h), "bipartite", "H is not 2-colourable")
    ctx.require(g.number_of_nodes() >= 1, "nonempty", "G has no vertices")
    w, v, e = g.number_of_nodes(), h.number_of_nodes(), h.number_of_edges()
    lhs = Fraction(2 * g.number_of_edges(), w * w) ** e
    rhs = Fraction(count_homomorphisms(h, g, ctx), w**v)
    ctx.require(lhs > rhs, "violation", f"t(K₂, G)^e(H) = {lhs} ≤ t(H, G) = {rhs}")


VERIFIER = Verifier(
    item="O41",
    direction="False",
    object="a bipartite graph H and a graph G with t(K₂, G)^e(H) > t(H, G)",
    schema=s.document("O41 certificate", s.obj({"H": s.graph(40, 400), "G": s.graph(200, 20_000)})),
    conditions=(
        Condition("bipartite", "H is 2-colourable"),
        Condition("nonempty", "G has at least one vertex"),
        Condition("violation", "t(K₂, G)^e(H) > t(H, G), in exact rationals"),
    ),
    run=run,
    reduction="specialize at (Fin |V(H)|, Fin |V(G)|, H, G); Colorable 2 from a "
    "2-colouring; the two homomorphism counts by decide; the inequality by norm_num",
)
