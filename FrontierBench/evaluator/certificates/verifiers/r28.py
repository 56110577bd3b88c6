"""R28 — Audenaert–Kittaneh / Aujla–Bourin: PSD A, B and a concave f with f(0) ≥ 0 such
that no unitaries U, V give U f(A) U* + V f(B) V* ≥ f(A + B).

Statement: `main : answer(sorry) ↔ ∀ n (A B : Matrix (Fin n) (Fin n) ℂ) (f : ℝ → ℝ),
A.PosSemidef → B.PosSemidef → ConcaveOn ℝ (Ici 0) f → 0 ≤ f 0 → ∀ FA FB FS,
IsSpectralImage f A FA → IsSpectralImage f B FB → IsSpectralImage f (A+B) FS →
∃ U V unitary, (U FA U* + V FB V* − FS).PosSemidef`.

A valid certificate refutes the right-hand side, establishing `answer(False)`: rational
symmetric `A`, `B` (PSD: sympy's exact test), a polynomial `f` with rational coefficients
(`f(0) ≥ 0`; concave on `[0, ∞)`: `f'' ≤ 0` there, by exact real-root isolation of `f''`),
so `FA = f(A)` etc. are polynomial matrices; rationals `c_A ≥ λ_max(FA)` and
`c_B ≥ λ_max(FB)` (`c·I − F` PSD, exact) and a rational vector `v` with
`vᵀ FS v > (c_A + c_B) vᵀv`. Then for all unitaries, `λ_max(U FA U* + V FB V*) ≤ c_A + c_B
< vᵀFSv / vᵀv`, so `U FA U* + V FB V* − FS` has `v*(…)v < 0`: not PSD.

Lean: specialize at `(n, A, B, f, f(A), f(B), f(A+B))` (spectral images of a polynomial
`f` are `f` of the matrix); the unitary-invariant bound and the witness vector give
`¬ PosSemidef` for every `U, V`.

Certificate: `{"A": [[…]], "B": [[…]], "f": [c₀, c₁, …], "c_A": …, "c_B": …, "v": […]}`.
"""

from __future__ import annotations

import sympy

from openfrontiers.cert import schema as s
from openfrontiers.cert.exact import rational
from openfrontiers.cert.spec import Condition, Context, Verifier


def _matrix(rows: list, where: str, ctx: Context) -> sympy.Matrix:
    n = len(rows)
    if any(len(r) != n for r in rows):
        ctx.malformed(where, "a square matrix expected")
    return sympy.Matrix([[sympy.Rational(str(rational(x, where, ctx))) for x in r] for r in rows])


def _poly_of(coeffs: list, m: sympy.Matrix) -> sympy.Matrix:
    out = sympy.zeros(m.rows)
    power = sympy.eye(m.rows)
    for c in coeffs:
        out += c * power
        power = power * m
    return out


def run(cert: dict, ctx: Context) -> None:
    a, b = _matrix(cert["A"], "$.A", ctx), _matrix(cert["B"], "$.B", ctx)
    if a.shape != b.shape:
        ctx.malformed("$.B", "A and B must have the same size")
    ctx.require(
        a.is_symmetric()
        and b.is_symmetric()
        and a.is_positive_semidefinite
        and b.is_positive_semidefinite,
        "psd",
        "A or B is not positive semidefinite",
    )
    coeffs = [sympy.Rational(str(rational(c, "$.f", ctx))) for c in cert["f"]]
    t = sympy.Symbol("t")
    f = sum((c * t**k for k, c in enumerate(coeffs)), sympy.Integer(0))
    ctx.require(f.subs(t, 0) >= 0, "f-zero", f"f(0) = {f.subs(t, 0)} < 0")
    second = sympy.Poly(sympy.diff(f, t, 2), t)
    concave = True
    if not second.is_zero:
        roots = sorted({r for r in second.real_roots() if r >= 0})
        points = [sympy.Integer(0)] + [(roots[i] + roots[i + 1]) / 2 for i in range(len(roots) - 1)]
        points += [(roots[-1] + 1) if roots else sympy.Integer(1)]
        concave = all(second.eval(p) <= 0 for p in points)
    ctx.require(concave, "concave", "f'' > 0 somewhere on [0, ∞)")
    fa, fb, fs = _poly_of(coeffs, a), _poly_of(coeffs, b), _poly_of(coeffs, a + b)
    ca = sympy.Rational(str(rational(cert["c_A"], "$.c_A", ctx)))
    cb = sympy.Rational(str(rational(cert["c_B"], "$.c_B", ctx)))
    eye = sympy.eye(a.rows)
    ctx.require(
        (ca * eye - fa).is_positive_semidefinite and (cb * eye - fb).is_positive_semidefinite,
        "bounds",
        "c_A or c_B is below the largest eigenvalue of f(A) or f(B)",
    )
    v = sympy.Matrix([sympy.Rational(str(rational(x, "$.v", ctx))) for x in cert["v"]])
    if v.rows != a.rows:
        ctx.malformed("$.v", f"a vector of length {a.rows} expected")
    lhs, rhs = (v.T * fs * v)[0], (ca + cb) * (v.T * v)[0]
    ctx.require(lhs > rhs, "witness", f"vᵀ f(A+B) v = {lhs} is not above (c_A + c_B)|v|² = {rhs}")


_MAT = s.array(s.array(s.rational(), 1, 12), 1, 12)

VERIFIER = Verifier(
    item="R28",
    direction="False",
    object="PSD A, B, a concave polynomial f with f(0) ≥ 0, eigenvalue bounds c_A, c_B and "
    "a vector v with vᵀ f(A+B) v > (c_A + c_B)|v|²",
    schema=s.document(
        "R28 certificate",
        s.obj(
            {
                "A": _MAT,
                "B": _MAT,
                "f": s.array(s.rational(), 1, 12),
                "c_A": s.rational(),
                "c_B": s.rational(),
                "v": s.array(s.rational(), 1, 12),
            }
        ),
    ),
    conditions=(
        Condition("psd", "A and B are symmetric positive semidefinite"),
        Condition("f-zero", "f(0) ≥ 0"),
        Condition("concave", "f is concave on [0, ∞) (f'' ≤ 0 there)"),
        Condition("bounds", "c_A·I − f(A) and c_B·I − f(B) are positive semidefinite"),
        Condition("witness", "vᵀ f(A+B) v > (c_A + c_B) vᵀv"),
    ),
    run=run,
    reduction="specialize at (n, A, B, f, f(A), f(B), f(A+B)); for all unitaries U, V the "
    "bound c_A + c_B and the vector v make U f(A) U* + V f(B) V* − f(A+B) not PSD",
)
