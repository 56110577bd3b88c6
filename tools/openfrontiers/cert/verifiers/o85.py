"""O85 — Atiyah–Sutcliffe Conjecture 1: n distinct points of ℝ³ whose Atiyah polynomials
are linearly dependent.

Statement: `main : answer(sorry) ↔ ∀ (n : ℕ) (x : Fin n → Fin 3 → ℝ), Function.Injective x
→ LinearIndependent ℂ (atiyahPolynomial x)`, where `atiyahPolynomial x i = ∏_{j ≠ i}
directionFactor (x j − x i)` and `directionFactor v = X − (v₀ + i v₁)/(|v| − v₂)`, or `1`
when `|v| = v₂`.

A valid certificate establishes `answer(False)`: `n` distinct points with rational
coordinates **whose pairwise distances are rational** (each `|v|²` is checked to be the
square of a rational, so every factor has its root in `ℚ(i)` and everything is exact in
`ℚ(i)`; other configurations are refused as unsupported, since exact arithmetic would need
a multiquadratic field); the `n` polynomials (degree `< n`) are built exactly and their
`n × n` coefficient matrix has determinant 0 over `ℚ(i)` (sympy `DomainMatrix` over
`QQ_I`), i.e. they are linearly dependent over ℂ.

Lean: specialize at `(n, x)`; injectivity by `decide`; an explicit dependence (a kernel
vector of the matrix, over `ℚ(i)`) gives `¬ LinearIndependent`.

Certificate: `{"points": [[x, y, z], …]}` (rationals). Toy instances in the tests drop
distinctness (two equal points have the constant polynomials 1, 1).
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from sympy.polys.domains import QQ_I
from sympy.polys.matrices import DomainMatrix

from .. import schema as s
from ..exact import rational
from ..spec import Condition, Context, Verifier

Gauss = tuple[Fraction, Fraction]


def _sqrt(q: Fraction) -> Fraction | None:
    a, b = isqrt(q.numerator), isqrt(q.denominator)
    return Fraction(a, b) if a * a == q.numerator and b * b == q.denominator else None


def _mul(p: list[Gauss], q: list[Gauss]) -> list[Gauss]:
    out = [(Fraction(0), Fraction(0))] * (len(p) + len(q) - 1)
    for i, (a, b) in enumerate(p):
        for j, (c, d) in enumerate(q):
            re, im = out[i + j]
            out[i + j] = (re + a * c - b * d, im + a * d + b * c)
    return out


def run(cert: dict, ctx: Context, distinct: bool = True) -> None:
    pts = [
        tuple(rational(c, f"$.points[{i}]", ctx) for c in p) for i, p in enumerate(cert["points"])
    ]
    n = len(pts)
    ctx.require(not distinct or len(set(pts)) == n, "distinct", "two points coincide")
    polys = []
    for i in range(n):
        poly: list[Gauss] = [(Fraction(1), Fraction(0))]
        for j in range(n):
            if j == i:
                continue
            ctx.tick(n)
            v = [pts[j][k] - pts[i][k] for k in range(3)]
            length = _sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2)
            if length is None:
                ctx.refuse(
                    "irrational",
                    f"|x{j} − x{i}| is irrational; only configurations "
                    "with rational distances are supported",
                )
            if length == v[2]:
                continue  # the factor 1
            den = length - v[2]
            root = (v[0] / den, v[1] / den)
            poly = _mul(poly, [(-root[0], -root[1]), (Fraction(1), Fraction(0))])
        polys.append(poly + [(Fraction(0), Fraction(0))] * (n - len(poly)))
    ctx.passed("rational-distances")
    rows = [[QQ_I(c[0], c[1]) for c in p[:n]] for p in polys]
    det = DomainMatrix(rows, (n, n), QQ_I).det() if n else QQ_I.one
    ctx.require(
        det == QQ_I.zero,
        "dependent",
        "the coefficient determinant is nonzero: the polynomials are independent",
    )


VERIFIER = Verifier(
    item="O85",
    direction="False",
    object="n distinct points of ℝ³ (rational, with rational distances) whose Atiyah "
    "polynomials are linearly dependent",
    schema=s.document(
        "O85 certificate", s.obj({"points": s.array(s.fixed(s.rational(), 3), 1, 60)})
    ),
    conditions=(
        Condition("distinct", "the points are distinct"),
        Condition("rational-distances", "all pairwise distances are rational"),
        Condition("dependent", "the n × n coefficient determinant is 0 over ℚ(i)"),
    ),
    run=run,
    reduction="specialize at (n, x); injectivity by decide; a kernel vector over ℚ(i) of the "
    "coefficient matrix is an explicit linear dependence",
)
