"""The grader's jailed steps: what each sees, the command it runs, and how it ended.

Every step runs in the jail with one writable path, its own workspace; read-only it sees
the toolchain, Mathlib's prebuilt packages and the program files it runs — never the
checkout, the answers, the evaluator key or another workspace. A build copies back only
its module's outputs (`workspaces.module_outputs`); export and replay run in an export
workspace we laid out (`workspaces.export_workspace`), calling lean4export and
leanchecker directly with `LEAN_PATH` and `LEAN_SYSROOT` set here — Lake never loads a
file a submission could have written. Outcomes are read from the exit status and the
jail's report (timeout, memory, a work dir refused); the text a build printed is kept only
as the detail of a failure, never as evidence of success.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from ..jail import Backend, JailPolicy, JailResult, Limits, MiB
from ..lean.toolchain import Toolchain
from . import workspaces
from .tools import GraderTools

DETAIL_CHARS = 1500
# The evaluator's explicit waiver (`--allow-no-cgroups`) for a node without cgroups; every
# verdict line graded under it says so.
NO_CGROUPS = (
    "no-cgroups: memory and CPU limits held per process (rlimits), not for each step's "
    "whole process tree (--allow-no-cgroups)"
)
# Git's per-user config, trusting every repository: see `trust_git_repositories`.
GITCONFIG = "[safe]\n\tdirectory = *\n"
# The kernel replay's own budget (`ofb grade --replay-memory-mib/--replay-wall`).
# `leanchecker --fresh` replays every constant of the Solution's imports — for a file that
# imports Mathlib, all of Mathlib — into a fresh environment, in one thread; it needs more
# time and memory than any other step. docs/grading.md gives the measured figures.
REPLAY_MEMORY_MIB = 16384
REPLAY_WALL_SECONDS = 14400.0


@dataclass
class StageResult:
    stage: str
    ok: bool
    reason: str = ""  # timeout, memory, crash, error, mismatch, forbidden-axiom, answer, …
    detail: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict:
        d = asdict(self)
        d["seconds"] = round(self.seconds, 3)
        return d


def error_lines(text: str) -> str:
    """The error lines of a Lean or Lake log (the last ones), else its tail."""
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    errors = [ln for ln in lines if "error" in ln.lower()]
    picked = (errors or lines)[-12:]
    joined = "\n".join(picked)
    return joined[-DETAIL_CHARS:]


def from_run(stage: str, result: JailResult, seconds: float, what: str) -> StageResult:
    """A step's outcome from its jailed run: ok only on exit 0 within the limits."""
    if result.outcome in ("timeout", "cpu"):
        return StageResult(stage, False, "timeout", f"{what} {result.describe()}", seconds)
    if result.outcome == "memory":
        peak = f" (peak {result.peak_memory >> 20} MiB)" if result.peak_memory else ""
        return StageResult(stage, False, "memory", f"{what} {result.describe()}{peak}", seconds)
    if result.outcome == "signal":
        return StageResult(stage, False, "crash", f"{what} {result.describe()}", seconds)
    if result.outcome == "work":
        return StageResult(stage, False, "work-dir", f"{what} {result.describe()}", seconds)
    if result.outcome != "ok":
        log = error_lines(result.text("stdout") + "\n" + result.text("stderr"))
        return StageResult(
            stage, False, "error", f"{what} {result.describe()}:\n{log}".strip(), seconds
        )
    return StageResult(stage, True, "", "", seconds)


def step_policy(
    toolchain: Toolchain,
    workspace: Path,
    limits: Limits,
    read_only: Sequence[Path] = (),
    env: dict[str, str] | None = None,
    copy_back: Sequence[str] | None = (),
) -> JailPolicy:
    """The policy of every grading step: `workspace` writable (and the working directory);
    the toolchain and `read_only` (Mathlib's packages, the program files run) read-only;
    nothing of the checkout, hence not the answers or the key. `copy_back` names what comes
    back from the workspace (nothing by default)."""
    policy = toolchain.policy(
        work_dir=workspace,
        limits=limits,
        extra_read_only=list(dict.fromkeys(read_only)),
        project=False,
    )
    policy = policy.with_env(LEAN_ABORT_ON_PANIC="1", **(env or {}))
    return replace(policy, cwd=workspace, copy_back=None if copy_back is None else tuple(copy_back))


