"""O36 — a finite projective plane whose order is not a prime power.

Statement: `main : answer(sorry) ↔ ∀ (P L : Type) [Membership P L] [Finite P] [Finite L]
[Configuration.ProjectivePlane P L], IsPrimePow (Configuration.ProjectivePlane.order P L)`.

A valid certificate establishes `answer(False)`: points `0, …, v − 1` and lines (lists of
points) such that every two distinct points lie on exactly one common line, every two
distinct lines meet in exactly one point, and some four points have no three on a line;
all lines have `q + 1` points, and the order `q` is not a prime power (factored by FLINT).

The instance of `Configuration.ProjectivePlane P L` is built from these axioms (points on
exactly one common line and lines meeting in one point give `HasPoints`/`HasLines`, the
four points the nondegeneracy configuration) and the order is the number of points on a
line minus one. *Caveat:* Mathlib's `Configuration` source was not readable here, so the
correspondence of these axioms with the class's exact fields (`exists_config`, the
definition of `order`) is the classical one, not re-read against Mathlib.

Certificate: `{"points": v, "lines": [[…], …]}`. Toy instances in the tests accept prime
powers (the Fano plane then passes).
"""

from __future__ import annotations

from itertools import combinations

from flint import fmpz

from .. import schema as s
from ..spec import Condition, Context, Verifier


def is_prime_power(q: int) -> bool:
    return q > 1 and len(fmpz(q).factor()) == 1


def run(cert: dict, ctx: Context, allow_prime_power: bool = False) -> None:
    v = cert["points"]
    lines = [frozenset(line) for line in cert["lines"]]
    for i, line in enumerate(cert["lines"]):
        if len(set(line)) != len(line) or any(p >= v for p in line):
            ctx.malformed(f"$.lines[{i}]", f"points must be distinct and in 0..{v - 1}")
    ctx.require(len(set(lines)) == len(lines), "lines", "a line is listed twice")
    on: dict[int, list[int]] = {p: [] for p in range(v)}
    for i, line in enumerate(lines):
        for p in line:
            on[p].append(i)
    for a, b in combinations(range(v), 2):
        ctx.tick()
        common = len(set(on[a]) & set(on[b]))
        if common != 1:
            ctx.fail("points-join", f"points {a} and {b} lie on {common} common lines")
    ctx.passed("points-join")
    for i, j in combinations(range(len(lines)), 2):
        ctx.tick()
        if len(lines[i] & lines[j]) != 1:
            ctx.fail("lines-meet", f"lines {i} and {j} meet in {len(lines[i] & lines[j])} points")
    ctx.passed("lines-meet")
    quad = _four_points(v, lines, ctx)
    ctx.require(quad is not None, "nondegenerate", "no four points with no three on a line")
    sizes = {len(line) for line in lines}
    ctx.require(len(sizes) == 1, "order", f"lines of different sizes {sorted(sizes)}")
    q = sizes.pop() - 1
    ctx.require(
        allow_prime_power or not is_prime_power(q),
        "not-prime-power",
        f"the order {q} is a prime power",
    )


def _four_points(v: int, lines: list[frozenset], ctx: Context) -> tuple | None:
    def collinear(*pts: int) -> bool:
        return any(all(p in line for p in pts) for line in lines)

    for quad in combinations(range(v), 4):
        ctx.tick()
        if not any(collinear(*t) for t in combinations(quad, 3)):
            return quad
    return None


VERIFIER = Verifier(
    item="O36",
    direction="False",
    object="a finite projective plane (points and lines) whose order is not a prime power",
    schema=s.document(
        "O36 certificate",
        s.obj(
            {
                "points": s.nat(0, 100_000),
                "lines": s.array(s.array(s.nat(0), 1, 1000), 0, 100_000),
            }
        ),
    ),
    conditions=(
        Condition("lines", "the lines are distinct"),
        Condition("points-join", "every two distinct points lie on exactly one common line"),
        Condition("lines-meet", "every two distinct lines meet in exactly one point"),
        Condition("nondegenerate", "some four points have no three on a line"),
        Condition("order", "all lines have q + 1 points (q the order)"),
        Condition("not-prime-power", "the order q is not a prime power"),
    ),
    run=run,
    reduction="instantiate P = Fin v, L = Fin (#lines) with the incidence; build the "
    "ProjectivePlane instance from the checked axioms; order = q; ¬ IsPrimePow q by "
    "norm_num on its factorization",
)
