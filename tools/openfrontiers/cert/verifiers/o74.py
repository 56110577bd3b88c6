"""O74 — a 3×3 magic square of nine distinct squares.

Statement: `main : answer(sorry) ↔ ∃ m : Fin 3 → Fin 3 → ℕ, IsMagic m ∧
(∀ i j k l, m i j = m k l → i = k ∧ j = l) ∧ (∀ i j, IsSquare (m i j))`, with `IsMagic m`:
rows, columns and both diagonals have one common sum `t`.

A valid certificate establishes `answer(True)`: the nine entries (row by row); they are
pairwise distinct, each a perfect square (exact integer square root), and the eight lines
have one sum.

Lean: the witness `m := ![![…], …]`; `IsMagic` with `t` the common sum by `decide`;
distinctness by `decide`; each `IsSquare` by its root.

Certificate: `{"square": [[a, b, c], [d, e, f], [g, h, i]]}`. Toy instances in the tests
drop the main diagonal (Sallows's 127², 46², 58² / 2², 113², 94² / 74², 82², 97² then
passes).
"""

from __future__ import annotations

from math import isqrt

from .. import schema as s
from ..spec import Condition, Context, Verifier

LINES = {
    "row 1": ((0, 0), (0, 1), (0, 2)),
    "row 2": ((1, 0), (1, 1), (1, 2)),
    "row 3": ((2, 0), (2, 1), (2, 2)),
    "column 1": ((0, 0), (1, 0), (2, 0)),
    "column 2": ((0, 1), (1, 1), (2, 1)),
    "column 3": ((0, 2), (1, 2), (2, 2)),
    "main diagonal": ((0, 0), (1, 1), (2, 2)),
    "anti-diagonal": ((0, 2), (1, 1), (2, 0)),
}


def run(cert: dict, ctx: Context, lines: tuple[str, ...] = tuple(LINES)) -> None:
    m = cert["square"]
    entries = [x for row in m for x in row]
    ctx.require(len(set(entries)) == 9, "distinct", "two entries are equal")
    for i, row in enumerate(m):
        for j, x in enumerate(row):
            if isqrt(x) ** 2 != x:
                ctx.fail("squares", f"entry ({i + 1}, {j + 1}) = {x} is not a square")
    ctx.passed("squares")
    sums = {name: sum(m[i][j] for i, j in cells) for name, cells in LINES.items()}
    t = sums["row 1"]
    for name in lines:
        if sums[name] != t:
            ctx.fail("magic", f"{name} sums to {sums[name]}, row 1 to {t}")
    ctx.passed("magic")


VERIFIER = Verifier(
    item="O74",
    direction="True",
    object="a 3×3 array of nine distinct perfect squares whose eight lines have one sum",
    schema=s.document("O74 certificate", s.obj({"square": s.fixed(s.fixed(s.nat(0), 3), 3)})),
    conditions=(
        Condition("distinct", "the nine entries are pairwise distinct"),
        Condition("squares", "every entry is a perfect square"),
        Condition("magic", "rows, columns and both diagonals have one sum"),
    ),
    run=run,
    reduction="⟨the array, IsMagic with t = the common sum by decide, distinctness by "
    "decide, IsSquare by the roots⟩",
)
