"""O67 — Erdős–Lovász Tihany: a graph with ω < χ = a + b − 1 and no (a, b)-split.

Statement: `main : answer(sorry) ↔ ∀ (n : ℕ) (G : SimpleGraph (Fin n)) (k a b : ℕ),
2 ≤ a → 2 ≤ b → a + b = k + 1 → G.chromaticNumber = k → G.CliqueFree k →
∃ s, a ≤ χ(G[s]) ∧ b ≤ χ(G[sᶜ])`.

A valid certificate establishes `answer(False)`: a graph, `a, b ≥ 2`; with `k = a + b − 1`,
`χ(G) = k` (a `k`-colouring exists and no `(k − 1)`-colouring, by the exact colouring
search), `G` has no `k`-clique (networkx exact clique number), and for every vertex set
`S`, `χ(G[S]) < a` or `χ(G[V∖S]) < b`. The splits are exhausted (2^n of them; a side with
fewer than `a` vertices is skipped at once), each side by the exact colouring search.

Lean: specialize at `(n, G, k, a, b)`; `chromaticNumber = k` from the colouring and the
non-colourability; `CliqueFree k` by `decide`; every split fails (`decide`).

Certificate: `{"graph": {"n", "edges"}, "a": …, "b": …}`. Toy instances in the tests drop
the clique condition (K₃ with a = b = 2 then passes).
"""

from __future__ import annotations

from itertools import combinations

from .. import schema as s
from ..exact import simple_graph
from ..graphs import clique_number, colorable, induced
from ..spec import Condition, Context, Verifier


def run(cert: dict, ctx: Context, clique_free: bool = True) -> None:
    g = simple_graph(cert["graph"], "$.graph", ctx)
    a, b = cert["a"], cert["b"]
    ctx.require(a >= 2 and b >= 2, "parameters", f"a = {a} and b = {b} must be ≥ 2")
    k = a + b - 1
    ctx.require(
        colorable(g, k, ctx) is not None and colorable(g, k - 1, ctx) is None,
        "chromatic",
        f"χ(G) ≠ a + b − 1 = {k}",
    )
    if clique_free:
        omega = clique_number(g, ctx)
        ctx.require(omega < k, "clique-free", f"G has a clique of size {omega} ≥ {k}")
    else:
        ctx.passed("clique-free")
    nodes = sorted(g.nodes)
    for size in range(a, len(nodes) - b + 1):
        for part in combinations(nodes, size):
            ctx.tick()
            s_side = set(part)
            rest = set(nodes) - s_side
            if colorable(induced(g, s_side), a - 1, ctx) is None and (
                colorable(induced(g, rest), b - 1, ctx) is None
            ):
                ctx.fail("no-split", f"S = {sorted(s_side)} has χ(S) ≥ {a}, χ(V∖S) ≥ {b}")
    ctx.passed("no-split")


VERIFIER = Verifier(
    item="O67",
    direction="False",
    object="a graph G and a, b ≥ 2 with ω(G) < χ(G) = a + b − 1 and no split with "
    "χ(G[S]) ≥ a, χ(G[V∖S]) ≥ b",
    schema=s.document(
        "O67 certificate",
        s.obj({"graph": s.graph(40, 800), "a": s.nat(0, 40), "b": s.nat(0, 40)}),
    ),
    conditions=(
        Condition("parameters", "a ≥ 2 and b ≥ 2"),
        Condition("chromatic", "χ(G) = a + b − 1"),
        Condition("clique-free", "G has no (a + b − 1)-clique"),
        Condition("no-split", "no S with χ(G[S]) ≥ a and χ(G[V∖S]) ≥ b"),
    ),
    run=run,
    reduction="specialize at (n, G, a + b − 1, a, b); χ(G) from a colouring and an "
    "exhaustive non-colourability; CliqueFree by decide; no split by decide",
)
