"""O92 — Sun: a prime p with no primitive root of the form k² + 1 below p.

Statement: `main : answer(sorry) ↔ ∀ p : ℕ, p.Prime → ∃ k : ℕ, k ^ 2 + 1 < p ∧
IsPrimitiveRoot ((k ^ 2 + 1 : ℕ) : ZMod p) (p - 1)`.

A valid certificate establishes `answer(False)`: a prime `p` (proved) and the prime
factorization of `p − 1` (checked); then for every `k` with `k² + 1 < p`, `g = k² + 1` is
not a primitive root: some prime `q ∣ p − 1` has `g^((p−1)/q) ≡ 1 (mod p)` (the order of
`g` divides `p − 1`, and it is `p − 1` exactly when no such `q` exists). About `√p`
exponentiations; refused beyond the time budget.

Lean: specialize at `p`; for each of the finitely many `k` (`k < √p`), the order of `k²+1`
is a proper divisor of `p − 1` (`orderOf_dvd_of_pow_eq_one` with the listed `q`), a
`decide`/`norm_num` computation in `ZMod p`.

Certificate: `{"p": …, "factorization": [[q, e], …]}` (of p − 1; optional up to 40
digits). Toy instances in the tests allow only `k ≤ 1` (p = 7 then passes).
"""

from __future__ import annotations

from math import isqrt

from .. import schema as s
from ..exact import factorization, is_prime
from ..spec import Condition, Context, Verifier


def run(cert: dict, ctx: Context, max_k: int | None = None) -> None:
    p = cert["p"]
    ctx.require(is_prime(p, "prime", ctx), "prime", f"{p} is not prime")
    pairs = factorization(p - 1, cert.get("factorization"), "factorization", ctx) if p > 2 else []
    ctx.passed("factorization")
    exponents = [(p - 1) // q for q, _ in pairs]
    top = isqrt(p - 2) if p >= 2 else 0  # k² + 1 < p  ⇔  k² ≤ p − 2
    if max_k is not None:
        top = min(top, max_k)
    for k in ctx.steps(range(top + 1)):
        g = k * k + 1
        if all(pow(g, t, p) != 1 for t in exponents):
            ctx.fail("no-primitive-root", f"k = {k}: g = {g} is a primitive root mod {p}")
    ctx.passed("no-primitive-root")


VERIFIER = Verifier(
    item="O92",
    direction="False",
    object="a prime p such that no k² + 1 < p is a primitive root mod p",
    schema=s.document(
        "O92 certificate", s.obj({"p": s.nat(0)}, {"factorization": s.factor_list()})
    ),
    conditions=(
        Condition("prime", "p is prime (proved)"),
        Condition("factorization", "the factorization of p − 1 is correct"),
        Condition("no-primitive-root", "no k with k² + 1 < p makes k² + 1 a primitive root"),
    ),
    run=run,
    reduction="specialize at p; for each k < √p an explicit prime q ∣ p − 1 with "
    "(k²+1)^((p−1)/q) = 1 in ZMod p shows the order is not p − 1",
)
