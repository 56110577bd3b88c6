"""Checking one certificate in this process: parse within limits, validate against the
item's schema, run the item's verifier, and turn what happened into one `Verdict`.

Use `cert.isolate.check_isolated` for certificates from anyone else: it runs this in a
child process with hard limits. In-process checks are for tests and trusted files.
"""

from __future__ import annotations

import time
from typing import Any

from . import schema
from .jsonin import Malformed, loads
from .limits import DEFAULT_LIMITS, CertLimits, Refused, digits_refusal, int_text_digits
from .spec import Context, Fail, Verifier
from .verdict import Verdict
from .verifiers import PUBLIC, Verifiers


def check_value(
    verifier: Verifier, value: Any, limits: CertLimits = DEFAULT_LIMITS, **params: Any
) -> Verdict:
    """The verdict on a parsed certificate. `params` override the verifier's constants
    (tests use them to build weakened toy instances); the real check passes none."""
    began = time.monotonic()
    ctx = Context.fresh(limits, verifier.conditions)

    def verdict(status: str, condition: str = "", message: str = "") -> Verdict:
        return Verdict(
            item=verifier.item,
            status=status,
            direction=verifier.direction,
            condition=condition,
            message=message,
            checked=list(ctx.checked),
            unchecked=list(ctx.unchecked),
            probable=list(ctx.probable),
            reduction=verifier.reduction,
            seconds=time.monotonic() - began,
        )

    try:
        with int_text_digits(limits):
            schema.validate(verifier.schema, value)
            verifier.run(value, ctx, **params) if params else verifier.run(value, ctx)
        ctx.budget.check()
    except ValueError as exc:
        refusal = digits_refusal(exc, limits)
        if refusal is None:
            raise
        return verdict("refused", refusal.limit, refusal.message)
    except Fail as exc:
        return verdict("invalid", exc.condition, exc.message)
    except Malformed as exc:
        return verdict("malformed", exc.where, exc.detail)
    except Refused as exc:
        return verdict("refused", exc.limit, exc.message)
    except MemoryError:
        return verdict("refused", "memory", "the check ran out of memory")
    except RecursionError:
        return verdict("refused", "depth", "the check recursed too deeply")
    missing = [c.id for c in verifier.conditions if c.checkable and c.id not in ctx.checked]
    if missing:  # a verifier bug, never a pass
        raise AssertionError(f"{verifier.item}: conditions never checked: {missing}")
    if ctx.unchecked or verifier.direction == "none":
        return verdict("partial")
    if ctx.probable:
        return verdict("probable")
    return verdict("valid")


def check_bytes(
    item: str,
    data: bytes,
    limits: CertLimits = DEFAULT_LIMITS,
    verifiers: Verifiers = PUBLIC,
) -> Verdict:
    """The verdict on the certificate `data` (JSON) for `item`, in this process."""
    return check_data(verifiers.get(item), data, limits)


def check_data(verifier: Verifier, data: bytes, limits: CertLimits = DEFAULT_LIMITS) -> Verdict:
    """The verdict of `verifier` on the certificate `data` (JSON), in this process."""
    began = time.monotonic()
    try:
        with int_text_digits(limits):
            value = loads(data, limits)
    except Malformed as exc:
        status, cond, msg = "malformed", exc.where, exc.detail
    except Refused as exc:
        status, cond, msg = "refused", exc.limit, exc.message
    else:
        return check_value(verifier, value, limits)
    return Verdict(
        item=verifier.item,
        status=status,
        direction=verifier.direction,
        condition=cond,
        message=msg,
        reduction=verifier.reduction,
        seconds=time.monotonic() - began,
    )
