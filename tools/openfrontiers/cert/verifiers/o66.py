"""O66 — an odd weird number.

Statement: `main : answer(sorry) ↔ ∃ n : ℕ, Odd n ∧ n.Weird` (Mathlib's `Nat.Weird`:
abundant and not pseudoperfect).

A valid certificate establishes `answer(True)`: an odd `n` with its factorization (optional
up to 40 digits); `σ(n) > 2n` (abundant) from the factorization; and no subset of the
proper divisors summing to `n` (not pseudoperfect). The subset-sum is decided exactly on
the complement: the proper divisors sum to `σ(n) − n`, so a subset sums to `n` iff its
complement sums to the abundance `A = σ(n) − 2n`; a bitset of the sums `≤ A` of the
divisors `≤ A` decides it (refused when `A` is beyond 10⁸).

Lean: the witness `n`; `Odd` by `decide`; `Nat.Weird` unfolds to abundance (a divisor-sum
computation) and the non-existence of a subset (`decide` over the divisors ≤ A).

Certificate: `{"n": …, "factorization": [[p, e], …]}`. Toy instances in the tests drop
oddness (70, the least weird number, then passes).
"""

from __future__ import annotations

from itertools import product
from math import prod

from .. import schema as s
from ..exact import factorization
from ..spec import Condition, Context, Verifier

MAX_ABUNDANCE = 10**8


def divisors(pairs: list[tuple[int, int]], ctx: Context) -> list[int]:
    count = prod(e + 1 for _, e in pairs)
    if count > 2_000_000:
        ctx.refuse("size", f"{count} divisors; the limit is 2000000")
    out = []
    for exps in product(*(range(e + 1) for _, e in pairs)):
        ctx.tick()
        out.append(prod(p**k for (p, _), k in zip(pairs, exps, strict=True)))
    return sorted(out)


def run(cert: dict, ctx: Context, odd: bool = True) -> None:
    n = cert["n"]
    ctx.require(n % 2 == 1 or not odd, "odd", f"{n} is even")
    pairs = factorization(n, cert.get("factorization"), "factorization", ctx)
    ctx.passed("factorization")
    sigma = prod((p ** (e + 1) - 1) // (p - 1) for p, e in pairs)
    abundance = sigma - 2 * n
    ctx.require(abundance > 0, "abundant", f"σ(n) = {sigma} is not greater than 2n")
    if abundance > MAX_ABUNDANCE:
        ctx.refuse("size", f"abundance σ(n) − 2n = {abundance} exceeds {MAX_ABUNDANCE}")
    sums = 1  # bit s set: some subset of the divisors seen so far sums to s
    mask = (1 << (abundance + 1)) - 1
    for d in divisors(pairs, ctx):
        if d > abundance or d == n:
            break
        ctx.tick(1 + abundance // 50_000)
        sums = (sums | (sums << d)) & mask
    ctx.require(
        not (sums >> abundance) & 1,
        "not-pseudoperfect",
        f"some proper divisors sum to σ(n) − 2n = {abundance}, so the others sum to n",
    )


VERIFIER = Verifier(
    item="O66",
    direction="True",
    object="an odd n that is abundant and not a sum of distinct proper divisors",
    schema=s.document(
        "O66 certificate", s.obj({"n": s.nat(1)}, {"factorization": s.factor_list()})
    ),
    conditions=(
        Condition("odd", "n is odd"),
        Condition("factorization", "the factorization is correct (primes proved)"),
        Condition("abundant", "σ(n) > 2n"),
        Condition("not-pseudoperfect", "no set of proper divisors sums to n"),
    ),
    run=run,
    reduction="⟨n, Odd by decide, Nat.Weird: abundance from σ over the factorization, "
    "no subset sum by a decidable search over the divisors ≤ σ(n) − 2n⟩",
)
