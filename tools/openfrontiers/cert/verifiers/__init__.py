"""One verifier module per certificate item: `o01.py` for O01, `o02.py` for O02, …

Each module defines `VERIFIER` (a `cert.spec.Verifier`). The modules here are public: they
are the open items', whose certificate direction says which finite object would settle a
question nobody has settled. A solved item's verifier says which way the item went (its
`direction`, and its docstring's proof sketch), so it is evaluator data: it lives in
`FrontierBench/evaluator/certificates/verifiers/` (imports absolute, `openfrontiers.cert…`)
and is found only by a `Verifiers` given that folder (`for_project`). `ofb check` fails on a
public module whose item is a Rediscovery item (rule `leak-verifier`).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from ...errors import OfbError, UsageError
from ..spec import Verifier

if TYPE_CHECKING:
    from ...project import Project

_MODULE = re.compile(r"[a-z][0-9]{2}")
# Under the evaluator folder (`Project.evaluator_dir`).
EVALUATOR_FOLDER = Path("certificates") / "verifiers"


def public_items() -> list[str]:
    """Every item id with a verifier in this package, sorted."""
    return sorted(
        m.name.upper() for m in pkgutil.iter_modules(__path__) if _MODULE.fullmatch(m.name)
    )


def load_module(item: str, path: Path) -> ModuleType:
    """The verifier module of `item` from the file `path` (an evaluator verifier)."""
    spec = importlib.util.spec_from_file_location(f"ofb_evaluator_verifier_{item.lower()}", path)
    if spec is None or spec.loader is None:
        raise OfbError(f"{path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_file(item: str, path: Path) -> Verifier:
    """The verifier of `item` from the module file `path` (an evaluator verifier)."""
    return _checked(getattr(load_module(item, path), "VERIFIER", None), item, path)


def _checked(verifier: object, item: str, where: object) -> Verifier:
    if not isinstance(verifier, Verifier) or verifier.item != item:
        raise OfbError(f"{where}: VERIFIER must be the Verifier of {item}")
    return verifier


@dataclass(frozen=True)
class Verifiers:
    """The verifiers a run may use: this package's and, given `private` (the evaluator's
    folder), the solved items' there."""

    private: Path | None = None

    def _private(self) -> dict[str, Path]:
        if self.private is None or not self.private.is_dir():
            return {}
        found = sorted(self.private.glob("*.py"))
        return {p.stem.upper(): p for p in found if _MODULE.fullmatch(p.stem)}

    def items(self) -> list[str]:
        return sorted({*public_items(), *self._private()})

    def source(self, item: str) -> Path | None:
        """The module file of an evaluator verifier (None for a public one): the isolated
        worker is handed this file, since the jail shows it nothing of the evaluator folder."""
        return self._private().get(item.strip().upper())

    def is_private(self, item: str) -> bool:
        return self.source(item) is not None

    def get(self, item: str) -> Verifier:
        name = item.strip().lower()
        source = self.source(name) if _MODULE.fullmatch(name) else None
        if source is not None:
            return load_file(name.upper(), source)
        if not _MODULE.fullmatch(name) or name.upper() not in public_items():
            raise UsageError(
                f"{item!r} has no certificate verifier; items with one: {', '.join(self.items())}"
            )
        module = importlib.import_module(f"{__name__}.{name}")
        return _checked(getattr(module, "VERIFIER", None), name.upper(), module.__name__)


PUBLIC = Verifiers()


def for_project(project: Project) -> Verifiers:
    """This package's verifiers and the evaluator's of `project`, where its folder exists."""
    return Verifiers(project.evaluator_dir / EVALUATOR_FOLDER)


def here() -> Verifiers:
    """The verifiers of the checkout `ofb` runs in (`Project.find`), or the public ones alone
    outside a checkout: `ofb cert` also works on a certificate anywhere."""
    from ...project import Project

    try:
        return for_project(Project.find())
    except OfbError:
        return PUBLIC


def items() -> list[str]:
    """The public verifiers' items (see `for_project` for the evaluator's too)."""
    return PUBLIC.items()


def get(item: str) -> Verifier:
    """A public verifier (see `for_project` for the evaluator's too)."""
    return PUBLIC.get(item)
