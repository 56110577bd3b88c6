"""O01 — Erdős–Straus (Erdős #242): an n > 2 with 4/n not a sum of three distinct unit
fractions.

Statement: `main : answer(sorry) ↔ ∀ n : ℕ, 2 < n → ∃ x y z : ℕ, 0 < x ∧ x < y ∧ y < z ∧
4 / n = 1 / x + 1 / y + 1 / z` (in ℚ).

A valid certificate establishes `answer(False)`: it is an `n > 2` for which the search
below finds no `x < y < z`. The search is complete: `1/x < 4/n < 3/x` bounds
`n/4 < x < 3n/4`; for each `x`, `r = 4/n − 1/x` and `1/y < r < 2/y` bound `y`, and `z` is
then determined (`1/z = r − 1/y` must be a unit fraction with `z > y`).

Lean: refute the right-hand side at this `n`; the finitely many `(x, y)` are a `decide`
(or `interval_cases` + `norm_num`) computation. The cost grows like `n log n`: real
counterexamples (none below 10^17) are beyond this check and are refused on time.

Certificate: `{"n": 3}` (toy instances in the tests change the numerator 4).
"""

from __future__ import annotations

from fractions import Fraction

from .. import schema as s
from ..spec import Condition, Context, Verifier

NUMERATOR = 4


def run(cert: dict, ctx: Context, numerator: int = NUMERATOR) -> None:
    n = cert["n"]
    ctx.require(n > 2, "n", f"n = {n} is not greater than 2")
    target = Fraction(numerator, n)
    # 1/x < target (strictly: y, z add more) and target < 3/x.
    x = n // numerator + 1
    while Fraction(3, x) > target:
        rest = target - Fraction(1, x)
        if rest > 0:
            # y > x, 1/y < rest, rest < 2/y.
            y = max(x + 1, int(1 / rest) + 1)
            while Fraction(2, y) > rest:
                ctx.tick()
                last = rest - Fraction(1, y)
                if last > 0 and last.numerator == 1 and last.denominator > y:
                    ctx.fail(
                        "no-representation",
                        f"{numerator}/{n} = 1/{x} + 1/{y} + 1/{last.denominator}",
                    )
                y += 1
        x += 1
        ctx.tick()
    ctx.passed("no-representation")


VERIFIER = Verifier(
    item="O01",
    direction="False",
    object="an integer n > 2 such that 4/n is not 1/x + 1/y + 1/z for any 0 < x < y < z",
    schema=s.document("O01 certificate", s.obj({"n": s.nat(0, 10**12)})),
    conditions=(
        Condition("n", "n > 2"),
        Condition("no-representation", "no 0 < x < y < z with 4/n = 1/x + 1/y + 1/z"),
    ),
    run=run,
    reduction="¬ (∀ n > 2, …) at this n: the bounded search over x, y is a decidable "
    "computation (z is determined by x, y)",
)
