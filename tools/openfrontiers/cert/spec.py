"""What a certificate verifier is: one per item, a module under `cert/verifiers/`.

Each module defines `VERIFIER`, a `Verifier`: the item, the answer of `main` a valid
certificate establishes (`direction`), what the certificate is, its JSON Schema, the
conditions it checks in order, how a valid certificate becomes a Lean proof of `main`
(`reduction`), and `run(certificate, ctx)`, which checks the conditions and reports each
through `ctx`. The module's docstring ties the conditions to the Lean statement.

Conditions marked `checkable=False` are ones no finite computation here decides (a
non-isomorphism, bijectivity on an infinite set): `run` reports them with `ctx.unchecked`
and the verdict is then at most `partial`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .jsonin import Malformed
from .limits import Budget, CertLimits, Refused


@dataclass(frozen=True)
class Condition:
    id: str
    text: str
    checkable: bool = True


class Fail(Exception):
    """A condition of the certificate does not hold."""

    def __init__(self, condition: str, message: str) -> None:
        super().__init__(f"{condition}: {message}")
        self.condition = condition
        self.message = message


@dataclass
class Context:
    """What a verifier's `run` reports to, and the budget it spends."""

    limits: CertLimits
    budget: Budget
    conditions: tuple[Condition, ...] = ()
    checked: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    probable: list[str] = field(default_factory=list)

    @classmethod
    def fresh(cls, limits: CertLimits, conditions: tuple[Condition, ...] = ()) -> Context:
        return cls(limits, Budget(limits.seconds, time.monotonic()), conditions)

    def _known(self, condition: str) -> str:
        if self.conditions and condition not in {c.id for c in self.conditions}:
            raise KeyError(f"verifier reports an undeclared condition {condition!r}")
        return condition

    def passed(self, condition: str) -> None:
        self.checked.append(self._known(condition))

    def fail(self, condition: str, message: str) -> NoReturn:
        raise Fail(self._known(condition), message)

    def require(self, ok: bool, condition: str, message: str) -> None:
        """Pass `condition` if `ok`, else fail it with `message`."""
        if not ok:
            self.fail(condition, message)
        self.passed(condition)

    def not_checked(self, condition: str, why: str) -> None:
        self.unchecked.append(f"{self._known(condition)}: {why}")

    def rests_on_probable_prime(self, condition: str, what: str) -> None:
        self.probable.append(f"{self._known(condition)}: {what}")

    def tick(self, n: int = 1) -> None:
        self.budget.tick(n)

    def steps(self, iterable: Iterator[Any] | list[Any] | range) -> Iterator[Any]:
        """`iterable`, spending one tick per element."""
        for x in iterable:
            self.budget.tick()
            yield x

    def malformed(self, where: str, message: str) -> NoReturn:
        raise Malformed(where, message)

    def refuse(self, limit: str, message: str) -> NoReturn:
        raise Refused(limit, message)


# run(certificate, ctx, **params): params override the constants (toy instances in tests).
Run = Callable[..., None]


@dataclass(frozen=True)
class Verifier:
    item: str
    direction: str  # "True", "False" or "none"
    object: str  # what the certificate is, in a sentence
    schema: dict
    conditions: tuple[Condition, ...]
    run: Run
    reduction: str  # how a valid certificate becomes a Lean proof of main

    @property
    def self_certifying(self) -> bool:
        return all(c.checkable for c in self.conditions) and self.direction != "none"

    def condition(self, cid: str) -> Condition:
        for c in self.conditions:
            if c.id == cid:
                return c
        raise KeyError(cid)
