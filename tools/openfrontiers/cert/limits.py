"""Limits on what one certificate may cost, and the budget a check spends.

A certificate is untrusted input: it is refused (never hung on) when it is larger, deeper,
has longer numbers or needs more time or memory than its limits allow. Parsing enforces
the size limits; verifiers call `Budget.tick` in every loop whose length the certificate
decides, so an expensive claim is refused when its time is up. The isolated check
(`cert.isolate`) adds hard limits the process cannot escape: CPU time, address space and a
wall clock after which it is killed.
"""

from __future__ import annotations

import time
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
