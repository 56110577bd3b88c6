"""`ofb doctor`: a newcomer's first command."""

from __future__ import annotations

from pathlib import Path

import typer

from .common import TextFormat, dumps
from .tables import Col, console, table


def doctor(
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
    clis: Path | None = typer.Option(
        None,
        "--clis",
        help="Where the agent CLIs are installed (node_modules; default: the harness's).",
    ),
) -> None:
    """Report Python dependencies, elan/lake/lean against lean-toolchain, the Mathlib
    cache, the jail backends and what the attempt harness needs (node, npm, the agent CLIs,
    the bwrap agent jail), with the one line that fixes each missing piece."""
    from .. import doctor as checks
    from ..harness.profiles import DEFAULT_CLIS
    from ..project import Project

    project = Project.find()
    results = checks.run_all(project.root, project.toolchain(), clis=clis or DEFAULT_CLIS)
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
    out = console()
    shown = table(Col("", drop=1), "check", "status", Col("detail", wrap=True))
    style = {"ok": "green", "warn": "yellow", "missing": "red"}
    for c in results:
        shown.add_row(c.group, c.name, f"[{style[c.status.value]}]{c.status.value}[/]", c.detail)
    out.print(shown)
    fixes = [c for c in results if c.fix]
    if fixes:
        # Whole lines, never wrapped: each can be copied as it stands.
        out.print("\nTo fix:")
        for c in fixes:
            out.print(f"  {c.name}: {c.fix}", soft_wrap=True, markup=False)
    for line in summary:
        out.print(line, soft_wrap=True, markup=False)
    raise typer.Exit(code)
