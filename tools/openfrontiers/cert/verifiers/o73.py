"""O73 — Graham's pebbling conjecture: connected G, H with π(G □ H) > π(G)·π(H).

Statement: `main : answer(sorry) ↔ ∀ (m n : ℕ) (G : SimpleGraph (Fin m)) (H : SimpleGraph
(Fin n)), G.Connected → H.Connected → pebblingNumber (G.boxProd H) ≤ pebblingNumber G *
pebblingNumber H`, `pebblingNumber G = sInf {t | PebblesSuffice G t}`.

A valid certificate establishes `answer(False)`: connected graphs `G`, `H`, numbers
`t_G`, `t_H`, and a distribution `D` of `t_G · t_H` pebbles on `G □ H` with a target `r`;
checked exactly: `t_G` pebbles suffice on `G` and `t_H` on `H` (every distribution, every
target, by a search over the states reachable by pebbling moves), so `π(G) ≤ t_G`,
`π(H) ≤ t_H`; and from `D` no sequence of moves puts a pebble on `r` (an exhaustive search
of the reachable states), so `t_G·t_H` pebbles do not suffice on `G □ H`. Since "t pebbles
suffice" is upward closed (an extra pebble never hurts) and some `t` suffices on a finite
connected graph, `π(G □ H) > t_G·t_H ≥ π(G)·π(H)`. The box product's vertex `(g, h)` is
numbered `g · |H| + h`.

Lean: specialize at `(m, n, G, H)`; connectivity by `decide`; `pebblingNumber G ≤ t_G`
from `PebblesSuffice G t_G` (a finite search), the strict lower bound on `G □ H` from the
failing distribution and upward closure.

Certificate: `{"G": graph, "H": graph, "t_G": …, "t_H": …, "distribution": [d_0, …],
"target": r}`. Toy instances in the tests allow one pebble less (C₄ = K₂ □ K₂ with 3
pebbles then passes).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import networkx as nx

from .. import schema as s
from ..exact import simple_graph
from ..spec import Condition, Context, Verifier


def reachable(adj: dict[int, list[int]], start: tuple[int, ...], target: int, ctx: Context) -> bool:
    """Whether pebbling moves from `start` can put a pebble on `target`."""
    if start[target]:
        return True
    seen = {start}
    stack = [start]
    while stack:
        d = stack.pop()
        for u, cnt in enumerate(d):
            if cnt < 2:
                continue
            for v in adj[u]:
                ctx.tick()
                if v == target:
                    return True
                nxt = list(d)
                nxt[u] -= 2
                nxt[v] += 1
                t = tuple(nxt)
                if t not in seen:
                    seen.add(t)
                    stack.append(t)
    return False


def suffices(g: nx.Graph, t: int, ctx: Context) -> tuple | None:
    """A distribution of t pebbles and a target it cannot reach, or None (t suffices)."""
    nodes = sorted(g.nodes)
    adj = {v: sorted(g.neighbors(v)) for v in nodes}
    for placement in combinations_with_replacement(nodes, t):
        d = [0] * len(nodes)
        for v in placement:
            d[v] += 1
        for r in nodes:
            ctx.tick()
            if not reachable(adj, tuple(d), r, ctx):
                return tuple(d), r
    return None


def run(cert: dict, ctx: Context, slack: int = 0) -> None:
    g = simple_graph(cert["G"], "$.G", ctx)
    h = simple_graph(cert["H"], "$.H", ctx)
    ok = all(x.number_of_nodes() >= 1 and nx.is_connected(x) for x in (g, h))
    ctx.require(ok, "connected", "G and H must be connected (and nonempty)")
    tg, th = cert["t_G"], cert["t_H"]
    for name, graph, t in (("G", g, tg), ("H", h, th)):
        bad = suffices(graph, t, ctx)
        if bad is not None:
            ctx.fail("upper-bounds", f"{t} pebbles do not suffice on {name}: {bad}")
    ctx.passed("upper-bounds")
    nh = h.number_of_nodes()
    box = nx.Graph()
    box.add_nodes_from(range(g.number_of_nodes() * nh))
    box.add_edges_from(((a * nh + y, b * nh + y) for a, b in g.edges for y in range(nh)))
    box.add_edges_from(((x * nh + a, x * nh + b) for a, b in h.edges for x in g.nodes))
    d, r = cert["distribution"], cert["target"]
    if len(d) != box.number_of_nodes() or r >= box.number_of_nodes():
        ctx.malformed("$.distribution", f"{box.number_of_nodes()} vertices in G □ H")
    ctx.require(sum(d) == tg * th - slack, "pebbles", f"{sum(d)} pebbles, not t_G · t_H")
    adj = {v: sorted(box.neighbors(v)) for v in box.nodes}
    ctx.require(
        not reachable(adj, tuple(d), r, ctx),
        "unsolvable",
        f"the distribution can move a pebble to {r}",
    )


VERIFIER = Verifier(
    item="O73",
    direction="False",
    object="connected graphs G, H with t_G, t_H pebbles sufficing on them and an "
    "unsolvable distribution of t_G·t_H pebbles on G □ H",
    schema=s.document(
        "O73 certificate",
        s.obj(
            {
                "G": s.graph(30, 200),
                "H": s.graph(30, 200),
                "t_G": s.nat(0, 1000),
                "t_H": s.nat(0, 1000),
                "distribution": s.array(s.nat(0, 10**6), 1, 900),
                "target": s.nat(0),
            }
        ),
    ),
    conditions=(
        Condition("connected", "G and H are connected"),
        Condition("upper-bounds", "t_G pebbles suffice on G and t_H on H"),
        Condition("pebbles", "the distribution on G □ H has t_G · t_H pebbles"),
        Condition("unsolvable", "no pebbling moves from it reach the target"),
    ),
    run=run,
    reduction="specialize at (G, H); π(G) ≤ t_G and π(H) ≤ t_H from exhaustive searches; "
    "π(G □ H) > t_G·t_H from the unsolvable distribution and upward closure",
)
