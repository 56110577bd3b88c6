"""`ofb check` and `ofb sync`."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .common import TextFormat, joined


def check(
    paths: list[Path] | None = typer.Argument(
        None, help="Files or folders (default: FrontierBench/)."
    ),
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
    changed_since: str | None = typer.Option(
        None,
        "--changed-since",
        metavar="REV",
        help="Check only the statements changed since this git revision (for pull requests).",
    ),
    rules: bool = typer.Option(False, "--rules", help="List every rule id with one line and exit."),
) -> None:
    """Check statements against docs/statements.md: structure, forbidden constructs, leaks
    and the register. Paths may lie in another checkout (its root is found from them).
    Exit 0 without errors, 1 with errors, 2 on usage errors (also: no statement to check)."""
    from ..check import RULES, run_check
    from ..check.engine import ENGINE_RULES, collect
    from ..check.findings import to_json
    from ..errors import UsageError
    from ..project import Project

    if rules:
        listed = [(r.id, r.severity, r.scope.value, r.summary) for r in RULES] + list(ENGINE_RULES)
        width = max(len(rule_id) for rule_id, *_ in listed)
        for rule_id, severity, scope, summary in listed:
            print(f"{rule_id:<{width}}  {severity.value:<7}  {scope:<9}  {summary}")
        return
    project = Project.for_paths(paths or [])
    if paths and not changed_since and not collect(list(paths)):
        # "0 errors" would read as a pass for a mistyped folder: nothing checked is no answer.
        raise UsageError(
            f"no statements (.lean files) in {joined(str(p) for p in paths)}: give the "
            "folders or files to check (default: FrontierBench/)"
        )
    result = run_check(project, list(paths or []), changed_since)
    if format is TextFormat.json:
        print(to_json(result.findings))
    else:
        for f in result.findings:
            print(f.text(), flush=True)
        # The summary goes to stderr; on a shared terminal it starts a line of its own.
        print(
            f"{result.errors} error(s), {result.warnings} warning(s) in {result.files} file(s)",
            file=sys.stderr,
        )
    raise typer.Exit(1 if result.errors else 0)


def sync(
    check_only: bool = typer.Option(
        False, "--check", help="Only report whether it is stale (exit 1)."
    ),
) -> None:
    """Regenerate FrontierBench.lean so that it imports every statement and Util module."""
    from ..lake import expected_root, read_root_imports, sync_root
    from ..project import Project

    project = Project.find()
    if check_only:
        stale = not project.root_module.exists() or read_root_imports(
            project.root_module
        ) != expected_root(project)
        print(f"{project.root_module.name} is {'stale' if stale else 'up to date'}")
        raise typer.Exit(1 if stale else 0)
    changed = sync_root(project)
    print(f"{'wrote' if changed else 'unchanged:'} {project.root_module.name}")
