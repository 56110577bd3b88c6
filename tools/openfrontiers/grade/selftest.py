"""`ofb grade selftest`: the attack corpus, each case stopped by the layer it names.

The corpus is a folder (default `tests/grade/attacks/`) with `cases.toml`:

    [references.yes-no]                 # statements the cases answer (self-test items only)
    item = "R97"
    file = "references/R97.lean"
    answer = "True"                     # the reference answer; omit for an open item
    open = false

    [[case]]
    name = "native-decide"
    what = "a proof by native_decide"
    layer = "static"                    # static | jail | export | grade
    reference = "yes-no"
    submission = "static/native_decide.lean"
    rule = "trust"                      # static: the rule that must reject it

Layers and what a case must show:

* `static`: the static layer rejects the submission with `rule` (or, with
  `expect = "accept"`, passes it). Runs everywhere.
* `jail`: a compile-time payload is contained by the grader's compile jail — the same
  policy a build gets (only its workspace writable; the toolchain and Mathlib read-only;
  not the checkout, the answers or the other workspace; no network; process, memory and
  wall-clock limits). With `payload`, a script from `payloads/` stands for code a build
  runs, and runs here; with `submission`, a Lean file is built in that jail for real
  (needs Lean).
* `export`: checker 1's comparison and axiom walk on lean4export NDJSON fixtures
  (`challenge`, `solution`, optional `reference`): `expect = "accept"` or the stage
  (`compare`, `axioms`) that must reject, and optionally `answer_matches`. Runs everywhere.
* `grade`: the whole grader on a submission; `expect` is the verdict and `stage` the
  stage of an unsolved one. Needs Lean, lean4export and comparator.
* `isolation`: what a grading step is given and what comes back from it, tried with the
  grader's own code on real runs in the jail (`check` names which: build leftovers,
  copy-back, the Reference kept apart, tool folders, the jail without cgroups, verdict
  lines, linked submissions; `selftest_isolation.py`). Runs everywhere (some need root).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import socket
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import InputError, Location, OfbError
from ..jail import Backend, Limits, MiB, get_backend
from ..jail.check import processes_with
from ..jail.policy import python_executable, python_paths
from ..lean.toolchain import Toolchain
from ..project import Project
from ..tomlpos import load_toml
from . import checker1, static
from .export_format import ExportError, read_file
from .inputs import GradeJob, Submission, sha256
from .runs import Steps, step_policy
from .tools import GraderTools

DEFAULT_CORPUS = Path("tests") / "grade" / "attacks"
LAYERS = ("static", "jail", "export", "grade", "isolation")
SELFTEST_PACKET = "P901"
PAYLOAD_INSIDE = "/ofb-selftest/payload.py"
# The jail cases use the compile policy with small limits, so a blow-up ends in seconds.
JAIL_LIMITS = Limits(memory=256 * MiB, processes=64, cpus=1.0, wall_seconds=8.0, file_size=64 * MiB)


@dataclass(frozen=True)
class Reference:
    key: str
    item: str
    text: str
    answer: str | None
    open_item: bool

    @property
    def yes_no(self) -> bool:
        from .local import is_yes_no

        return is_yes_no(self.text)


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    layer: str
    folder: Path
    reference: Reference | None = None
    submission: Path | None = None
    rule: str | None = None
    expect: str = "reject"
    stage: str | None = None
    payload: str | None = None
    args: tuple[str, ...] = ()
    challenge: Path | None = None
    solution: Path | None = None
    reference_export: Path | None = None
    answer_matches: bool | None = None
    check: str | None = None  # isolation: which check (selftest_isolation.CHECKS)

    @property
    def needs_lean(self) -> bool:
        return self.layer == "grade" or (self.layer == "jail" and self.payload is None)


@dataclass(frozen=True)
class CaseResult:
    case: Case
    status: str  # pass, fail, skipped
    detail: str

    def as_dict(self) -> dict:
        return {
            "name": self.case.name,
            "layer": self.case.layer,
            "what": self.case.what,
            "status": self.status,
            "detail": self.detail,
        }


def counts(results: list[CaseResult]) -> dict[str, int]:
    return {s: sum(1 for r in results if r.status == s) for s in ("pass", "fail", "skipped")}


# -- loading ------------------------------------------------------------------------------

_CASE_KEYS = {
    "name",
    "what",
    "layer",
    "reference",
    "submission",
    "rule",
    "expect",
    "stage",
    "payload",
    "args",
    "challenge",
    "solution",
    "reference_export",
    "answer_matches",
    "check",
}


def load_corpus(folder: Path) -> list[Case]:
    path = folder / "cases.toml"
    data, lines = load_toml(path)
    errors: list[InputError] = []

    def error(where: tuple, message: str) -> None:
        errors.append(InputError(Location(path, lines.line(where)), "selftest-case", message))

    references: dict[str, Reference] = {}
    for key, table in data.get("references", {}).items():
        file = folder / str(table.get("file", ""))
        if not file.is_file():
            error(("references", key), f"reference {key!r}: no file {file}")
            continue
        references[key] = Reference(
            key,
            str(table.get("item", "")),
            file.read_text(encoding="utf-8"),
            table.get("answer"),
            bool(table.get("open", False)),
        )
    cases: list[Case] = []
    seen: set[str] = set()
    for n, table in enumerate(data.get("case", [])):
        where = ("case", n)
        unknown = sorted(set(table) - _CASE_KEYS)
        name = str(table.get("name", ""))
        if unknown:
            error(where, f"case {name or n}: unknown key(s) {', '.join(unknown)}")
        if not name or name in seen:
            error(where, f"case {n}: a unique name is required")
            continue
        seen.add(name)
        layer = table.get("layer")
        if layer not in LAYERS:
            error(where, f"case {name}: layer must be one of {', '.join(LAYERS)}")
            continue
        files = {}
        for key in ("submission", "challenge", "solution", "reference_export"):
            if key in table:
                files[key] = folder / str(table[key])
                if not files[key].is_file():
                    error(where, f"case {name}: no file {files[key]}")
        ref = references.get(table.get("reference", ""))
        if layer in ("static", "grade") and (ref is None or "submission" not in files):
            error(where, f"case {name}: a {layer} case needs a reference and a submission")
        if layer == "jail" and not (table.get("payload") or "submission" in files):
            error(where, f"case {name}: a jail case needs a payload or a submission")
        if layer == "isolation":
            from .selftest_isolation import CHECKS

            if table.get("check") not in CHECKS:
                error(
                    where, f"case {name}: an isolation case's check is one of {', '.join(CHECKS)}"
                )
            elif table["check"] in ("reference-apart", "verdict-line") and (
                ref is None or "submission" not in files
            ):
                error(
                    where, f"case {name}: check {table['check']} needs a reference and a submission"
                )
        if layer == "export" and not {"challenge", "solution"} <= set(files):
            error(where, f"case {name}: an export case needs challenge and solution fixtures")
        if (
            layer == "static"
            and table.get("expect", "reject") == "reject"
            and not table.get("rule")
        ):
            error(where, f"case {name}: a static case names the rule that stops it")
        cases.append(
            Case(
                name=name,
                what=str(table.get("what", "")),
                layer=layer,
                folder=folder,
                reference=ref,
                submission=files.get("submission"),
                rule=table.get("rule"),
                expect=str(table.get("expect", "reject")),
                stage=table.get("stage"),
                payload=table.get("payload"),
                args=tuple(str(a) for a in table.get("args", ())),
                challenge=files.get("challenge"),
                solution=files.get("solution"),
                reference_export=files.get("reference_export"),
                answer_matches=table.get("answer_matches"),
                check=table.get("check"),
            )
        )
    if errors:
        raise OfbError(
            f"{len(errors)} problem(s) in the attack corpus:\n" + "\n".join(map(str, errors))
        )
    return cases


# -- running ------------------------------------------------------------------------------


@dataclass
class SelftestContext:
    project: Project
    jail: Backend | None = None
    jail_problem: str = ""
    steps: Steps | None = None  # when Lean and the grader's tools are here
    lean_problem: str = "no Lean toolchain"
    workers: int = 4

    @classmethod
    def create(cls, project: Project, jail: str = "auto") -> SelftestContext:
        ctx = cls(project)
        try:
            ctx.jail = get_backend(jail)
        except OfbError as exc:
            ctx.jail_problem = str(exc)
        if ctx.jail is not None:
            try:
                toolchain = Toolchain.discover(project)
                tools = GraderTools.discover(project, toolchain)
                ctx.steps = Steps(
                    tools, ctx.jail, Limits(memory=8 << 30, processes=512, wall_seconds=1800)
                )
            except OfbError as exc:
                ctx.lean_problem = str(exc).splitlines()[0].split(";")[0]
        return ctx


def run_static(case: Case) -> CaseResult:
    ref = case.reference
    item_ns = f"FrontierBench.{ref.item}"
    result = static.check(
        case.submission.read_text(encoding="utf-8"),
        ref.text,
        namespaces={SELFTEST_PACKET: item_ns, item_ns: item_ns},
        yes_no=ref.yes_no,
    )
    rules = sorted({i.rule for i in result.issues})
    if case.expect == "accept":
        ok = result.passed
        return CaseResult(
            case,
            "pass" if ok else "fail",
            "accepted" if ok else "rejected: " + "; ".join(i.message for i in result.issues[:3]),
        )
    ok = case.rule in rules
    first = next((i for i in result.issues if i.rule == case.rule), None)
    return CaseResult(
        case,
        "pass" if ok else "fail",
        f"rejected by {case.rule}: {first.message}"
        if ok
        else f"not rejected by {case.rule} (rules fired: {', '.join(rules) or 'none'})",
    )


def run_export(case: Case) -> CaseResult:
    try:
        ch, so = read_file(case.challenge), read_file(case.solution)
        ref = read_file(case.reference_export) if case.reference_export else None
    except ExportError as exc:
        return CaseResult(case, "fail", f"fixture unreadable: {exc}")
    theorem = next((".".join(n) for n in ch.decls if n[-1:] == ("main",)), "P001.main")
    result = checker1.Checker1Result()
    yes_no = case.reference.yes_no if case.reference else ref is None
    stages = checker1.judge_exports(
        ch,
        so,
        ref,
        theorem,
        yes_no=yes_no,
        reference_answer=case.reference.answer if case.reference else None,
        result=result,
    )
    failed = next((s for s in stages if not s.ok), None)
    got = "accept" if failed is None else failed.stage
    ok = got == case.expect and (
        case.answer_matches is None or result.answer_matches == case.answer_matches
    )
    detail = (
        "accepted"
        if failed is None
        else f"rejected at {failed.stage}: "
        f"{failed.detail.splitlines()[0] if failed.detail else failed.reason}"
    )
    if case.answer_matches is not None:
        detail += f"; answer matches reference: {result.answer_matches}"
    return CaseResult(
        case, "pass" if ok else "fail", detail if ok else f"expected {case.expect}, got {detail}"
    )


def run_jail_payload(case: Case, jail: Backend, project: Project) -> CaseResult:
    """Run a payload in the compile jail, then look on the host for what must not be there."""
    script = (case.folder / "payloads" / "compile_time.py").read_bytes()
    name = f"ofb-selftest-{secrets.token_hex(6)}"
    # A process token that is also a valid `sleep` duration, so the fork bomb's children
    # stay alive and can be found on the host afterwards.
    token = f"{3000 + secrets.randbelow(1000)}.{secrets.randbelow(10**6):06d}"
    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        base = Path(tmp)
        os.chmod(base, 0o755)
        workspace, other, outside, prefix = (
            base / n for n in ("solution", "challenge", "outside", "toolchain")
        )
        for d in (workspace, other, prefix):
            d.mkdir(mode=0o755)
        outside.mkdir(mode=0o777)
        os.chmod(outside, 0o777)  # writable by anyone on the host: only the jail protects it
        (other / "Challenge.lean").write_text("-- the other workspace\n")
        answers = project.evaluator_dir / "answers.toml"
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        places = {
            "{workspace}": str(workspace),
            "{other}": str(other / "Challenge.lean"),
            "{outside}": str(outside / "escaped"),
            "{answers}": str(answers),
            "{checkout}": str(project.root / "escaped"),
            "{host_tmp}": f"/tmp/{name}",
            "{token}": token,
            "{loopback}": f"127.0.0.1:{listener.getsockname()[1]}",
        }
        args = [_fill(a, places) for a in case.args]
        # The grader's compile policy; an empty folder stands where the toolchain would be,
        # and the payload's interpreter is visible instead of Mathlib's packages.
        policy = step_policy(
            Toolchain(prefix, "", "", project.root), workspace, JAIL_LIMITS, python_paths()
        )
        policy = replace(policy, files=((PAYLOAD_INSIDE, script),))
        try:
            result = jail.run(
                [str(python_executable()), "-I", "-S", PAYLOAD_INSIDE, case.payload, *args], policy
            )
        finally:
            listener.close()
        time.sleep(0.1)
        leftovers = processes_with(token)
        for pid in leftovers:  # never leave one behind, whatever the verdict
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        escaped = [
            p
            for p in (outside / "escaped", project.root / "escaped", Path(f"/tmp/{name}"))
            if p.exists()
        ]
        for p in escaped:
            p.unlink()
        report = _report(result.text())
        problems = []
        if escaped:
            problems.append("written on the host: " + ", ".join(map(str, escaped)))
        if leftovers:
            problems.append(f"{len(leftovers)} process(es) outlived the jail")
        problems += _judge_payload(case.payload, result, report)
    if problems:
        return CaseResult(case, "fail", "; ".join(problems))
    return CaseResult(
        case, "pass", f"contained ({result.describe()}): {report.get('detail', '')}".strip()
    )


def _fill(arg: str, places: dict[str, str]) -> str:
    for key, value in places.items():
        arg = arg.replace(key, value)
    return arg


def _report(stdout: str) -> dict:
    for line in reversed(stdout.splitlines()):
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            return obj
    return {}


def _judge_payload(payload: str, result, report: dict) -> list[str]:
    """What the payload's own report and the run's end must show for containment."""
    if payload == "write":  # inside, /tmp is the jail's own: only the host can tell
        return [] if report else [f"no report from the payload ({result.describe()})"]
    if payload in ("read", "network", "see"):
        if not report:
            return [f"no report from the payload ({result.describe()})"]
        reached = report.get("reached", [])
        return [f"reached from the jail: {', '.join(reached)}"] if reached else []
    if payload == "memory":
        if result.killed_for_memory or report.get("stopped") == "MemoryError":
            return []
        return [
            (
                f"not stopped for memory ({result.describe()}, allocated "
                f"{report.get('allocated_mib', '?')} MiB)"
            )
        ]
    if payload == "forkbomb":
        started = report.get("started")
        if started is None and not (result.timed_out or result.outcome in ("memory", "signal")):
            return [f"no report from the payload ({result.describe()})"]
        if started is not None and started >= JAIL_LIMITS.processes:
            return [f"{started} processes started under a limit of {JAIL_LIMITS.processes}"]
        return []
    if payload == "spin":
        return (
            []
            if result.timed_out
            else [f"not stopped at the wall-clock limit ({result.describe()})"]
        )
    return [f"unknown payload {payload!r}"]


def _job(case: Case) -> GradeJob:
    ref = case.reference
    text = case.submission.read_text(encoding="utf-8")
    data = ref.text.encode()
    return GradeJob(
        Submission(case.submission, SELFTEST_PACKET, text, sha256(text.encode())),
        ref.item,
        ref.text,
        sha256(data),
        ref.yes_no,
        ref.open_item,
        None if ref.open_item else ref.answer,
    )


def run_grade(case: Case, ctx: SelftestContext) -> CaseResult:
    from .pipeline import Grader

    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        record = Grader(ctx.project, ctx.steps, Path(tmp)).grade(_job(case))
    d = record.decision
    ok = d.verdict == case.expect and (case.stage is None or d.stage == case.stage)
    got = f"{d.verdict}" + (
        f" at {d.stage} ({d.reason})" if d.stage else f" ({d.reason})" if d.reason else ""
    )
    return CaseResult(
        case,
        "pass" if ok else "fail",
        got
        if ok
        else f"expected {case.expect}"
        + (f" at {case.stage}" if case.stage else "")
        + f", got {got}",
    )


def run_jail_lean(case: Case, ctx: SelftestContext) -> CaseResult:
    """Build a Lean file whose compile-time code writes outside its workspace, bypassing the
    static layer on purpose (the jail must hold on its own); nothing may appear outside."""
    from . import workspaces

    marker = Path("/tmp/ofb-selftest-escape")
    marker.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        job = _job(case)
        attempt = workspaces.prepare(
            Path(tmp),
            job,
            ctx.project,
            ctx.steps.tools.packages_dir,
            namespace=f"FrontierBench.{job.item_id}",
            answer="True",
            comparator_config={},
        )
        outcome = ctx.steps.build("compile_submission", attempt.solution, "Solution")
    if marker.exists():
        marker.unlink()
        return CaseResult(case, "fail", f"the build wrote {marker} on the host")
    return CaseResult(case, "pass", f"nothing written outside (build ok: {outcome.ok})")


def static_stops(case: Case) -> bool:
    """A grade case the static layer rejects runs without Lean: nothing is built."""
    from .pipeline import static_check

    return case.layer == "grade" and not static_check(_job(case)).passed


def run_case(case: Case, ctx: SelftestContext) -> CaseResult:
    try:
        if case.layer == "static":
            return run_static(case)
        if case.layer == "export":
            return run_export(case)
        if case.layer == "isolation":
            from .selftest_isolation import run_isolation

            return run_isolation(case, ctx, _job)
        if case.needs_lean and ctx.steps is None and not static_stops(case):
            return CaseResult(case, "skipped", f"needs Lean ({ctx.lean_problem})")
        if case.layer == "jail":
            if ctx.jail is None:
                return CaseResult(case, "fail", f"no working jail here: {ctx.jail_problem}")
            if case.payload is not None:
                return run_jail_payload(case, ctx.jail, ctx.project)
            return run_jail_lean(case, ctx)
        return run_grade(case, ctx)
    except OfbError as exc:
        return CaseResult(case, "fail", f"error: {exc}")


def run_corpus(cases: list[Case], ctx: SelftestContext) -> list[CaseResult]:
    with ThreadPoolExecutor(max_workers=ctx.workers) as pool:
        return list(pool.map(lambda c: run_case(c, ctx), cases))
