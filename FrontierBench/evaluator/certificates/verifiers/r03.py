"""R03 — Teschner: a graph whose bondage number exceeds 3Δ/2.

Statement: `main : answer(sorry) ↔ ∀ n (G : SimpleGraph (Fin n)) [DecidableRel G.Adj],
G.edgeSet.Nonempty → ∃ F : Finset (Sym2 (Fin n)), ↑F ⊆ G.edgeSet ∧ 2 * F.card ≤ 3 *
G.maxDegree ∧ dominationNumber G < dominationNumber (G.deleteEdges ↑F)`, with
`dominationNumber G = sInf {k | ∃ D, D.card = k ∧ IsDominatingSet G D}`.

A valid certificate establishes `answer(False)`: a simple graph `G` with at least one edge
and a dominating set `D` of `G` such that

- *dominating*: `D` dominates `G`, so `γ(G) ≤ |D|`;
- *minimum*: no set of `|D| − 1` vertices dominates `G` (exhaustive), so `γ(G) = |D|`
  (a set of fewer vertices extends to one of `|D| − 1` that still dominates);
- *bondage*: for every set `F` of edges with `2|F| ≤ 3Δ(G)`, some dominating set of `G` of
  size `|D|` still dominates `G − F` (the dominating `|D|`-sets of `G` are enumerated once,
  then each `F` is tried against them), so `γ(G − F) ≤ γ(G)`: no such `F` raises it.

Lean: specialize at `(n, G)`; the edge set is nonempty by a listed edge; for the negated
right-hand side take any `F` with `2|F| ≤ 3Δ`: `F ⊆ E(G)` and `|F| ≤ ⌊3Δ/2⌋`, a finite case
split over subsets of the listed edges, each closed by the `|D|`-set the verifier found
(dominating `G − F`, so `dominationNumber (G − F) ≤ |D|` by `Nat.sInf_le`), and
`dominationNumber G = |D|` by `D` and the exhaustive minimum. Computation-heavy; a Lean proof
would check the same finite facts.

Certificate: `{"n", "edges": [[u, v], …], "dominating_set": [v, …]}`.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from openfrontiers.cert import schema as s
from openfrontiers.cert.exact import simple_graph
from openfrontiers.cert.spec import Condition, Context, Verifier

MAX_VERTICES = 24
MAX_EDGES = 48
MAX_SETS = 3_000_000  # vertex sets and edge sets enumerated, together


def _dominates(neighbourhoods: list[int], chosen: tuple[int, ...], full: int) -> bool:
    covered = 0
    for v in chosen:
        covered |= neighbourhoods[v]
    return covered == full


def run(cert: dict, ctx: Context) -> None:
    g = simple_graph(cert, "$", ctx)
    n = cert["n"]
    edges = sorted((min(u, v), max(u, v)) for u, v in g.edges)
    if not edges:
        ctx.malformed("$.edges", "the graph needs at least one edge")
    d = sorted(set(cert["dominating_set"]))
    if len(d) != len(cert["dominating_set"]) or any(v >= n for v in d):
        ctx.malformed("$.dominating_set", f"distinct vertices in 0..{n - 1} expected")
    k = len(d)
    delta = max(deg for _, deg in g.degree)
    biggest = 3 * delta // 2  # the largest |F| with 2|F| ≤ 3Δ
    work = comb(n, k - 1) + comb(n, k) + sum(comb(len(edges), r) for r in range(biggest + 1))
    if work > MAX_SETS:
        ctx.refuse("size", f"{work} vertex and edge sets to enumerate, beyond {MAX_SETS}")
    full = (1 << n) - 1
    closed = [1 << v for v in range(n)]
    for u, v in edges:
        closed[u] |= 1 << v
        closed[v] |= 1 << u
    ctx.require(_dominates(closed, tuple(d), full), "dominating", f"{d} does not dominate G")
    smaller = next(
        (c for c in ctx.steps(combinations(range(n), k - 1)) if _dominates(closed, c, full)),
        None,
    )
    ctx.require(
        smaller is None, "minimum", f"{list(smaller or ())} dominates G with {k - 1} vertices"
    )
    gamma_sets = [c for c in ctx.steps(combinations(range(n), k)) if _dominates(closed, c, full)]
    for r in range(1, biggest + 1):
        for removed in ctx.steps(combinations(edges, r)):
            after = list(closed)
            for u, v in removed:
                after[u] &= ~(1 << v)
                after[v] &= ~(1 << u)
            if not any(_dominates(after, c, full) for c in gamma_sets):
                ctx.fail(
                    "bondage",
                    f"deleting {[list(e) for e in removed]} (2·{r} ≤ 3·{delta}) raises γ above {k}",
                )
    ctx.passed("bondage")


VERIFIER = Verifier(
    item="R03",
    direction="False",
    object="a simple graph with a minimum dominating set D such that no set of at most "
    "3Δ/2 edges, deleted, raises the domination number",
    schema=s.document(
        "R03 certificate",
        s.obj(
            {
                "n": s.nat(1, MAX_VERTICES),
                "edges": s.array(s.fixed(s.nat(0, MAX_VERTICES - 1), 2), 1, MAX_EDGES),
                "dominating_set": s.array(s.nat(0, MAX_VERTICES - 1), 1, MAX_VERTICES),
            }
        ),
    ),
    conditions=(
        Condition("dominating", "D dominates G, so γ(G) ≤ |D|"),
        Condition("minimum", "no set of |D| − 1 vertices dominates G, so γ(G) = |D|"),
        Condition("bondage", "every edge set F with 2|F| ≤ 3Δ leaves some |D|-set dominating"),
    ),
    run=run,
    reduction="specialize at (n, G); γ(G) = |D| from D and the exhaustive minimum; for each "
    "F ⊆ E(G) with 2|F| ≤ 3Δ (a finite case split), a |D|-set dominating G − F bounds "
    "dominationNumber (G − F) ≤ |D| by Nat.sInf_le",
)
