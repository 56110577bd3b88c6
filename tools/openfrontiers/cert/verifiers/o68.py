"""O68 — Erdős–Gyárfás: a graph of minimum degree ≥ 3 with no cycle of length 2^k, k ≥ 2.

Statement: `main : answer(sorry) ↔ ∀ (n : ℕ) (G : SimpleGraph (Fin n)), 0 < n →
(∀ v, 3 ≤ (G.neighborSet v).ncard) → ∃ v (c : G.Walk v v) k, 2 ≤ k ∧ c.IsCycle ∧
c.length = 2 ^ k`.

A valid certificate establishes `answer(False)`: a graph on `n ≥ 1` vertices, every degree
at least 3, and no cycle of length 4, 8, 16, … (up to `n`). Cycles are enumerated exactly
with networkx `simple_cycles` (undirected, bounded by the largest power of two `≤ n`).

Lean: specialize at `(n, G)`; degrees by `decide`; no cycle of those lengths by `decide`
over walks of bounded length.

Certificate: `{"n": …, "edges": [[u, v], …]}`. Toy instances in the tests forbid only
length 4 (the Petersen graph then passes).
"""

from __future__ import annotations

import networkx as nx

from .. import schema as s
from ..exact import simple_graph
from ..spec import Condition, Context, Verifier


def run(cert: dict, ctx: Context, lengths: tuple[int, ...] | None = None) -> None:
    g = simple_graph(cert, "$", ctx)
    n = g.number_of_nodes()
    ctx.require(n >= 1, "nonempty", "the graph has no vertices")
    low = [v for v in g.nodes if g.degree(v) < 3]
    if low:
        ctx.fail("min-degree", f"vertex {low[0]} has degree {g.degree(low[0])} < 3")
    ctx.passed("min-degree")
    wanted = set(lengths) if lengths is not None else {2**k for k in range(2, n.bit_length() + 1)}
    wanted = {w for w in wanted if w <= n}
    if wanted:
        for cyc in nx.simple_cycles(g, length_bound=max(wanted)):
            ctx.tick()
            if len(cyc) in wanted:
                ctx.fail("no-power-cycle", f"the cycle {cyc} has length {len(cyc)}")
    ctx.passed("no-power-cycle")


VERIFIER = Verifier(
    item="O68",
    direction="False",
    object="a graph with all degrees ≥ 3 and no cycle of length 4, 8, 16, …",
    schema=s.document("O68 certificate", s.graph(500, 5000)),
    conditions=(
        Condition("nonempty", "n ≥ 1"),
        Condition("min-degree", "every vertex has degree ≥ 3"),
        Condition("no-power-cycle", "no cycle has length 2^k with k ≥ 2"),
    ),
    run=run,
    reduction="specialize at (n, G); degrees by decide; no cycle of length 2^k ≤ n by an "
    "exhaustive (decidable) search over cycles",
)
