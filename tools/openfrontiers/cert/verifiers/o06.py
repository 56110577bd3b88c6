"""O06 — a perfect cuboid.

Statement: `main : answer(sorry) ↔ ∃ a b c : ℕ, 0 < a ∧ 0 < b ∧ 0 < c ∧
IsPerfectCuboid a b c`, with `IsPerfectCuboid a b c` = `a²+b²`, `a²+c²`, `b²+c²` and
`a²+b²+c²` all `IsSquare` on ℕ.

A valid certificate establishes `answer(True)`: the edges `a, b, c`; each of the four sums
is tested with an exact integer square root (`math.isqrt`).

Lean: the witness `(a, b, c)`; each `IsSquare` by its root `r` (`⟨r, by norm_num⟩`).

Certificate: `{"a": …, "b": …, "c": …}`. Toy instances in the tests drop the space
diagonal (an Euler brick such as 44, 117, 240 then passes).
"""

from __future__ import annotations

from math import isqrt

from .. import schema as s
from ..spec import Condition, Context, Verifier


def _square(x: int) -> bool:
    return isqrt(x) ** 2 == x


def run(cert: dict, ctx: Context, space_diagonal: bool = True) -> None:
    a, b, c = cert["a"], cert["b"], cert["c"]
    ctx.require(a > 0 and b > 0 and c > 0, "positive", f"edges {a}, {b}, {c} must be positive")
    for cid, (x, y) in (("face-ab", (a, b)), ("face-ac", (a, c)), ("face-bc", (b, c))):
        ctx.require(_square(x * x + y * y), cid, f"{x}² + {y}² = {x * x + y * y} is not a square")
    if space_diagonal:
        t = a * a + b * b + c * c
        ctx.require(_square(t), "space", f"a² + b² + c² = {t} is not a square")
    else:
        ctx.passed("space")


VERIFIER = Verifier(
    item="O06",
    direction="True",
    object="positive integers a, b, c with a²+b², a²+c², b²+c², a²+b²+c² all squares",
    schema=s.document(
        "O06 certificate",
        s.obj({"a": s.nat(0), "b": s.nat(0), "c": s.nat(0)}),
    ),
    conditions=(
        Condition("positive", "a, b, c > 0"),
        Condition("face-ab", "a² + b² is a square"),
        Condition("face-ac", "a² + c² is a square"),
        Condition("face-bc", "b² + c² is a square"),
        Condition("space", "a² + b² + c² is a square"),
    ),
    run=run,
    reduction="⟨a, b, c, positivity by norm_num, four IsSquare witnesses (the integer roots)⟩",
)
