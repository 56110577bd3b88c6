"""`ofb build`."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import typer

from .common import TextFormat, finite
from .progress import QUIET, progress
from .tables import Col, Listing, console, table

if TYPE_CHECKING:
    from ..build import ModuleReport


def build(
    targets: list[str] | None = typer.Argument(
        None,
        help="Item ids (O02), modules (FrontierBench.O02) or files; default: every "
        "statement and utility module.",
    ),
    jobs: int = typer.Option(4, "--jobs", min=1, help="Lean processes at once."),
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
    backend: str = typer.Option("auto", "--backend", help="Jail backend: bwrap, docker or auto."),
    memory: int = typer.Option(8192, "--memory-mib", help="Memory limit per Lean process, MiB."),
    wall: float = typer.Option(
        1800.0, "--wall", callback=finite, help="Wall-clock limit per module, seconds."
    ),
    quiet: bool = QUIET,
) -> None:
    """Build statements in the jail: `lake build` of the utility modules they import, then
    `lake env lean --json` per module, with Lean's diagnostics as findings (file, line,
    column, severity, message, kind) and a summary per module.
    Exit 0 when every module elaborates without error, 1 otherwise, 2 on usage errors."""
    from ..build import resolve_targets, run_build
    from ..jail import Limits, MiB, get_backend
    from ..lean.toolchain import Toolchain
    from ..project import Project

    project = Project.find()
    chosen = resolve_targets(project, targets or [])
    toolchain = Toolchain.discover(project)
    jail = get_backend(backend)
    limits = Limits(memory=memory * MiB, processes=256, cpus=1.0, wall_seconds=wall)
    with progress(quiet or format is TextFormat.json) as shown:
        report = run_build(
            project, toolchain, jail, chosen, jobs=jobs, limits=limits, progress=shown
        )
    if format is TextFormat.json:
        print(json.dumps(report.as_dict(), indent=2, ensure_ascii=False))
        raise typer.Exit(1 if report.errors else 0)
    for m in report.modules:
        for d in m.diagnostics:
            print(d.text())
        if m.detail:
            print(f"{m.file}: {m.outcome}: {m.detail}")
    sys.stdout.flush()
    err = console(stderr=True)
    summary = module_table(report.modules)
    err.print(summary)
    err.print(
        f"{len(report.modules) - report.errors}/{len(report.modules)} module(s) ok "
        f"(jail: {jail.name})"
    )
    raise typer.Exit(1 if report.errors else 0)


def module_table(modules: list[ModuleReport]) -> Listing:
    """The summary of a build, a row per module."""
    summary = table(
        Col("module", wrap=True),
        "outcome",
        Col("errors", "err"),
        Col("warnings", "warn"),
        "sorry",
        Col("info", drop=1),
        Col("seconds", "s"),
    )
    for m in modules:
        c = m.counts
        style = "green" if m.outcome == "ok" else "red"
        summary.add_row(
            m.module,
            f"[{style}]{m.outcome}[/]",
            str(c["error"]),
            str(c["warning"]),
            str(c["sorry"]),
            str(c["information"]),
            f"{m.seconds:.1f}",
        )
    return summary
