"""One attempt: an agent on one packet, in rounds, until an end reason.

A round is one session of the agent CLI in a fresh agent jail (start, then resumes), all
rounds sharing the attempt's work dir and the host services. Native protocol: one round.
Continuation: after each round the harness checks `Solution.lean` itself and resumes the
session with a message (remaining time, submission status, concrete tool work) while at
least `min_left` seconds remain; the rules of `ContinuationRules` end it otherwise.
"""

from __future__ import annotations

import contextlib
import hashlib
import platform
import secrets
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path

from .. import __version__
from ..errors import BadInput, OfbError, UsageError
from ..jail.bwrap import BwrapBackend
from ..jail.policy import JailPolicy
from . import prompt, sandbox
from .checking import CheckResult, SubmissionChecker
from .config import AttemptLimits, Condition, ContinuationRules, EvaluatorConfig, Protocol
from .events import StreamSummary, read_stream
from .gateway import GatewayLog, GatewaySettings, RoundStats, build_app
from .mcp_server import ToolLog, build_server
from .profiles import AgentProfile, fill
from .records import (
    ATTEMPT_FORMAT,
    INTERRUPTED_RECORD,
    ROUND_FORMAT,
    EndReason,
    append_jsonl,
    stalled,
    write_json_atomic,
)
from .retrieval.service import Retrieval
from .safefs import read_regular
from .services import Services
from .urls import normalise
from .webproxy import FixtureResolver, ProxyLog, Resolver, SystemResolver, WebProxy

Progress = Callable[[str, dict], None]
VERSION_BYTES = 64 << 10  # read of what the CLI's version command printed
STOP_POLL = 0.2  # seconds between looks at the stop flag while a jail runs


@dataclass(frozen=True)
class AttemptSpec:
    """Everything one attempt needs; plain data, so an executor can ship it elsewhere."""

    packet: Path  # the exported packet folder (P###)
    out: Path  # the attempt folder for the records
    profile: AgentProfile
    model: str
    condition: Condition
    protocol: Protocol
    config: EvaluatorConfig
    limits: AttemptLimits = field(default_factory=AttemptLimits)
    rules: ContinuationRules = field(default_factory=ContinuationRules)
    cutoff: date | None = None
    clis: Path | None = None
    agent_exe: Path | None = None
    node: dict | None = None  # where it runs: the executor, node id and jail check (cluster/)
    # The evaluator's explicit permission to run without what the paper's protocol needs:
    # B/C without (some of) their retrieval sources, or the agent jail without Lean.
    allow_no_sources: bool = False
    allow_no_lean: bool = False

    @property
    def packet_id(self) -> str:
        return self.packet.name


# The retrieval endpoints each condition needs (`[sources.NAME]` in the evaluator config);
# B also needs arXiv's OAI-PMH endpoint for the version history.
NEEDED_SOURCES = {
    Condition.B: ("arxiv", "arxiv_oai", "wikipedia", "openalex", "stackexchange"),
    Condition.C: ("arxiv", "wikipedia", "openalex", "stackexchange"),
}
NO_SOURCES = "no-sources"
NO_LEAN = "no-lean"


def missing_sources(spec: AttemptSpec) -> list[str]:
    return [n for n in NEEDED_SOURCES.get(spec.condition, ()) if n not in spec.config.sources]


def access_exceptions(spec: AttemptSpec) -> list[str]:
    """What the attempt lacks of the paper's protocol, each explicitly allowed by the
    evaluator (`no-sources`, `no-lean`); refused with what to do when not allowed. The list
    goes into attempt.json and the run manifest, and the report flags it."""
    found = []
    missing = missing_sources(spec)
    if missing:
        if not spec.allow_no_sources:
            raise UsageError(
                f"condition {spec.condition.value} ({spec.condition.label}) needs its retrieval "
                f"sources; the evaluator config names no endpoint for {', '.join(missing)} "
                "([sources.NAME] url = …, see harness.example.toml). To run without them "
                "anyway, pass --allow-no-sources (recorded, and flagged by the report)"
            )
        found.append(NO_SOURCES)
    if spec.config.toolchain is None:
        if not spec.allow_no_lean:
            raise UsageError(
                "no Lean toolchain for the sandbox: the agent could not compile and "
                "check_submission could not either; give [sandbox] toolchain = … (and "
                "mathlib = …) in the evaluator config. To run without Lean anyway, pass "
                "--allow-no-lean (recorded, flagged in Table 7; the agent is told)"
            )
        found.append(NO_LEAN)
    return found


