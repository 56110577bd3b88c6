"""O88 — Loh's 2-increasing triples: a 2-increasing sequence of m triples in {1..n}³ with
m² > n³.

Statement: `main : answer(sorry) ↔ ∀ (n m : ℕ) (t : Fin m → Fin 3 → ℕ),
(∀ k c, 1 ≤ t k c ∧ t k c ≤ n) → (∀ k l, k < l → TwoLess (t k) (t l)) → m ^ 2 ≤ n ^ 3`,
`TwoLess a b`: `a i < b i` for at least two coordinates `i`.

A valid certificate establishes `answer(False)`: `n` and the triples, coordinates in
`1..n`, every earlier triple 2-less than every later one (all pairs compared), and
`m² > n³`.

Lean: specialize at `(n, m, t)`; both hypotheses by `decide`; `m² ≤ n³` fails by
`norm_num`.

Certificate: `{"n": …, "triples": [[a, b, c], …]}`. Toy instances in the tests use
`m > n` in place of `m² > n³`.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import schema as s
from ..spec import Condition, Context, Verifier


def _square_beats_cube(n: int, m: int) -> bool:
    return m * m > n**3


def run(cert: dict, ctx: Context, exceeds: Callable[[int, int], bool] = _square_beats_cube) -> None:
    n, ts = cert["n"], cert["triples"]
    out = [i for i, t in enumerate(ts) if not all(1 <= c <= n for c in t)]
    if out:
        ctx.fail("range", f"triple {out[0]} = {ts[out[0]]} has a coordinate outside 1..{n}")
    ctx.passed("range")
    for i in range(len(ts)):
        a = ts[i]
        for j in range(i + 1, len(ts)):
            ctx.tick()
            b = ts[j]
            if (a[0] < b[0]) + (a[1] < b[1]) + (a[2] < b[2]) < 2:
                ctx.fail("two-increasing", f"triple {i} {a} is not 2-less than triple {j} {b}")
    ctx.passed("two-increasing")
    m = len(ts)
    ctx.require(exceeds(n, m), "long", f"m = {m} does not beat n = {n} (m² ≤ n³)")


VERIFIER = Verifier(
    item="O88",
    direction="False",
    object="a 2-increasing sequence of m triples in {1, …, n}³ with m² > n³",
    schema=s.document(
        "O88 certificate",
        s.obj({"n": s.nat(0, 10**6), "triples": s.array(s.fixed(s.nat(0), 3), 0, 20_000)}),
    ),
    conditions=(
        Condition("range", "every coordinate is in 1..n"),
        Condition("two-increasing", "each earlier triple is 2-less than each later one"),
        Condition("long", "m² > n³"),
    ),
    run=run,
    reduction="specialize at (n, m, t); both hypotheses by decide; m² > n³ by norm_num",
)
