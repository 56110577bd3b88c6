"""O31 — Zariski cancellation in characteristic zero: A[X] ≅ k^[n+1] but A ≇ k^[n].

Statement: `main : answer(sorry) ↔ ∀ (k : Type) [Field k] [CharZero k] (n : ℕ) (A : Type)
[CommRing A] [Algebra k A], Nonempty (Polynomial A ≃ₐ[k] MvPolynomial (Fin (n+1)) k) →
Nonempty (A ≃ₐ[k] MvPolynomial (Fin n) k)`.

The evaluator key records **no certificate direction**: a counterexample is finite data
plus a non-isomorphism that needs a proof, so no single object settles `main` by exact
computation alone (the same rule as O20's torsion-freeness). This verifier checks the finite
part of a counterexample toward `answer(False)` (over `k = ℚ`): `A = ℚ[Y₁..Y_m]/I`
(generators of `I`),
`φ : A[X] → ℚ[X₁..X_{n+1}]` (images of `Y_j` and of `X`) and `ψ` back (images of each
`X_i` in `ℚ[Y, X]`). Checked exactly (sympy Gröbner bases over ℚ): `φ` is well defined
(every generator of `I` maps to 0); `φ ∘ ψ = id` (each `φ(ψ(X_i))` equals `X_i`); and
`ψ ∘ φ = id` on `A[X]` (each `ψ(φ(Y_j)) − Y_j` and `ψ(φ(X)) − X` lies in `I·ℚ[Y, X]`, an
ideal-membership test by reduction against a Gröbner basis). So `A[X] ≅ ℚ^[n+1]`.

**Not checked here:** `A ≇ ℚ^[n]`. It needs a proof by an invariant (Makar-Limanov,
Derksen), not a computation, so the verdict is at most `partial`, with the certificate's
`argument` text shown to the reviewer.

Certificate: `{"m", "n", "ideal": [terms…], "phi_Y": [terms…] (m), "phi_X": terms,
"psi": [terms…] (n+1), "argument": "…"}`; polynomials are term lists
`[[coefficient, [exponents]], …]` (variables Y₁..Y_m then X for `ℚ[Y, X]`; X₁..X_{n+1}
for the polynomial ring).
"""

from __future__ import annotations

import sympy

from .. import schema as s
from ..polys import poly
from ..spec import Condition, Context, Verifier


def run(cert: dict, ctx: Context) -> None:
    m, n = cert["m"], cert["n"]
    ys = sympy.symbols(f"y1:{m + 1}") if m else ()
    x = sympy.Symbol("x")
    zs = sympy.symbols(f"z1:{n + 2}")
    yx = (*ys, x)
    if len(cert["phi_Y"]) != m or len(cert["psi"]) != n + 1:
        ctx.malformed("$", "phi_Y needs m images and psi n + 1")
    ideal = [poly(t, yx, f"$.ideal[{i}]", ctx) for i, t in enumerate(cert["ideal"])]
    phi = [poly(t, zs, f"$.phi_Y[{i}]", ctx) for i, t in enumerate(cert["phi_Y"])]
    phi.append(poly(cert["phi_X"], zs, "$.phi_X", ctx))
    psi = [poly(t, yx, f"$.psi[{i}]", ctx) for i, t in enumerate(cert["psi"])]

    def apply_phi(p: sympy.Poly) -> sympy.Expr:
        return sympy.expand(
            p.as_expr().subs(
                dict(zip(yx, [q.as_expr() for q in phi], strict=True)), simultaneous=True
            )
        )

    for i, g in enumerate(ideal):
        ctx.tick()
        if apply_phi(g) != 0:
            ctx.fail("well-defined", f"φ does not kill the ideal generator {i}")
    ctx.passed("well-defined")
    for i, p in enumerate(psi):
        image = apply_phi(p)
        if sympy.expand(image - zs[i]) != 0:
            ctx.fail("phi-psi", f"φ(ψ(X_{i + 1})) = {image}, not X_{i + 1}")
    ctx.passed("phi-psi")
    basis = sympy.groebner([g.as_expr() for g in ideal], *yx, order="grevlex") if ideal else None
    back = dict(zip(zs, [p.as_expr() for p in psi], strict=True))
    for _j, (var, q) in enumerate(zip(yx, phi, strict=True)):
        ctx.tick()
        diff = sympy.expand(q.as_expr().subs(back, simultaneous=True) - var)
        rem = diff if basis is None else basis.reduce(diff)[1]
        if sympy.expand(rem) != 0:
            ctx.fail("psi-phi", f"ψ(φ({var})) − {var} is not in I (remainder {rem})")
    ctx.passed("psi-phi")
    ctx.not_checked(
        "not-polynomial",
        "A ≇ ℚ^[n] needs a proof by an invariant (e.g. Makar-Limanov), not a computation; "
        "the certificate's argument is for a reviewer",
    )


VERIFIER = Verifier(
    item="O31",
    direction="none",
    object="toward False, not self-certifying: A = ℚ[Y]/I with explicit inverse isomorphisms "
    "A[X] ≅ ℚ[X₁..X_{n+1}], and an argument that A ≇ ℚ^[n]",
    schema=s.document(
        "O31 certificate",
        s.obj(
            {
                "m": s.nat(0, 20),
                "n": s.nat(0, 20),
                "ideal": s.array(s.terms(21, 500), 0, 50),
                "phi_Y": s.array(s.terms(21, 500), 0, 20),
                "phi_X": s.terms(21, 500),
                "psi": s.array(s.terms(21, 500), 1, 21),
            },
            {"argument": s.text()},
        ),
    ),
    conditions=(
        Condition("well-defined", "φ maps every generator of I to 0"),
        Condition("phi-psi", "φ ∘ ψ is the identity of ℚ[X₁..X_{n+1}]"),
        Condition("psi-phi", "ψ ∘ φ is the identity of A[X] (membership in I)"),
        Condition("not-polynomial", "A is not isomorphic to ℚ^[n]", checkable=False),
    ),
    run=run,
    reduction="not by computation alone: the stable isomorphism is checked, A ≇ ℚ^[n] "
    "needs a proof",
)
