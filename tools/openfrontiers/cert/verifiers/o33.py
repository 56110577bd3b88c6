"""O33 — Erdős–Szekeres: 2^(n−2) + 1 points in general position without n in convex
position.

Statement: `main : answer(sorry) ↔ ∀ n : ℕ, 3 ≤ n → IsLeast {N | ∀ P : Finset (ℝ²),
P.card = N → NoThreeCollinear P → ∃ Q ⊆ P, Q.card = n ∧ ConvexPosition Q} (2^(n−2) + 1)`.

A valid certificate establishes `answer(False)`: `n ≥ 3` and `2^(n−2) + 1` distinct points
with rational coordinates, no three collinear (exact orientation tests), whose largest
subset in convex position has fewer than `n` points. Then `2^(n−2) + 1` is not in the set,
so not its least element. The largest convex subset is computed exactly: with no three
collinear, a set is in convex position iff it is the vertex set of a convex polygon; for
each point as the lowest vertex, a dynamic programme over the other points sorted by
angle finds the longest convex chain (O(N³) per point, integer arithmetic after clearing
denominators).

Lean: specialize at `n`; exhibit `P`, prove `NoThreeCollinear P` and that no `n`-subset is
in convex position (finitely many subsets; convex position is decidable for rational
points), a large but finite computation.

Certificate: `{"n": …, "points": [["x", "y"], …]}` (rationals). Toy instances in the tests
ask for 2^(n−2) points (4 points with no convex quadrilateral then pass).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cmp_to_key
from math import lcm

from .. import schema as s
from ..exact import rational
from ..spec import Condition, Context, Verifier

Point = tuple[int, int]


def cross(o: Point, a: Point, b: Point) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _by_angle(p: Point) -> Callable[[Point, Point], int]:
    # points above p, compared by the angle of q − p (counterclockwise from the x-axis)
    def compare(a: Point, b: Point) -> int:
        return -1 if cross(p, a, b) > 0 else 1

    return compare


def largest_convex_subset(points: list[Point], ctx: Context) -> int:
    """The size of a largest subset in convex position (points in general position)."""
    if len(points) <= 3:
        return len(points)
    best = 3
    for p in points:
        above = [q for q in points if (q[1], q[0]) > (p[1], p[0])]
        above.sort(key=cmp_to_key(_by_angle(p)))
        m = len(above)
        # chain[j][i]: vertices of the longest convex chain p, …, above[j], above[i]
        chain = [[0] * m for _ in range(m)]
        for i in range(m):
            for j in range(i):
                ctx.tick()
                length = 3  # p, above[j], above[i]: a left turn since j precedes i
                for k in range(j):
                    if chain[k][j] and cross(above[k], above[j], above[i]) > 0:
                        length = max(length, chain[k][j] + 1)
                chain[j][i] = length
                if cross(above[j], above[i], p) > 0:
                    best = max(best, length)
    return best


def run(cert: dict, ctx: Context, extra: int = 1) -> None:
    n = cert["n"]
    ctx.require(n >= 3, "n", f"n = {n} is less than 3")
    raw = [
        (rational(x, f"$.points[{i}][0]", ctx), rational(y, f"$.points[{i}][1]", ctx))
        for i, (x, y) in enumerate(cert["points"])
    ]
    want = 2 ** (n - 2) + extra
    ctx.require(len(raw) == want, "count", f"{len(raw)} points, not {want}")
    ctx.require(len(set(raw)) == len(raw), "distinct", "two points coincide")
    scale = lcm(*(c.denominator for pt in raw for c in pt))
    pts = [(int(x * scale), int(y * scale)) for x, y in raw]
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            for k in range(j + 1, len(pts)):
                ctx.tick()
                if cross(pts[i], pts[j], pts[k]) == 0:
                    ctx.fail("general-position", f"points {i}, {j}, {k} are collinear")
    ctx.passed("general-position")
    size = largest_convex_subset(pts, ctx)
    ctx.require(size < n, "no-convex-n-gon", f"{size} ≥ n points are in convex position")


VERIFIER = Verifier(
    item="O33",
    direction="False",
    object="n ≥ 3 and 2^(n−2) + 1 rational points, no three collinear, no n in convex position",
    schema=s.document(
        "O33 certificate",
        s.obj({"n": s.nat(0, 20), "points": s.array(s.fixed(s.rational(), 2), 0, 70_000)}),
    ),
    conditions=(
        Condition("n", "n ≥ 3"),
        Condition("count", "exactly 2^(n−2) + 1 points"),
        Condition("distinct", "the points are distinct"),
        Condition("general-position", "no three points are collinear"),
        Condition("no-convex-n-gon", "no n of the points are in convex position"),
    ),
    run=run,
    reduction="specialize at n; the point set has the right size, no three collinear, and "
    "no n-subset in convex position (a finite exact computation), so 2^(n−2) + 1 is not in "
    "the set",
)
