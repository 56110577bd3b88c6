"""O70 — unfair 0-1 polynomials: monic P, Q with nonnegative coefficients, PQ a 0-1
polynomial, P or Q not 0-1.

Statement: `main : answer(sorry) ↔ ∀ P Q : Polynomial ℝ, P.Monic → Q.Monic →
(∀ n, 0 ≤ P.coeff n) → (∀ n, 0 ≤ Q.coeff n) → IsZeroOnePoly (P * Q) →
IsZeroOnePoly P ∧ IsZeroOnePoly Q`.

A valid certificate establishes `answer(False)`. Coefficients lie in a real number field
`ℚ(θ)`: `θ` is the unique root of an irreducible `μ ∈ ℚ[t]` (FLINT factorization) in a
rational interval `(lo, hi)` (sympy's exact root count), and each coefficient is a list of
rationals `[c₀, c₁, …]` meaning `∑ cⱼ θʲ`, reduced modulo `μ`. Checked exactly: both
leading coefficients are 1; every coefficient is `≥ 0` (its sign found by bisecting the
isolating interval with exact rational interval arithmetic until it excludes 0 — a nonzero
element of the field is nonzero at `θ`); every coefficient of `PQ` is 0 or 1 (exact
arithmetic mod `μ`); and some coefficient of `P` or `Q` is not 0 or 1. Without `field`
the coefficients are rational.

Lean: specialize at `P`, `Q` (as real polynomials with algebraic coefficients); monicity,
signs and the product by computation in `ℚ(θ)` (or `norm_num` for rational data).

Certificate: `{"field": {"minpoly": [a₀, …], "interval": [lo, hi]}, "P": [[c…], …],
"Q": [[c…], …]}` (polynomial coefficients low degree first). Toy instances in the tests
drop nonnegativity (`(x² + √2 x + 1)(x² − √2 x + 1) = x⁴ + 1` then passes).
"""

from __future__ import annotations

from fractions import Fraction

import sympy
from flint import fmpq, fmpq_poly

from .. import schema as s
from ..exact import rational
from ..spec import Condition, Context, Verifier


class Field:
    """ℚ(θ), θ the root of `mu` in (lo, hi); elements are fmpq_poly reduced mod mu."""

    def __init__(self, mu: fmpq_poly, lo: Fraction, hi: Fraction) -> None:
        self.mu, self.lo, self.hi = mu, lo, hi

    def reduce(self, p: fmpq_poly) -> fmpq_poly:
        return p % self.mu if self.mu.degree() > 0 else p

    def sign(self, a: fmpq_poly, ctx: Context) -> int:
        a = self.reduce(a)
        if a.is_zero():
            return 0
        lo, hi = self.lo, self.hi
        coeffs = [Fraction(int(c.p), int(c.q)) for c in a.coeffs()]
        while True:
            ctx.tick()
            low, high = _interval_eval(coeffs, lo, hi)
            if low > 0:
                return 1
            if high < 0:
                return -1
            mid = (lo + hi) / 2
            if _eval(self.mu, mid) == 0:
                lo = hi = mid
            elif _eval(self.mu, lo) * _eval(self.mu, mid) < 0:
                hi = mid
            else:
                lo = mid


def _eval(p: fmpq_poly, x: Fraction) -> Fraction:
    total = Fraction(0)
    for c in reversed(p.coeffs()):
        total = total * x + Fraction(int(c.p), int(c.q))
    return total


def _interval_eval(coeffs: list[Fraction], lo: Fraction, hi: Fraction) -> tuple[Fraction, Fraction]:
    """Bounds of ∑ c_j x^j over x ∈ [lo, hi] (interval Horner scheme)."""
    a = b = Fraction(0)
    for c in reversed(coeffs):
        products = (a * lo, a * hi, b * lo, b * hi)
        a, b = min(products) + c, max(products) + c
    return a, b


