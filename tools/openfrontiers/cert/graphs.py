"""Exact graph computations networkx does not provide, with budgets.

networkx gives cliques (`max_weight_clique`, exact), bipartiteness, bridges, cycles;
it has no exact chromatic number (its colourings are greedy), so `colorable` is a
DSATUR-ordered backtracking search here: exact, exponential in the worst case, and
ticking the budget at every node.
"""

from __future__ import annotations

import networkx as nx

from .spec import Context


def clique_number(g: nx.Graph, ctx: Context) -> int:
    if g.number_of_nodes() == 0:
        return 0
    ctx.tick(g.number_of_nodes())
    _, weight = nx.max_weight_clique(g, weight=None)
    return int(weight)


def colorable(g: nx.Graph, k: int, ctx: Context) -> dict | None:
    """A proper colouring of g with colours 0, …, k − 1, or None when none exists."""
    nodes = list(g.nodes)
    if not nodes:
        return {}
    if k <= 0:
        return None
    adj = {v: set(g.neighbors(v)) for v in nodes}
    colour: dict = {}

    def pick() -> object:
        # DSATUR: the uncoloured vertex with most distinct neighbour colours, then degree
        best, key = None, (-1, -1)
        for v in nodes:
            if v in colour:
                continue
            sat = len({colour[u] for u in adj[v] if u in colour})
            cand = (sat, len(adj[v]))
            if cand > key:
                best, key = v, cand
        return best

    def solve(used: int) -> bool:
        ctx.tick()
        if len(colour) == len(nodes):
            return True
        v = pick()
        taken = {colour[u] for u in adj[v] if u in colour}
        # colours beyond the first unused one are symmetric: try at most one new colour
        for c in range(min(k, used + 1)):
            if c in taken:
                continue
            colour[v] = c
            if solve(max(used, c + 1)):
                return True
            del colour[v]
        return False

    return dict(colour) if solve(0) else None


def induced(g: nx.Graph, vertices: set) -> nx.Graph:
    return nx.Graph(g.subgraph(vertices))
