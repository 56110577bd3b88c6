"""`ofb grade SUBMISSIONS`, `ofb grade static FILE --item ID`, `ofb grade selftest`."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import typer
from typer.core import TyperGroup

from ..errors import BadInput, UsageError
from .common import TextFormat
from .progress import QUIET, progress
from .tables import console, table

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
        None, "--out", help="Write the verdict lines here (default: stdout)."
    ),
    jobs: int = typer.Option(1, "--jobs", min=1, help="Submissions graded at once."),
    jail: str = typer.Option("auto", "--jail", help="Jail backend: bwrap, docker or auto."),
    memory: int = typer.Option(8192, "--memory-mib", help="Memory limit of each jailed step, MiB."),
    wall: float = typer.Option(
        1800.0, "--wall", help="Wall-clock limit of each jailed step, seconds."
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
        help="Grade on a node without cgroups (limits per process, not per tree); every "
        "verdict line says so.",
    ),
    quiet: bool = QUIET,
) -> None:
    """Grade submissions (`ofb grade SUBMISSIONS …` is short for this): one JSON verdict
    line each (solved, frozen-review or unsolved with the stage and reason), then a summary
    table. Refuses to start where the jail check fails or the jail has no cgroups (unless
    --allow-no-cgroups). Verdict lines never carry reference answers (--evaluator-out
    writes them apart). Exit 0 when every submission was graded, 1 on bad input (key,
    answers, submissions), 2 on usage errors or a node that may not grade."""
    from rich.markup import escape

    from ..grade import pipeline
    from ..grade.inputs import find_submissions, load_jobs, sha256
    from ..grade.runs import Steps, replay_limits
    from ..grade.tools import GraderTools
    from ..grade.verdict import summary
    from ..jail import Limits, MiB, get_backend
    from ..lean.toolchain import Toolchain
    from ..project import Project

    project = Project.find()
    found = find_submissions(submissions)
    graded = load_jobs(project, found, key, answers)
    needs_lean = any(pipeline.static_check(j).passed for j in graded)
    hashes = {"key": sha256(key.read_bytes()), "answers": sha256(answers.read_bytes())}
    steps, jail_name, waivers = None, "", []
    if needs_lean:
        backend = get_backend(jail)
        toolchain = Toolchain.discover(project)
        tools = GraderTools.discover(
            project,
            toolchain,
            lean4export=lean4export,
            comparator=comparator,
            landrun=landrun,
            nanoda=nanoda,
            evaluator_data=[answers, key],
        )
        limits = Limits(memory=memory * MiB, processes=512, cpus=1.0, wall_seconds=wall)
        waivers = pipeline.require_jail(
            backend,
            grading=Steps(tools, backend, limits).check_policy,
            private=[project.root, project.evaluator_dir, answers.resolve(), key.resolve()],
            allow_no_cgroups=allow_no_cgroups,
        )
        replay = replay_limits(limits, replay_memory, replay_wall)
        steps = Steps(tools, backend, limits, replay, waivers=waivers)
        jail_name = backend.name
    with tempfile.TemporaryDirectory(prefix="ofb-grade-") as tmp:
        grader = pipeline.Grader(
            project,
            steps,
            (work or Path(tmp)).resolve(),
            keep_work,
            hashes,
            jail_name,
            tuple(waivers),
        )
        with progress(quiet) as shown:
            records = pipeline.grade_all(grader, graded, pipeline.LocalExecutor(jobs), shown)
    _attach_certificates(records)
    lines = "".join(json.dumps(r.as_dict(), ensure_ascii=False) + "\n" for r in records)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(lines, encoding="utf-8")
    else:
        sys.stdout.write(lines)
    if evaluator_out is not None:
        evaluator_out.parent.mkdir(parents=True, exist_ok=True)
        evaluator_out.write_text(
            "".join(json.dumps(r.evaluator_dict(), ensure_ascii=False) + "\n" for r in records),
            encoding="utf-8",
        )
    shown_on = console(stderr=out is None)
    verdicts = table("packet", "item", "verdict", "stage", "certificate", "seconds", "reason")
    style = {"solved": "green", "frozen-review": "yellow", "unsolved": "red"}
    for r in records:
        d = r.decision
        verdicts.add_row(
            r.packet,
            r.item,
            f"[{style[d.verdict]}]{d.verdict}[/]",
            d.stage or "",
            (r.certificate or {}).get("verdict", ""),
            f"{r.timings.get('total', 0):.1f}",
            escape(d.reason),
        )
    shown_on.print(verdicts)
    s = summary(records)
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


def _attach_certificates(records: list) -> None:
    """Check the certificate beside each submission (`P001.lean` ↔ `P001.cert.json`), if
    there is one and its item has a verifier, in a child process with the default limits;
    the verdict goes into the record's own `certificate` field, never into its decision."""
    from ..cert import certificate_beside, check_isolated, read_certificate
    from ..cert.files import CertificateFileError
    from ..cert.verifiers import items

    known = set(items())
    for r in records:
        path = certificate_beside(Path(r.submission))
        if not os.path.lexists(path):
            continue
        if r.item not in known:
            r.certificate = {"verdict": "no-verifier", "file": str(path)}
            continue
        try:
            verdict = check_isolated(r.item, read_certificate(path)).as_dict()
        except CertificateFileError as exc:
            verdict = {"verdict": "refused", "condition": "file", "message": str(exc)}
        r.certificate = {"file": str(path), **verdict}


def _namespaces(text: str, item_id: str) -> dict[str, str]:
    from ..evaluator.key import PACKET_ID
    from ..lean.decls import LeanFile

    item_ns = f"FrontierBench.{item_id}"
    names = {item_ns: item_ns}

    for decl in LeanFile.parse(text).declarations:
        full = decl.full_name or ""
        if full.endswith(".main") and PACKET_ID.match(full[: -len(".main")]):
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
        raise UsageError(f"{file} is a folder: give one submission file (a .lean file)")
    if not file.is_file():
        raise UsageError(f"{file}: no such file")
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(
            f"{file}: not UTF-8 ({exc.reason} at byte {exc.start}); Lean reads UTF-8 only"
        ) from None
    kind = register.get(item).answer_kind
    yes_no = None if kind is None else kind is AnswerKind.YES_NO
    result = static.check(
        text,
        statement.read_text(encoding="utf-8"),
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
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for issue in result.issues:
            print(issue.text(str(file)))
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