def trust_git_repositories(home: Path) -> Path:
    """Write `home/.gitconfig` with `safe.directory = *` (fresh before every step, so nothing
    an earlier step left there survives) and return its path.

    Lake runs git in every package it loads, and git refuses a repository owned by another
    uid ("dubious ownership") — Mathlib's packages belong to the grader, the jail runs as
    nobody. The `GIT_CONFIG_*` variables of the step's environment cover Lake run by the
    step itself, but comparator starts its builds in landrun with only `PATH`, `HOME` and
    `LEAN_ABORT_ON_PANIC`: the file in `HOME` is what reaches git there."""
    path = home / ".gitconfig"
    path.unlink(missing_ok=True)
    path.write_text(GITCONFIG, encoding="utf-8")
    path.chmod(0o644)
    return path


def replay_limits(
    limits: Limits,
    memory_mib: int = REPLAY_MEMORY_MIB,
    wall_seconds: float = REPLAY_WALL_SECONDS,
) -> Limits:
    """The replay step's limits: the other steps' (processes, CPUs, output), with its own
    memory and wall clock."""
    return replace(limits, memory=memory_mib * MiB, wall_seconds=wall_seconds)


def replay_argv(tools: GraderTools, module: str) -> list[str]:
    """`leanchecker --fresh MODULE`, called directly (no Lake): it finds the module through
    the `LEAN_PATH` of its export workspace (`Steps.lean_env`)."""
    return [str(tools.leanchecker), "--fresh", module]


class Steps:
    """Builds the policy and the command line of each step and runs it in the jail.

    `replay` limits the kernel replay (default: `replay_limits(limits)`). Every step must
    have run under group limits (cgroups, or Docker's); a run that reports per-process
    limits fails its stage, unless the evaluator waived them (`NO_CGROUPS` in `waivers`)."""

    def __init__(
        self,
        tools: GraderTools,
        jail: Backend,
        limits: Limits,
        replay: Limits | None = None,
        *,
        waivers: Sequence[str] = (),
    ) -> None:
        self.tools = tools
        self.jail = jail
        self.limits = limits
        self.replay_limits = replay if replay is not None else replay_limits(limits)
        self.waivers = tuple(waivers)

    @property
    def group_limits_required(self) -> bool:
        return NO_CGROUPS not in self.waivers

    def without_group_limits(self, result: JailResult) -> bool:
        return self.group_limits_required and result.limits_via == "rlimit"

    def policy(
        self,
        workspace: Path,
        programs: Sequence[Path] = (),
        env: dict[str, str] | None = None,
        copy_back: Sequence[str] | None = (),
        limits: Limits | None = None,
        lake: bool = True,
    ) -> JailPolicy:
        """The step policy; each program is shown as its own file, never its folder. A step
        that runs Lake (`lake`) finds the git config Lake needs in its `HOME` (the
        workspace)."""
        policy = step_policy(
            self.tools.toolchain,
            workspace,
            limits or self.limits,
            [self.tools.packages_dir, *programs],
            env,
            copy_back,
        )
        if lake:
            trust_git_repositories(Path(policy.environment["HOME"]))
        return policy

    def run(self, stage: str, what: str, argv: list[str], policy: JailPolicy) -> StageResult:
        start = time.monotonic()
        result = self.jail.run(argv, policy)
        seconds = time.monotonic() - start
        if self.without_group_limits(result):
            return StageResult(
                stage,
                False,
                "jail",
                f"{what} ran without group limits (limits via {result.limits_via}); "
                "grading needs cgroups",
                seconds,
            )
        return from_run(stage, result, seconds, what)

    def check_policy(self, workspace: Path) -> JailPolicy:
        """The broadest grading policy (every program, every variable a step sets), for the
        jail check's grading probes."""
        tools = self.tools
        programs = [tools.lean4export, tools.comparator, tools.landrun]
        env = {
            **self.lean_env(workspace),
            "OFB_EXPORT_OUT": str(workspace / workspaces.EXPORT_OUT / "M.ndjson"),
            "COMPARATOR_LEAN4EXPORT": str(tools.lean4export),
            "COMPARATOR_LANDRUN": str(tools.landrun),
        }
        if tools.nanoda is not None:
            programs.append(tools.nanoda)
            env["COMPARATOR_NANODA"] = str(tools.nanoda)
        return self.policy(workspace, programs, env, lake=False)

    def build(
        self,
        stage: str,
        workspace: Path,
        module: str,
        *,
        trusted: bool = False,
        keep: Sequence[str] = (),
    ) -> StageResult:
        """`lake build module`; only the module's outputs (and, for the trusted build, the
        utility library's; and what `keep` names, for the self-test's evidence) come back
        from the jail."""
        lake = str(self.tools.toolchain.lake)
        outputs = workspaces.module_outputs(module) + tuple(keep)
        if trusted:
            outputs += workspaces.util_outputs()
        return self.run(
            stage,
            f"lake build {module}",
            [lake, "build", module],
            self.policy(workspace, copy_back=outputs),
        )

    def lean_env(self, folder: Path) -> dict[str, str]:
        """How lean4export and leanchecker find modules in an export workspace: only what
        we put there and Mathlib's packages, and the toolchain's own library."""
        return {
            "LEAN_PATH": workspaces.lean_path(folder, self.tools.packages_dir, self.tools.packages),
            "LEAN_SYSROOT": str(self.tools.toolchain.prefix),
        }

    def export_argv(self, module: str, names: Sequence[str]) -> list[str]:
        return [
            "/bin/sh",
            "-c",
            'exec "$@" > "$OFB_EXPORT_OUT"',
            "sh",
            str(self.tools.lean4export),
            "--export-mdata",
            "--ignore-missing",
            module,
            "--",
            *names,
        ]

    def export(self, folder: Path, module: str, names: Sequence[str]) -> tuple[StageResult, Path]:
        """`lean4export` of `names` (and what they depend on) from `module`, with the answer
        markers (`--export-mdata`), in the export workspace `folder`; the export is the one
        file copied back."""
        rel = f"{workspaces.EXPORT_OUT}/{module}.ndjson"
        out = folder / rel
        env = {**self.lean_env(folder), "OFB_EXPORT_OUT": str(out)}
        policy = self.policy(folder, [self.tools.lean4export], env, copy_back=(rel,), lake=False)
        return self.run(
            "export", f"lean4export {module}", self.export_argv(module, names), policy
        ), out

    def replay_argv(self, module: str) -> list[str]:
        return replay_argv(self.tools, module)

    def replay(self, folder: Path, module: str) -> StageResult:
        """`leanchecker --fresh`: every constant of `module` and of its imports replayed into
        a fresh kernel environment, in the export workspace `folder`, under the replay's own
        limits (leanchecker ships with the toolchain)."""
        policy = self.policy(
            folder, [], self.lean_env(folder), limits=self.replay_limits, lake=False
        )
        return self.run("replay", f"leanchecker --fresh {module}", self.replay_argv(module), policy)

    def comparator(self, workspace: Path) -> JailResult:
        tools = self.tools
        env = {
            "COMPARATOR_LEAN4EXPORT": str(tools.lean4export),
            "COMPARATOR_LANDRUN": str(tools.landrun),
        }
        programs = [tools.lean4export, tools.comparator, tools.landrun]
        if tools.nanoda is not None:
            env["COMPARATOR_NANODA"] = str(tools.nanoda)
            programs.append(tools.nanoda)
        argv = [str(tools.toolchain.lake), "env", str(tools.comparator), "config.json"]
        return self.jail.run(argv, self.policy(workspace, programs, env))


