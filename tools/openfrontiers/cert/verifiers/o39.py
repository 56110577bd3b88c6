"""O39 — Ryser: a Latin square of odd order without a transversal.

Statement: `main : answer(sorry) ↔ ∀ n : ℕ, Odd n → ∀ L : Fin n → Fin n → Fin n,
IsLatinSquare L → ∃ σ : Equiv.Perm (Fin n), IsTransversal L σ`.

A valid certificate establishes `answer(False)`: the square (rows of symbols `0..n−1`),
`n` odd; every row and column injective; and no permutation `σ` with the symbols
`L i (σ i)` pairwise distinct — decided by an exhaustive backtracking search (row by row,
an unused column with an unused symbol).

Lean: specialize at `(n, L)`; `IsLatinSquare` by `decide`; no transversal by a `decide`
over permutations (n! of them — feasible in Lean only for small n).

Certificate: `{"square": [[…], …]}`. Toy instances in the tests drop oddness (the cyclic
square of order 4 has no transversal).
"""

from __future__ import annotations

from .. import schema as s
from ..spec import Condition, Context, Verifier


def transversal(square: list[list[int]], ctx: Context) -> list[int] | None:
    n = len(square)
    chosen: list[int] = []
    cols: set[int] = set()
    syms: set[int] = set()

    def go(i: int) -> bool:
        ctx.tick()
        if i == n:
            return True
        for j in range(n):
            sym = square[i][j]
            if j not in cols and sym not in syms:
                cols.add(j)
                syms.add(sym)
                chosen.append(j)
                if go(i + 1):
                    return True
                chosen.pop()
                cols.discard(j)
                syms.discard(sym)
        return False

    return chosen if go(0) else None


def run(cert: dict, ctx: Context, odd: bool = True) -> None:
    sq = cert["square"]
    n = len(sq)
    for i, row in enumerate(sq):
        if len(row) != n or any(x >= n for x in row):
            ctx.malformed(f"$.square[{i}]", f"a row of {n} symbols in 0..{n - 1} expected")
    ctx.require(n % 2 == 1 or not odd, "odd", f"the order {n} is even")
    ctx.require(
        all(len(set(row)) == n for row in sq)
        and all(len({sq[i][j] for i in range(n)}) == n for j in range(n)),
        "latin",
        "a row or column repeats a symbol",
    )
    sigma = transversal(sq, ctx)
    ctx.require(sigma is None, "no-transversal", f"σ = {sigma} picks a transversal")


VERIFIER = Verifier(
    item="O39",
    direction="False",
    object="a Latin square of odd order with no transversal",
    schema=s.document(
        "O39 certificate", s.obj({"square": s.array(s.array(s.nat(0), 1, 200), 1, 200)})
    ),
    conditions=(
        Condition("odd", "the order n is odd"),
        Condition("latin", "every row and every column contains each symbol once"),
        Condition("no-transversal", "no permutation σ picks n distinct symbols"),
    ),
    run=run,
    reduction="specialize at (n, L); IsLatinSquare by decide; ¬ ∃ σ by an exhaustive "
    "(decidable) search over permutations",
)
