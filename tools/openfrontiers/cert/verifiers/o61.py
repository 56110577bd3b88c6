"""O61 — Erdős–Rousseau (Erdős #128): a triangle-free graph all of whose large vertex sets
span more than n²/50 edges.

Statement: `main : answer(sorry) ↔ ∀ (V : Type) [Fintype V] (G : SimpleGraph V),
(∀ S : Set V, |V| / 2 ≤ S.ncard → |V|² < 50 · e(G[S])) → ¬ G.CliqueFree 3`.

A valid certificate establishes `answer(False)`: a triangle-free graph on `n` vertices in
which every vertex set of size `≥ ⌊n/2⌋` spans more than `n²/50` edges. Adding vertices
never removes edges, so it suffices that every set of exactly `h = ⌊n/2⌋` vertices spans
`e > n²/50`; this is searched exhaustively, depth first over vertex sets with the count of
spanned edges, cutting a branch as soon as it spans too many edges to be a violation.

Lean: specialize at `(Fin n, G)`; `CliqueFree 3` by `decide`; the hypothesis over all
`S` from the sets of size `h` (monotonicity of induced edge counts) and a `decide` over
them.

Certificate: `{"n": …, "edges": [[u, v], …]}`. Toy instances in the tests use 1/1000 in
place of 1/50 (the Petersen graph then passes: every 5 of its vertices span an edge).
"""

from __future__ import annotations

import networkx as nx

from .. import schema as s
from ..exact import simple_graph
from ..spec import Condition, Context, Verifier

DENOMINATOR = 50


def sparse_half(g: nx.Graph, h: int, limit: int, ctx: Context) -> list[int] | None:
    """A set of h vertices spanning at most `limit` edges, or None."""
    nodes = sorted(g.nodes)
    adj = {v: set(g.neighbors(v)) for v in nodes}
    chosen: list[int] = []

    def go(start: int, edges: int) -> bool:
        ctx.tick()
        if edges > limit:
            return False
        if len(chosen) == h:
            return True
        for i in range(start, len(nodes) - (h - len(chosen)) + 1):
            v = nodes[i]
            extra = sum(1 for u in chosen if u in adj[v])
            chosen.append(v)
            if go(i + 1, edges + extra):
                return True
            chosen.pop()
        return False

    return list(chosen) if go(0, 0) else None


def run(cert: dict, ctx: Context, denominator: int = DENOMINATOR) -> None:
    g = simple_graph(cert, "$", ctx)
    n = g.number_of_nodes()
    triangles = sum(nx.triangles(g).values())
    ctx.require(triangles == 0, "triangle-free", "the graph contains a triangle")
    h = n // 2
    # a violation spans e edges with denominator · e ≤ n²
    sparse = sparse_half(g, h, (n * n) // denominator, ctx)
    ctx.require(
        sparse is None,
        "dense-halves",
        f"the {h} vertices {sparse} span at most n²/{denominator} edges",
    )


VERIFIER = Verifier(
    item="O61",
    direction="False",
    object="a triangle-free graph on n vertices in which every ⌊n/2⌋ vertices span more "
    "than n²/50 edges",
    schema=s.document("O61 certificate", s.graph(200, 20_000)),
    conditions=(
        Condition("triangle-free", "the graph has no triangle"),
        Condition("dense-halves", "every set of ≥ ⌊n/2⌋ vertices spans > n²/50 edges"),
    ),
    run=run,
    reduction="specialize at (Fin n, G); CliqueFree 3 by decide; the density hypothesis from "
    "the sets of size ⌊n/2⌋ (a decide) and monotonicity",
)
