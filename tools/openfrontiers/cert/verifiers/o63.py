r"""O63 — Erdős #23: a triangle-free graph on 5n vertices that needs more than n² edge
deletions to become bipartite.

Statement: `main : answer(sorry) ↔ ∀ (n : ℕ) (V : Type) [Fintype V], |V| = 5n →
∀ G, G.CliqueFree 3 → ∃ H ≤ G, H.Colorable 2 ∧ |E(G) \ E(H)| ≤ n²`.

A valid certificate establishes `answer(False)`: `n` and a triangle-free graph on `5n`
vertices whose maximum cut misses more than `n²` edges. A 2-colourable subgraph keeps at
most a cut's edges, so "some bipartite H misses ≤ n²" is "some cut has ≥ |E| − n² edges";
the maximum cut is computed exactly over all 2^(5n−1) colourings (vectorised with numpy;
refused beyond 26 vertices).

Lean: specialize at `(n, Fin 5n, G)`; triangle-freeness by `decide`; every 2-colourable
`H ≤ G` lies inside a cut, and every cut misses `> n²` edges (`decide`).

Certificate: `{"n": …, "graph": {"n": 5n, "edges": […]}}`. Toy instances in the tests
allow n² − 1 deletions (C₅ with n = 1 then passes).
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from .. import schema as s
from ..exact import simple_graph
from ..spec import Condition, Context, Verifier

MAX_VERTICES = 26


def max_cut(g: nx.Graph, ctx: Context) -> int:
    v = g.number_of_nodes()
    if v <= 1:
        return 0
    if v > MAX_VERTICES:
        ctx.refuse("size", f"{v} vertices; the exact maximum cut stops at {MAX_VERTICES}")
    best = 0
    # vertex v − 1 on side 0 (a cut and its complement are the same); blocks of 2^20
    total = 1 << (v - 1)
    block = min(total, 1 << 20)
    for start in range(0, total, block):
        x = np.arange(start, start + block, dtype=np.int64)
        cut = np.zeros(block, dtype=np.int32)
        for a, b in g.edges:
            ctx.tick(block // 4096 + 1)
            cut += (((x >> a) ^ (x >> b)) & 1).astype(np.int32)
        best = max(best, int(cut.max()))
    return best


def run(cert: dict, ctx: Context, allowed: int | None = None) -> None:
    n = cert["n"]
    g = simple_graph(cert["graph"], "$.graph", ctx)
    ctx.require(g.number_of_nodes() == 5 * n, "order", f"{g.number_of_nodes()} vertices, not 5n")
    ctx.require(sum(nx.triangles(g).values()) == 0, "triangle-free", "the graph has a triangle")
    budget = n * n if allowed is None else allowed
    deletions = g.number_of_edges() - max_cut(g, ctx)
    ctx.require(
        deletions > budget,
        "far-from-bipartite",
        f"deleting {deletions} ≤ {budget} edges leaves a bipartite graph",
    )


VERIFIER = Verifier(
    item="O63",
    direction="False",
    object="n and a triangle-free graph on 5n vertices that is more than n² edges from bipartite",
    schema=s.document(
        "O63 certificate", s.obj({"n": s.nat(0, 100), "graph": s.graph(500, 20_000)})
    ),
    conditions=(
        Condition("order", "the graph has 5n vertices"),
        Condition("triangle-free", "the graph has no triangle"),
        Condition("far-from-bipartite", "every 2-colourable subgraph misses more than n² edges"),
    ),
    run=run,
    reduction="specialize at (n, Fin 5n, G); CliqueFree 3 by decide; every bipartite H ≤ G "
    "lies in a cut, and the maximum cut (an exhaustive computation) misses > n² edges",
)
