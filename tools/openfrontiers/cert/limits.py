"""Limits on what one certificate may cost, and the budget a check spends.

A certificate is untrusted input: it is refused (never hung on) when it is larger, deeper,
has longer numbers or needs more time or memory than its limits allow. Parsing enforces
the size limits; verifiers call `Budget.tick` in every loop whose length the certificate
decides, so an expensive claim is refused when its time is up. The isolated check
(`cert.isolate`) adds hard limits the process cannot escape: CPU time, address space and a
wall clock after which it is killed.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..errors import OfbError


@dataclass(frozen=True)
class CertLimits:
    max_bytes: int = 16 << 20  # the certificate file
    max_depth: int = 32  # nesting of JSON arrays and objects
    max_nodes: int = 2_000_000  # JSON values in all
    max_int_digits: int = 10_000  # decimal digits of one integer (JSON number or p/q string)
    seconds: float = 60.0  # the budget of the verifier's own loops, and the wall clock
    memory_mib: int = 4096  # address space of the isolated check
    prove_digits: int = 300  # primes with more digits are tested, not proved: "probable"
    # (FLINT proves a 300-digit prime in about 3 s here, a 1000-digit one in about 200 s)
    # The longest integer converted to or from decimal text during a check. Python's own
    # limit (4,300 digits) is below `max_int_digits`, so a valid certificate with 5,000-digit
    # numbers crashed the check wherever a library printed one (jsonschema, sympy); numbers
    # a check computes may be longer than its input, and converting one costs quadratic time
    # in its length, so the bound is explicit: 10× the input's.
    str_digits: int = 100_000


DEFAULT_LIMITS = CertLimits()


class Refused(OfbError):
    """A limit stopped the check before it could decide."""

    def __init__(self, limit: str, message: str) -> None:
        super().__init__(message)
        self.limit = limit


@dataclass
class Budget:
    """Time (wall clock) for one check; `tick` is cheap enough for inner loops."""

    seconds: float
    started: float = field(default_factory=time.monotonic)
    _ticks: int = 0

    @property
    def deadline(self) -> float:
        return self.started + self.seconds

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def tick(self, n: int = 1) -> None:
        self._ticks += n
        if self._ticks >= 4096:
            self._ticks = 0
            self.check()

    def check(self) -> None:
        if time.monotonic() > self.deadline:
            raise Refused(
                "time",
                f"the check did not finish within its {self.seconds:g} s budget "
                "(raise it with --seconds, or give a smaller certificate)",
            )


DIGITS_LIMIT_TEXT = "integer string conversion"  # in CPython's ValueError past the limit


@contextmanager
def int_text_digits(limits: CertLimits) -> Iterator[None]:
    """Python's int↔text digit limit set to `limits.str_digits` for the duration of a check
    (and restored after, for in-process checks)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(limits.str_digits)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


def digits_refusal(exc: ValueError, limits: CertLimits) -> Refused | None:
    """The `digits` refusal for a ValueError raised past the digit limit, else None."""
    if DIGITS_LIMIT_TEXT not in str(exc):
        return None
    return Refused(
        "digits",
        f"the check met a number of more than {limits.str_digits} digits (the bound on "
        "numbers turned into text); give a smaller certificate",
    )
