"""Reading an untrusted certificate: JSON with exact numbers only, within limits.

Integers are Python integers of at most `max_int_digits` digits (a longer literal is
refused before it is converted); floats, NaN and infinities are refused as not exact
(give an integer or a rational string "p/q"); duplicate keys are malformed (which one
would count is ambiguous); nesting deeper than `max_depth` and more than `max_nodes`
values are refused. Nothing here recurses on the input.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..errors import OfbError
from .limits import CertLimits, Refused


class Malformed(OfbError):
    """Not a certificate of the expected shape; `where` is the JSON path or the rule."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.detail = message


def to_int(text: str) -> int:
    """`int(text)` for decimal strings of any length, without the interpreter's digit limit
    (split in halves: the cost stays below quadratic)."""
    digits = text.lstrip("+-")
    if len(digits) <= 4000:
        return int(text)
    sign = -1 if text.startswith("-") else 1
    half = len(digits) // 2
    high, low = digits[:-half], digits[-half:]
    return sign * (to_int(high) * int(10**half) + to_int(low))


def _int_hook(limits: CertLimits) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if len(text.lstrip("-")) > limits.max_int_digits:
            raise Refused(
                "digits",
                f"an integer of {len(text.lstrip('-'))} digits; the limit is "
                f"{limits.max_int_digits}",
            )
        return to_int(text)

    return parse


def _float_hook(text: str) -> Any:
    raise Malformed("number", f"{text} is not exact: give an integer or a rational string 'p/q'")


def _constant_hook(text: str) -> Any:
    raise Malformed("number", f"{text} is not a number a certificate may contain")


def _pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise Malformed("object", f"duplicate key {key!r}")
        out[key] = value
    return out


def loads(data: bytes, limits: CertLimits) -> Any:
    """The JSON value in `data`, or `Malformed`/`Refused` saying why not."""
    if len(data) > limits.max_bytes:
        raise Refused("bytes", f"{len(data)} bytes; the limit is {limits.max_bytes}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Malformed("encoding", f"not UTF-8 ({exc.reason} at byte {exc.start})") from None
    try:
        value = json.loads(
            text,
            parse_int=_int_hook(limits),
            parse_float=_float_hook,
            parse_constant=_constant_hook,
            object_pairs_hook=_pairs_hook,
        )
    except (Malformed, Refused):
        raise
    except RecursionError:
        raise Refused("depth", f"nesting deeper than {limits.max_depth} levels") from None
    except json.JSONDecodeError as exc:
        raise Malformed("json", f"line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except ValueError as exc:  # e.g. a number the interpreter will not convert
        raise Malformed("json", str(exc)) from None
    _count_nodes(value, limits)
    return value


def _count_nodes(value: Any, limits: CertLimits) -> None:
    """Refuse more than `max_nodes` values or nesting deeper than `max_depth` (the parser
    itself stops at the interpreter's recursion limit, far above `max_depth`)."""
    stack = [(value, 1)]
    count = 0
    while stack:
        v, depth = stack.pop()
        count += 1
        if count > limits.max_nodes:
            raise Refused("nodes", f"more than {limits.max_nodes} JSON values")
        if isinstance(v, dict | list):
            if depth > limits.max_depth:
                raise Refused("depth", f"nesting deeper than {limits.max_depth} levels (the limit)")
            children = v.values() if isinstance(v, dict) else v
            stack.extend((c, depth + 1) for c in children)
