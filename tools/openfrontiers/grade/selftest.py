"""`ofb grade selftest`: the attack corpus, each case stopped by the layer it names, and
counted only on evidence that the attack was attempted.

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

Layers, what a case must show, and the evidence that it ran:

* `static`: the static layer rejects the submission with `rule` (or, with
  `expect = "accept"`, passes it). Evidence: the layer read the submission and found Lean
  declarations in it. Runs everywhere.
* `jail`: a compile-time payload is contained by the grader's compile jail — the same
  policy a build gets (only its workspace writable; the toolchain and Mathlib read-only;
  not the checkout, the answers or the other workspace; no network; process, memory and
  wall-clock limits). With `payload`, a script from `payloads/` stands for code a build
  runs, and runs here as `payload.py NONCE KIND ARG…`; with `submission`, a Lean file is
  built in that jail for real (needs Lean). Evidence, each carrying a fresh nonce: a
  payload prints `{"started": NONCE}` and writes `ofb-selftest-ran` in its own work dir
  before anything else, and reports one attempt per target; a Lean submission writes
  `ofb-selftest-ran` with the text `OFB_SELFTEST_NONCE` (replaced by the nonce before the
  build) from a `#eval`. The host is checked as well: files written outside, processes
  left, and a listener on the host's loopback that a network payload must not reach (no
  case ever addresses anything beyond loopback).
* `export`: checker 1's comparison and axiom walk on lean4export NDJSON fixtures
  (`challenge`, `solution`, optional `reference`): `expect = "accept"` or the stage
  (`compare`, `axioms`) that must reject, and optionally `answer_matches`. Evidence: both
  fixtures read with their constants, and the stages that ran. Runs everywhere.
* `grade`: the whole grader on a submission; `expect` is the verdict and `stage` the
  stage of an unsolved one. Evidence: the stages the verdict record shows ran. Needs Lean,
  lean4export and comparator.
* `isolation`: what a grading step is given and what comes back from it, tried with the
  grader's own code on real runs in the jail (`check` names which: build leftovers,
  copy-back, the Reference kept apart, tool folders, the jail without cgroups, verdict
  lines, linked submissions; `selftest_isolation.py`). Evidence: the attack's own report
  (what it planted, made or looked at) or, for the checks outside the jail, what the
  grader's code returned. Runs everywhere (some need root, and are skipped without it).

Each result is `pass` (stopped as named, with evidence), `fail` (not stopped: the attack
ran and got through, or something escaped on the host), `error` (no evidence the attack
was attempted, or the case could not run — never counted as contained) or `skipped`
(needs Lean, which is not here).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import InputError, Location, OfbError
from ..jail import Backend, JailResult, Limits, MiB, get_backend
from ..jail.check import processes_with
from ..jail.loopback import LoopbackListener
from ..jail.policy import python_executable, python_paths
from ..lean.decls import LeanFile
from ..lean.toolchain import Toolchain
from ..project import Project
from ..submission import static
from ..tomlpos import load_toml
from . import checker1
from .export_format import ExportError, name_str, read_file
from .inputs import GradeJob, Submission, sha256
from .runs import Steps, step_policy
from .tools import GraderTools

DEFAULT_CORPUS = Path("tests") / "grade" / "attacks"
LAYERS = ("static", "jail", "export", "grade", "isolation")
STATUSES = ("pass", "fail", "error", "skipped")
# The evidence a jail case leaves: this file in its own work dir, holding the run's nonce.
RAN_FILE = "ofb-selftest-ran"
NONCE_PLACEHOLDER = "OFB_SELFTEST_NONCE"  # in a jail case's Lean submission
SELFTEST_PACKET = "P901"
PAYLOAD_SCRIPT = Path("payloads") / "compile_time.py"
PAYLOAD_INSIDE = "/ofb-selftest/payload.py"
PAYLOADS = ("write", "read", "see", "network", "forkbomb", "memory", "spin")
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
        from ..submission.local import is_yes_no

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
    host_paths: tuple[str, ...] = ()  # jail, Lean: host paths the build must not create
    check: str | None = None  # isolation: which check (selftest_isolation.CHECKS)

    @property
    def needs_lean(self) -> bool:
        return self.layer == "grade" or (self.layer == "jail" and self.payload is None)

    def file(self, key: str) -> Path:
        """A fixture or submission path the loader made sure of for this layer."""
        path: Path | None = getattr(self, key)
        if path is None:
            raise OfbError(f"case {self.name}: no {key}")
        return path

    @property
    def ref(self) -> Reference:
        if self.reference is None:
            raise OfbError(f"case {self.name}: no reference")
        return self.reference


@dataclass(frozen=True)
class CaseResult:
    case: Case
    status: str  # one of STATUSES
    detail: str
    evidence: str = ""  # what shows the attack was attempted; empty when there is none

    def as_dict(self) -> dict:
        return {
            "name": self.case.name,
            "layer": self.case.layer,
            "what": self.case.what,
            "status": self.status,
            "detail": self.detail,
            "evidence": self.evidence,
        }


def counts(results: list[CaseResult]) -> dict[str, int]:
    return {s: sum(1 for r in results if r.status == s) for s in STATUSES}


def decided(case: Case, ok: bool, detail: str, evidence: str | None, missing: str) -> CaseResult:
    """`pass` or `fail` on evidence that the attack was attempted; without it `error`: a
    case that never ran must not count as stopped."""
    if not evidence:
        return CaseResult(case, "error", f"no evidence the case ran: {missing}")
    return CaseResult(case, "pass" if ok else "fail", detail, evidence)


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
    "host_paths",
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
        if layer == "jail" and table.get("payload") and table["payload"] not in PAYLOADS:
            error(where, f"case {name}: payload must be one of {', '.join(PAYLOADS)}")
        if table.get("payload") == "network" and set(table.get("args", ())) != {"{loopback}"}:
            error(
                where,
                f"case {name}: a network payload tries only {{loopback}}, the self-test's own "
                "listeners on the host's loopback: no other address, ever",
            )
        if layer == "jail" and table.get("payload") and not (folder / PAYLOAD_SCRIPT).is_file():
            error(where, f"case {name}: no payload script {folder / PAYLOAD_SCRIPT}")
        if layer == "jail" and files.get("submission", Path()).is_file():
            text = files["submission"].read_text(encoding="utf-8")
            if NONCE_PLACEHOLDER not in text or RAN_FILE not in text:
                error(
                    where,
                    f"case {name}: {files['submission'].name} leaves no evidence that its "
                    f'compile-time code ran: add `#eval IO.FS.writeFile "{RAN_FILE}" '
                    f'"{NONCE_PLACEHOLDER}"`',
                )
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
                host_paths=tuple(str(a) for a in table.get("host_paths", ())),
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
    ref = case.ref
    text = static.read_source(case.file("submission").read_bytes())
    item_ns = f"FrontierBench.{ref.item}"
    result = static.check(
        text,
        ref.text,
        namespaces={SELFTEST_PACKET: item_ns, item_ns: item_ns},
        yes_no=ref.yes_no,
    )
    declarations = LeanFile.parse(text).declarations
    evidence = (
        f"the static layer read {case.file('submission').name} "
        f"({len(text.splitlines())} lines, {len(declarations)} declaration(s))"
        if declarations
        else None
    )
    missing = f"{case.file('submission').name} holds no Lean declaration"
    rules = sorted({i.rule for i in result.issues})
    if case.expect == "accept":
        return decided(
            case,
            result.passed,
            "accepted"
            if result.passed
            else "rejected: " + "; ".join(i.message for i in result.issues[:3]),
            evidence,
            missing,
        )
    first = next((i for i in result.issues if i.rule == case.rule), None)
    return decided(
        case,
        first is not None,
        f"rejected by {case.rule} at line {first.line}: {first.message}"
        if first is not None
        else f"not rejected by {case.rule} (rules fired: {', '.join(rules) or 'none'})",
        evidence,
        missing,
    )


def run_export(case: Case) -> CaseResult:
    try:
        ch, so = read_file(case.file("challenge")), read_file(case.file("solution"))
        ref = read_file(case.reference_export) if case.reference_export else None
    except ExportError as exc:
        return CaseResult(case, "error", f"fixture unreadable: {exc}")
    theorem = next((name_str(n) for n in ch.decls if n[-1:] == ("main",)), "P001.main")
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
    evidence = (
        f"read {len(ch.decls)} + {len(so.decls)} constants; stages run: "
        + ", ".join(s.stage for s in stages)
        if ch.decls and so.decls and stages
        else None
    )
    return decided(
        case,
        ok,
        detail if ok else f"expected {case.expect}, got {detail}",
        evidence,
        "an export fixture holds no constant, or no stage ran",
    )


def run_jail_payload(case: Case, jail: Backend, project: Project) -> CaseResult:
    """Run a payload in the compile jail, look on the host for what must not be there, and
    ask for the payload's evidence that it ran (its start line and ran-file, with a nonce)."""
    if case.payload is None:
        raise OfbError(f"case {case.name}: no payload")
    script = (case.folder / PAYLOAD_SCRIPT).read_bytes()
    nonce = secrets.token_hex(8)
    name = f"ofb-selftest-{secrets.token_hex(6)}"
    # A process token that is also a valid `sleep` duration, so the fork bomb's children
    # stay alive and can be found on the host afterwards.
    token = f"{3000 + secrets.randbelow(1000)}.{secrets.randbelow(10**6):06d}"
    with (
        tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp,
        LoopbackListener() as host_net,
    ):
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
        places = {
            "{workspace}": str(workspace),
            "{other}": str(other / "Challenge.lean"),
            "{outside}": str(outside / "escaped"),
            "{answers}": str(answers),
            "{checkout}": str(project.root / "escaped"),
            "{host_tmp}": f"/tmp/{name}",
            "{token}": token,
        }
        args: list[str] = []
        for arg in case.args:  # `{loopback}` stands for every host listener (127.0.0.1, ::1)
            args += host_net.addresses if arg == "{loopback}" else [_fill(arg, places)]
        # The grader's compile policy; an empty folder stands where the toolchain would be,
        # and the payload's interpreter is visible instead of Mathlib's packages. What a
        # build's jail gives back is its module's outputs; here, the payload's evidence.
        policy = step_policy(
            Toolchain(prefix, "", "", project.root),
            workspace,
            JAIL_LIMITS,
            python_paths(),
            copy_back=(RAN_FILE,),
        )
        policy = replace(policy, files=((PAYLOAD_INSIDE, script),))
        result = jail.run(
            [str(python_executable()), "-I", "-S", PAYLOAD_INSIDE, nonce, case.payload, *args],
            policy,
        )
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
        reached = host_net.reached()
        ran_file = workspace / RAN_FILE
        ran = ran_file.is_file() and ran_file.read_text(errors="replace") == nonce
    lines = _json_lines(result.text())
    started = any(line.get("started") == nonce for line in lines)
    report: dict = next((line for line in reversed(lines) if "started" not in line), {})
    host = []  # what the host shows got through: a failure, whatever the payload said
    if escaped:
        host.append("written on the host: " + ", ".join(map(str, escaped)))
    if leftovers:
        host.append(f"{len(leftovers)} process(es) outlived the jail")
    if reached:
        host.append("the host's loopback listener was reached from the jail: " + ", ".join(reached))
    seen = [
        *([f"start line with nonce {nonce}"] if started else []),
        *([f"{RAN_FILE} with the nonce in its work dir"] if ran else []),
    ]
    if host:
        return CaseResult(case, "fail", "; ".join(host), "; ".join(seen) or "the host's own")
    if not (started and ran):
        absent = [
            *([] if started else ["no start line with the nonce in its output"]),
            *([] if ran else [f"no {RAN_FILE} with the nonce in its work dir"]),
        ]
        stderr = result.text("stderr").strip().splitlines()[-1:]
        return decided(
            case,
            False,
            "",
            None,
            f"{'; '.join(absent)} (the run {result.describe()}"
            + (f": {stderr[0][:200]}" if stderr else "")
            + ")",
        )
    evidence = " and ".join(seen)
    if case.payload in TARGETED:
        attempted = report.get("attempts", {})
        missing = [a for a in args if a not in attempted]
        if missing:
            return decided(case, False, "", None, f"the payload never tried {', '.join(missing)}")
        evidence += f"; {len(args)} attempt(s) reported: " + ", ".join(
            f"{a}: {attempted[a]}" for a in args
        )
    problems = _judge_payload(case.payload, result, report)
    if problems:
        return CaseResult(case, "fail", "; ".join(problems), evidence)
    said = report.get("detail", "")
    detail = f"contained ({result.describe()})" + (f": {said}" if said else "")
    return CaseResult(case, "pass", detail, evidence)


