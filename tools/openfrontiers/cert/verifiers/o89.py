"""O89 — Amdeberhan–Medina–Moll: an n ≥ 5 with tan(arctan 1 + ⋯ + arctan n) an integer.

Statement: `main : answer(sorry) ↔ ∀ n : ℕ, 5 ≤ n → ¬ (Real.cos (arctanSum n) ≠ 0 ∧
∃ m : ℤ, Real.tan (arctanSum n) = m)`, `arctanSum n = ∑_{k=1}^{n} arctan k`.

A valid certificate establishes `answer(False)`: `n ≥ 5` such that, with
`A_n + i·B_n = ∏_{k ≤ n} (1 + i k)` computed exactly in ℤ[i], `A_n ≠ 0` and `A_n ∣ B_n`.
Since every factor has positive real part, `arg ∏ (1 + ik) = ∑ arctan k`, so
`cos S_n = 0 ⇔ A_n = 0` and `tan S_n = B_n / A_n`.

Lean: specialize at `n`; `cos S_n ≠ 0` and `tan S_n = B_n / A_n` from the argument of the
product (`Complex.arg_mul`, `Real.tan_arctan`, addition formulas), the integer quotient by
`norm_num`.

Certificate: `{"n": …}` (at most 10⁶). Toy instances in the tests lower the bound 5
(n = 1 and n = 3, where S₃ = π, then pass).
"""

from __future__ import annotations

from fractions import Fraction

from .. import schema as s
from ..exact import digits
from ..spec import Condition, Context, Verifier

MIN_N = 5


def gaussian_product(n: int, ctx: Context) -> tuple[int, int]:
    """∏_{k=1}^{n} (1 + i k) as (A, B), by a product tree."""
    layer = [(1, k) for k in range(1, n + 1)]
    if not layer:
        return 1, 0
    while len(layer) > 1:
        ctx.tick(len(layer))
        nxt = []
        for j in range(0, len(layer) - 1, 2):
            (a, b), (c, d) = layer[j], layer[j + 1]
            nxt.append((a * c - b * d, a * d + b * c))
        if len(layer) % 2:
            nxt.append(layer[-1])
        layer = nxt
    return layer[0]


def run(cert: dict, ctx: Context, min_n: int = MIN_N) -> None:
    n = cert["n"]
    ctx.require(n >= min_n, "n", f"n = {n} is less than {min_n}")
    a, b = gaussian_product(n, ctx)
    ctx.require(a != 0, "cosine", "A_n = 0: cos S_n = 0, the tangent is undefined")
    if b % a:
        shown = f" (tan S_n = {Fraction(b, a)})" if digits(a) < 60 else ""
        ctx.fail("integer", f"A_n does not divide B_n{shown}")
    ctx.passed("integer")


VERIFIER = Verifier(
    item="O89",
    direction="False",
    object="n ≥ 5 with A_n ∣ B_n, where A_n + iB_n = ∏_{k ≤ n} (1 + ik)",
    schema=s.document("O89 certificate", s.obj({"n": s.nat(0, 10**6)})),
    conditions=(
        Condition("n", "n ≥ 5"),
        Condition("cosine", "A_n ≠ 0 (cos S_n ≠ 0)"),
        Condition("integer", "A_n divides B_n (tan S_n = B_n / A_n is an integer)"),
    ),
    run=run,
    reduction="specialize at n; cos S_n ≠ 0 and tan S_n = B_n/A_n from arg ∏(1 + ik) = "
    "∑ arctan k; the integer B_n/A_n by norm_num",
)
