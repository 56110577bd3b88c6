"""O35 — Erdős–Selfridge: a covering system with distinct odd moduli.

Statement: `main : answer(sorry) ↔ ∃ (k : ℕ) (a : Fin k → ℤ) (m : Fin k → ℕ),
IsDistinctOddCovering k a m`, i.e. `m` injective, each `m i` odd and `> 1`, and every
integer `x` satisfies `x ≡ a i [ZMOD m i]` for some `i`.

A valid certificate establishes `answer(True)`: the congruences `[a_i, m_i]`. Distinct odd
moduli `> 1` are checked directly; covering is checked over one period `L = lcm(m_i)`
(every integer is congruent mod `L` to one in `[0, L)`, and membership in each class only
depends on `x mod L`): a sieve for `L ≤ 10⁸`, otherwise recursively over the prime factors
of `L` (fix `x mod p` for one prime power factor at a time, keeping only the congruences
still compatible; an empty set of residues left uncovered is found as soon as it exists).

Lean: the witness `(k, a, m)`; covering by reducing `x` mod `L` and `decide` over `ZMod L`.

Certificate: `{"congruences": [[a, m], …]}`. Toy instances in the tests drop oddness
(Erdős's {0 (2), 0 (3), 1 (4), 5 (6), 7 (12)} then passes).
"""

from __future__ import annotations

from math import gcd, lcm

import numpy as np
from flint import fmpz

from .. import schema as s
from ..spec import Condition, Context, Verifier

SIEVE_LIMIT = 10**8


def uncovered(congruences: list[tuple[int, int]], ctx: Context) -> int | None:
    """A residue in [0, L) that no congruence covers, or None."""
    period = lcm(*(m for _, m in congruences))
    if period <= SIEVE_LIMIT:
        hit = np.zeros(period, dtype=bool)
        for a, m in congruences:
            ctx.tick(max(1, period // m // 1000))
            hit[a % m :: m] = True
        ctx.budget.check()
        miss = np.flatnonzero(~hit)
        return int(miss[0]) if miss.size else None
    return _uncovered_recursive(congruences, ctx)


def _uncovered_recursive(congruences: list[tuple[int, int]], ctx: Context) -> int | None:
    # Search x modulo growing moduli M: keep the congruences whose class can still meet
    # x + M·t; a congruence whose modulus divides M either covers every such x or none.
    def search(x: int, modulus: int, live: list[tuple[int, int]]) -> int | None:
        ctx.tick()
        if any(modulus % m == 0 and x % m == a for a, m in live):
            return None  # covered
        # still undecided: the class of a mod m meets x + modulus·ℤ but does not contain it
        rest = [(a, m) for a, m in live if modulus % m != 0 and (x - a) % gcd(m, modulus) == 0]
        if not rest:
            return x
        # refine by one prime of a remaining modulus not yet in `modulus`
        m0 = rest[0][1]
        p = int(fmpz(m0 // gcd(m0, modulus)).factor()[0][0])
        for t in range(p):
            found = search(x + modulus * t, modulus * p, rest)
            if found is not None:
                return found
        return None

    live = [(a % m, m) for a, m in congruences]
    return search(0, 1, live)


def run(cert: dict, ctx: Context, odd: bool = True) -> None:
    cs = [(a, m) for a, m in cert["congruences"]]
    moduli = [m for _, m in cs]
    ctx.require(bool(cs), "nonempty", "no congruences")
    dup = sorted({m for m in moduli if moduli.count(m) > 1})
    ctx.require(not dup, "distinct", f"the modulus {dup[0] if dup else ''} occurs twice")
    small = [m for m in moduli if m <= 1]
    ctx.require(not small, "moduli", f"modulus {small[0] if small else ''} is not > 1")
    even = [m for m in moduli if m % 2 == 0] if odd else []
    ctx.require(not even, "odd", f"modulus {even[0] if even else ''} is even")
    x = uncovered(cs, ctx)
    ctx.require(x is None, "covering", f"x = {x} satisfies none of the congruences")


VERIFIER = Verifier(
    item="O35",
    direction="True",
    object="congruences x ≡ a_i (mod m_i) with distinct odd moduli > 1 covering ℤ",
    schema=s.document(
        "O35 certificate",
        s.obj({"congruences": s.array(s.tuple_of(s.integer(), s.nat(0, 10**15)), 0, 10_000)}),
    ),
    conditions=(
        Condition("nonempty", "at least one congruence"),
        Condition("distinct", "the moduli are pairwise distinct"),
        Condition("moduli", "every modulus is > 1"),
        Condition("odd", "every modulus is odd"),
        Condition("covering", "every integer satisfies some congruence (checked mod lcm)"),
    ),
    run=run,
    reduction="⟨k, a, m, injectivity and oddness by decide, covering by reducing x mod "
    "lcm(m) and deciding over the finitely many residues⟩",
)
