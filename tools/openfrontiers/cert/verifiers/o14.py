"""O14 — a Barker sequence longer than 13.

Statement: `main : answer(sorry) ↔ ∀ (n : ℕ) (a : ℕ → ℤ), IsBarkerSequence n a → n ≤ 13`,
where `IsBarkerSequence n a`: `a i ∈ {1, −1}` for `i < n` and
`|∑_{i < n−k} a i · a (i+k)| ≤ 1` for `0 < k < n`.

A valid certificate establishes `answer(False)`: the entries `a 0, …, a (n−1)` with
`n > 13`, each ±1, every aperiodic autocorrelation of absolute value at most 1 (computed
exactly with integer arithmetic). Lean: instantiate the `∀` with this `n` and
`a i = list[i]` (0 beyond `n`); `IsBarkerSequence` by `decide`; `n ≤ 13` fails by
`norm_num`.

Certificate: `{"sequence": [1, 1, -1, …]}`, at most 20000 entries (any Barker sequence
longer than 13 is known to be far longer than that, so real ones are refused by size).
Toy instances in the tests lower the length bound (the length-13 sequence then passes).
"""

from __future__ import annotations

import numpy as np

from .. import schema as s
from ..spec import Condition, Context, Verifier

MIN_LENGTH = 14


def run(cert: dict, ctx: Context, min_length: int = MIN_LENGTH) -> None:
    seq = cert["sequence"]
    n = len(seq)
    ctx.require(n >= min_length, "length", f"length {n} is not greater than {min_length - 1}")
    bad = [i for i, x in enumerate(seq) if x not in (1, -1)]
    if bad:
        ctx.fail("entries", f"entry {bad[0]} is {seq[bad[0]]}, not ±1")
    ctx.passed("entries")
    a = np.array(seq, dtype=np.int64)
    corr = np.correlate(a, a, mode="full")[n:]  # C_1, …, C_{n−1}, exact in int64
    ctx.tick(n)
    worst = int(np.argmax(np.abs(corr))) if n > 1 else 0
    ctx.require(
        n < 2 or abs(int(corr[worst])) <= 1,
        "autocorrelation",
        f"C_{worst + 1} = {int(corr[worst]) if n > 1 else 0}",
    )


VERIFIER = Verifier(
    item="O14",
    direction="False",
    object="a ±1 sequence of length n > 13 with every aperiodic autocorrelation in {−1, 0, 1}",
    schema=s.document("O14 certificate", s.obj({"sequence": s.array(s.integer(), 0, 20_000)})),
    conditions=(
        Condition("length", "n > 13"),
        Condition("entries", "every entry is 1 or −1"),
        Condition("autocorrelation", "|C_k| ≤ 1 for 0 < k < n"),
    ),
    run=run,
    reduction="specialize main's ∀ at n and a = the listed entries; IsBarkerSequence by "
    "decide, and n ≤ 13 is false",
)