# Payloads that report one attempt per argument.
TARGETED = ("write", "read", "see", "network")


def _fill(arg: str, places: dict[str, str]) -> str:
    for key, value in places.items():
        arg = arg.replace(key, value)
    return arg


def _json_lines(stdout: str) -> list[dict]:
    found = []
    for line in stdout.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            found.append(obj)
    return found


def _judge_payload(payload: str, result: JailResult, report: dict) -> list[str]:
    """What the payload's own report and the run's end must show for containment."""
    if payload == "write":  # inside, /tmp is the jail's own: only the host can tell
        return []
    if payload in ("read", "network", "see"):
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
        count = report.get("processes")
        if count is None and not (result.timed_out or result.outcome in ("memory", "signal")):
            return [f"no report from the payload ({result.describe()})"]
        if count is not None and count >= JAIL_LIMITS.processes:
            return [f"{count} processes started under a limit of {JAIL_LIMITS.processes}"]
        return []
    if payload == "spin":
        return (
            []
            if result.timed_out
            else [f"not stopped at the wall-clock limit ({result.describe()})"]
        )
    return [f"unknown payload {payload!r}"]


def _job(case: Case, nonce: str | None = None) -> GradeJob:
    ref = case.ref
    path = case.file("submission")
    text = static.read_source(path.read_bytes())
    if nonce is not None:
        text = text.replace(NONCE_PLACEHOLDER, nonce)
    return GradeJob(
        Submission(path, SELFTEST_PACKET, text, sha256(text.encode())),
        ref.item,
        ref.text,
        sha256(ref.text.encode()),
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
    ran = ["static"] if "static" in record.checkers else []
    ran += [s["stage"] for s in (record.checkers.get("ours") or {}).get("stages", [])]
    if record.checkers.get("comparator") is not None:
        ran.append("comparator")
    return decided(
        case,
        ok,
        got
        if ok
        else f"expected {case.expect}"
        + (f" at {case.stage}" if case.stage else "")
        + f", got {got}",
        "stages run: " + ", ".join(ran) if ran else None,
        "the verdict record shows no stage that ran",
    )


def run_jail_lean(case: Case, ctx: SelftestContext) -> CaseResult:
    """Build a Lean file whose compile-time code tries something outside its workspace,
    bypassing the static layer on purpose (the jail must hold on its own): none of the
    case's `host_paths` may appear, and the file's own evidence that its compile-time code
    ran (`RAN_FILE` holding the nonce, in its work dir) must."""
    from . import workspaces

    if ctx.steps is None:
        raise OfbError(f"case {case.name} needs Lean ({ctx.lean_problem})")
    nonce = secrets.token_hex(8)
    watched = [Path(p.replace("{nonce}", nonce)) for p in case.host_paths]
    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        job = _job(case, nonce)
        attempt = workspaces.prepare(
            Path(tmp),
            job,
            ctx.project,
            ctx.steps.tools.packages_dir,
            namespace=f"FrontierBench.{job.item_id}",
            answer="True",
            comparator_config={},
        )
        outcome = ctx.steps.build(
            "compile_submission", attempt.solution, "Solution", keep=(RAN_FILE,)
        )
        ran = [
            p
            for p in attempt.solution.rglob(RAN_FILE)
            if p.is_file() and p.read_text(errors="replace") == nonce
        ]
    escaped = [p for p in watched if p.exists()]
    for p in escaped:
        p.unlink()
    last = (outcome.detail.strip().splitlines() or [outcome.reason])[-1]
    build = "build ok" if outcome.ok else f"build failed: {last[:200]}"
    evidence = f"{RAN_FILE} with nonce {nonce} in its work dir ({build})" if ran else None
    if escaped:
        return CaseResult(
            case,
            "fail",
            "the build wrote on the host: " + ", ".join(map(str, escaped)),
            evidence or "the host's own",
        )
    return decided(
        case,
        True,
        f"nothing written outside ({len(watched)} host path(s) watched)",
        evidence,
        f"no {RAN_FILE} with the nonce in its work dir: the compile-time code never ran ({build})",
    )


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
                return CaseResult(case, "error", f"no working jail here: {ctx.jail_problem}")
            if case.payload is not None:
                return run_jail_payload(case, ctx.jail, ctx.project)
            return run_jail_lean(case, ctx)
        return run_grade(case, ctx)
    except OfbError as exc:
        return CaseResult(case, "error", f"could not run: {exc}")


def run_corpus(cases: list[Case], ctx: SelftestContext) -> list[CaseResult]:
    with ThreadPoolExecutor(max_workers=ctx.workers) as pool:
        return list(pool.map(lambda c: run_case(c, ctx), cases))
