"""E01 — Erdős #106: k² + 1 squares in the unit square with total side length > k.

Statement: `main : answer(sorry) ↔ ∀ k : ℕ, 1 ≤ k → maxSideSum (k ^ 2 + 1) = k`, with
`maxSideSum n = sSup {∑ ‖w i‖ | a w : Fin n → ℂ, w i ≠ 0, closedSquare (a i) (w i) ⊆
unitSquare, interiors pairwise disjoint}` and `closedSquare a w = {a + (s + t i) w | s, t ∈
[0, 1]}`.

A valid certificate refutes the right-hand side at its `k`, establishing `answer(False)`:
`k² + 1` squares `(a, w)` with rational `a`, `w ≠ 0` and rational side `‖w‖` (`|w|²` a
rational square, checked), each inside `[0, 1]²` (its four corners are, exactly), with
pairwise disjoint interiors — by the separating-axis theorem for convex polygons: two
squares have disjoint interiors iff their projections on one of their four side directions
have disjoint interiors (checked exactly with rational projections) — and `∑ ‖w‖ > k`. The
set is bounded by `n` (each side is at most 1), so its `sSup` is `≥ ∑ ‖w‖ > k`.

Lean: specialize at `k`; the family is in the set (containment and disjointness by the
rational checks, as in the record's formalization), `le_csSup` with the bound `n`.

Certificate: `{"k": …, "squares": [{"a": [x, y], "w": [u, v]}, …]}`.
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from openfrontiers.cert import schema as s
from openfrontiers.cert.exact import rational
from openfrontiers.cert.spec import Condition, Context, Verifier

Vec = tuple[Fraction, Fraction]


def _corners(a: Vec, w: Vec) -> list[Vec]:
    iw = (-w[1], w[0])
    return [
        a,
        (a[0] + w[0], a[1] + w[1]),
        (a[0] + w[0] + iw[0], a[1] + w[1] + iw[1]),
        (a[0] + iw[0], a[1] + iw[1]),
    ]


def _separated(p: list[Vec], q: list[Vec]) -> bool:
    for poly in (p, q):
        for i in range(2):
            ex, ey = poly[i + 1][0] - poly[i][0], poly[i + 1][1] - poly[i][1]
            axis = (-ey, ex)
            pp = [axis[0] * x + axis[1] * y for x, y in p]
            qq = [axis[0] * x + axis[1] * y for x, y in q]
            if max(pp) <= min(qq) or max(qq) <= min(pp):
                return True
    return False


def run(cert: dict, ctx: Context) -> None:
    k = cert["k"]
    ctx.require(k >= 1, "k", f"k = {k} is less than 1")
    squares, sides = [], []
    for i, sq in enumerate(cert["squares"]):
        a = (
            rational(sq["a"][0], f"$.squares[{i}].a", ctx),
            rational(sq["a"][1], f"$.squares[{i}].a", ctx),
        )
        w = (
            rational(sq["w"][0], f"$.squares[{i}].w", ctx),
            rational(sq["w"][1], f"$.squares[{i}].w", ctx),
        )
        n2 = w[0] ** 2 + w[1] ** 2
        r = Fraction(isqrt(n2.numerator), isqrt(n2.denominator))
        if n2 == 0 or r * r != n2:
            ctx.fail("sides", f"square {i}: ‖w‖² = {n2} is zero or not a rational square")
        squares.append(_corners(a, w))
        sides.append(r)
    ctx.passed("sides")
    ctx.require(len(squares) == k * k + 1, "count", f"{len(squares)} squares, not k² + 1")
    for i, c in enumerate(squares):
        if not all(0 <= x <= 1 and 0 <= y <= 1 for x, y in c):
            ctx.fail("inside", f"square {i} leaves the unit square")
    ctx.passed("inside")
    for i in range(len(squares)):
        for j in range(i + 1, len(squares)):
            ctx.tick()
            if not _separated(squares[i], squares[j]):
                ctx.fail("disjoint", f"squares {i} and {j} have overlapping interiors")
    ctx.passed("disjoint")
    total = sum(sides, Fraction(0))
    ctx.require(total > k, "total", f"total side length {total} is not greater than k = {k}")


VERIFIER = Verifier(
    item="E01",
    direction="False",
    object="k and k² + 1 squares with rational data in the unit square, disjoint interiors, "
    "total side length > k",
    schema=s.document(
        "E01 certificate",
        s.obj(
            {
                "k": s.nat(0, 100),
                "squares": s.array(
                    s.obj({"a": s.fixed(s.rational(), 2), "w": s.fixed(s.rational(), 2)}), 1, 10_001
                ),
            }
        ),
    ),
    conditions=(
        Condition("k", "k ≥ 1"),
        Condition("sides", "every w ≠ 0 has a rational length ‖w‖"),
        Condition("count", "exactly k² + 1 squares"),
        Condition("inside", "every square lies in [0, 1]²"),
        Condition("disjoint", "the interiors are pairwise disjoint (separating axes)"),
        Condition("total", "the side lengths add up to more than k"),
    ),
    run=run,
    reduction="specialize at k; the family lies in the set whose sSup is maxSideSum, which "
    "is bounded by k² + 1, so maxSideSum (k²+1) ≥ ∑‖w‖ > k",
)
