"""O93 — Sun: a natural number that is not p₄(x) + p₅(y) + p₆(z).

Statement: `main : answer(sorry) ↔ ∀ n : ℕ, ∃ x y z : ℕ, polygonal 4 x + polygonal 5 y +
polygonal 6 z = n`, `polygonal m x = (m − 2) · C(x, 2) + x`.

A valid certificate establishes `answer(False)`: an `n` with no representation. The search
is complete: every polygonal number is `≥` its argument's contribution and increasing, so
`y` and `z` range over the finitely many values with `p₅(y) + p₆(z) ≤ n`, and `x` must
have `x² = n − p₅(y) − p₆(z)` (an exact integer square root). About `0.6 n` steps; real
counterexamples (none is known, and Sun checked far) are refused on time.

Lean: specialize at `n`; the bounded search is `decide` over `y, z` and `Nat.sqrt`.

Certificate: `{"n": …}`. Toy instances in the tests use three squares (n = 7 passes).
"""

from __future__ import annotations

from math import comb, isqrt

from .. import schema as s
from ..spec import Condition, Context, Verifier

ORDERS = (4, 5, 6)


def polygonal(m: int, x: int) -> int:
    return (m - 2) * comb(x, 2) + x


def representable(m: int, value: int) -> int | None:
    """The x with polygonal m x = value, or None (m ≥ 3: increasing in x)."""
    if m == 4:
        r = isqrt(value)
        return r if r * r == value else None
    lo, hi = 0, value + 1
    while lo < hi:
        mid = (lo + hi) // 2
        if polygonal(m, mid) < value:
            lo = mid + 1
        else:
            hi = mid
    return lo if polygonal(m, lo) == value else None


def run(cert: dict, ctx: Context, orders: tuple[int, int, int] = ORDERS) -> None:
    n = cert["n"]
    first, second, third = orders
    z = 0
    while polygonal(third, z) <= n:
        rest_z = n - polygonal(third, z)
        y = 0
        while polygonal(second, y) <= rest_z:
            ctx.tick()
            x = representable(first, rest_z - polygonal(second, y))
            if x is not None:
                ctx.fail(
                    "no-representation",
                    f"n = p_{first}({x}) + p_{second}({y}) + p_{third}({z})",
                )
            y += 1
        z += 1
    ctx.passed("no-representation")


VERIFIER = Verifier(
    item="O93",
    direction="False",
    object="a natural number n with no representation x² + y(3y − 1)/2 + z(2z − 1)",
    schema=s.document("O93 certificate", s.obj({"n": s.nat(0, 10**15)})),
    conditions=(Condition("no-representation", "no x, y, z with p₄(x) + p₅(y) + p₆(z) = n"),),
    run=run,
    reduction="specialize at n; the finitely many (y, z) with p₅(y) + p₆(z) ≤ n, each "
    "leaving a non-square, by decide",
)
