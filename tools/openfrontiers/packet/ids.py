"""Opaque packet ids: P001, P002, … in the order of HMAC-SHA256(salt, item id).

The order depends only on the salt and the ids, never on the split, tier, area or the
register's order, so a packet id says nothing about the item behind it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SALT_BYTES = 32


def new_salt() -> bytes:
    return secrets.token_bytes(SALT_BYTES)


def salt_digest(salt: bytes) -> str:
    return hashlib.sha256(salt).hexdigest()


def assign(item_ids: list[str], salt: bytes) -> dict[str, str]:
    """Packet id → item id, numbered in HMAC order (ties are impossible for distinct ids)."""
    ranked = sorted(
        set(item_ids), key=lambda i: hmac.new(salt, i.encode(), hashlib.sha256).digest()
    )
    width = max(3, len(str(len(ranked))))
    return {f"P{n:0{width}d}": item for n, item in enumerate(ranked, 1)}
