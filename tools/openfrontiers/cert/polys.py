"""Polynomials from a certificate: term lists [coefficient, [exponents]] read into sympy
without ever parsing text (no `sympify` on untrusted input)."""

from __future__ import annotations

from fractions import Fraction

import sympy

from .exact import rational
from .spec import Context

MAX_DEGREE = 200


def poly(terms: list, gens: tuple[sympy.Symbol, ...], where: str, ctx: Context) -> sympy.Poly:
    coeffs: dict[tuple[int, ...], Fraction] = {}
    for i, (c, exps) in enumerate(terms):
        ctx.tick()
        if len(exps) != len(gens):
            ctx.malformed(f"{where}[{i}]", f"{len(exps)} exponents for {len(gens)} variables")
        if sum(exps) > MAX_DEGREE:
            ctx.refuse("degree", f"{where}[{i}]: degree {sum(exps)} beyond {MAX_DEGREE}")
        key = tuple(exps)
        coeffs[key] = coeffs.get(key, Fraction(0)) + rational(c, f"{where}[{i}]", ctx)
    return sympy.Poly.from_dict(
        {k: sympy.Rational(v.numerator, v.denominator) for k, v in coeffs.items() if v},
        *gens,
        domain="QQ",
    )
