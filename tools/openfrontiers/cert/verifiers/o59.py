"""O59 — Alon–Tarsi 7/5: a bridgeless graph whose every cycle cover is longer than 7|E|/5.

Statement: `main : answer(sorry) ↔ ∀ (V : Type) [Fintype V] (G : SimpleGraph V),
(∀ e, ¬ G.IsBridge e) → ∃ C : List (ClosedWalk G), (∀ c ∈ C, c.2.IsCycle) ∧
(∀ e ∈ G.edgeSet, ∃ c ∈ C, e ∈ c.2.edges) ∧ 5 * (C.map length).sum ≤ 7 * |E(G)|`.

A valid certificate establishes `answer(False)`: a bridgeless simple graph (networkx
`has_bridges`) whose shortest cycle cover has total length `> 7|E|/5`. The shortest cover
is computed exactly: all cycles are listed (networkx `simple_cycles`, undirected), then an
exact minimum-weight set cover by branch and bound (branch on the uncovered edge with the
fewest cycles through it). Repeating a cycle in the list `C` only lengthens it, so the
minimum over lists is the minimum over sets of cycles.

Lean: specialize at `(Fin n, G)`; bridgelessness by `decide`; every list of cycles that
covers `E` has `5 · length > 7|E|` — a finite, exhaustive computation (cycles of a finite
graph are finitely many up to rotation/reversal).

Certificate: `{"n": …, "edges": [[u, v], …]}`. Toy instances in the tests use the ratio 1
(K₄'s shortest cover has length 8 > 6).
"""

from __future__ import annotations

from fractions import Fraction

import networkx as nx

from .. import schema as s
from ..exact import simple_graph
from ..spec import Condition, Context, Verifier

RATIO = Fraction(7, 5)


def shortest_cover(g: nx.Graph, ctx: Context) -> int:
    edges = {frozenset(e) for e in g.edges}
    cycles = []
    for cyc in nx.simple_cycles(g):
        ctx.tick()
        cycles.append(frozenset(frozenset(p) for p in zip(cyc, cyc[1:] + cyc[:1], strict=True)))
    through = {e: [c for c in cycles if e in c] for e in edges}
    best = [sum(len(c) for c in cycles) + 1]

    def go(uncovered: frozenset, cost: int) -> None:
        ctx.tick()
        if not uncovered:
            best[0] = min(best[0], cost)
            return
        # every remaining cycle covers at most its length; a simple lower bound
        if cost + len(uncovered) >= best[0]:
            return
        e = min(uncovered, key=lambda x: len(through[x]))
        for c in sorted(through[e], key=len):
            go(uncovered - c, cost + len(c))

    go(frozenset(edges), 0)
    return best[0]


def run(cert: dict, ctx: Context, ratio: Fraction = RATIO) -> None:
    g = simple_graph(cert, "$", ctx)
    ctx.require(not nx.has_bridges(g), "bridgeless", "the graph has a bridge")
    m = g.number_of_edges()
    length = shortest_cover(g, ctx) if m else 0
    ctx.require(
        length > ratio * m,
        "no-short-cover",
        f"a cycle cover of total length {length} ≤ {ratio} · {m} exists",
    )


VERIFIER = Verifier(
    item="O59",
    direction="False",
    object="a bridgeless graph all of whose cycle covers have total length > 7|E|/5",
    schema=s.document("O59 certificate", s.graph(60, 200)),
    conditions=(
        Condition("bridgeless", "no edge is a bridge"),
        Condition("no-short-cover", "the shortest cycle cover has total length > 7|E|/5"),
    ),
    run=run,
    reduction="specialize at (Fin n, G); no bridge by decide; every covering list of "
    "cycles is too long (an exhaustive finite computation)",
)
