"""O64 — three consecutive powerful numbers.

Statement: `main : answer(sorry) ↔ ∃ n : ℕ, IsPowerful n ∧ IsPowerful (n + 1) ∧
IsPowerful (n + 2)`, with `IsPowerful n`: `0 < n` and `p² ∣ n` for every prime `p ∣ n`.

A valid certificate establishes `answer(True)`: `n` and the prime factorizations of `n`,
`n + 1`, `n + 2` (each prime proved; each product checked), every exponent at least 2.
Factorizations may be left out for numbers of at most 40 digits (FLINT factors them).

Lean: the witness `n`; each `IsPowerful` from the factorization
(`Nat.factorization`-based, or `decide` for small numbers).

Certificate: `{"n": …, "factorizations": [[[p, e], …], [[p, e], …], [[p, e], …]]}`. Toy
instances in the tests ask for two consecutive ones (8, 9).
"""

from __future__ import annotations

from .. import schema as s
from ..exact import factorization
from ..spec import Condition, Context, Verifier

COUNT = 3


def run(cert: dict, ctx: Context, count: int = COUNT) -> None:
    n = cert["n"]
    given = cert.get("factorizations") or [None] * count
    if len(given) != count:
        ctx.malformed("$.factorizations", f"expected {count} factorizations")
    ctx.require(n > 0, "positive", f"n = {n} is not positive")
    for i in range(count):
        pairs = factorization(n + i, given[i], "factorizations", ctx)
        weak = [p for p, e in pairs if e < 2]
        if weak:
            ctx.fail(
                "powerful", f"n + {i} = {n + i} is divisible by {weak[0]} but not by its square"
            )
    ctx.passed("factorizations")
    ctx.passed("powerful")


VERIFIER = Verifier(
    item="O64",
    direction="True",
    object="n with n, n + 1, n + 2 all powerful, with their prime factorizations",
    schema=s.document(
        "O64 certificate",
        s.obj({"n": s.nat(0)}, {"factorizations": s.array(s.factor_list(), 1, 3)}),
    ),
    conditions=(
        Condition("positive", "n > 0"),
        Condition("factorizations", "the factorizations are correct (primes proved)"),
        Condition("powerful", "every prime divides n, n + 1, n + 2 at least squared"),
    ),
    run=run,
    reduction="⟨n, three IsPowerful proofs from the factorizations⟩",
)
