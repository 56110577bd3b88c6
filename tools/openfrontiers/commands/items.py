"""`ofb items`: list the register, and maintain it."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from ..errors import UsageError
from .common import IDS, SUBSET, Format, dumps, item_summary, select_items
from .tables import Col, console, plain_title, table

app = typer.Typer(help="List and maintain the item register (FrontierBench/items.toml).")


MODELS = typer.Option(
    None, "--models", help="The model registry (default FrontierBench/models.toml)."
)


@app.callback(invoke_without_command=True)
def items(
    ctx: typer.Context,
    subset: str | None = SUBSET,
    ids: str | None = IDS,
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
    clean_for: str | None = typer.Option(
        None,
        "--clean-for",
        metavar="MODEL",
        help="List the model's clean subset: eligible items and why each other is excluded.",
    ),
    models: Path | None = MODELS,
) -> None:
    """List items: all of them, a frozen subset (HQ-50@v1, …) or explicit ids."""
    if ctx.invoked_subcommand is not None:
        return
    from rich.markup import escape

    from ..project import Project

    project = Project.find()
    selection, chosen = select_items(project, subset, ids)
    if clean_for is not None:
        from .results import print_clean_listing

        print_clean_listing(project, selection.label, chosen, clean_for, models, format)
        return
    if format is Format.json:
        print(
            dumps(
                {
                    "subset": selection.label,
                    "count": len(chosen),
                    "items": [item_summary(i) for i in chosen],
                }
            )
        )
        return
    # Narrow, the split goes first (the subset says it), then what `items reviews` repeats.
    shown = table(
        "id",
        Col("split", drop=5),
        Col("area", drop=2),
        Col("tier/prio", "tier", drop=3),
        Col("status", drop=1),
        Col("answer", "ans.", drop=4),
        Col("title", wrap=True),
        title=f"{selection.label}: {len(chosen)} items",
    )
    for i in chosen:
        grade = str(i.tier or "") if i.tier else str(i.priority or "")
        shown.add_row(
            i.id,
            str(i.split),
            escape(i.area),
            grade,
            str(i.status),
            str(i.answer_kind or ""),
            escape(plain_title(i.title)),
        )
    console().print(shown)


@app.command("report")
def report(
    subset: str = typer.Option("all", "--subset", help="The subset to report on."),
    out: Path = typer.Option(Path("docs/statements-report.md"), "--out", help="Where to write it."),
    check: bool = typer.Option(
        False, "--check", help="Only verify that the reports are up to date (exit 1 if not)."
    ),
) -> None:
    """Write the statements report (verdicts, repairs, confidence, primary sources read,
    evaluator coverage) and, where the evaluator folder is present, the evaluator's curation
    report beside the key (curated figures the key's records disagree with)."""
    from ..evaluator import curation, load_answers
    from ..project import Project
    from ..register.report import render

    project = Project.find()
    selection, chosen = select_items(project, subset, None)
    answers_path = project.evaluator_dir / "answers.toml"
    answers = load_answers(answers_path) if answers_path.exists() else {}
    answered = {i for i, a in answers.items() if a.answer is not None}
    reports = [(out, render(chosen, answered, selection.label))]
    if answers_path.exists():
        # Evaluator data: the disagreements read credits, months and certificate directions
        # from the key, so they are written beside it and never into the public report.
        private = project.evaluator_dir / "curation-report.md"
        text = curation.render(curation.disagreements(chosen, answers), selection.label)
        reports.append((private.relative_to(project.root), text))
    stale = []
    for path, text in reports:
        target = path if path.is_absolute() else project.root / path
        if check:
            current = target.read_text(encoding="utf-8") if target.exists() else ""
            if current != text:
                stale.append(path)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    if stale:
        for path in stale:
            print(f"{path} is out of date: run `ofb items report`")
        raise typer.Exit(1)
    if check:
        print(" and ".join(str(p) for p, _ in reports) + " up to date")


@app.command("reviews")
def reviews(
    subset: str | None = SUBSET,
    ids: str | None = IDS,
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """Each item's reviews in full: the public notes and, where the evaluator folder is
    present, the evaluator's part of each (FrontierBench/evaluator/reviews.toml)."""
    from rich.markup import escape

    from ..evaluator.reviews import load_reviews
    from ..project import Project

    project = Project.find()
    _, chosen = select_items(project, subset, ids)
    path = project.evaluator_dir / "reviews.toml"
    private = load_reviews(path) if path.exists() else {}
    rows: list[dict[str, Any]] = []
    for item in chosen:
        parts = {e.key: e.notes for e in private.get(item.id, [])}
        for review in item.reviews:
            key = (review.reviewer, str(review.focus), review.round)
            rows.append(
                {
                    "item": item.id,
                    "reviewer": review.reviewer,
                    "focus": str(review.focus),
                    "round": review.round,
                    "verdict": str(review.verdict),
                    "notes": review.notes,
                    "evaluator_notes": parts.get(key),
                }
            )
    if format is Format.json:
        print(dumps({"evaluator_folder": path.exists(), "reviews": rows}))
        return
    out = console()
    for row in rows:
        out.print(
            f"[bold]{row['item']}[/bold] {escape(str(row['reviewer']))} · {row['focus']} · "
            f"round {row['round']} · {row['verdict']}"
        )
        out.print(escape(str(row["notes"] or "(no public notes)")), highlight=False)
        if row["evaluator_notes"]:
            out.print("[bold]evaluator-only:[/bold]")
            out.print(escape(str(row["evaluator_notes"])), highlight=False)
        out.print()


@app.command("scores")
def scores(
    subset: str | None = SUBSET,
    ids: str | None = IDS,
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
    fill_defaults: bool = typer.Option(
        False, "--fill-defaults", help="Set every score that is not judged to its default."
    ),
    check: bool = typer.Option(
        False, "--check", help="Exit 1 if a score is missing or a default is out of date."
    ),
) -> None:
    """The curator scores (importance, clarity, formalization and proof cost) and their basis."""
    from ..project import Project
    from ..register.scores import stale
    from .results import fill_default_scores, print_scores

    project = Project.find()
    if fill_defaults:
        changed = fill_default_scores(project)
        print(f"{changed} default score(s) updated in {project.register_path}")
        return
    selection, chosen = select_items(project, subset, ids)
    if check:
        out_of_date = [f"{i.id}: {', '.join(stale(i))}" for i in chosen if stale(i)]
        for line in out_of_date:
            print(line)
        if out_of_date:
            print("run `ofb items scores --fill-defaults`")
            raise typer.Exit(1)
        print(f"{selection.label}: every score present, every default up to date")
        return
    print_scores(project, selection.label, chosen, format)


class SelectFormat(StrEnum):
    markdown = "markdown"
    json = "json"


@app.command("select")
def select(
    against: str = typer.Option(
        "HQ-50@v1", "--against", help="The frozen subset to explain the difference from."
    ),
    format: SelectFormat = typer.Option(SelectFormat.markdown, "--format"),
    out: Path | None = typer.Option(None, "--out", help="Write here instead of stdout."),
    check: bool = typer.Option(False, "--check", help="Only verify that OUT is up to date."),
    freeze: str | None = typer.Option(
        None, "--freeze", metavar="NAME@vN", help="Publish the selection as a new version."
    ),
    description: str = typer.Option(
        "", "--description", help="The description of the frozen version (with --freeze)."
    ),
) -> None:
    """Select HQ-50 by Appendix C's rubric (hard filters, score, greedy caps) and explain
    the difference from a frozen version item by item."""
    from ..project import Project
    from ..results.selection_report import as_dict, render
    from . import results

    project = Project.find()
    selection, frozen = results.run_selection(project, against)
    register = project.register
    if format is SelectFormat.json:
        text = dumps(as_dict(selection, register, frozen)) + "\n"
    else:
        text = render(selection, register, frozen)
    if freeze is not None:
        label = results.freeze(
            project,
            freeze,
            selection.selected,
            description or f"Selected by ofb items select (Appendix C) against {frozen.label}.",
        )
        print(f"froze {label} ({len(selection.selected)} items) in {project.subsets_path}")
        return
    if out is None:
        print(text, end="")
        return
    target = out if out.is_absolute() else project.root / out
    if check:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text:
            print(f"{out} is out of date: run `ofb items select --out {out}`")
            raise typer.Exit(1)
        print(f"{out} is up to date")
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    print(f"wrote {out}")


@app.command("seed")
def seed(
    csv_path: Path = typer.Argument(
        ..., exists=True, dir_okay=False, help="The curated items.csv (Appendix A figures)."
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing register."),
) -> None:
    """Create items.toml and the v1 subsets from the curated CSV (once, for a new checkout)."""
    from ..project import Project
    from ..register.dump import dump_register
    from ..register.seed import items_from_csv, v1_subsets
    from ..register.subsets import dump_subsets

    project = Project.find()
    if project.register_path.exists() and not force:
        raise UsageError(
            f"{project.register_path} exists; the register is edited by hand "
            "from now on (use --force to start over)"
        )
    seeded = items_from_csv(csv_path)
    project.register_path.write_text(dump_register(seeded), encoding="utf-8")
    project.subsets_path.write_text(dump_subsets(v1_subsets(seeded)), encoding="utf-8")
    print(f"wrote {project.register_path} ({len(seeded)} items) and {project.subsets_path}")
