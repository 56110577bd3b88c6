"""The programs the grader runs, found before anything is graded.

* the benchmark's Lean toolchain (`lean`, `lake`, and its bundled `leanchecker`) and
  Mathlib's prebuilt packages (`.lake/packages` of the checkout);
* `lean4export` built for the benchmark's Lean (comparator/README.md);
* `comparator` at the pinned commit, built in its own workspace `comparator/`, with
  `landrun` (which comparator runs its steps in) and, optionally, nanoda.

Defaults follow comparator/README.md; comparator's own environment variables
(`COMPARATOR_LEAN4EXPORT`, `COMPARATOR_LANDRUN`, `COMPARATOR_NANODA`) and the CLI options
override them. Anything missing is one error that names every missing piece and how to
build it: the grader never runs with one checker.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..lean.toolchain import Toolchain, ToolchainError
from ..project import Project

COMPARATOR_DIR = "comparator"
COMPARATOR_PACKAGE = "Comparator"  # the package name in comparator's own lakefile


def comparator_default(root: Path) -> Path:
    return (
        root
        / COMPARATOR_DIR
        / ".lake"
        / "packages"
        / COMPARATOR_PACKAGE
        / ".lake"
        / "build"
        / "bin"
        / "comparator"
    )


def lean4export_default(root: Path) -> Path:
    return (
        root
        / COMPARATOR_DIR
        / "lean4export"
        / ".lake"
        / "packages"
        / "lean4export"
        / ".lake"
        / "build"
        / "bin"
        / "lean4export"
    )


def pinned_commit(root: Path) -> str:
    """The comparator commit comparator/lake-manifest.json pins ("" when unreadable)."""
    try:
        manifest = json.loads(
            (root / COMPARATOR_DIR / "lake-manifest.json").read_text(encoding="utf-8")
        )
    except (OSError, ValueError):
        return ""
    for package in manifest.get("packages", []):
        if package.get("name") == COMPARATOR_PACKAGE:
            return str(package.get("rev", ""))
    return ""


@dataclass(frozen=True)
class GraderTools:
    toolchain: Toolchain
    packages_dir: Path  # Mathlib and its dependencies, prebuilt (read-only in every jail)
    lean4export: Path
    comparator: Path
    landrun: Path
    nanoda: Path | None = None
    comparator_commit: str = ""

    @property
    def leanchecker(self) -> Path:
        return self.toolchain.prefix / "bin" / "leanchecker"

    @classmethod
    def discover(
        cls,
        project: Project,
        toolchain: Toolchain,
        *,
        lean4export: Path | None = None,
        comparator: Path | None = None,
        landrun: Path | None = None,
        nanoda: Path | None = None,
    ) -> GraderTools:
        lean4export = (
            lean4export or _env_path("COMPARATOR_LEAN4EXPORT") or lean4export_default(project.root)
        )
        comparator = comparator or _env_path("OFB_COMPARATOR") or comparator_default(project.root)
        landrun = landrun or _env_path("COMPARATOR_LANDRUN") or _which("landrun")
        nanoda = nanoda or _env_path("COMPARATOR_NANODA")
        packages = project.root / ".lake" / "packages"
        missing = []
        checks = [
            (packages, "is_dir", "Mathlib's packages (lake exe cache get in the checkout)"),
            (
                toolchain.prefix / "bin" / "leanchecker",
                "exe",
                "leanchecker (bundled with Lean ≥ 4.28; reinstall the toolchain)",
            ),
            (lean4export, "exe", "lean4export for the benchmark's Lean (comparator/README.md)"),
            (comparator, "exe", "comparator (comparator/README.md)"),
            (landrun, "exe", "landrun, which comparator runs its steps in (comparator/README.md)"),
        ]
        if nanoda is not None:
            checks.append((nanoda, "exe", "nanoda_bin (--nanoda)"))
        for path, kind, what in checks:
            ok = path is not None and (
                Path(path).is_dir()
                if kind == "is_dir"
                else Path(path).is_file() and os.access(path, os.X_OK)
            )
            if not ok:
                missing.append(f"{what}: {path if path is not None else 'not found on PATH'}")
        if missing:
            raise ToolchainError(
                "the grader cannot run both checkers here; missing:\n  " + "\n  ".join(missing)
            )
        return cls(
            toolchain,
            packages.resolve(),
            Path(lean4export).resolve(),
            Path(comparator).resolve(),
            Path(landrun).resolve(),
            Path(nanoda).resolve() if nanoda else None,
            pinned_commit(project.root),
        )

    def versions(self) -> dict:
        return {
            "ofb": __version__,
            "lean": self.toolchain.version,
            "leanchecker": f"bundled with Lean {self.toolchain.version}",
            "lean4export": str(self.lean4export),
            "comparator": self.comparator_commit or "unpinned",
            "nanoda": str(self.nanoda) if self.nanoda else None,
        }


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value) if value else None


def _which(name: str) -> Path | None:
    found = shutil.which(name)
    return Path(found) if found else None
