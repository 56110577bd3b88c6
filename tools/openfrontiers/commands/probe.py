"""`ofb probe`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..errors import OfbError, UsageError
from .cluster import EXECUTOR, RAY_ADDRESS, executor_choice
from .common import IDS, SUBSET, Format, select_items
from .progress import QUIET, progress
from .tables import Col, Listing, console, table

if TYPE_CHECKING:
    from ..jail import Limits
    from ..probe.plan import Plan
    from ..probe.run import ItemReport, ProbeBackend
    from ..progress import Progress

BAD = ("PROVES", "REFUTES", "PROVES+REFUTES", "incomplete", "error")


def probe(
    ctx: typer.Context,
    subset: str | None = SUBSET,
    ids: str | None = IDS,
    changed_since: str | None = typer.Option(
        None,
        "--changed-since",
        metavar="REV",
        help="Only the statements changed since this git revision (committed or not).",
    ),
    answers: Path | None = typer.Option(
        None, "--answers", help="Reference answers (default: FrontierBench/evaluator/answers.toml)."
    ),
    tactics: str | None = typer.Option(
        None, "--tactics", help="Comma-separated tactics (default: decide,simp,omega,aesop)."
    ),
    heartbeats: int = typer.Option(
        200_000, "--heartbeats", min=1, help="maxHeartbeats of each probe."
    ),
    jobs: int = typer.Option(
        4, "--jobs", min=1, help="Lean processes (or REPLs) at once (--executor local)."
    ),
    executor: str = EXECUTOR,
    ray_address: str | None = RAY_ADDRESS,
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
    backend: str = typer.Option(
        "lean", "--backend", help="lean (one `lean --json` per item) or repl (lean-interact)."
    ),
    jail: str = typer.Option("auto", "--jail", help="Jail backend: bwrap, docker or auto."),
    memory: int = typer.Option(8192, "--memory-mib", help="Memory limit per Lean process, MiB."),
    emit: Path | None = typer.Option(
        None,
        "--emit",
        help="Only write the generated probe files (and probes.json) to this folder; no Lean runs.",
    ),
    quiet: bool = QUIET,
) -> None:
    """Probe statements with cheap tactics: per item one generated Lean file holds one
    declaration per (answer × tactic) — True and False for yes/no items, the reference
    answer (and its negation) for value items — each under `set_option maxHeartbeats N in`.
    Each probe ends proved / failed / timeout / crash; each item is clean, PROVES or
    REFUTES (or incomplete when a probe crashed). With --executor ray each item's file is a
    task on the grading nodes of a Ray cluster (file backend). Exit 0 when every probed
    item is clean, 1 otherwise, 2 on usage errors."""
    from ..evaluator import load_answers
    from ..gitdiff import changed_items
    from ..jail import Limits, MiB, get_backend
    from ..lean.toolchain import Toolchain
    from ..outputs import check_writable
    from ..probe import parse_tactics, plan_probes
    from ..project import Project

    choice = executor_choice(ctx, executor, ray_address, local_only=("jobs", "backend"))
    project = Project.find()
    if changed_since:
        if subset or ids:
            raise UsageError("give --changed-since alone, not with --subset or --ids")
        register = project.register
        chosen = [i for i in changed_items(project.root, changed_since) if i in register]
        items = [register.get(i) for i in chosen]
    else:
        _, items = select_items(project, subset, ids, default="written")
    answers_path = answers or project.evaluator_dir / "answers.toml"
    if answers is not None and not answers.is_file():
        raise UsageError(f"--answers: no such file {answers}")
    reference = load_answers(answers_path) if answers_path.is_file() else {}
    plan = plan_probes(project, items, reference, parse_tactics(tactics), heartbeats)
    if emit is not None:
        check_writable(emit, "--emit", into=True)
        _emit(emit, plan)
        return
    reports: list[ItemReport] = []
    limits = Limits(memory=memory * MiB, processes=256, cpus=1.0, wall_seconds=3600)
    lost: OfbError | None = None
    if plan.jobs and choice.ray:
        with progress(quiet or format is Format.json) as shown:
            reports, lost = _on_ray(choice.address, plan.jobs, jail, limits, shown)
    elif plan.jobs:
        from ..stamp import local_stamp

        toolchain = Toolchain.discover(project)
        jailed = get_backend(jail)
        runner: ProbeBackend
        if backend == "lean":
            from ..probe.lean_file import LeanFileBackend

            runner = LeanFileBackend(toolchain, jailed, limits)
        elif backend == "repl":
            from ..probe.repl import ReplBackend

            runner = ReplBackend(toolchain, jailed)
        else:
            raise UsageError(f"--backend is lean or repl, not {backend!r}")
        with progress(quiet or format is Format.json) as shown:
            reports = [replace(r, node=local_stamp()) for r in runner.run(plan.jobs, jobs, shown)]
    reports += plan.skipped
    order = {item.id: n for n, item in enumerate(items)}
    reports.sort(key=lambda r: order.get(r.item_id, len(order)))
    failed = any(r.verdict in BAD for r in reports)
    if format is Format.json:
        print(json.dumps({"items": [r.as_dict() for r in reports]}, indent=2, ensure_ascii=False))
    else:
        console().print(probe_table(reports))
    if lost is not None:  # what was probed is shown; the rest needs a node
        raise lost
    raise typer.Exit(1 if failed else 0)


def probe_table(reports: list[ItemReport]) -> Listing:
    """What `ofb probe` prints: a row per item."""
    from rich.markup import escape

    shown_table = table(
        "item",
        "verdict",
        Col("proved", "prv"),
        Col("failed", "fail"),
        Col("timeout", "t/o"),
        Col("crash", "crs"),
        Col("seconds", "s", drop=1),
        Col("detail", wrap=True),
    )
    for r in reports:
        n = {
            o: sum(1 for p in r.probes if p.outcome == o)
            for o in ("proved", "failed", "timeout", "crash")
        }
        style = "green" if r.verdict == "clean" else ("dim" if r.verdict == "skipped" else "red")
        proved = ", ".join(f"{p.name}" for p in r.probes if p.outcome == "proved")
        shown_table.add_row(
            r.item_id,
            f"[{style}]{r.verdict}[/]",
            str(n["proved"]),
            str(n["failed"]),
            str(n["timeout"]),
            str(n["crash"]),
            f"{r.seconds:.1f}",
            escape(proved or r.detail),
        )
    return shown_table


def _on_ray(
    address: str | None, jobs: list, jail: str, limits: Limits, shown: Progress
) -> tuple[list[ItemReport], OfbError | None]:
    """The reports, and the error when the cluster lost every node that could go on (the
    reports that came back before are still shown)."""
    from ..cluster.engine import ClusterError, NoNodeLeft
    from ..cluster.probes import probe_on_ray

    reports, failed = [], []
    shown.start("probing", len(jobs))
    try:
        for job, outcome in probe_on_ray(address, jobs, jail, limits):
            if isinstance(outcome, BaseException):
                failed.append(f"{job.probe_file.item_id}: {outcome}")
                shown.done(job.probe_file.item_id, "could not run", False)
            else:
                reports.append(outcome)
                shown.done(outcome.item_id, outcome.verdict, outcome.verdict not in BAD)
    except NoNodeLeft as exc:
        return reports, ClusterError(
            f"{exc.reason}. The {len(reports)} of {len(jobs)} item(s) probed are shown; "
            "probes are not resumed: start a grading node (`ofb cluster node --group grading "
            "-- ray start …`) and probe again"
        )
    if failed:  # an item without a report is no clean item
        raise OfbError(f"{len(failed)} probe file(s) could not run:\n  " + "\n  ".join(failed))
    return reports, None


def _emit(folder: Path, plan: Plan) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    manifest = []
    for job in plan.jobs:
        pf = job.probe_file
        (folder / f"Probe{pf.item_id}.lean").write_text(pf.text, encoding="utf-8")
        manifest.append(
            {
                "id": pf.item_id,
                "file": f"Probe{pf.item_id}.lean",
                "reference": job.reference,
                "probes": [p.__dict__ for p in pf.probes],
            }
        )
    (folder / "probes.json").write_text(
        json.dumps(
            {"items": manifest, "skipped": [r.as_dict() for r in plan.skipped]},
            indent=2,
            ensure_ascii=False,
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"wrote {len(plan.jobs)} probe file(s) to {folder} ({len(plan.skipped)} item(s) skipped)")
