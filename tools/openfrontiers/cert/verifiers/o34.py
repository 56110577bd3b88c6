"""O34 — Gallai: a connected graph whose edges need more than ⌈n/2⌉ paths.

Statement: `main : answer(sorry) ↔ ∀ (n : ℕ) (G : SimpleGraph (Fin n)), G.Connected →
∃ (m : ℕ) (u v : Fin m → Fin n) (p : (i : Fin m) → G.Walk (u i) (v i)),
m ≤ (n + 1) / 2 ∧ (∀ i, (p i).IsPath) ∧ ∀ e ∈ G.edgeSet, ∃! i, e ∈ (p i).edges`.

A valid certificate establishes `answer(False)`: a connected simple graph on `n ≥ 1`
vertices (networkx) whose edge set has no partition into at most `(n + 1) / 2` paths. The
search is exhaustive: take the least edge not yet covered, try every path through it in the
remaining edges, recurse; a branch is cut when the remaining odd-degree vertices need more
path ends than the paths left can give (each path fixes the parity of at most two).

Lean: specialize at `(n, G)`; connectivity by `decide`; the non-existence of a partition
is a finite (exponential) search over path families — feasible in Lean only for small
graphs.

Certificate: `{"n": …, "edges": [[u, v], …]}`. Toy instances in the tests allow fewer
paths (K₃ and K₄ then pass with one path).
"""

from __future__ import annotations

import itertools

import networkx as nx

from .. import schema as s
from ..exact import simple_graph
from ..spec import Condition, Context, Verifier


def _key(u: int, v: int) -> tuple[int, int]:
    return (u, v) if u < v else (v, u)


def _extensions(
    adj: dict, start: int, avoid: set, left: set | frozenset, ctx: Context
) -> list[list[int]]:
    """Every simple path (as vertex lists) starting at `start` in the edges `left`, not
    entering `avoid`, longest first (long paths finish a partition soonest)."""
    found, stack = [], [[start]]
    while stack:
        path = stack.pop()
        ctx.tick()
        found.append(path)
        for w in adj[path[-1]]:
            if w not in avoid and w not in path and _key(path[-1], w) in left:
                stack.append([*path, w])
    return sorted(found, key=len, reverse=True)


def partition_exists(g: nx.Graph, limit: int, ctx: Context) -> bool:
    adj = {v: sorted(g.neighbors(v)) for v in g.nodes}

    def solve(left: frozenset, used: int) -> bool:
        ctx.tick()
        if not left:
            return True
        if used >= limit:
            return False
        degree: dict[int, int] = {}
        for u, v in left:
            degree[u] = degree.get(u, 0) + 1
            degree[v] = degree.get(v, 0) + 1
        odd = sum(1 for d in degree.values() if d % 2)
        if odd > 2 * (limit - used):
            return False
        u, v = min(left)
        for right in _extensions(adj, v, {u}, left - {(u, v)}, ctx):
            right_edges = {_key(a, b) for a, b in itertools.pairwise(right)}
            rest = left - {(u, v)} - right_edges
            for lpath in _extensions(adj, u, set(right), rest, ctx):
                path_edges = (
                    right_edges | {(u, v)} | {_key(a, b) for a, b in itertools.pairwise(lpath)}
                )
                if solve(left - path_edges, used + 1):
                    return True
        return False

    return solve(frozenset(_key(u, v) for u, v in g.edges), 0)


def run(cert: dict, ctx: Context, max_paths: int | None = None) -> None:
    g = simple_graph(cert, "$", ctx)
    n = cert["n"]
    ctx.require(n >= 1 and nx.is_connected(g), "connected", "the graph is not connected")
    limit = (n + 1) // 2 if max_paths is None else max_paths
    ctx.require(
        not partition_exists(g, limit, ctx),
        "no-partition",
        f"the edges split into at most {limit} paths",
    )


VERIFIER = Verifier(
    item="O34",
    direction="False",
    object="a connected graph on n vertices whose edges cannot be partitioned into "
    "(n + 1) / 2 paths",
    schema=s.document("O34 certificate", s.graph(200, 2000)),
    conditions=(
        Condition("connected", "the graph is connected (n ≥ 1)"),
        Condition("no-partition", "no partition of the edges into ≤ (n + 1)/2 paths"),
    ),
    run=run,
    reduction="specialize at (n, G); G.Connected by decide; no path family of size ≤ "
    "(n+1)/2 partitions the edges (an exhaustive finite search)",
)
