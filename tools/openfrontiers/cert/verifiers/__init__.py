"""One verifier module per certificate item: `o01.py` for O01, `r01.py` for R01, …

Each module defines `VERIFIER` (a `cert.spec.Verifier`). `get(item)` imports the item's
module; `items()` lists every item that has one.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

from ...errors import UsageError
from ..spec import Verifier

_MODULE = re.compile(r"[a-z][0-9]{2}")


def items() -> list[str]:
    """Every item id with a verifier, sorted."""
    return sorted(
        m.name.upper() for m in pkgutil.iter_modules(__path__) if _MODULE.fullmatch(m.name)
    )


def get(item: str) -> Verifier:
    name = item.strip().lower()
    if not _MODULE.fullmatch(name) or name.upper() not in items():
        raise UsageError(
            f"{item!r} has no certificate verifier; items with one: {', '.join(items())}"
        )
    module = importlib.import_module(f"{__name__}.{name}")
    verifier = module.VERIFIER
    assert isinstance(verifier, Verifier) and verifier.item == name.upper()
    return verifier
