"""The self-test's `isolation` cases (issue 11): what each grading step is given and what
comes back from it, tried with the grader's own code on real runs in the jail.

    check = "leftovers"         a hostile build plants a lakefile.lean, a forged utility
                                library, a Mathlib .olean and junk beside its outputs; only
                                the outputs come back, and the export workspace laid out from
                                them holds our files alone; export and replay call their
                                tools without Lake, with LEAN_PATH set by us (item 2)
    check = "copy-back"         `args = ["sparse", N, MIB]` or `["many-files", N]`: holes and
                                hundreds of thousands of files left in a build's workspace are
                                refused, or never looked at (item 3)
    check = "reference-apart"   compile-time code in the Challenge's build of a value item
                                looks for the Reference and the other workspaces (item 5)
    check = "tool-folder"       a program's neighbour in its folder stays hidden, and tools in
                                the checkout or the evaluator's data are refused (item 6)
    check = "no-cgroups"        the jail without cgroups: the several-process probe fails and
                                grading refuses to start (item 7)
    check = "verdict-line"      a graded submission's verdict line names no reference answer
                                (item 8)
    check = "submission-link"   a submission that is a link to the answers is refused unread
                                (item 8)

Each reports what it saw as its detail and what shows the attack ran as its evidence (the
payload's own report, or what the grader's code returned); without evidence a case is an
`error`, never a pass.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import OfbError
from ..jail import Backend, JailPolicy, JailResult, Limits, MiB
from ..jail.policy import python_executable, python_paths
from ..lean.toolchain import Toolchain, ToolchainError
from ..project import Project
from . import selftest_hostile, workspaces
from .runs import Steps, step_policy
from .tools import GraderTools, refuse_exposed_tools

if TYPE_CHECKING:
    from .selftest import Case, CaseResult, SelftestContext

CHECKS = (
    "leftovers",
    "copy-back",
    "reference-apart",
    "tool-folder",
    "no-cgroups",
    "verdict-line",
    "submission-link",
    *selftest_hostile.CHECKS,  # issue 28: what hostile inputs hand the tools
)
NEEDS_JAIL = (
    frozenset(CHECKS)
    - {"verdict-line", "submission-link"}
    - (frozenset(selftest_hostile.CHECKS) - selftest_hostile.NEEDS_JAIL)
)
PAYLOAD = Path("payloads") / "isolation.py"
PAYLOAD_INSIDE = "/ofb-selftest/isolation.py"
# Small limits, so a blow-up ends in seconds; the memory limit leaves room for the kernel's
# accounting of 300,000 inodes on the work dir's tmpfs.
LIMITS = Limits(memory=1024 * MiB, processes=64, cpus=1.0, wall_seconds=60.0, file_size=64 * MiB)


@dataclass
class Scene:
    """A scratch folder laid out like an attempt, and what runs in it."""

    root: Path
    project: Project
    jail: Backend
    script: bytes

    @property
    def prefix(self) -> Path:
        """An empty folder where the toolchain would be (no Lean needed)."""
        path = self.root / "toolchain"
        path.mkdir(mode=0o755, exist_ok=True)
        return path

    def toolchain(self) -> Toolchain:
        return Toolchain(self.prefix, "", "", self.project.root)

    def tools(self, **programs: Path) -> GraderTools:
        """Grader tools at made-up paths (an empty folder for Mathlib's packages): enough
        for command lines and policies."""
        fake = self.root / "bin"
        packages = self.root / "packages"
        packages.mkdir(mode=0o755, exist_ok=True)
        return GraderTools(
            self.toolchain(),
            packages,
            programs.get("lean4export", fake / "lean4export"),
            programs.get("comparator", fake / "comparator"),
            programs.get("landrun", fake / "landrun"),
            None,
            "",
            ("mathlib", "batteries"),
        )

    def build_policy(self, workspace: Path, copy_back: tuple[str, ...] | None) -> JailPolicy:
        """A build step's policy (the grader's `step_policy`), with the payload's
        interpreter and script visible."""
        policy = step_policy(
            self.toolchain(), workspace, LIMITS, python_paths(), copy_back=copy_back
        )
        return replace(policy, files=((PAYLOAD_INSIDE, self.script),))

    def run(self, policy: JailPolicy, *args: str) -> tuple[JailResult, dict]:
        argv = [str(python_executable()), "-I", "-S", PAYLOAD_INSIDE, *args]
        result = self.jail.run(argv, policy)
        return result, _report(result.text())

    def solution_workspace(self, name: str = "solution") -> Path:
        folder = self.root / name
        workspaces._workspace(
            folder,
            self.project,
            self.project.root / ".lake" / "packages",
            ("Solution",),
            {"Solution.lean": "-- the submission\n"},
        )
        return folder


def _report(stdout: str) -> dict:
    for line in reversed(stdout.splitlines()):
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            return obj
    return {}


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if not p.is_dir())


def _solution_outputs() -> list[str]:
    return sorted(workspaces.module_outputs("Solution"))


# -- the checks: each returns (ok, detail, evidence); no evidence means it did not run ----

Outcome = tuple[bool, str, str]


def check_leftovers(scene: Scene, case: Case) -> Outcome:
    workspace = scene.solution_workspace()
    before = set(_files(workspace))
    trusted = scene.root / "challenge"
    util = trusted / workspaces.BUILD_LIB / workspaces.UTIL_PREFIX
    util.mkdir(parents=True)
    (util / "Answer.olean").write_bytes(b"trusted utility library\n")
    policy = scene.build_policy(workspace, workspaces.module_outputs("Solution"))
    result, report = scene.run(policy, "plant")
    if not report.get("planted"):
        return False, f"the payload did not run ({result.describe()})", ""
    evidence = f"the build jail planted {report['planted']} files ({result.describe()})"
    problems = []
    back = sorted(set(_files(workspace)) - before)
    if back != _solution_outputs():
        problems.append(f"came back from the build: {back}")
    folder = workspaces.export_workspace(scene.root, "Solution", workspace, trusted)
    laid_out = _files(folder)
    want = [
        f"lib/{workspaces.UTIL_PREFIX}/Answer.olean",
        "lib/Solution.ilean",
        "lib/Solution.olean",
    ]
    if laid_out != want:
        problems.append(f"the export workspace holds {laid_out}")
    if (folder / want[0]).read_bytes() != (util / "Answer.olean").read_bytes():
        problems.append("the export workspace's utility library is not the trusted one")
    steps = Steps(scene.tools(), scene.jail, LIMITS)
    argv = steps.export_argv("Solution", ["P901.main"]) + steps.replay_argv("Solution")
    lake = str(steps.tools.toolchain.lake)
    if lake in argv or "env" in argv:
        problems.append(f"export or replay goes through Lake: {argv}")
    search = steps.lean_env(folder)["LEAN_PATH"].split(":")
    outside = [
        p
        for p in search
        if not (Path(p) == folder / "lib" or Path(p).is_relative_to(steps.tools.packages_dir))
    ]
    if outside or Path(search[0]) != folder / "lib":
        problems.append(f"LEAN_PATH reaches beyond our layout and Mathlib: {search}")
    if problems:
        return False, "; ".join(problems), evidence
    return (
        True,
        (
            f"only {', '.join(Path(p).name for p in _solution_outputs())} came back; the export "
            f"workspace holds {len(laid_out)} files of ours; LEAN_PATH = {len(search)} entries set "
            "by the grader; no Lake"
        ),
        evidence,
    )


def check_copy_back(scene: Scene, case: Case) -> Outcome:
    kind, *args = case.args
    workspace = scene.solution_workspace()
    before = set(_files(workspace))
    named = workspaces.module_outputs("Solution")
    result, report = scene.run(scene.build_policy(workspace, named), kind, *args)
    if not report:
        return False, f"the payload did not run ({result.describe()})", ""
    evidence = f"the build jail made {report.get('detail', '?')} ({result.describe()})"
    back = sorted(set(_files(workspace)) - before)
    if kind == "sparse":
        if result.outcome != "work" or "sparse" not in result.work_refused or back:
            return (
                False,
                f"holes were not refused ({result.describe()}; came back: {back})",
                evidence,
            )
        return True, f"refused, nothing copied back: {result.work_refused}", evidence
    if result.outcome != "ok" or back != _solution_outputs():
        return False, f"the build's outputs did not come back alone ({result.describe()})", evidence
    # the same run under a policy that takes everything back: counted, then refused
    everything = scene.solution_workspace("everything")
    kept = set(_files(everything))
    result2, report2 = scene.run(scene.build_policy(everything, None), kind, *args)
    if not report2:
        return False, f"the payload did not run the second time ({result2.describe()})", evidence
    if result2.outcome != "work" or "more than" not in result2.work_refused:
        return False, f"{report2.get('detail')} were not refused ({result2.describe()})", evidence
    if set(_files(everything)) != kept:
        return False, "the refused run still changed its host folder", evidence
    return (
        True,
        (
            f"the build's outputs came back alone; taking everything was refused: "
            f"{result2.work_refused}"
        ),
        evidence,
    )


def check_reference_apart(scene: Scene, case: Case, job_of: Callable[[Case], object]) -> Outcome:
    from .inputs import GradeJob

    job = job_of(case)
    assert isinstance(job, GradeJob)
    if job.yes_no or job.reference is None:
        raise OfbError(f"case {case.name}: reference-apart needs a value item with an answer")
    attempt = workspaces.prepare(
        scene.root / "attempts",
        job,
        scene.project,
        scene.project.root / ".lake" / "packages",
        namespace="P901",
        answer="2 + 2",
        comparator_config={},
    )
    assert attempt.reference is not None
    leaked = [
        str(p.relative_to(attempt.root))
        for ws in (attempt.challenge, attempt.solution, attempt.comparator)
        for p in ws.rglob("*.lean")
        if f"answer({job.reference})" in p.read_text(encoding="utf-8")
    ]
    targets = [
        str(attempt.reference / "Reference.lean"),
        str(attempt.reference),
        str(attempt.solution / "Solution.lean"),
        str(attempt.comparator / "config.json"),
        str(scene.project.evaluator_dir / "answers.toml"),
    ]
    policy = scene.build_policy(attempt.challenge, workspaces.module_outputs("Challenge"))
    result, report = scene.run(policy, "look", *targets)
    attempts = report.get("attempts", {})
    if set(attempts) != set(targets):
        return False, f"the payload did not look everywhere ({result.describe()})", ""
    evidence = f"the Challenge's build jail tried {len(targets)} paths ({result.describe()})"
    reached = report.get("reached", [])
    if leaked or reached:
        return False, f"the reference leaks: files {leaked}, reached {reached}", evidence
    return True, "the Reference is built apart: no other workspace holds or shows it", evidence


def check_tool_folder(scene: Scene, case: Case) -> Outcome:
    folder = scene.root / "tools"
    folder.mkdir(mode=0o755)
    program = folder / "nanoda"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    secret = folder / "answers.toml"
    secret.write_text("[answers]\n")
    secret.chmod(0o644)
    workspace = scene.solution_workspace()
    steps = Steps(scene.tools(), scene.jail, LIMITS)
    policy = steps.policy(workspace, [program])
    policy = replace(
        policy.with_read_only(*python_paths()), files=((PAYLOAD_INSIDE, scene.script),)
    )
    result, report = scene.run(policy, "look", str(program), str(secret))
    attempts = report.get("attempts", {})
    if set(attempts) != {str(program), str(secret)}:
        return False, f"the payload did not run ({result.describe()})", ""
    evidence = f"a step's jail looked at the program and its neighbour ({result.describe()})"
    problems = []
    if attempts[str(secret)] in ("read", "visible"):
        problems.append("the program's neighbour is visible")
    if attempts[str(program)] not in ("read", "visible"):
        problems.append("the program itself is not visible")
    refused = []
    root = scene.project.root
    for what, place in (("checkout", root / "x"), ("evaluator", scene.project.evaluator_dir / "x")):
        try:
            refuse_exposed_tools(scene.project, {"--nanoda": place})
            problems.append(f"a tool in the {what} was accepted")
        except ToolchainError:
            refused.append(what)
    if problems:
        return False, "; ".join(problems), evidence
    return (
        True,
        f"the program alone is shown; tools in the {' and the '.join(refused)} are refused",
        evidence,
    )


def check_no_cgroups(scene: Scene, case: Case) -> Outcome:
    from ..jail.bwrap import BwrapBackend, Hardening
    from ..jail.check import run_check
    from .pipeline import JailCheckFailed, require_jail

    weak = BwrapBackend(Hardening(cgroups=False))
    (probe,) = run_check(weak, only=["group-memory"])
    if "processes" not in probe.detail:  # the probe's own report, or it did not run
        return False, f"the several-process probe did not run: {probe.detail}", ""
    evidence = f"the several-process probe ran without cgroups: {probe.detail}"
    if probe.ok:
        return False, "the probe did not see the per-process limits", evidence
    try:
        require_jail(weak)
    except JailCheckFailed as exc:
        refusal = str(exc).split(";")[0]
    else:
        return False, "grading would start without group limits", evidence
    here = scene.jail.group_limits()
    if here is not None:
        (held,) = run_check(scene.jail, only=["group-memory"])
        if not held.ok:
            return False, f"the group limit does not hold here ({here}): {held.detail}", evidence
    return True, f"refused: {refusal}; this node's jail: {here or 'no cgroups'}", evidence


def check_verdict_line(case: Case, job_of: Callable[[Case], object], project: Project) -> Outcome:
    from .inputs import GradeJob
    from .pipeline import Grader

    job = job_of(case)
    assert isinstance(job, GradeJob)
    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        record = Grader(project, None, Path(tmp)).grade(job)
    line = record.as_dict()
    evidence = f"graded: {line['verdict']} at {line['stage']} ({line['reason']})"
    problems = []
    if "reference" in json.dumps(line["answer"]) or line["answer"]["matches"] is not None:
        problems.append(f"the verdict line's answer is {line['answer']}")
    if record.evaluator_dict().get("reference") != job.reference:
        problems.append("the evaluator's line lacks the reference answer")
    if problems:
        return False, "; ".join(problems), evidence
    return True, "no reference answer in the verdict line; the evaluator's line has it", evidence


def check_submission_link(case: Case, project: Project) -> Outcome:
    from .inputs import find_submissions

    answers = project.evaluator_dir / "answers.toml"
    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        folder = Path(tmp)
        (folder / "P901.lean").symlink_to(answers)
        os.mkfifo(folder / "P902.lean")
        try:
            find_submissions(folder)
        except OfbError as exc:
            message = str(exc)
        else:
            return False, "links and FIFOs were read as submissions", "two submissions offered"
    evidence = "a link to the answers and a FIFO offered as submissions"
    secret = answers.read_text(encoding="utf-8").strip().splitlines()[:1]
    if "refused: a symbolic link" not in message or "not a regular file" not in message:
        return False, f"not refused as expected: {message}", evidence
    if secret and secret[0] in message:
        return False, "the answers' text reached the error", evidence
    return True, "both refused unread", evidence


def run_isolation(case: Case, ctx: SelftestContext, job_of: Callable[[Case], object]) -> CaseResult:
    from .selftest import CaseResult, decided

    check = case.check
    if check in NEEDS_JAIL and ctx.jail is None:
        return CaseResult(case, "error", f"no working jail here: {ctx.jail_problem}")
    if check == "no-cgroups" and (os.geteuid() != 0 or shutil.which("bwrap") is None):
        return CaseResult(case, "skipped", "needs root and bwrap (to compare with cgroups)")
    if check in ("copy-back", "leftovers") and os.geteuid() != 0:
        return CaseResult(case, "skipped", "needs root (only root stages the work dir)")
    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        root = Path(tmp)
        os.chmod(root, 0o755)
        script = (case.folder / PAYLOAD).read_bytes()
        scene = Scene(root, ctx.project, ctx.jail, script) if ctx.jail is not None else None
        if check in selftest_hostile.CHECKS:
            ok, detail, evidence = selftest_hostile.run_check(
                check,
                ctx.project,
                ctx.jail,
                root,
                script,
                case.reference.text if case.reference else "",
            )
        elif check == "verdict-line":
            ok, detail, evidence = check_verdict_line(case, job_of, ctx.project)
        elif check == "submission-link":
            ok, detail, evidence = check_submission_link(case, ctx.project)
        else:
            assert scene is not None
            ok, detail, evidence = {
                "leftovers": lambda: check_leftovers(scene, case),
                "copy-back": lambda: check_copy_back(scene, case),
                "reference-apart": lambda: check_reference_apart(scene, case, job_of),
                "tool-folder": lambda: check_tool_folder(scene, case),
                "no-cgroups": lambda: check_no_cgroups(scene, case),
            }[check or ""]()
    return decided(case, ok, detail, evidence or None, detail)
