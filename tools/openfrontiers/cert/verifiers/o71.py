"""O71 — a polynomial bijection ℚ × ℚ → ℚ.

Statement: `main : answer(sorry) ↔ ∃ f : MvPolynomial (Fin 2) ℚ, Function.Bijective
(fun p : ℚ × ℚ => MvPolynomial.eval ![p.1, p.2] f)`.

A certificate for `answer(True)` is `f` — but bijectivity on the infinite set ℚ² is **not
a finite computation**, so this verifier never says `valid`. What it checks exactly: `f`
is not constant and not of degree 1 in a way that is visibly non-injective; and a search
over all points `(x, y)` with numerators and denominators of absolute value `≤ height`
finds no two with the same value (a collision would make `f` not injective: `invalid`
with the two points). Injectivity and surjectivity stay unchecked (`partial`).

Certificate: `{"f": [[c, [i, j]], …], "height": h}` (terms of `f` in `x, y`; `h ≤ 12`).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import sympy

from .. import schema as s
from ..polys import poly
from ..spec import Condition, Context, Verifier


def run(cert: dict, ctx: Context) -> None:
    x, y = sympy.symbols("x y")
    f = poly(cert["f"], (x, y), "$.f", ctx)
    ctx.require(
        f.total_degree() >= 2,
        "degree",
        f"degree {f.total_degree()}: a polynomial of degree ≤ 1 in two variables is "
        "never injective",
    )
    h = cert.get("height", 6)
    values = sorted({Fraction(p, q) for p in range(-h, h + 1) for q in range(1, h + 1)})
    seen: dict = {}
    terms = [(m, Fraction(int(c.p), int(c.q))) for m, c in f.terms()]
    for a, b in product(values, values):
        ctx.tick()
        v = sum(c * a ** m[0] * b ** m[1] for m, c in terms)
        if v in seen:
            p0, p1 = seen[v]
            ctx.fail("collision-free", f"f({p0}, {p1}) = f({a}, {b}) = {v}")
        seen[v] = (a, b)
    ctx.passed("collision-free")
    ctx.not_checked("bijective", "bijectivity on all of ℚ × ℚ is not a finite computation")


VERIFIER = Verifier(
    item="O71",
    direction="True",
    object="a polynomial f ∈ ℚ[x, y] (bijectivity on ℚ² needs a proof)",
    schema=s.document("O71 certificate", s.obj({"f": s.terms(2, 200)}, {"height": s.nat(1, 12)})),
    conditions=(
        Condition("degree", "f has degree ≥ 2"),
        Condition("collision-free", "no two points of height ≤ h have the same value"),
        Condition("bijective", "f is a bijection ℚ × ℚ → ℚ", checkable=False),
    ),
    run=run,
    reduction="not by computation: bijectivity on ℚ × ℚ needs a proof",
)
