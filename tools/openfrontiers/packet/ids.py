"""Opaque packet ids: the register's items numbered P001, P002, … in the order of
HMAC-SHA256(salt, item id); an export uses the numbers of the items it exports.

Every item of the register is numbered, written or not, so writing one more statement
gives that item the number it always had and moves no other: a later export under the same
salt maps every earlier packet id to the same item. Only a change of the register's own
item list (fixed at 200 by the benchmark) would move ids; `numbered_over` lets the key
record which list the numbers are ranks in, so that case can be named.

The order depends only on the salt and the ids, never on the split, tier, area, status or
the register's order: without the salt an id is a uniformly random rank, and the gaps
between the exported numbers say nothing about which items are written.

Keys of format 1 numbered the exported items only (`assign_exported`); that numbering is
kept to verify them.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Collection, Iterable

from ..evaluator.key import Numbering

SALT_BYTES = 32


def new_salt() -> bytes:
    return secrets.token_bytes(SALT_BYTES)


def salt_digest(salt: bytes) -> str:
    return hashlib.sha256(salt).hexdigest()


def _ranked(item_ids: Iterable[str], salt: bytes) -> list[str]:
    # Ties are impossible for distinct ids.
    return sorted(set(item_ids), key=lambda i: hmac.new(salt, i.encode(), hashlib.sha256).digest())


def _number(n: int, width_of: int) -> str:
    return f"P{n:0{max(3, len(str(width_of)))}d}"


def assign(item_ids: Collection[str], salt: bytes, register_ids: Collection[str]) -> dict[str, str]:
    """Packet id → item id for `item_ids`, each numbered by its HMAC rank among all of
    `register_ids`, in packet id order."""
    universe = _ranked(register_ids, salt)
    missing = set(item_ids) - set(universe)
    if missing:
        raise ValueError(f"not in the register, so not numbered: {', '.join(sorted(missing))}")
    wanted = set(item_ids)
    return {_number(n, len(universe)): item for n, item in enumerate(universe, 1) if item in wanted}


def assign_exported(item_ids: Collection[str], salt: bytes) -> dict[str, str]:
    """Key format 1: the exported items alone numbered in HMAC order (ids moved whenever
    the exported set grew)."""
    ranked = _ranked(item_ids, salt)
    return {_number(n, len(ranked)): item for n, item in enumerate(ranked, 1)}


def numbered_over(register_ids: Collection[str]) -> Numbering:
    """What the key records of the list the ids rank in: its size and a digest of its ids
    (no salt in it, and the register is public), so a changed list can be named."""
    listed = sorted(set(register_ids))
    return Numbering(len(listed), hashlib.sha256("\n".join(listed).encode()).hexdigest())
