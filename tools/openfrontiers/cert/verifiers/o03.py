"""O03 — Erdős–Moser: a solution of 1^k + ⋯ + (m − 1)^k = m^k other than (1, 3).

Statement: `main : answer(sorry) ↔ ∃ k m : ℕ, 0 < k ∧ 0 < m ∧ ¬ (k = 1 ∧ m = 3) ∧
∑ i ∈ Finset.Ico 1 m, i ^ k = m ^ k`.

A valid certificate establishes `answer(True)`: the pair `(k, m)` itself, with the sum
computed exactly — term by term for small `m`, else by Faulhaber's formula
`∑_{i<m} i^k = (1/(k+1)) ∑_{j≤k} C(k+1, j) B_j m^(k+1−j)` (Bernoulli numbers with
B₁ = −1/2, exact rationals from FLINT). Sizes are refused beyond what fits the budget
(any solution has m > 10^(10^9), far beyond).

Lean: the witness `(k, m)`; the equation by `decide`/`norm_num` (Faulhaber:
`Finset.sum_range_pow`).

Certificate: `{"k": …, "m": …}`.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from flint import fmpq

from .. import schema as s
from ..spec import Condition, Context, Verifier

EXCLUDED = ((1, 3),)
MAX_BITS = 4_000_000  # bits of m^k the check will compute


def power_sum(k: int, m: int, ctx: Context) -> int:
    """∑_{1 ≤ i < m} i^k, exactly."""
    if m <= 200_000:
        total = 0
        for i in ctx.steps(range(1, m)):
            total += i**k
        return total
    acc = Fraction(0)
    for j in ctx.steps(range(k + 1)):
        b = fmpq.bernoulli(j)
        acc += comb(k + 1, j) * Fraction(int(b.p), int(b.q)) * m ** (k + 1 - j)
    value = acc / (k + 1)
    assert value.denominator == 1
    return int(value)


def run(cert: dict, ctx: Context, excluded: tuple[tuple[int, int], ...] = EXCLUDED) -> None:
    k, m = cert["k"], cert["m"]
    ctx.require(k > 0 and m > 0, "positive", f"k = {k} and m = {m} must both be positive")
    ctx.require((k, m) not in excluded, "new", f"(k, m) = ({k}, {m}) is the known solution")
    if k * m.bit_length() > MAX_BITS:
        ctx.refuse("size", f"m^k has about {k * m.bit_length()} bits; the limit is {MAX_BITS}")
    if m > 200_000 and k > 20_000:
        ctx.refuse("size", f"k = {k} Bernoulli numbers for m = {m}: beyond the limit 20000")
    lhs = power_sum(k, m, ctx)
    ctx.require(lhs == m**k, "equation", f"1^k + ⋯ + (m−1)^k − m^k = {lhs - m**k}")


VERIFIER = Verifier(
    item="O03",
    direction="True",
    object="positive integers (k, m) ≠ (1, 3) with 1^k + ⋯ + (m − 1)^k = m^k",
    schema=s.document("O03 certificate", s.obj({"k": s.nat(0, 10**9), "m": s.nat(0, 10**18)})),
    conditions=(
        Condition("positive", "k > 0 and m > 0"),
        Condition("new", "(k, m) ≠ (1, 3)"),
        Condition("equation", "∑_{1 ≤ i < m} i^k = m^k"),
    ),
    run=run,
    reduction="⟨k, m, by norm_num, by norm_num, by decide, by decide/norm_num on the sum⟩",
)
