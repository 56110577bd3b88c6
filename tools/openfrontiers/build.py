"""`ofb build`: build statements in the jail and report Lean's own diagnostics per module.

Two steps, both jailed:

1. `lake build` of the workspace modules the targets import (our utility library), into
   `.lake/build` — the only writable place; the project and Mathlib's build are read-only.
2. `lake env lean --json FILE` per target, `--jobs` at a time: one Lean start per module,
   whose JSON messages become findings (file, line, column, severity, message, kind).

A module ends `ok`, `error` (Lean reported an error), `timeout`, `memory`, `crash` (Lean
died or printed no JSON) or `skipped` (a dependency failed to build).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .errors import UsageError
from .jail import Backend, JailResult, Limits
from .lean.decls import LeanFile
from .lean.diagnostics import Diagnostic, counts, parse_json_output
from .lean.toolchain import Toolchain
from .progress import SILENT, Progress
from .project import LIBRARY, Project
from .register.model import ITEM_ID


@dataclass(frozen=True)
class Target:
    module: str
    path: Path  # relative to the project root


@dataclass
class ModuleReport:
    module: str
    file: str
    outcome: str
    seconds: float = 0.0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    detail: str = ""

    @property
    def counts(self) -> dict[str, int]:
        return counts(self.diagnostics)

    def as_dict(self) -> dict:
        return {
            "module": self.module,
            "file": self.file,
            "outcome": self.outcome,
            "seconds": round(self.seconds, 3),
            **self.counts,
            "detail": self.detail,
            "diagnostics": [d.as_dict() for d in self.diagnostics],
        }


@dataclass
class BuildReport:
    dependencies: list[str]
    dependency_result: JailResult | None
    modules: list[ModuleReport]

    @property
    def errors(self) -> int:
        return sum(1 for m in self.modules if m.outcome != "ok")

    def as_dict(self) -> dict:
        dep = self.dependency_result
        return {
            "dependencies": self.dependencies,
            "dependency_build": dep.summary() if dep is not None else None,
            "modules": [m.as_dict() for m in self.modules],
        }


def module_of(project: Project, path: Path) -> str:
    rel = path.resolve().relative_to(project.root.resolve()).with_suffix("")
    return ".".join(rel.parts)


def resolve_targets(project: Project, names: Sequence[str]) -> list[Target]:
    """Targets named as item ids (O02), modules (FrontierBench.O02) or files; none: every
    statement and utility module present."""
    if not names:
        paths = sorted(p for p in project.library.glob("*.lean") if ITEM_ID.fullmatch(p.stem))
        if project.util_dir.is_dir():
            paths = sorted(project.util_dir.rglob("*.lean")) + paths
        return [Target(module_of(project, p), p.relative_to(project.root)) for p in paths]
    targets = []
    for name in names:
        if ITEM_ID.fullmatch(name):
            path = project.item_file(name)
        elif name.endswith(".lean") or "/" in name:
            path = (Path.cwd() / name).resolve()
        else:
            path = project.root / Path(*name.split(".")).with_suffix(".lean")
        if not path.is_file():
            raise UsageError(f"no Lean file for target {name!r} (looked for {path})")
        try:
            rel = path.resolve().relative_to(project.root.resolve())
        except ValueError:
            raise UsageError(f"target {name!r} is outside the project {project.root}") from None
        targets.append(Target(module_of(project, path), rel))
    return list(dict.fromkeys(targets))


def workspace_imports(project: Project, targets: Sequence[Target]) -> list[str]:
    """Modules of our library the targets import (they must be built before elaborating)."""
    found: dict[str, None] = {}
    for t in targets:
        source = (project.root / t.path).read_text(encoding="utf-8")
        for name, _ in LeanFile.parse(source).imports:
            if name.startswith(LIBRARY + "."):
                found[name] = None
    return sorted(found)


def classify(target: Target, result: JailResult) -> ModuleReport:
    """A module's outcome from its jailed `lean --json` run."""
    messages, other = parse_json_output(result.text())
    report = ModuleReport(target.module, str(target.path), "ok", result.wall_time, messages)
    if result.outcome in ("timeout", "memory", "cpu"):
        report.outcome = "timeout" if result.outcome != "memory" else "memory"
        report.detail = result.describe()
    elif any(m.is_error for m in messages):
        report.outcome = "error"
    elif result.outcome != "ok":
        report.outcome = "crash"
        tail = (result.text("stderr").strip().splitlines() or other or [""])[-1]
        report.detail = f"{result.describe()}: {tail[:300]}"
    return report


def run_build(
    project: Project,
    toolchain: Toolchain,
    jail: Backend,
    targets: Sequence[Target],
    jobs: int = 4,
    limits: Limits | None = None,
    progress: Progress = SILENT,
) -> BuildReport:
    limits = limits or Limits(memory=8 << 30, processes=256, cpus=1.0, wall_seconds=1800)
    deps = workspace_imports(project, targets)
    dep_result = None
    if deps:
        progress.start(f"lake build of {len(deps)} utility module(s)")
        build_dir = project.root / ".lake" / "build"
        build_dir.mkdir(parents=True, exist_ok=True)
        policy = toolchain.policy(work_dir=build_dir, limits=limits)
        dep_result = toolchain.run(jail, toolchain.lake_build(deps), policy)
        if not dep_result.ok:
            detail = (
                f"dependency build failed ({dep_result.describe()}): "
                + " | ".join(dep_result.text().strip().splitlines()[-5:])[:600]
            )
            return BuildReport(
                deps,
                dep_result,
                [ModuleReport(t.module, str(t.path), "skipped", detail=detail) for t in targets],
            )
    policy = toolchain.policy(limits=limits)
    progress.start("elaborating", len(targets))

    def one(target: Target) -> ModuleReport:
        start = time.monotonic()
        result = toolchain.run(jail, toolchain.lake_env_lean_json(target.path), policy)
        report = classify(target, result)
        report.seconds = time.monotonic() - start
        progress.done(target.module, report.outcome, report.outcome == "ok")
        return report

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        modules = list(pool.map(one, targets))
    return BuildReport(deps, dep_result, modules)
