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

Every jailed step sees the program files it runs, each bound alone (never its folder). A
program inside the checkout — other than in `comparator/`, the tools' own workspace — or
inside the evaluator's data (`FrontierBench/evaluator/`, the folders of the answers and
the key) is refused: binding it would show evaluator data to the jail.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
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
    packages: tuple[str, ...] = ()  # the benchmark's Lake packages (lake-manifest.json order)

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
        evaluator_data: Sequence[Path] = (),
    ) -> GraderTools:
        """Find every tool (see the module docstring); `evaluator_data` are further files
        or folders of the evaluator (the answers, the key) no tool may lie in."""
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
        assert lean4export is not None and comparator is not None and landrun is not None
        found = {
            "--lean4export": Path(lean4export).resolve(),
            "--comparator": Path(comparator).resolve(),
            "--landrun": Path(landrun).resolve(),
            "the toolchain": toolchain.prefix.resolve(),
        }
        if nanoda is not None:
            found["--nanoda"] = Path(nanoda).resolve()
        refuse_exposed_tools(project, found, evaluator_data)
        from .workspaces import package_names

        return cls(
            toolchain,
            packages.resolve(),
            found["--lean4export"],
            found["--comparator"],
            found["--landrun"],
            found.get("--nanoda"),
            pinned_commit(project.root),
            tuple(package_names(project)),
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


def refuse_exposed_tools(
    project: Project, tools: dict[str, Path], evaluator_data: Sequence[Path] = ()
) -> None:
    """Raise unless every tool lies outside the checkout (its `comparator/` workspace
    aside) and outside the evaluator's data."""
    root = project.root.resolve()
    allowed = root / COMPARATOR_DIR
    private = [project.evaluator_dir.resolve()]
    for path in evaluator_data:
        path = Path(path).resolve()
        private.append(path if path.is_dir() else path.parent)
    problems = []
    for what, tool in tools.items():
        hidden = next((p for p in private if tool == p or tool.is_relative_to(p)), None)
        if hidden is not None:
            problems.append(f"{what} {tool} is inside the evaluator's data ({hidden})")
        elif tool.is_relative_to(root) and not tool.is_relative_to(allowed):
            problems.append(
                f"{what} {tool} is inside the checkout {root} (only its {COMPARATOR_DIR}/ "
                "workspace holds tools)"
            )
    if problems:
        raise ToolchainError(
            "the grader shows each tool to its jail, so no tool may lie where evaluator data "
            "is:\n  " + "\n  ".join(problems)
        )


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value) if value else None


def _which(name: str) -> Path | None:
    found = shutil.which(name)
    return Path(found) if found else None
