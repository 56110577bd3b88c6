"""Where things are in a FrontierBench checkout."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import OfbError, UsageError

if TYPE_CHECKING:
    from .register import Register, SubsetCatalog

LIBRARY = "FrontierBench"


@dataclass(frozen=True)
class Project:
    """A FrontierBench checkout: the Lake project and the files the tools read."""

    root: Path

    @classmethod
    def find(cls, start: Path | None = None) -> Project:
        """The checkout containing `start` (default: `$OFB_ROOT`, else the working dir)."""
        env = os.environ.get("OFB_ROOT")
        here = Path(start or env or Path.cwd()).resolve()
        for candidate in (here, *here.parents):
            if (candidate / "lakefile.toml").is_file() and (candidate / LIBRARY).is_dir():
                return cls(candidate)
        raise OfbError(
            f"no FrontierBench checkout at or above {here} (looked for lakefile.toml next to "
            f"{LIBRARY}/); run ofb inside the repository or set OFB_ROOT"
        )

    @classmethod
    def for_paths(cls, paths: Sequence[Path]) -> Project:
        """The checkout holding `paths`, found from each path by walking up to its
        lakefile.toml as git and Lake do; the one `find` gives for paths in no checkout (a
        draft elsewhere) or without paths. Paths from two checkouts are refused: each is
        checked against its own register."""
        roots: dict[Path, Path] = {}
        for path in paths:
            if not path.exists():
                raise UsageError(f"{path}: no such file or folder")
            start = path if path.is_dir() else path.parent
            try:
                roots.setdefault(cls.find(start.resolve()).root, path)
            except OfbError:
                continue
        if not roots:
            return cls.find()
        if len(roots) > 1:
            shown = "; ".join(f"{path} is in {root}" for root, path in roots.items())
            raise UsageError(
                f"the paths come from {len(roots)} checkouts ({shown}): give one at a time"
            )
        return cls(next(iter(roots)))

    @property
    def library(self) -> Path:
        return self.root / LIBRARY

    @property
    def register_path(self) -> Path:
        return self.library / "items.toml"

    @property
    def subsets_path(self) -> Path:
        return self.library / "subsets.toml"

    @property
    def models_path(self) -> Path:
        return self.library / "models.toml"

    @property
    def evaluator_dir(self) -> Path:
        return self.library / "evaluator"

    @property
    def util_dir(self) -> Path:
        return self.library / "Util"

    @property
    def root_module(self) -> Path:
        return self.root / f"{LIBRARY}.lean"

    @property
    def toolchain_file(self) -> Path:
        return self.root / "lean-toolchain"

    def item_file(self, item_id: str) -> Path:
        return self.library / f"{item_id}.lean"

    @cached_property
    def register(self) -> Register:
        from .register import load_register

        return load_register(self.register_path)

    @cached_property
    def subsets(self) -> SubsetCatalog:
        from .register import load_subsets

        return load_subsets(self.subsets_path, self.register)

    def toolchain(self) -> str:
        return self.toolchain_file.read_text(encoding="utf-8").strip()
