"""O69 — Green's Problem 15: a Lipschitz f : ℕ → ℤ whose graph has no 3-term progression.

Statement: `main : answer(sorry) ↔ ∃ f : ℕ → ℤ, IsLipschitzSeq f ∧ ¬ GraphHasThreeTermAP f`.

The evaluator key records **no certificate direction**: `answer(True)` needs an infinite
sequence, and `answer(False)` needs, for *every* Lipschitz constant `K`, a length past
which every `K`-Lipschitz sequence has a progression. This verifier therefore never says
`valid`; it checks the finite evidence that can be checked and says what it leaves open:

- `{"kind": "prefix", "K": K, "values": [f(0), …, f(N−1)]}`: the prefix has steps
  `|f(i+1) − f(i)| ≤ K` and no `a, d ≥ 1` with `f(a) + f(a+2d) = 2 f(a+d)` inside it —
  evidence for `answer(True)`; the infinite continuation is unchecked.
- `{"kind": "bound", "K": K, "N": N}`: every sequence of length `N` with steps `≤ K`
  has a progression (exhaustive, up to translation `f(0) = 0`) — it settles the constant
  `K` only; all other constants are unchecked.
"""

from __future__ import annotations

from .. import schema as s
from ..spec import Condition, Context, Verifier


def _new_ap(values: list[int]) -> tuple[int, int] | None:
    """A progression ending at the last value: (a, d) with a + 2d = last index."""
    last = len(values) - 1
    for d in range(1, last // 2 + 1):
        a = last - 2 * d
        if values[a] + values[last] == 2 * values[a + d]:
            return a, d
    return None


def run(cert: dict, ctx: Context) -> None:
    k = cert["K"]
    if cert["kind"] == "prefix":
        values = cert["values"]
        steps = [i for i in range(len(values) - 1) if abs(values[i + 1] - values[i]) > k]
        if steps:
            ctx.fail("lipschitz", f"|f({steps[0] + 1}) − f({steps[0]})| > K = {k}")
        ctx.passed("lipschitz")
        for end in range(2, len(values)):
            ctx.tick(end)
            hit = _new_ap(values[: end + 1])
            if hit:
                ctx.fail("no-progression", f"a = {hit[0]}, d = {hit[1]} is a progression")
        ctx.passed("no-progression")
        ctx.not_checked("answer", "a finite prefix says nothing of the infinite sequence")
        return
    n = cert["N"]
    ctx.passed("lipschitz")
    values = [0]

    def extend() -> list[int] | None:  # a progression-free K-sequence of length n, if any
        ctx.tick()
        if len(values) == n:
            return list(values)
        for step in range(-k, k + 1):
            values.append(values[-1] + step)
            if _new_ap(values) is None and (found := extend()) is not None:
                return found
            values.pop()
        return None

    free = extend()
    ctx.require(free is None, "no-progression", f"the sequence {free} has no progression")
    ctx.not_checked("answer", f"only the constant K = {k} is settled; every other K is not")


VERIFIER = Verifier(
    item="O69",
    direction="none",
    object="no finite object settles main; a prefix or a bound for one constant K is evidence only",
    schema=s.document(
        "O69 certificate",
        {
            "oneOf": [
                s.obj(
                    {
                        "kind": s.enum("prefix"),
                        "K": s.nat(0, 10**6),
                        "values": s.array(s.integer(), 0, 5000),
                    }
                ),
                s.obj({"kind": s.enum("bound"), "K": s.nat(0, 20), "N": s.nat(1, 200)}),
            ]
        },
    ),
    conditions=(
        Condition("lipschitz", "the steps are at most K"),
        Condition("no-progression", "prefix: no progression; bound: every sequence has one"),
        Condition("answer", "an infinite sequence (True) or every K (False)", checkable=False),
    ),
    run=run,
    reduction="none: neither direction of main is settled by one finite object",
)
