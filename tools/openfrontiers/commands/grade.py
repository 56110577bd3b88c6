"""`ofb grade SUBMISSIONS`, `ofb grade static FILE --item ID`, `ofb grade selftest`."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperGroup

from ..errors import BadInput, OfbError, UsageError, shown
from .cluster import EXECUTOR, RAY_ADDRESS, executor_choice
from .common import TextFormat, finite
from .progress import QUIET, progress
from .tables import Col, Listing, console, table

if TYPE_CHECKING:
    from ..grade.inputs import GradeJob
    from ..grade.resume import GradeSettings
    from ..grade.runs import Steps
    from ..grade.verdict import VerdictRecord
    from ..project import Project

# The kernel replay's default limits (grade.runs.REPLAY_*; a test keeps them equal).
REPLAY_MEMORY_MIB = 16384
REPLAY_WALL_SECONDS = 14400.0


class _GradeGroup(TyperGroup):
    """`ofb grade SUBMISSIONS …` grades; `ofb grade static|selftest …` are subcommands."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=_GradeGroup,
    no_args_is_help=True,
    help="Grade submissions: `ofb grade SUBMISSIONS --key KEY --answers FILE` "
    "(static layer, both checkers in the jail, one verdict line per "
    "submission), `ofb grade static FILE --item ID`, `ofb grade selftest`.",
)