@dataclass(frozen=True)
class CheckedPolicy:
    """The grading policy `ofb jail check` probes: how to make it for a workspace, what it
    is, and the host paths it must hide (the checkout, the evaluator's data)."""

    make: Callable[[Path], JailPolicy]
    what: str
    private: tuple[Path, ...]


def grading_policy_for_check(jail: Backend, scratch: Path) -> CheckedPolicy:
    """The grader's own policy where its tools are installed; elsewhere the same policy
    with an empty folder (under `scratch`) where the toolchain would be, and the checkout's
    Mathlib packages if it has them."""
    from ..errors import OfbError
    from ..project import Project

    try:
        project = Project.find()
    except OfbError:
        project = None
    private = (project.root, project.evaluator_dir) if project is not None else ()
    if project is not None:
        try:
            tools = GraderTools.discover(project, Toolchain.discover(project))
        except OfbError as exc:
            reason = str(exc).splitlines()[0].split(";")[0]
        else:
            steps = Steps(tools, jail, Limits())
            return CheckedPolicy(steps.check_policy, "the grader's tools", private)
    else:
        reason = "no FrontierBench checkout here"
    prefix = scratch / "toolchain"
    prefix.mkdir(mode=0o755, exist_ok=True)
    root = project.root if project is not None else scratch
    toolchain = Toolchain(prefix, "", "", root)
    packages = [root / ".lake" / "packages"] if (root / ".lake" / "packages").is_dir() else []
    return CheckedPolicy(
        lambda ws: step_policy(toolchain, ws, Limits(), packages),
        f"the grading policy without the grader's tools ({reason})",
        private,
    )