def _field(cert: dict, ctx: Context) -> Field:
    spec = cert.get("field")
    if spec is None:
        return Field(fmpq_poly([0, 1]), Fraction(0), Fraction(0))
    mu = fmpq_poly([_q(rational(c, "$.field.minpoly", ctx)) for c in spec["minpoly"]])
    _, factors = mu.factor()
    ctx.require(
        mu.degree() >= 1 and len(factors) == 1 and factors[0][1] == 1,
        "field",
        "the minimal polynomial is not irreducible over ℚ",
    )
    lo, hi = (rational(x, "$.field.interval", ctx) for x in spec["interval"])
    t = sympy.Symbol("t")
    count = sympy.Poly(
        [sympy.Rational(int(c.p), int(c.q)) for c in reversed(mu.coeffs())], t
    ).count_roots(
        sympy.Rational(lo.numerator, lo.denominator), sympy.Rational(hi.numerator, hi.denominator)
    )
    ctx.require(
        lo < hi and count == 1 and _eval(mu, lo) != 0 and _eval(mu, hi) != 0,
        "field",
        f"(lo, hi) holds {count} roots of μ, not exactly one",
    )
    return Field(mu, lo, hi)


def _q(x: Fraction) -> fmpq:
    return fmpq(x.numerator, x.denominator)


def run(cert: dict, ctx: Context, nonnegative: bool = True) -> None:
    field = _field(cert, ctx)
    if "field" not in cert:
        ctx.passed("field")

    def element(c: list, where: str) -> fmpq_poly:
        return field.reduce(fmpq_poly([_q(rational(x, where, ctx)) for x in c]))

    p = [element(c, f"$.P[{i}]") for i, c in enumerate(cert["P"])]
    q = [element(c, f"$.Q[{i}]") for i, c in enumerate(cert["Q"])]
    one = fmpq_poly([1])
    ctx.require(
        bool(p) and bool(q) and p[-1] == one and q[-1] == one,
        "monic",
        "the last coefficient of P or Q is not 1",
    )
    if nonnegative:
        for name, poly in (("P", p), ("Q", q)):
            for i, c in enumerate(poly):
                if field.sign(c, ctx) < 0:
                    ctx.fail("nonnegative", f"{name}'s coefficient {i} is negative")
    ctx.passed("nonnegative")
    product = [fmpq_poly([0]) for _ in range(len(p) + len(q) - 1)]
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            ctx.tick()
            product[i + j] = field.reduce(product[i + j] + a * b)
    zero = fmpq_poly([0])
    bad = [i for i, c in enumerate(product) if c != zero and c != one]
    ctx.require(
        not bad, "product-zero-one", f"coefficient {bad[0] if bad else 0} of PQ is not 0 or 1"
    )
    ctx.require(
        any(c != zero and c != one for c in p + q),
        "not-zero-one",
        "every coefficient of P and of Q is 0 or 1",
    )


_COEFF = s.array(s.rational(), 1, 64)

VERIFIER = Verifier(
    item="O70",
    direction="False",
    object="monic P, Q with nonnegative real algebraic coefficients, PQ a 0-1 polynomial, "
    "P or Q not 0-1",
    schema=s.document(
        "O70 certificate",
        s.obj(
            {"P": s.array(_COEFF, 1, 500), "Q": s.array(_COEFF, 1, 500)},
            {
                "field": s.obj(
                    {"minpoly": s.array(s.rational(), 2, 65), "interval": s.fixed(s.rational(), 2)}
                )
            },
        ),
    ),
    conditions=(
        Condition("field", "μ is irreducible with exactly one root in (lo, hi)"),
        Condition("monic", "P and Q are monic"),
        Condition("nonnegative", "every coefficient of P and Q is ≥ 0"),
        Condition("product-zero-one", "every coefficient of PQ is 0 or 1"),
        Condition("not-zero-one", "some coefficient of P or Q is not 0 or 1"),
    ),
    run=run,
    reduction="specialize at P, Q; monic, signs and the product by exact computation in ℚ(θ) ⊂ ℝ",
)
