"""O81 — quadratic sensitivity: a Boolean function with bs(g) > 4·s(g)².

Statement: `main : answer(sorry) ↔ ∃ C : ℕ, ∀ n (f : (Fin n → Bool) → Bool) x k
(B : Fin k → Finset (Fin n)), IsSensitiveBlockFamily f x B → k ≤ C * sensitivity f ^ 2`.

A valid certificate is a truth table `g` with `bs(g) > 4 s(g)²`, both computed exactly:
`s(g) = max_x #{i : g(x ⊕ eᵢ) ≠ g(x)}`; `bs(g) = max_x` of the largest number of pairwise
disjoint sensitive blocks at `x` (only minimal sensitive blocks are needed; an exact
set-packing search). It establishes `answer(False)` through the evaluator key's
composition argument: `G(x, y) = g(x) ⊕ g(y)` has `s(G) ≤ 2 s(g)` and
`min(bs₀(G), bs₁(G)) ≥ bs(g)`; composing, `s(F∘G) ≤ s(F)s(G)` and
`bs_c(F∘G) ≥ bs_c(F)·min(bs₀(G), bs₁(G))`, so the iterates `G^∘k` have
`bs/s² ≥ (bs(g)/(4 s(g)²))^k → ∞`, refuting every `C`. *The argument is the key writer's
own (marked there for review); this verifier checks the finite object only.*

Lean: the composition lemmas above (a finite-object argument, not a computation) plus
`decide` for `s(g)` and a sensitive block family of size `bs(g)`.

Certificate: `{"n": …, "table": "0110…"}` (bit `x` of the table is `g(x)`, `x` read as a
binary number with variable `i` at bit `i`; at most 12 variables). Toy instances in the
tests use the factor 1/4 (OR₃ then passes).
"""

from __future__ import annotations

from fractions import Fraction

from .. import schema as s
from ..spec import Condition, Context, Verifier

FACTOR = Fraction(4)
MAX_VARIABLES = 12


def sensitivity(table: list[int], n: int) -> int:
    return max(sum(1 for i in range(n) if table[x ^ (1 << i)] != table[x]) for x in range(1 << n))


def block_sensitivity(table: list[int], n: int, ctx: Context) -> int:
    full = 1 << n
    best = 0
    for x in range(full):
        sensitive = [b for b in range(1, full) if table[x ^ b] != table[x]]
        ctx.tick(len(sensitive) // 64 + 1)
        minimal = [b for b in sensitive if not any(c != b and c & b == c for c in sensitive)]
        minimal.sort(key=lambda b: (b).bit_count())
        best = max(best, _packing(minimal, ctx))
    return best


def _packing(blocks: list[int], ctx: Context) -> int:
    """The most pairwise disjoint blocks (bitmasks) among `blocks`, exactly."""
    best = 0

    def go(i: int, used: int, count: int) -> None:
        nonlocal best
        ctx.tick()
        best = max(best, count)
        for j in range(i, len(blocks)):
            if count + (len(blocks) - j) <= best:
                return
            if not blocks[j] & used:
                go(j + 1, used | blocks[j], count + 1)

    go(0, 0, 0)
    return best


def run(cert: dict, ctx: Context, factor: Fraction = FACTOR) -> None:
    n, text = cert["n"], cert["table"]
    if len(text) != 1 << n:
        ctx.malformed("$.table", f"{len(text)} bits, not 2^n = {1 << n}")
    table = [int(c) for c in text]
    s_g = sensitivity(table, n)
    ctx.passed("sensitivity")
    bs_g = block_sensitivity(table, n, ctx)
    ctx.require(
        bs_g > factor * s_g * s_g,
        "separation",
        f"bs(g) = {bs_g} is not greater than {factor} · s(g)² = {factor * s_g * s_g}",
    )


VERIFIER = Verifier(
    item="O81",
    direction="False",
    object="a Boolean function (truth table) with bs(g) > 4·s(g)²",
    schema=s.document(
        "O81 certificate",
        s.obj(
            {
                "n": s.nat(1, MAX_VARIABLES),
                "table": {"type": "string", "pattern": "^[01]+$", "maxLength": 1 << MAX_VARIABLES},
            }
        ),
    ),
    conditions=(
        Condition("sensitivity", "s(g) computed exactly"),
        Condition("separation", "bs(g) > 4·s(g)² (block sensitivity computed exactly)"),
    ),
    run=run,
    reduction="the key's composition argument (G = g ⊕ g, iterated composition) turns g "
    "into functions with bs/s² unbounded, refuting every C; s(g) and bs(g) by decide",
)