@dataclass
class RoundResult:
    number: int
    kind: str
    seconds: float
    exit_code: int | None
    timed_out: bool
    stats: RoundStats
    session_id: str | None
    events: dict


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _version_of(argv: list[str]) -> str | None:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (done.stdout or done.stderr).strip().splitlines()[0] if done.returncode == 0 else None


def _package_versions() -> dict[str, str | None]:
    from importlib import metadata

    found: dict[str, str | None] = {}
    for name in ("mcp", "uvicorn", "starlette", "httpx2"):
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found


@dataclass(frozen=True)
class _Round:
    """One session of the agent: how it ran and what its event stream said."""

    number: int
    kind: str  # start or resume
    start: str
    seconds: float
    code: int | None
    timed_out: bool
    summary: StreamSummary
    interrupted: bool = False  # the run was stopped (Ctrl-C) and the jail killed


@dataclass
class _History:
    """What the continuation rules look back on: for each round, whether it used no tool,
    and how many rounds in a row had no successful model call."""

    no_tool: list[bool] = field(default_factory=list)
    no_success_streak: int = 0

    def add(self, stats: RoundStats) -> None:
        self.no_tool.append(stats.tool_uses == 0)
        self.no_success_streak = self.no_success_streak + 1 if stats.ok == 0 else 0


