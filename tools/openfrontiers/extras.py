"""Which optional extra of the package (`pip install -e '.[harness]'`) brings a module, so a
verb run without it says what to install instead of failing as a bug."""

from __future__ import annotations

import re
from importlib import metadata

from .errors import UsageError

DISTRIBUTION = "openfrontiers"
# Extras that only gather the others (and test or lint tools): never the one to name.
_GATHERING = ("test", "lint")
_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*).*extra\s*==\s*['\"]([^'\"]+)['\"]")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def extras_by_module() -> dict[str, str]:
    """Top-level module name → the extra that installs it, from the installed package's
    metadata (its `Requires-Dist` lines); empty when the package is not installed."""
    try:
        requires = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return {}
    found: dict[str, str] = {}
    for line in requires:
        match = _REQUIREMENT.match(line)
        if match and match[2] not in _GATHERING:
            found.setdefault(_normal(match[1]), match[2])
    # A requirement of the package itself (numpy) is no extra's, whichever also lists it.
    for line in requires:
        if "extra" not in line:
            found.pop(_normal(re.split(r"[^A-Za-z0-9._-]", line.strip(), maxsplit=1)[0]), None)
    return found


def missing_module(exc: ModuleNotFoundError) -> UsageError | None:
    """The usage error a missing third-party module stands for (which extra to install), or
    None when the missing module is part of ofb itself (a bug)."""
    name = (exc.name or "").split(".")[0]
    if not name or name == __package__:
        return None
    extra = extras_by_module().get(_normal(name))
    if extra is None:
        return UsageError(
            f"the Python module {name} is missing: reinstall ofb with its dependencies "
            "(pip install -e . in the checkout)"
        )
    return UsageError(
        f"this verb needs the optional extra [{extra}] (the module {name} is missing): "
        f"pip install -e '.[{extra}]' in the checkout"
    )
