"""O02 — Lehmer's totient problem: a composite n with φ(n) ∣ n − 1.

Statement: `main : answer(sorry) ↔ ∃ n : ℕ, 1 < n ∧ ¬ n.Prime ∧ n.totient ∣ n - 1`.

A valid certificate establishes `answer(True)`: `n` with its prime factorization (each
prime *proved* prime by FLINT; the factors multiply to `n`), at least two prime factors
counted with multiplicity (so `1 < n` and `n` is not prime), and
`φ(n) = ∏ p^(e−1)(p − 1)` dividing `n − 1`.

Lean: the witness `n` for the `∃`; `¬ n.Prime` from the factorization
(`Nat.not_prime_mul`), `φ(n)` by `Nat.totient_mul`/`Nat.totient_prime_pow` over the
factorization (or `decide` for small `n`), and the divisibility by `norm_num`.

Certificate: `{"n": …, "factorization": [[p, e], …]}` (the factorization may be left out
for n of at most 40 digits; FLINT then factors it). Toy instances in the tests replace φ
by Carmichael's λ (561 = 3·11·17 passes).
"""

from __future__ import annotations

from collections.abc import Callable
from math import lcm, prod

from .. import schema as s
from ..exact import factorization
from ..spec import Condition, Context, Verifier


def totient(pairs: list[tuple[int, int]]) -> int:
    return prod(p ** (e - 1) * (p - 1) for p, e in pairs)


def carmichael(pairs: list[tuple[int, int]]) -> int:
    """λ(n), for the toy instances (Korselt: λ(n) ∣ n − 1 for Carmichael numbers)."""
    parts = []
    for p, e in pairs:
        if p == 2 and e >= 3:
            parts.append(2 ** (e - 2))
        else:
            parts.append(p ** (e - 1) * (p - 1))
    return lcm(*parts) if parts else 1


def run(
    cert: dict, ctx: Context, function: Callable[[list[tuple[int, int]]], int] = totient
) -> None:
    n = cert["n"]
    pairs = factorization(n, cert.get("factorization"), "factorization", ctx)
    ctx.passed("factorization")
    count = sum(e for _, e in pairs)
    ctx.require(count >= 2, "composite", f"{n} is not composite ({count} prime factor(s))")
    phi = function(pairs)
    ctx.require((n - 1) % phi == 0, "divides", f"φ(n) = {phi} does not divide n − 1 = {n - 1}")


VERIFIER = Verifier(
    item="O02",
    direction="True",
    object="a composite n with φ(n) ∣ n − 1, with its prime factorization",
    schema=s.document(
        "O02 certificate",
        s.obj(
            {"n": s.nat(2)},
            {"factorization": s.factor_list()},
        ),
    ),
    conditions=(
        Condition("factorization", "the listed primes are prime and multiply to n"),
        Condition("composite", "n has at least two prime factors (1 < n, n not prime)"),
        Condition("divides", "φ(n) = ∏ p^(e−1)(p − 1) divides n − 1"),
    ),
    run=run,
    reduction="⟨n, one_lt, not_prime (from the factorization), totient divisibility by "
    "norm_num over the factorization⟩",
)