class Attempt:
    def __init__(
        self,
        spec: AttemptSpec,
        progress: Progress | None = None,
        stop: threading.Event | None = None,
    ) -> None:
        self.spec = spec
        self.progress = progress or (lambda _packet, _info: None)
        # Set when the run is stopped (Ctrl-C): the round's jail is killed and the attempt
        # ends `interrupted`, its record in `interrupted.json` (records.py).
        self.stop = stop or threading.Event()
        if spec.config.upstream is None:
            raise UsageError(
                "no upstream model API: the evaluator config needs [upstream] url = … "
                "(the harness has no default; see docs/harness.md)"
            )
        if not spec.packet.is_dir():
            raise UsageError(f"{spec.packet}: no such packet folder")
        if not (spec.packet / "Problem.lean").is_file():
            raise BadInput(
                f"{spec.packet}: not a packet (no Problem.lean); give a P### folder that "
                "`ofb packet export` wrote"
            )
        if spec.condition is Condition.B and spec.cutoff is None:
            raise UsageError("condition B needs a cutoff")
        self.exceptions = access_exceptions(spec)
        self.lean = spec.config.toolchain is not None
        self.exe = spec.profile.locate(spec.clis, spec.agent_exe)
        # What the jail shows of the agent's program: with `bind_up = 0` (the generic agent)
        # a copy of the program alone, made in the attempt's area (`run`); otherwise its
        # package folder, refused when it holds anything of the evaluator's.
        self.agent_dir: Path | None = None
        self.path_dirs: list[Path] = []
        if spec.profile.bind_up > 0:
            self.agent_dir = self.exe.parents[spec.profile.bind_up - 1]
            sandbox.refuse_exposed_folder(self.agent_dir, (spec.packet.resolve().parent,))
            self.path_dirs = [(self.exe.parent / p).resolve() for p in spec.profile.path]
            self.path_dirs.append(self.exe.parent)
        self.exe_inside = self.exe  # the program's path in the jail (a copy: see `run`)
        self.out = spec.out
        self.rounds: list[RoundResult] = []

    # -- the jail ----------------------------------------------------------------------

    def _backend(self, area: sandbox.WorkArea) -> BwrapBackend:
        ids = area.ids
        backend = BwrapBackend(
            seccomp_profile="agent",
            uid=None if ids is None else ids.uid,
            gid=None if ids is None else ids.gid,
        )
        status = backend.missing()
        if status:
            raise OfbError("the agent jail needs " + ", ".join(status))
        return backend

    def show_program(self, area: sandbox.WorkArea) -> None:
        """Put the agent's program where its jail sees it: with `bind_up = 0`, a copy of the
        program alone in the area (its folder is never shown); else it stays in its folder,
        which `__init__` has checked."""
        if self.agent_dir is None:
            self.exe_inside = sandbox.stage_executable(area, self.exe)

    def policy(self, area: sandbox.WorkArea, wall: float, env: dict[str, str]) -> JailPolicy:
        """The agent jail's policy for one round (after `show_program`)."""
        agent_dir, path_dirs = self.agent_dir, self.path_dirs
        if agent_dir is None:  # the staged copy alone
            agent_dir, path_dirs = self.exe_inside.parent, [self.exe_inside.parent]
        return sandbox.agent_policy(
            area, sandbox.evaluator_mounts(self.spec.config, agent_dir, path_dirs),
            self.spec.limits, wall, env,
        )  # fmt: skip

    def _run_in_jail(
        self,
        argv: list[str],
        area: sandbox.WorkArea,
        env: dict[str, str],
        services: tuple[str, ...],
        wall: float,
        stdin_text: str,
        stdout: Path,
        stderr: Path,
    ) -> tuple[int | None, float, bool, bool]:
        """Exit status, seconds, whether the wall clock ended it, whether a stop did."""
        policy = self.policy(area, wall, env)
        command = sandbox.forwarded(area, services, argv)
        started = time.monotonic()
        with (
            tempfile.TemporaryFile() as stdin,
            stdout.open("wb") as out,
            stderr.open("wb") as err,
        ):
            stdin.write(stdin_text.encode())
            stdin.seek(0)
            process = self._backend(area).spawn(
                command, policy, stdin=stdin, stdout=out, stderr=err
            )
            code: int | None = None
            stopped = False
            try:
                # Waits in short steps so that a stop kills the jail (in `close`) at once.
                while code is None and time.monotonic() - started < wall + 30:
                    if self.stop.is_set():
                        stopped = True
                        break
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        code = process.proc.wait(timeout=STOP_POLL)
            finally:
                process.close()
        seconds = time.monotonic() - started
        killed = code is None or code < 0 or code in (137, 143)
        return code, seconds, killed and not stopped and seconds >= wall - 1.0, stopped

    def _agent_version(self, area: sandbox.WorkArea, values: dict[str, str]) -> str | None:
        argv = [
            fill(a, values, f"{self.spec.profile.name}.version") for a in self.spec.profile.version
        ]
        if not argv:
            return None
        scratch = Path(tempfile.mkdtemp(prefix="ofb-version-"))
        try:
            code, _, _, _ = self._run_in_jail(
                argv, area, {}, (), 60.0, "", scratch / "out", scratch / "err"
            )
            # What the CLI printed is read up to a bound: a version is one short line.
            with (scratch / "out").open("rb") as fh:
                text = fh.read(VERSION_BYTES).decode(errors="replace").strip()
            return text.splitlines()[0][:200] if code == 0 and text else None
        finally:
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)

    # -- the attempt -------------------------------------------------------------------

    def run(self) -> dict:
        spec = self.spec
        out = self.out
        if (out / "attempt.json").exists():
            raise UsageError(f"{out}: this attempt already finished (attempt.json exists)")
        out.mkdir(parents=True, exist_ok=True)
        (out / "events").mkdir(exist_ok=True)
        sandbox.clean_stale()
        started_at = _now()
        readme = (spec.packet / "README.md").read_text(encoding="utf-8")
        if not self.lean:
            readme = prompt.NO_LEAN_README + readme
        problem = (spec.packet / "Problem.lean").read_text(encoding="utf-8")
        gateway_log = GatewayLog(out / "gateway.jsonl")
        tool_log = ToolLog(out / "mcp.jsonl")
        proxy_log = ProxyLog(out / "web.jsonl") if spec.condition is Condition.C else None
        resolver: Resolver | None = None
        if spec.condition is Condition.C:
            if spec.config.test_resolver:
                resolver = FixtureResolver(spec.config.test_resolver)
            else:
                resolver = SystemResolver()
        retrieval = None
        if spec.condition in (Condition.B, Condition.C):
            retrieval = Retrieval(
                spec.condition, spec.config, spec.cutoff, out / "retrieval.jsonl", resolver
            )
        assert spec.config.upstream is not None
        with sandbox.WorkArea(spec.packet, spec.limits.work_size) as area:
            self.show_program(area)
            if not self.lean:  # the workspace's README says the truth too
                area.write_work_file("README.md", readme)
            checker = SubmissionChecker(
                spec.packet,
                area.work / "work",
                out / "checks.jsonl",
                spec.config.toolchain,
                spec.config.mathlib,
            )
            apps = {
                "gateway": build_app(
                    GatewaySettings(
                        spec.model, spec.condition is Condition.C, spec.config.upstream
                    ),
                    gateway_log,
                ),
                "mcp": build_server(
                    spec.condition, checker, retrieval, tool_log
                ).streamable_http_app(host="127.0.0.1"),
            }
            raw = {}
            if proxy_log is not None and resolver is not None:
                raw["proxy"] = WebProxy(proxy_log, resolver).handle
            with Services(area.sock, apps, raw) as services:
                record = self._rounds(
                    area, services.names, checker, gateway_log, tool_log, proxy_log, retrieval,
                    readme, problem,
                )  # fmt: skip
                solution = read_regular(area.work / "work", "Solution.lean")
                if solution is not None:
                    (out / "Solution.lean").write_bytes(solution)
                interrupted = record["end_reason"] == EndReason.INTERRUPTED
                # A stopped run does not wait for a compile: the file's hash is kept.
                record["submission"] = (
                    {"checked": False, "reason": "interrupted", "sha256": _sha256(solution)}
                    if interrupted
                    else checker.check("final").as_dict()
                )
        record["start"] = started_at
        record["end"] = _now()
        record["node"] = spec.node
        self._finish(record, gateway_log, tool_log, proxy_log, retrieval)
        # An interrupted attempt did not finish: its record is kept beside, never as
        # attempt.json, so grading and the report count it unfinished and a resume reruns it.
        write_json_atomic(out / (INTERRUPTED_RECORD if interrupted else "attempt.json"), record)
        self.progress(spec.packet_id, {"state": "ended", "end_reason": record["end_reason"]})
        return record

    def _values(self, session_id: str, token: str) -> dict[str, str]:
        spec = self.spec
        values = {
            "exe": str(self.exe_inside),
            "model": spec.model,
            "home": str(sandbox.INSIDE_HOME),
            "work": str(sandbox.INSIDE_WORK),
            "gateway_url": sandbox.loopback_url("gateway"),
            "mcp_url": sandbox.loopback_url("mcp") + "/mcp",
            "token": token,
            "session_id": session_id,
        }
        values.update(spec.profile.vars.get(spec.condition.value, {}))
        return values

    def _rounds(
        self,
        area: sandbox.WorkArea,
        services: tuple[str, ...],
        checker: SubmissionChecker,
        gateway_log: GatewayLog,
        tool_log: ToolLog,
        proxy_log: ProxyLog | None,
        retrieval: Retrieval | None,
        readme: str,
        problem: str,
    ) -> dict:
        """Run the agent round after round until an end reason holds; the attempt's record."""
        spec, profile = self.spec, self.spec.profile
        token = "ofb-" + secrets.token_hex(16)
        session_id = str(uuid.uuid4()) if profile.session_id == "uuid" else ""
        values = self._values(session_id or "none", token)
        self._write_home_files(area, values)
        env = self._agent_env(values)
        version = self._agent_version(area, values)
        budget = spec.limits.wall_seconds
        begin = time.monotonic()
        deadline = begin + budget
        sources = retrieval.available if retrieval is not None else []
        message = prompt.task_prompt(
            readme, problem, spec.packet_id, budget, spec.condition, spec.cutoff, sources,
            self.lean,
        )  # fmt: skip
        history = _History()
        end: EndReason | None = None
        detail = ""
        number = 0
        while end is None:
            if self.stop.is_set():
                end, detail = (
                    EndReason.INTERRUPTED,
                    f"the run was stopped before round {number + 1}",
                )
                break
            number += 1
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                end, detail = EndReason.WALL_CLOCK, "no time left before the round"
                break
            for log in (gateway_log, tool_log, checker, proxy_log, retrieval):
                if log is not None:
                    log.round = number
            rnd = self._run_round(
                number, session_id, token, area, env, services, remaining, message
            )
            if profile.session_id == "from-events" and rnd.summary.session_id:
                session_id = rnd.summary.session_id
            stats = gateway_log.stats(number)
            history.add(stats)
            check = None
            if rnd.interrupted:
                end = EndReason.INTERRUPTED
                detail = f"the run was stopped {rnd.seconds:.0f} s into round {number}"
                self._record_round(rnd, session_id, stats, None, end, area, tool_log)
                break
            if spec.protocol is Protocol.CONTINUATION and not rnd.timed_out:
                check = checker.check("harness")
            left = deadline - time.monotonic()
            end, detail = self._end_of_round(area, stats, history, rnd, check, left)
            if end is None and self.stop.is_set():
                end, detail = EndReason.INTERRUPTED, f"the run was stopped after round {number}"
            self._record_round(rnd, session_id, stats, check, end, area, tool_log)
            if end is None:
                assert check is not None
                message = prompt.continuation(left, budget, check, spec.condition, self.lean)
        record = self._attempt_record(area, services, version, time.monotonic() - begin)
        record.update(end_reason=str(end), end_detail=detail, rounds=number)
        return record

    def _run_round(
        self,
        number: int,
        session_id: str,
        token: str,
        area: sandbox.WorkArea,
        env: dict[str, str],
        services: tuple[str, ...],
        remaining: float,
        message: str,
    ) -> _Round:
        """One session of the agent in the jail: started, or resumed when it has a session."""
        profile = self.spec.profile
        resume = number > 1 and bool(session_id)
        values = self._values(session_id or "none", token)
        kind = "resume" if resume else "start"
        argv = [
            fill(a, values, f"{profile.name}.{kind}")
            for a in (profile.resume if resume else profile.start)
        ]
        self.progress(self.spec.packet_id, {"state": "running", "round": number})
        started = _now()
        events = self.out / "events" / f"round-{number:03d}.jsonl"
        code, seconds, timed_out, stopped = self._run_in_jail(
            argv, area, env, services, remaining, message, events,
            self.out / "events" / f"round-{number:03d}.stderr",
        )  # fmt: skip
        summary = read_stream(profile.events, events)
        return _Round(number, kind, started, seconds, code, timed_out, summary, stopped)

    def _record_round(
        self,
        rnd: _Round,
        session_id: str,
        stats: RoundStats,
        check: CheckResult | None,
        end: EndReason | None,
        area: sandbox.WorkArea,
        tool_log: ToolLog,
    ) -> None:
        """The round's line in rounds.jsonl, and its result for the caller."""
        append_jsonl(
            self.out / "rounds.jsonl",
            {
                "format": ROUND_FORMAT,
                "round": rnd.number,
                "kind": rnd.kind,
                "start": rnd.start,
                "seconds": round(rnd.seconds, 3),
                "exit_code": rnd.code,
                "timed_out": rnd.timed_out,
                "session_id": session_id or rnd.summary.session_id,
                "tool_use": stats.tool_uses > 0,
                "model": stats.as_dict(),
                "events": rnd.summary.as_dict(),
                "mcp_calls": tool_log.calls,
                "work_bytes_used": area.used_bytes(),
                "submission": check.as_dict() if check is not None else None,
                "end_reason": str(end) if end is not None else None,
            },
        )
        self.rounds.append(
            RoundResult(rnd.number, rnd.kind, rnd.seconds, rnd.code, rnd.timed_out, stats,
                        session_id or rnd.summary.session_id, rnd.summary.as_dict())
        )  # fmt: skip

    def _write_home_files(self, area: sandbox.WorkArea, values: dict[str, str]) -> None:
        """The profile's files (the CLI's config) into the agent's home."""
        profile = self.spec.profile
        for target, text in profile.files.items():
            inside = Path(fill(target, values, f"{profile.name}.files"))
            if not inside.is_relative_to(sandbox.INSIDE_HOME):
                raise UsageError(f"profile {profile.name}: file {target} must be under {{home}}")
            area.write_home_file(
                str(inside.relative_to(sandbox.INSIDE_HOME)),
                fill(text, values, f"{profile.name}.files"),
            )

    def _agent_env(self, values: dict[str, str]) -> dict[str, str]:
        """The agent's environment: the profile's, and under condition C the web proxy."""
        profile = self.spec.profile
        env = {k: fill(v, values, f"{profile.name}.env") for k, v in profile.env.items()}
        if self.spec.condition is Condition.C:
            proxy = sandbox.loopback_url("proxy")
            env.update(
                HTTP_PROXY=proxy,
                HTTPS_PROXY=proxy,
                http_proxy=proxy,
                https_proxy=proxy,
                NO_PROXY="127.0.0.1,localhost,::1",
                no_proxy="127.0.0.1,localhost,::1",
            )
        return env

    def _end_of_round(
        self,
        area: sandbox.WorkArea,
        stats: RoundStats,
        history: _History,
        rnd: _Round,
        check: CheckResult | None,
        left: float,
    ) -> tuple[EndReason | None, str]:
        """Why the attempt ends after this round (None: it goes on), and the detail."""
        spec = self.spec
        if rnd.timed_out or left <= 0:
            return EndReason.WALL_CLOCK, f"the session was ended after {rnd.seconds:.0f} s"
        if area.full():
            return EndReason.DISK_QUOTA, f"{area.free_bytes()} bytes left in the work dir"
        if stats.last_fatal:
            return EndReason.API_ERROR, f"the model API answered {stats.last_status}"
        if spec.protocol is Protocol.NATIVE:
            if stats.ok == 0:
                return EndReason.AGENT_ERROR, "no successful model call"
            if rnd.code not in (0, None):
                return EndReason.AGENT_ERROR, f"the agent exited with status {rnd.code}"
            return EndReason.AGENT_STOPPED, ""
        rules = spec.rules
        if check is not None and check.passed:
            if check.lean is None:
                # Without Lean a pass is the static layer's only: not a passing check, and
                # no further round can make it one.
                return (
                    EndReason.SUBMITTED_UNCOMPILED,
                    f"Solution.lean {check.sha256} passes the static rules; no Lean to compile it",
                )
            return EndReason.SUBMITTED, f"Solution.lean {check.sha256}"
        if history.no_success_streak >= rules.error_rounds:
            return (
                EndReason.AGENT_ERROR,
                f"{history.no_success_streak} consecutive rounds without a successful model call",
            )
        if stalled(
            history.no_tool, rules.stall_consecutive, rules.stall_window, rules.stall_window_hits
        ):
            return EndReason.STALLED, "rounds without tool use"
        if left < rules.min_left:
            return EndReason.AGENT_STOPPED, f"{left:.0f} s left, under the minimum"
        return None, ""

    def _attempt_record(
        self, area: sandbox.WorkArea, services: tuple[str, ...], version: str | None, wall: float
    ) -> dict:
        """The attempt's record but for how it ended."""
        spec = self.spec
        return {
            "format": ATTEMPT_FORMAT,
            "packet": spec.packet_id,
            "model": spec.model,
            "agent": {
                "profile": spec.profile.name,
                "version": version,
                "executable": str(self.exe),
                # what the jail was shown of it: the program's folder, or a copy of it alone
                "bound": str(self.agent_dir) if self.agent_dir else "a copy of the program",
            },
            "condition": spec.condition.value,
            "condition_label": spec.condition.label,
            "protocol": spec.protocol.value,
            "cutoff": spec.cutoff.isoformat()
            if spec.condition is Condition.B and spec.cutoff
            else None,
            "limits": spec.limits.as_dict(),
            "rules": spec.rules.as_dict() if spec.protocol is Protocol.CONTINUATION else None,
            "access": {
                "lean": self.lean,
                "sources_missing": missing_sources(spec),
                "allow_no_sources": spec.allow_no_sources,
                "allow_no_lean": spec.allow_no_lean,
            },
            "exceptions": self.exceptions,
            "wall_minutes": round(wall / 60, 3),
            "end_reason": None,
            "end_detail": "",
            "rounds": 0,
            "tool_versions": {
                "ofb": __version__,
                "python": platform.python_version(),
                "bwrap": _version_of(["bwrap", "--version"]),
                "agent": version,
                **_package_versions(),
            },
            "jail": {
                "backend": "bwrap",
                "seccomp_profile": "agent",
                "work_capped": area.capped,
                "network": "loopback only; exits: " + ", ".join(services),
            },
        }

    def _finish(
        self,
        record: dict,
        gateway_log: GatewayLog,
        tool_log: ToolLog,
        proxy_log: ProxyLog | None,
        retrieval: Retrieval | None,
    ) -> None:
        totals = RoundStats()
        for stats in gateway_log.rounds.values():
            for name in (
                "calls", "ok", "failed", "refused", "tool_uses", "input_tokens",
                "output_tokens", "cache_read_tokens", "cache_write_tokens",
            ):  # fmt: skip
                setattr(totals, name, getattr(totals, name) + getattr(stats, name))
        record["tool_uses"] = totals.tool_uses
        record["model_calls"] = {
            "total": totals.calls,
            "ok": totals.ok,
            "failed": totals.failed,
            "refused": totals.refused,
        }
        record["tokens"] = {
            "input": totals.input_tokens,
            "output": totals.output_tokens,
            "cache_read": totals.cache_read_tokens,
            "cache_write": totals.cache_write_tokens,
        }
        record["mcp_calls"] = tool_log.calls
        urls: list[dict] = []
        for number, stats in sorted(gateway_log.rounds.items()):
            # fetched by a server-side web tool; only listed by a search or a citation; named
            # in the agent's own tool calls (fetched only if the proxy carried that host:
            # results/records.py matches them, since TLS hides the path from the proxy)
            for via, found in (
                ("model-web-tool", stats.urls),
                ("model-web-tool-listed", stats.listed),
                ("agent-tool-call", stats.tool_urls),
            ):
                for url in dict.fromkeys(found):
                    urls.append(
                        {"url": url, "via": via, "round": number, **normalise(url).as_dict()}
                    )
        if proxy_log is not None:
            for entry in proxy_log.entries:
                if entry.get("url"):
                    urls.append(
                        {
                            "url": entry["url"],
                            "via": "proxy",
                            "round": entry.get("round"),
                            "decision": entry.get("decision"),
                            **normalise(entry["url"]).as_dict(),
                        }
                    )
        if retrieval is not None:
            urls += retrieval.urls
        record["urls"] = urls
        record["refused"] = {
            "gateway": totals.refused,
            "proxy": sum(
                1
                for e in (proxy_log.entries if proxy_log else [])
                if e.get("decision") == "refused"
            ),
        }
        record["records"] = {
            "rounds": "rounds.jsonl",
            "events": "events/",
            "gateway": "gateway.jsonl",
            "mcp": "mcp.jsonl",
            "checks": "checks.jsonl",
            "retrieval": "retrieval.jsonl" if (self.out / "retrieval.jsonl").exists() else None,
            "web": "web.jsonl" if proxy_log is not None else None,
            "solution": "Solution.lean" if (self.out / "Solution.lean").exists() else None,
        }
        with contextlib.suppress(Exception):
            record["host"] = {"python": sys.version.split()[0]}


def _sha256(data: bytes | None) -> str | None:
    return hashlib.sha256(data).hexdigest() if data is not None else None


def run_attempt(
    spec: AttemptSpec, progress: Progress | None = None, stop: threading.Event | None = None
) -> dict:
    """Run one attempt and return its record (also written to `spec.out/attempt.json`, or
    to `interrupted.json` when `stop` was set before it ended)."""
    return Attempt(spec, progress, stop).run()
