"""Where things are in a FrontierBench checkout."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .errors import OfbError

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
    def register(self):
        from .register import load_register

        return load_register(self.register_path)

    @cached_property
    def subsets(self):
        from .register import load_subsets

        return load_subsets(self.subsets_path, self.register)

    def toolchain(self) -> str:
        return self.toolchain_file.read_text(encoding="utf-8").strip()
