"""Exact arithmetic the verifiers share: rationals, proved primality, factorizations,
graphs and permutations read from a certificate.

Primality is *proved* with FLINT (`fmpz_is_prime`: Pocklington, Morrison–Brillhart and
Lehmer–Selfridge tests, falling back to APR-CL), never assumed from a probable-prime test;
a prime longer than `CertLimits.prove_digits` is only tested (BPSW) and the verdict says
"probable".
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import prod
from typing import Any

import networkx as nx
from flint import fmpz

from .jsonin import to_int
from .spec import Context

# The schema's pattern is searched with `$`, which also matches before a trailing newline:
# the shape is checked again here as a full match.
_RATIONAL = re.compile(r"-?[0-9]+(?:/[0-9]*[1-9][0-9]*)?")


def rational(value: Any, where: str, ctx: Context) -> Fraction:
    """A JSON integer or a string "p/q" (the schema has checked the shape)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str):
        if not _RATIONAL.fullmatch(value):
            ctx.malformed(where, f"{value[:40]!r} is not an integer or a rational 'p/q'")
        num, _, den = value.partition("/")
        for part in (num, den):
            if len(part.lstrip("-")) > ctx.limits.max_int_digits:
                ctx.refuse(
                    "digits",
                    f"{where}: a rational with more than {ctx.limits.max_int_digits} digits",
                )
        q = to_int(den) if den else 1
        if q == 0:
            ctx.malformed(where, "a rational with denominator 0")
        return Fraction(to_int(num), q)
    ctx.malformed(where, "expected an integer or a string 'p/q'")


def digits(n: int) -> int:
    """Decimal digits of |n| (exact, without converting huge numbers to text)."""
    n = abs(n)
    if n == 0:
        return 1
    d = int(n.bit_length() * 0.30102999566398120) + 1
    if 10 ** (d - 1) > n:
        d -= 1
    elif 10**d <= n:
        d += 1
    return d


def is_prime(n: int, condition: str, ctx: Context) -> bool:
    """Whether `n` is prime: proved, or (beyond `prove_digits`) tested and reported."""
    if n < 2:
        return False
    d = digits(n)
    if d > ctx.limits.prove_digits:
        if not fmpz(n).is_probable_prime():
            return False
        ctx.rests_on_probable_prime(
            condition,
            f"a {d}-digit prime passed a BPSW probable-prime test only (proofs stop at "
            f"{ctx.limits.prove_digits} digits)",
        )
        return True
    return bool(fmpz(n).is_prime())


def factorization(
    n: int, given: list | None, condition: str, ctx: Context, factor_digits: int = 40
) -> list[tuple[int, int]]:
    """The prime factorization of n > 0 as [(p, e)]: the certificate's (checked: the product
    is n and every p is prime) or, when it gives none and n has at most `factor_digits`
    digits, FLINT's (each factor proved prime)."""
    if n < 1:
        ctx.fail(condition, f"{n} has no prime factorization (it is not positive)")
    if given is None:
        if digits(n) > factor_digits:
            ctx.refuse(
                "factoring",
                f"{condition}: {digits(n)}-digit number without a factorization; give "
                f"[[p, e], …] (factoring here stops at {factor_digits} digits)",
            )
        pairs = [(int(p), int(e)) for p, e in fmpz(n).factor()]
    else:
        pairs = [(int(p), int(e)) for p, e in given]
    seen = set()
    for p, e in pairs:
        ctx.tick()
        if e < 1:
            ctx.fail(condition, f"exponent {e} of {p} is not positive")
        if p in seen:
            ctx.fail(condition, f"the prime {p} is listed twice")
        seen.add(p)
        if not is_prime(p, condition, ctx):
            ctx.fail(condition, f"{p} in the factorization of {n} is not prime")
    product = prod(p**e for p, e in pairs)
    if product != n:
        ctx.fail(condition, f"the factors multiply to {product}, not {n}")
    return sorted(pairs)


def simple_graph(spec: dict, where: str, ctx: Context) -> nx.Graph:
    """A networkx graph on 0, …, n − 1 from {"n", "edges"}: no loops, no repeated edges."""
    n = spec["n"]
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for i, (u, v) in enumerate(spec["edges"]):
        ctx.tick()
        if u >= n or v >= n:
            ctx.malformed(f"{where}.edges[{i}]", f"vertex out of range 0..{n - 1}")
        if u == v:
            ctx.malformed(f"{where}.edges[{i}]", f"a loop at {u} (graphs are simple)")
        if g.has_edge(u, v):
            ctx.malformed(f"{where}.edges[{i}]", f"the edge {u}–{v} is listed twice")
        g.add_edge(u, v)
    return g


def permutation(images: list[int], where: str, ctx: Context) -> list[int]:
    """An array-form permutation of 0, …, d − 1 (each point exactly once)."""
    if sorted(images) != list(range(len(images))):
        ctx.malformed(where, "not a permutation of 0, …, d − 1 in array form")
    return images
