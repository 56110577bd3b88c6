"""`ofb doctor`: a newcomer's first command."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from .. import doctor as checks
from ..project import Project
from .common import TextFormat, dumps


def doctor(
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
) -> None:
    """Report Python dependencies, elan/lake/lean against lean-toolchain, the Mathlib
    cache and the jail backends, with the one line that fixes each missing piece."""
    project = Project.find()
    results = checks.run_all(project.root, project.toolchain())
    code, summary = checks.summarize(results)
    if format is TextFormat.json:
        print(
            dumps(
                {
                    "checks": [
                        {
                            "group": c.group,
                            "name": c.name,
                            "status": c.status.value,
                            "detail": c.detail,
                            "fix": c.fix,
                            "required": c.required,
                        }
                        for c in results
                    ],
                    "summary": summary,
                }
            )
        )
        raise typer.Exit(code)
    console = Console(width=140, highlight=False)
    table = Table(show_header=True, header_style="bold")
    for col in ("", "check", "status", "detail", "fix"):
        table.add_column(col, overflow="fold")
    style = {"ok": "green", "warn": "yellow", "missing": "red"}
    for c in results:
        table.add_row(
            c.group, c.name, f"[{style[c.status.value]}]{c.status.value}[/]", c.detail, c.fix
        )
    console.print(table)
    for line in summary:
        console.print(line)
    raise typer.Exit(code)
