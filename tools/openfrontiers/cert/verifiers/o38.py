"""O38 — Borsuk in dimensions 4 to 62: a finite set that does not split into n + 1 parts
of smaller diameter.

Statement: `main : answer(sorry) ↔ ∀ n : ℕ, 4 ≤ n → n ≤ 62 → ∀ S : Set (ℝⁿ), bounded,
0 < diam S → ∃ F : Fin (n + 1) → Set ℝⁿ, (∀ i, F i ⊆ S) ∧ S ⊆ ⋃ i, F i ∧
∀ i, diam (F i) < diam S`.

A valid certificate establishes `answer(False)`: `4 ≤ n ≤ 62` and finitely many distinct
points of ℚⁿ (so bounded with diameter `D > 0`, `D²` computed exactly). For a finite `S`, a
cover by `n + 1` subsets of smaller diameter exists iff the *diameter graph* (points joined
when at distance exactly `D`) is `(n + 1)`-colourable (a part of diameter `< D` contains no
diameter pair, and conversely colour classes have diameter `< D`). So the check is that the
diameter graph has chromatic number `> n + 1`: first by the exact bound
`|S| > (n + 1)·α` with `α` its independence number (networkx clique search on the
complement), else by an exhaustive colouring search.

Lean: specialize at `(n, S)`; boundedness and `diam S = √D²` for a finite set; any cover
would give a proper colouring of the diameter graph, which does not exist (a finite
computation, or the counting bound with `α`).

Certificate: `{"n": …, "points": [[x₁, …, x_n], …]}` (rational coordinates). Toy
instances in the tests allow dimension 3 and `n` parts (the regular tetrahedron then
passes).
"""

from __future__ import annotations

from fractions import Fraction

import networkx as nx

from .. import schema as s
from ..exact import rational
from ..graphs import clique_number, colorable
from ..spec import Condition, Context, Verifier


def run(
    cert: dict, ctx: Context, dimensions: tuple[int, int] = (4, 62), extra_part: int = 1
) -> None:
    n = cert["n"]
    lo, hi = dimensions
    ctx.require(lo <= n <= hi, "dimension", f"n = {n} is not between {lo} and {hi}")
    pts = []
    for i, p in enumerate(cert["points"]):
        if len(p) != n:
            ctx.malformed(f"$.points[{i}]", f"{len(p)} coordinates, not n = {n}")
        pts.append(tuple(rational(c, f"$.points[{i}]", ctx) for c in p))
    ctx.require(
        len(set(pts)) == len(pts) and len(pts) >= 2,
        "points",
        "the points must be distinct and at least two",
    )

    def d2(a: tuple, b: tuple) -> Fraction:
        return sum(((x - y) ** 2 for x, y in zip(a, b, strict=True)), Fraction(0))

    pairs = {}
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            ctx.tick(n)
            pairs[i, j] = d2(pts[i], pts[j])
    diam2 = max(pairs.values())
    g = nx.Graph()
    g.add_nodes_from(range(len(pts)))
    g.add_edges_from(ij for ij, v in pairs.items() if v == diam2)
    parts = n + extra_part
    alpha = clique_number(nx.complement(g), ctx)
    if len(pts) > parts * alpha:
        ctx.passed("no-partition")
        return
    ctx.require(
        colorable(g, parts, ctx) is None,
        "no-partition",
        f"the diameter graph is {parts}-colourable: {parts} parts of smaller diameter exist",
    )


VERIFIER = Verifier(
    item="O38",
    direction="False",
    object="4 ≤ n ≤ 62 and a finite set of rational points of ℝⁿ that does not split into "
    "n + 1 parts of smaller diameter",
    schema=s.document(
        "O38 certificate",
        s.obj(
            {
                "n": s.nat(0, 1000),
                "points": s.array(s.array(s.rational(), 1, 1000), 0, 5000),
            }
        ),
    ),
    conditions=(
        Condition("dimension", "4 ≤ n ≤ 62"),
        Condition("points", "at least two distinct points, each with n coordinates"),
        Condition("no-partition", "the diameter graph is not (n + 1)-colourable"),
    ),
    run=run,
    reduction="specialize at (n, S); a cover by n + 1 sets of smaller diameter would "
    "properly colour the diameter graph with n + 1 colours, which the exact search (or "
    "|S| > (n+1)α) excludes",
)
