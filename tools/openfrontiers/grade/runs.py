"""The grader's jailed steps: what each sees, the command it runs, and how it ended.

Every step runs in the jail with one writable path, its own workspace; read-only it sees
the toolchain, Mathlib's prebuilt packages and the programs it runs — never the checkout,
the answers, the evaluator key or another workspace. Outcomes are read from the exit
status and the jail's report (timeout, memory); the text a build printed is kept only as
the detail of a failure, never as evidence of success.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from ..jail import Backend, JailPolicy, JailResult, Limits
from ..lean.toolchain import Toolchain
from .tools import GraderTools

EXPORT_DIR = ".ofb"  # inside a workspace: where its export is written
DETAIL_CHARS = 1500


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
) -> JailPolicy:
    """The policy of every grading step: `workspace` writable (and the working directory);
    the toolchain and `read_only` (Mathlib's packages, the programs run) read-only;
    nothing of the checkout, hence not the answers or the key."""
    policy = toolchain.policy(
        work_dir=workspace,
        limits=limits,
        extra_read_only=list(dict.fromkeys(read_only)),
        project=False,
    )
    policy = policy.with_env(LEAN_ABORT_ON_PANIC="1", **(env or {}))
    return replace(policy, cwd=workspace)


class Steps:
    """Builds the policy and the command line of each step and runs it in the jail."""

    def __init__(self, tools: GraderTools, jail: Backend, limits: Limits) -> None:
        self.tools = tools
        self.jail = jail
        self.limits = limits

    def policy(
        self, workspace: Path, programs: Sequence[Path] = (), env: dict[str, str] | None = None
    ) -> JailPolicy:
        return step_policy(
            self.tools.toolchain,
            workspace,
            self.limits,
            [self.tools.packages_dir, *(p.parent for p in programs)],
            env,
        )

    def run(self, stage: str, what: str, argv: list[str], policy: JailPolicy) -> StageResult:
        start = time.monotonic()
        result = self.jail.run(argv, policy)
        return from_run(stage, result, time.monotonic() - start, what)

    def build(self, stage: str, workspace: Path, modules: Sequence[str]) -> StageResult:
        lake = str(self.tools.toolchain.lake)
        return self.run(
            stage,
            f"lake build {' '.join(modules)}",
            [lake, "build", *modules],
            self.policy(workspace),
        )

    def export(
        self, workspace: Path, module: str, names: Sequence[str]
    ) -> tuple[StageResult, Path]:
        """`lean4export` of `names` (and what they depend on) from `module`, with the answer
        markers (`--export-mdata`), written to a file in the workspace."""
        out = workspace / EXPORT_DIR / f"{module}.ndjson"
        out.parent.mkdir(mode=0o755, exist_ok=True)
        argv = [
            "/bin/sh",
            "-c",
            'exec "$@" > "$OFB_EXPORT_OUT"',
            "sh",
            str(self.tools.toolchain.lake),
            "env",
            str(self.tools.lean4export),
            "--export-mdata",
            "--ignore-missing",
            module,
            "--",
            *names,
        ]
        policy = self.policy(workspace, [self.tools.lean4export], {"OFB_EXPORT_OUT": str(out)})
        return self.run("export", f"lean4export {module}", argv, policy), out

    def replay(self, workspace: Path, module: str) -> StageResult:
        """`leanchecker --fresh`: every constant of `module` and of its imports replayed into
        a fresh kernel environment."""
        argv = [
            str(self.tools.toolchain.lake),
            "env",
            str(self.tools.leanchecker),
            "--fresh",
            module,
        ]
        return self.run("replay", f"leanchecker --fresh {module}", argv, self.policy(workspace))

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
