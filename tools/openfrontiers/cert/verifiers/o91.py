"""O91 — Sun: a reducible truncation of ∑ C(2k,k)² x^k or of ∑ C(2k,k)² x^k / (k + 1).

Statement: `main : answer(sorry) ↔ ∀ n : ℕ, 1 ≤ n → Irreducible (centralBinomSqPoly n) ∧
Irreducible (centralBinomSqDivPoly n)`, with `P_n = ∑_{k≤n} C(2k,k)² X^k` and
`Q_n = ∑_{k≤n} C(2k,k)²/(k+1) X^k` in `ℚ[X]`.

A valid certificate establishes `answer(False)`: `n ≥ 1`, which polynomial (`P` or `Q`),
and a factor `f ∈ ℚ[X]` with `1 ≤ deg f < n` dividing it exactly (FLINT `fmpq_poly`
division with zero remainder). Without a factor, FLINT factors the polynomial over ℚ
(exact; degrees up to 3000) and a proper factor is looked for there.

Lean: specialize at `n`; `¬ Irreducible` from `P_n = f · (P_n / f)` with both factors of
positive degree (`Polynomial.not_irreducible_of…` via a non-unit factorization); the
identity by `ring_nf`/`norm_num` on coefficients.

Certificate: `{"n": …, "which": "P" | "Q", "factor": [c₀, c₁, …]}` (rational
coefficients, low degree first). Toy instances in the tests use other coefficients
(`1 + x + x² + x³ = (1 + x)(1 + x²)`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb

from flint import fmpq, fmpq_poly

from .. import schema as s
from ..exact import rational
from ..spec import Condition, Context, Verifier

MAX_DEGREE = 3000


def p_coeff(k: int) -> Fraction:
    return Fraction(comb(2 * k, k) ** 2)


def q_coeff(k: int) -> Fraction:
    return Fraction(comb(2 * k, k) ** 2, k + 1)


COEFFICIENTS: dict[str, Callable[[int], Fraction]] = {"P": p_coeff, "Q": q_coeff}


def _poly(coeffs: list[Fraction]) -> fmpq_poly:
    return fmpq_poly([fmpq(c.numerator, c.denominator) for c in coeffs])


def run(
    cert: dict, ctx: Context, coefficients: dict[str, Callable[[int], Fraction]] = COEFFICIENTS
) -> None:
    n, which = cert["n"], cert["which"]
    ctx.require(n >= 1, "n", f"n = {n} is less than 1")
    target = _poly([coefficients[which](k) for k in ctx.steps(range(n + 1))])
    if "factor" in cert:
        f = _poly([rational(c, f"$.factor[{i}]", ctx) for i, c in enumerate(cert["factor"])])
        ctx.require(
            1 <= f.degree() < target.degree(),
            "proper",
            f"the factor has degree {f.degree()}, not between 1 and {target.degree() - 1}",
        )
        ctx.require((target % f).is_zero(), "divides", f"the factor does not divide {which}_{n}")
        return
    if target.degree() > MAX_DEGREE:
        ctx.refuse(
            "size", f"factoring a polynomial of degree {target.degree()} (limit {MAX_DEGREE})"
        )
    _, factors = target.factor()
    ctx.passed("proper")
    ctx.require(
        not (len(factors) == 1 and factors[0][1] == 1),
        "divides",
        f"{which}_{n} is irreducible over ℚ (FLINT's factorization has one factor)",
    )


VERIFIER = Verifier(
    item="O91",
    direction="False",
    object="n ≥ 1 and a proper factor over ℚ of P_n or Q_n",
    schema=s.document(
        "O91 certificate",
        s.obj(
            {"n": s.nat(0, 100_000), "which": s.enum("P", "Q")},
            {"factor": s.array(s.rational(), 1, 100_001)},
        ),
    ),
    conditions=(
        Condition("n", "n ≥ 1"),
        Condition("proper", "the factor has degree between 1 and deg − 1"),
        Condition("divides", "the factor divides the polynomial exactly"),
    ),
    run=run,
    reduction="specialize at n; the polynomial is f · g with deg f, deg g ≥ 1 (an exact "
    "identity in ℚ[X]), so it is not irreducible",
)
