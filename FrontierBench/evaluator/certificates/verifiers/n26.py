"""N26 — the Jacobian conjecture: a polynomial map ℂⁿ → ℂⁿ with constant nonzero Jacobian
determinant and no polynomial inverse.

Statement: `main : answer(sorry) ↔ ∀ n (F : Fin n → MvPolynomial (Fin n) ℂ), (∃ c ≠ 0,
(jacobianMatrix F).det = C c) → ∃ G, IsPolynomialInverse F G`.

A valid certificate refutes the right-hand side, establishing `answer(False)`: `F` with
rational coefficients (term lists), its Jacobian determinant computed exactly (sympy) and
equal to a nonzero constant, and two distinct rational points `p ≠ q` with `F(p) = F(q)`.
A polynomial inverse `G` with `G ∘ F = id` would give `p = G(F(p)) = G(F(q)) = q`.

Lean: specialize at `(n, F)`; the determinant by `simp`/`ring` (as in the record); from
`IsPolynomialInverse F G`, evaluating `bind₁ G (F i) = X i` at `p` and `q` gives `p = q`.

Certificate: `{"n": …, "F": [terms, …], "p": […], "q": […]}` (terms
`[[coefficient, [exponents]], …]`).
"""

from __future__ import annotations

import sympy

from openfrontiers.cert import schema as s
from openfrontiers.cert.exact import rational
from openfrontiers.cert.polys import poly
from openfrontiers.cert.spec import Condition, Context, Verifier


def run(cert: dict, ctx: Context) -> None:
    n = cert["n"]
    xs = sympy.symbols(f"x0:{n}")
    if len(cert["F"]) != n or len(cert["p"]) != n or len(cert["q"]) != n:
        ctx.malformed("$", f"F, p and q need {n} entries each")
    fs = [poly(t, xs, f"$.F[{i}]", ctx) for i, t in enumerate(cert["F"])]
    jac = sympy.Matrix([[f.diff(x).as_expr() for x in xs] for f in fs])
    det = sympy.expand(jac.det(method="berkowitz"))
    ctx.require(det.is_number and det != 0, "jacobian", f"det J = {det} is not a nonzero constant")
    p = [sympy.Rational(str(rational(v, "$.p", ctx))) for v in cert["p"]]
    q = [sympy.Rational(str(rational(v, "$.q", ctx))) for v in cert["q"]]
    ctx.require(p != q, "distinct", "p and q are the same point")
    fp = [f.eval(dict(zip(xs, p, strict=True))) for f in fs]
    fq = [f.eval(dict(zip(xs, q, strict=True))) for f in fs]
    ctx.require(fp == fq, "collision", f"F(p) = {fp} but F(q) = {fq}")


VERIFIER = Verifier(
    item="N26",
    direction="False",
    object="a polynomial map with constant nonzero Jacobian determinant identifying two "
    "distinct points",
    schema=s.document(
        "N26 certificate",
        s.obj(
            {
                "n": s.nat(1, 10),
                "F": s.array(s.terms(10, 2000), 1, 10),
                "p": s.array(s.rational(), 1, 10),
                "q": s.array(s.rational(), 1, 10),
            }
        ),
    ),
    conditions=(
        Condition("jacobian", "the Jacobian determinant is a nonzero constant"),
        Condition("distinct", "p ≠ q"),
        Condition("collision", "F(p) = F(q)"),
    ),
    run=run,
    reduction="specialize at (n, F); any inverse G would give p = G(F(p)) = G(F(q)) = q",
)
