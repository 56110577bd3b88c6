"""O94 — Goormaghtigh: a third solution of repunit x m = repunit y n.

Statement: `main : answer(sorry) ↔ ∀ x y m n : ℕ, 1 < y → y < x → 2 < m → 2 < n →
repunit x m = repunit y n → (x = 5 ∧ y = 2 ∧ m = 3 ∧ n = 5) ∨ (x = 90 ∧ y = 2 ∧ m = 3 ∧
n = 13)`, `repunit b d = ∑_{i<d} b^i`.

A valid certificate establishes `answer(False)`: `(x, y, m, n)` with `1 < y < x`,
`m, n > 2`, both repunits equal (computed exactly), and not one of the two known
solutions.

Lean: specialize at `(x, y, m, n)`; the hypotheses by `norm_num`, the equation by
`decide`/`norm_num` on the geometric sums; the conclusion fails by `decide`.

Certificate: `{"x": …, "y": …, "m": …, "n": …}`. Toy instances in the tests exclude only
one known solution (the other then passes).
"""

from __future__ import annotations

from .. import schema as s
from ..spec import Condition, Context, Verifier

KNOWN = ((5, 2, 3, 5), (90, 2, 3, 13))
MAX_BITS = 10_000_000


def repunit(b: int, d: int) -> int:
    return int((b**d - 1) // (b - 1))


def run(cert: dict, ctx: Context, known: tuple[tuple[int, int, int, int], ...] = KNOWN) -> None:
    x, y, m, n = cert["x"], cert["y"], cert["m"], cert["n"]
    ctx.require(1 < y < x, "bases", f"not 1 < y < x (x = {x}, y = {y})")
    ctx.require(m > 2 and n > 2, "lengths", f"not m, n > 2 (m = {m}, n = {n})")
    ctx.require((x, y, m, n) not in known, "new", f"({x}, {y}, {m}, {n}) is a known solution")
    if max(m * x.bit_length(), n * y.bit_length()) > MAX_BITS:
        ctx.refuse("size", f"repunits of more than {MAX_BITS} bits")
    ctx.require(repunit(x, m) == repunit(y, n), "equation", "the two repunits differ")


VERIFIER = Verifier(
    item="O94",
    direction="False",
    object="(x, y, m, n) with 1 < y < x, m, n > 2, equal repunits, not one of the known two",
    schema=s.document(
        "O94 certificate",
        s.obj({"x": s.nat(0), "y": s.nat(0), "m": s.nat(0, 10**7), "n": s.nat(0, 10**7)}),
    ),
    conditions=(
        Condition("bases", "1 < y < x"),
        Condition("lengths", "m > 2 and n > 2"),
        Condition("new", "(x, y, m, n) is not (5, 2, 3, 5) or (90, 2, 3, 13)"),
        Condition("equation", "1 + x + ⋯ + x^(m−1) = 1 + y + ⋯ + y^(n−1)"),
    ),
    run=run,
    reduction="specialize main's ∀ at (x, y, m, n): hypotheses and equation by norm_num, "
    "the disjunction fails by decide",
)
