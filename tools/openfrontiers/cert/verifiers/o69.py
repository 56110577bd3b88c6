"""O69 — Green's Problem 15: a Lipschitz f : ℕ → ℤ whose graph has no 3-term progression.

Statement: `main : answer(sorry) ↔ ∃ f : ℕ → ℤ, IsLipschitzSeq f ∧ ¬ GraphHasThreeTermAP f`.

The evaluator key records direction **True**: a 3-term progression on the graph of `f` is
exactly an additive square in the difference word `δ(n) = f(n + 1) − f(n)`, so a finite
morphism whose fixed point is `δ` (bounded by construction), with a proof that the fixed
point has no additive square, settles `answer(True)`. That proof is a decision-procedure
run over the infinite word, not an arithmetic check, so this verifier never says `valid`;
it checks the finite evidence that can be checked and says what it leaves open:

- `{"kind": "morphism", "images": {"a": [..], …}, "start": "a", "steps": {"a": δ, …},
  "length": N}`: the morphism is non-erasing and prolongable on `start`, and the first `N`
  letters of its fixed point, read as steps, give a prefix of `f` with no progression —
  evidence for `answer(True)`; the infinite fixed point is unchecked.
- `{"kind": "prefix", "K": K, "values": [f(0), …, f(N−1)]}`: the prefix has steps
  `|f(i+1) − f(i)| ≤ K` and no `a, d ≥ 1` with `f(a) + f(a+2d) = 2 f(a+d)` inside it —
  evidence for `answer(True)`; the infinite continuation is unchecked.
- `{"kind": "bound", "K": K, "N": N}`: every sequence of length `N` with steps `≤ K`
  has a progression (exhaustive, up to translation `f(0) = 0`) — it settles the constant
  `K` only, toward `answer(False)`; all other constants are unchecked.
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


def _fixed_point_prefix(cert: dict, ctx: Context) -> list[str]:
    """The first `length` letters of the fixed point of the morphism on `start`."""
    images, start, length = cert["images"], cert["start"], cert["length"]
    letters = set(images)
    ctx.require(
        start in letters and all(set(w) <= letters for w in images.values()),
        "morphism",
        "every letter used (start and images) must have an image",
    )
    ctx.require(
        all(images.values()) and images[start][0] == start and len(images[start]) > 1,
        "morphism",
        "the morphism must be non-erasing and prolongable on start (its image begins with it)",
    )
    ctx.require(set(cert["steps"]) == letters, "morphism", "every letter needs a step value")
    ctx.passed("morphism")
    word = [start]
    while len(word) < length:
        ctx.tick(len(word))
        word = [c for letter in word for c in images[letter]]
    return word[:length]


def run(cert: dict, ctx: Context) -> None:
    if cert["kind"] == "morphism":
        word = _fixed_point_prefix(cert, ctx)
        values = [0]
        for letter in word:
            values.append(values[-1] + cert["steps"][letter])
        ctx.passed("lipschitz")  # the steps take finitely many values: bounded
        for end in range(2, len(values)):
            ctx.tick(end)
            hit = _new_ap(values[: end + 1])
            if hit:
                ctx.fail("no-progression", f"a = {hit[0]}, d = {hit[1]} is a progression")
        ctx.passed("no-progression")
        ctx.not_checked(
            "answer",
            "a prefix of the fixed point; its whole infinite word needs a proof of "
            "additive-square-freeness",
        )
        return
    ctx.passed("morphism")  # vacuous: a prefix or a bound carries no morphism
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
    direction="True",
    object="a morphism whose fixed point is the difference word, with a proof that it has no "
    "additive square; prefixes and bounds for one constant K are evidence only",
    schema=s.document(
        "O69 certificate",
        {
            "oneOf": [
                s.obj(
                    {
                        "kind": s.enum("morphism"),
                        "images": {
                            "type": "object",
                            "maxProperties": 64,
                            "additionalProperties": s.array({"type": "string"}, 1, 64),
                        },
                        "start": {"type": "string"},
                        "steps": {
                            "type": "object",
                            "maxProperties": 64,
                            "additionalProperties": s.integer(),
                        },
                        "length": s.nat(1, 5000),
                    }
                ),
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
        Condition(
            "morphism",
            "a morphism certificate's morphism is non-erasing and prolongable on its start "
            "letter (vacuous for the other kinds)",
        ),
        Condition("lipschitz", "the steps are at most K"),
        Condition("no-progression", "prefix: no progression; bound: every sequence has one"),
        Condition("answer", "the infinite fixed point (True) or every K (False)", checkable=False),
    ),
    run=run,
    reduction="True: take f(n) = δ(0) + … + δ(n − 1) with δ the fixed point; the Lipschitz "
    "bound is the largest |step|, and the missing progression is the additive-square-freeness "
    "proof of the fixed point (not a finite computation)",
)