@app.command("run")
def run(
    ctx: typer.Context,
    submissions: Path = typer.Argument(
        ..., help="A submission P###.lean, or a folder of them (P###.lean or P###/Solution.lean)."
    ),
    key: Path = typer.Option(
        ..., "--key", help="The evaluator key written by `ofb packet export`."
    ),
    answers: Path = typer.Option(
        ..., "--answers", help="Reference answers (FrontierBench/evaluator/answers.toml)."
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Write the verdict lines here (default: stdout); an interrupted grading into the "
        "same file resumes.",
    ),
    jobs: int = typer.Option(
        1, "--jobs", min=1, help="Submissions graded at once (--executor local)."
    ),
    executor: str = EXECUTOR,
    ray_address: str | None = RAY_ADDRESS,
    jail: str = typer.Option("auto", "--jail", help="Jail backend: bwrap, docker or auto."),
    memory: int = typer.Option(8192, "--memory-mib", help="Memory limit of each jailed step, MiB."),
    wall: float = typer.Option(
        1800.0, "--wall", callback=finite, help="Wall-clock limit of each jailed step, seconds."
    ),
    replay_memory: int = typer.Option(
        REPLAY_MEMORY_MIB,
        "--replay-memory-mib",
        min=1,
        help="Memory limit of the kernel replay (leanchecker --fresh), MiB.",
    ),
    replay_wall: float = typer.Option(
        REPLAY_WALL_SECONDS,
        "--replay-wall",
        callback=finite,
        min=1.0,
        help="Wall-clock limit of the kernel replay (leanchecker --fresh), seconds.",
    ),
    work: Path | None = typer.Option(
        None, "--work", help="Folder for the attempts' workspaces (default: a temporary one)."
    ),
    keep_work: bool = typer.Option(False, "--keep-work", help="Keep each attempt's workspaces."),
    lean4export: Path | None = typer.Option(
        None, "--lean4export", help="lean4export for the benchmark's Lean."
    ),
    comparator: Path | None = typer.Option(None, "--comparator", help="The comparator binary."),
    landrun: Path | None = typer.Option(None, "--landrun", help="landrun, for comparator."),
    nanoda: Path | None = typer.Option(
        None, "--nanoda", help="nanoda_bin: comparator's external kernel."
    ),
    evaluator_out: Path | None = typer.Option(
        None,
        "--evaluator-out",
        help="Also write the evaluator-only lines (reference answer, submitted answer, "
        "whether they match) here; never publish this file.",
    ),
    allow_no_cgroups: bool = typer.Option(
        False,
        "--allow-no-cgroups",
        help="Grade on a node without cgroups (memory and CPU limits per process, not per "
        "tree); every verdict line says so.",
    ),
    quiet: bool = QUIET,
) -> None:
    """Grade submissions (`ofb grade SUBMISSIONS …` is short for this): one JSON verdict
    line each (solved, frozen-review or unsolved with the stage and reason), then a summary
    table. Refuses to start where the jail check fails or the jail has no cgroups (unless
    --allow-no-cgroups). Verdict lines never carry reference answers (--evaluator-out
    writes them apart). With --executor ray each submission is a task on the grading
    nodes of a Ray cluster. Exit 0 when every submission was graded, 1 on bad input (key,
    answers, submissions) or when one could not be graded (run again to grade the rest), 2
    on usage errors or a node that may not grade."""
    from rich.markup import escape

    from ..grade import pipeline
    from ..grade.inputs import find_submissions, load_jobs, sha256
    from ..grade.resume import GradeSettings, VerdictFiles, job_key
    from ..outputs import check_writable
    from ..project import Project
    from ..stamp import local_stamp

    choice = executor_choice(ctx, executor, ray_address, local_only=("jobs", "work", "keep_work"))
    project = Project.find()
    found = find_submissions(submissions)
    graded = load_jobs(project, found, key, answers)
    settings = GradeSettings(
        jail=jail,
        memory_mib=memory,
        wall=wall,
        replay_memory_mib=replay_memory,
        replay_wall=replay_wall,
        lean4export=str(lean4export.resolve()) if lean4export else None,
        comparator=str(comparator.resolve()) if comparator else None,
        landrun=str(landrun.resolve()) if landrun else None,
        nanoda=str(nanoda.resolve()) if nanoda else None,
        allow_no_cgroups=allow_no_cgroups,
        needs_lean=any(_passes_static(j) for j in graded),
        hashes={"key": sha256(key.read_bytes()), "answers": sha256(answers.read_bytes())},
    )
    keyed = [(job, job_key(job, settings)) for job in graded]
    for path, option in ((out, "--out"), (evaluator_out, "--evaluator-out")):
        if path is not None:  # before any grading: hours of verdicts must have a place
            check_writable(path, option)
    files = VerdictFiles(out, evaluator_out, [k for _, k in keyed])
    todo = [(job, k) for job, k in keyed if not files.done(k)]
    failures: list[tuple[str, str]] = []
    waivers: list[str] = []
    lost: OfbError | None = None  # the cluster lost every node that could go on
    with progress(quiet) as shown:
        shown.start("grading", len(todo))
        if todo and choice.ray:
            from ..cluster.engine import NoNodeLeft
            from ..cluster.grading import grade_on_ray

            try:
                for (job, k), outcome in grade_on_ray(choice.address, todo, settings):
                    if isinstance(outcome, BaseException):
                        failures.append((job.packet_id, str(outcome)))
                        shown.done(f"{job.packet_id} ({job.item_id})", "not graded", False)
                        continue
                    outcome.job = k
                    waivers = outcome.waivers or waivers
                    _attach_certificate(outcome, project)
                    files.add(outcome)
                    shown.done(f"{outcome.packet} ({outcome.item})", outcome.decision.verdict, True)
            except NoNodeLeft as exc:
                lost = exc  # the verdicts that came back are still written, then exit 2
        elif todo:
            steps, jail_name, jail_check = None, "", None
            if settings.needs_lean:
                steps, jail_name, jail_check = _local_steps(project, settings, answers, key)
                waivers = list(steps.waivers)
            with tempfile.TemporaryDirectory(prefix="ofb-grade-") as tmp:
                grader = pipeline.Grader(
                    project,
                    steps,
                    (work or Path(tmp)).resolve(),
                    keep_work,
                    settings.hashes,
                    jail_name,
                    tuple(waivers),
                    node=local_stamp(jail_check),
                )
                for (job, k), record in pipeline.LocalExecutor(jobs).outcomes(
                    lambda pair: grader.grade(pair[0]), todo
                ):
                    if isinstance(record, Exception):
                        failures.append((job.packet_id, _failure(record)))
                        shown.done(f"{job.packet_id} ({job.item_id})", "not graded", False)
                        continue
                    record.job = k
                    _attach_certificate(record, project)
                    files.add(record)
                    shown.done(f"{record.packet} ({record.item})", record.decision.verdict, True)
    lines = files.finish()
    if out is None:
        sys.stdout.write("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in lines))
    _print_summary(lines, waivers, out)
    if failures:
        errors = console(stderr=True)
        for pid, error in failures:
            errors.print(f"[red]{pid}: could not be graded: {escape(error)}[/]")
        errors.print(
            f"{len(failures)} submission(s) not graded"
            + ("; the same command grades them and keeps the rest" if out is not None else "")
        )
    if lost is not None:
        raise lost
    if failures:
        raise typer.Exit(1)


def _passes_static(job: GradeJob) -> bool:
    """Whether `job` passes the static layer; one whose check raises does not (grading it
    raises again, and that job alone is reported as not graded)."""
    from ..grade import pipeline

    try:
        return pipeline.static_check(job).passed
    except Exception:  # noqa: BLE001 - a fault boundary per submission, reported when graded
        return False


def _failure(error: BaseException) -> str:
    """One line for a job that raised: our own errors say what to do; anything else is a
    grader bug, named by its type so that it can be reported."""
    if isinstance(error, OfbError):
        return str(error)
    return f"internal error ({type(error).__name__}: {error}); please report it with the submission"


def _local_steps(
    project: Project, settings: GradeSettings, answers: Path, key: Path
) -> tuple[Steps, str, dict]:
    """The grader's steps on this machine, after the jail check (`require_jail`)."""
    from datetime import UTC, datetime

    from ..grade import pipeline
    from ..grade.runs import Steps
    from ..grade.tools import GraderTools
    from ..jail import get_backend
    from ..jail.check import probe_names
    from ..lean.toolchain import Toolchain

    def path(value: str | None) -> Path | None:
        return Path(value) if value else None

    backend = get_backend(settings.jail)
    toolchain = Toolchain.discover(project)
    tools = GraderTools.discover(
        project,
        toolchain,
        lean4export=path(settings.lean4export),
        comparator=path(settings.comparator),
        landrun=path(settings.landrun),
        nanoda=path(settings.nanoda),
        evaluator_data=[answers, key],
    )
    limits = settings.limits()
    waivers = pipeline.require_jail(
        backend,
        grading=Steps(tools, backend, limits).check_policy,
        private=[project.root, project.evaluator_dir, answers.resolve(), key.resolve()],
        allow_no_cgroups=settings.allow_no_cgroups,
    )
    jail_check = {
        "passed": True,
        "backend": backend.name,
        "group_limits": backend.group_limits(),
        "probes": len(probe_names()),
        "failed": [],
        "error": "",
        "checked_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    steps = Steps(tools, backend, limits, settings.replay(), waivers=waivers)
    return steps, backend.name, jail_check


def verdict_table(lines: list[dict]) -> Listing:
    """The summary of `ofb grade`: a row per verdict line."""
    from rich.markup import escape

    verdicts = table(
        "packet",
        "item",
        "verdict",
        Col("stage", drop=1),
        Col("certificate", "cert", drop=2),
        Col("seconds", "s", drop=3),
        Col("reason", wrap=True),
    )
    style = {"solved": "green", "frozen-review": "yellow", "unsolved": "red"}
    for d in lines:
        verdicts.add_row(
            d["packet"],
            d["item"],
            f"[{style[d['verdict']]}]{d['verdict']}[/]",
            d["stage"] or "",
            (d.get("certificate") or {}).get("verdict", ""),
            f"{(d.get('timings') or {}).get('total', 0):.1f}",
            escape(d["reason"]),
        )
    return verdicts


def _print_summary(lines: list[dict], waivers: list[str], out: Path | None) -> None:
    from rich.markup import escape

    from ..grade.verdict import summary_of_lines

    shown_on = console(stderr=out is None)
    verdicts = verdict_table(lines)
    shown_on.print(verdicts)
    s = summary_of_lines(lines)
    for waiver in waivers:
        shown_on.print(f"[bold yellow]waived[/]: {escape(waiver)}")
    shown_on.print(
        f"{s['submissions']} graded: {s['solved']} solved, {s['frozen-review']} "
        f"frozen for review, {s['unsolved']} unsolved"
        + (
            f" ({s['checker_disagreements']} checker disagreement(s))"
            if s["checker_disagreements"]
            else ""
        )
        + (f"; verdicts in {out}" if out is not None else "")
    )


def _attach_certificate(r: VerdictRecord, project: Project) -> None:
    """Check the certificate beside the submission (`P001.lean` ↔ `P001.cert.json`), if
    there is one, in a child process with the default limits; the verdict goes into the
    record's own `certificate` field, never into its decision. A solved item's certificate
    verdict says which way the item went (a valid one establishes the key's direction), so
    its published line says only `withheld`; the verdict goes into the evaluator line."""
    from ..cert import certificate_beside, check_isolated, read_certificate
    from ..cert.files import CertificateFileError
    from ..cert.verifiers import for_project
    from ..register.model import Split

    path = certificate_beside(Path(r.submission))
    if not os.path.lexists(path):
        return
    verifiers = for_project(project)
    if r.item not in verifiers.items():
        verdict: dict[str, Any] = {"verdict": "no-verifier"}
    else:
        try:
            verdict = check_isolated(r.item, read_certificate(path), verifiers=verifiers).as_dict()
        except CertificateFileError as exc:
            verdict = {"verdict": "refused", "condition": "file", "message": str(exc)}
    full = {"file": str(path), **verdict}
    item = project.register.items.get(r.item)
    if item is not None and item.split is Split.OPEN:
        r.certificate = full
    else:
        r.certificate = {"file": str(path), "verdict": "withheld"}
        r.evaluator["certificate"] = full


def _namespaces(text: str, item_id: str) -> dict[str, str]:
    from ..evaluator.key import PACKET_ID
    from ..lean.decls import LeanFile

    item_ns = f"FrontierBench.{item_id}"
    names = {item_ns: item_ns}

    for decl in LeanFile.parse(text).declarations:
        full = decl.full_name or ""
        if full.endswith(".main") and PACKET_ID.fullmatch(full[: -len(".main")]):
            names[full[: -len(".main")]] = item_ns
    return names


@app.command("static")
def static_cmd(
    file: Path = typer.Argument(..., help="A submission (Lean file)."),
    item: str = typer.Option(
        ..., "--item", help="The item id whose statement it answers, e.g. O02."
    ),
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
) -> None:
    """Run the static layer alone against the item's statement. The submission may use the
    item's own namespace or a packet namespace (P###). Exit 0 pass, 1 reject (with the
    reasons; a file that is not UTF-8 is rejected too), 2 on usage errors."""
    from ..project import Project
    from ..register.model import AnswerKind
    from ..submission import static

    project = Project.find()
    register = project.register
    if item not in register:
        raise UsageError(f"unknown item id {item!r} (not in {register.path})")
    statement = project.item_file(item)
    if not statement.is_file():
        raise UsageError(f"{item} has no statement file {statement}")
    if file.is_dir():
        raise UsageError(f"{shown(file)} is a folder: give one submission file (a .lean file)")
    if not file.is_file():
        raise UsageError(f"{shown(file)}: no such file")
    try:
        # The bytes as the grader reads them (no newline conversion): one reading everywhere.
        text = static.read_source(file.read_bytes())
    except UnicodeDecodeError as exc:
        raise BadInput(
            f"{shown(file)}: not UTF-8 ({exc.reason} at byte {exc.start}); Lean reads UTF-8 only"
        ) from None
    kind = register.get(item).answer_kind
    yes_no = None if kind is None else kind is AnswerKind.YES_NO
    result = static.check(
        text,
        static.read_source(statement.read_bytes()),
        namespaces=_namespaces(text, item),
        yes_no=yes_no,
    )
    if format is TextFormat.json:
        print(
            json.dumps(
                {
                    "file": str(file),
                    "item": item,
                    "passed": result.passed,
                    "answer": result.answer_source,
                    "namespace": result.namespace,
                    "issues": [i.as_dict() for i in result.issues],
                    "issues_total": result.total,
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for issue in result.issues:
            print(issue.text(shown(file)))
        if result.omitted:
            print(f"… and {result.omitted} more findings")
        print(f"static layer: {'passed' if result.passed else 'rejected'} ({item})")
    raise typer.Exit(0 if result.passed else 1)


@app.command("selftest")
def selftest(
    corpus: Path | None = typer.Option(
        None, "--corpus", help="The attack corpus (default: tests/grade/attacks of the checkout)."
    ),
    jail: str = typer.Option("auto", "--jail", help="Jail backend for the jail-layer cases."),
    only: str | None = typer.Option(None, "--only", help="Comma-separated case names."),
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
) -> None:
    """Run the attack corpus: every case must be stopped by the layer it names (static
    rules, jail, export comparison, verdict) and every honest case accepted, and counts only
    on evidence that the attack was attempted (a case without it is an error, never a
    pass). Cases that need Lean run only where the toolchain and the grader's tools are
    installed (and are reported skipped elsewhere). Exit 0 when no case fails or errs."""
    from rich.console import Console
    from rich.markup import escape

    from ..grade import selftest as st
    from ..project import Project

    project = Project.find()
    folder = corpus or project.root / st.DEFAULT_CORPUS
    if not folder.is_dir():
        raise UsageError(f"--corpus {folder}: no such folder (the attack corpus, with cases.toml)")
    cases = st.load_corpus(folder)
    if only:
        wanted = {n.strip() for n in only.split(",") if n.strip()}
        unknown = sorted(wanted - {c.name for c in cases})
        if unknown:
            raise UsageError(f"unknown case(s): {', '.join(unknown)}")
        cases = [c for c in cases if c.name in wanted]
    results = st.run_corpus(cases, st.SelftestContext.create(project, jail))
    c = st.counts(results)
    passed = c["fail"] == 0 and c["error"] == 0
    if format is TextFormat.json:
        print(
            json.dumps(
                {
                    "passed": passed,
                    "counts": c,
                    "cases": [r.as_dict() for r in results],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        console = Console(highlight=False, soft_wrap=True)
        mark = {
            "pass": "[green]pass [/]",
            "fail": "[bold red]FAIL [/]",
            "error": "[bold yellow]ERROR[/]",
            "skipped": "[dim]skip [/]",
        }
        width = max((len(r.case.name) for r in results), default=0)
        for r in results:
            console.print(
                f"{mark[r.status]}  {r.case.name:<{width}}  {r.case.layer:<8} {escape(r.detail)}"
            )
            if r.evidence:
                console.print(f"{'':<{width + 17}}[dim]evidence: {escape(r.evidence)}[/]")
        console.print(
            f"{len(results)} cases: {c['pass']} passed, {c['fail']} failed, "
            f"{c['error']} errors (no evidence the case ran, or it could not run), "
            f"{c['skipped']} skipped (need Lean)"
        )
    raise typer.Exit(0 if passed else 1)
