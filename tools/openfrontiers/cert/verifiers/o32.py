"""O32 — Erdős Matching Conjecture: an r-uniform family with no k pairwise disjoint edges
and more edges than the conjectured maximum.

Statement: `main : answer(sorry) ↔ ∀ r k n : ℕ, 3 ≤ r → 1 ≤ k → r * k ≤ n → IsGreatest
{m | ∃ H : Finset (Finset (Fin n)), IsUniformMatchingFree n r k H ∧ H.card = m}
(max (C(r k − 1, r)) (C(n, r) − C(n − k + 1, r)))`.

A valid certificate establishes `answer(False)`: `r ≥ 3`, `k ≥ 1`, `n ≥ rk` and a family of
distinct `r`-subsets of `{0, …, n − 1}` with more than that maximum members and no `k`
pairwise disjoint members. Then the bound is not an upper bound, so it is not the greatest
element. "No k pairwise disjoint members" is decided exactly: it says the graph on the
members, joined when disjoint, has clique number `< k` (networkx `max_weight_clique`).

Lean: specialize at `(r, k, n)`; `¬ IsGreatest` because the family's size is in the set
and exceeds the bound; matching-freeness by `decide` over the family's `k`-subsets.

Certificate: `{"r": …, "k": …, "n": …, "edges": [[…], …]}`. Toy instances in the tests
lower the bound by one (all 3-subsets of a 5-set, r = 3, k = 2, n = 6, then pass).
"""

from __future__ import annotations

from math import comb

import networkx as nx

from .. import schema as s
from ..graphs import clique_number
from ..spec import Condition, Context, Verifier


def bound(r: int, k: int, n: int) -> int:
    return max(comb(r * k - 1, r), comb(n, r) - comb(n - k + 1, r))


def run(cert: dict, ctx: Context, slack: int = 0) -> None:
    r, k, n = cert["r"], cert["k"], cert["n"]
    ctx.require(
        r >= 3 and k >= 1 and n >= r * k,
        "parameters",
        f"need r ≥ 3, k ≥ 1, n ≥ rk (r = {r}, k = {k}, n = {n})",
    )
    edges = []
    for i, e in enumerate(cert["edges"]):
        ctx.tick()
        if len(set(e)) != r or any(v >= n for v in e):
            ctx.fail("uniform", f"edge {i} is not an {r}-subset of 0..{n - 1}")
        edges.append(frozenset(e))
    ctx.require(len(set(edges)) == len(edges), "uniform", "an edge is listed twice")
    b = bound(r, k, n) - slack
    ctx.require(len(edges) > b, "size", f"{len(edges)} edges, not more than the bound {b}")
    g = nx.Graph()
    g.add_nodes_from(range(len(edges)))
    for i in range(len(edges)):
        for j in range(i + 1, len(edges)):
            ctx.tick()
            if not edges[i] & edges[j]:
                g.add_edge(i, j)
    nu = clique_number(g, ctx)
    ctx.require(nu < k, "matching-free", f"{nu} ≥ k pairwise disjoint edges exist")


VERIFIER = Verifier(
    item="O32",
    direction="False",
    object="r ≥ 3, k ≥ 1, n ≥ rk and an r-uniform family on n vertices with no k disjoint "
    "members and more than max(C(rk−1, r), C(n, r) − C(n−k+1, r)) members",
    schema=s.document(
        "O32 certificate",
        s.obj(
            {
                "r": s.nat(0, 1000),
                "k": s.nat(0, 1000),
                "n": s.nat(0, 100_000),
                "edges": s.array(s.array(s.nat(0), 1, 1000), 0, 20_000),
            }
        ),
    ),
    conditions=(
        Condition("parameters", "r ≥ 3, k ≥ 1 and n ≥ rk"),
        Condition("uniform", "the edges are distinct r-subsets of {0, …, n − 1}"),
        Condition("size", "more edges than max(C(rk−1, r), C(n, r) − C(n−k+1, r))"),
        Condition("matching-free", "no k pairwise disjoint edges"),
    ),
    run=run,
    reduction="specialize at (r, k, n); the family's size lies in the set and exceeds the "
    "claimed maximum; matching-freeness by decide",
)
