"""`ofb attempt` (one packet) and `ofb run` (a subset × a model × a condition × a protocol)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import typer

from ..errors import BadInput, UsageError, shown
from .cluster import EXECUTOR, RAY_ADDRESS, executor_choice
from .common import finite

CONDITION = typer.Option("A", "--condition", help="A (closed-book), B (frozen), C (live web).")
PROTOCOL = typer.Option("native", "--protocol", help="native or continuation.")
AGENT = typer.Option("claude-code", "--agent", help="Agent profile: claude-code, codex, generic.")
PROFILES = typer.Option(None, "--profiles", help="Agent profiles file (default: the shipped one).")
MODEL = typer.Option(..., "--model", help="The evaluated model, pinned by name at the gateway.")
CONFIG = typer.Option(None, "--config", help="Evaluator config (TOML): upstream, sources, Lean.")
UPSTREAM = typer.Option(None, "--upstream", help="The model API to forward to (overrides config).")
KEY_ENV = typer.Option(None, "--upstream-key-env", help="Env variable holding the upstream key.")
STANDIN = typer.Option(
    None, "--standin", help="A stand-in model script (JSON) served on loopback as the upstream."
)
CLIS = typer.Option(None, "--clis", help="Where the agent CLIs are installed (node_modules).")
AGENT_EXE = typer.Option(None, "--agent-exe", help="The agent's executable (overrides --clis).")
CUTOFF = typer.Option("2026-01-06", "--cutoff", help="B's cutoff date, announced to the model.")
CPUS = typer.Option(5.0, "--cpus", callback=finite, help="CPU cores per attempt.")
MEMORY = typer.Option(24.0, "--memory-gib", callback=finite, help="Memory per attempt (GiB).")
PROCESSES = typer.Option(4096, "--processes", help="Processes per attempt.")
WORK = typer.Option(10.0, "--work-gib", callback=finite, help="Work dir size (GiB).")
TMP = typer.Option(10.0, "--tmp-gib", callback=finite, help="/tmp size (GiB).")
WALL = typer.Option(
    180.0, "--wall-minutes", callback=finite, help="Wall clock per attempt (minutes)."
)
STALL = typer.Option(20, "--stall-rounds", help="Consecutive rounds without tool use → stalled.")
WINDOW = typer.Option(40, "--stall-window", help="The window of the second stall rule.")
HITS = typer.Option(30, "--stall-hits", help="Rounds without tool use in the window → stalled.")
ERRORS = typer.Option(3, "--error-rounds", help="Rounds without a model call → agent error.")
MIN_LEFT = typer.Option(
    60.0, "--min-left-seconds", callback=finite, help="Least time left to resume a session."
)
NO_SOURCES = typer.Option(
    False,
    "--allow-no-sources",
    help="Run B/C without (some of) their retrieval sources (recorded, flagged by the report).",
)
NO_LEAN = typer.Option(
    False,
    "--allow-no-lean",
    help="Run without a Lean toolchain in the sandbox (recorded, flagged in Table 7).",
)


def _spec(
    agent: str,
    profiles: Path | None,
    model: str,
    condition: str,
    protocol: str,
    config_path: Path | None,
    upstream: str | None,
    key_env: str | None,
    cutoff: str,
    clis: Path | None,
    agent_exe: Path | None,
    limits: tuple[float, float, int, float, float, float],
    rules: tuple[int, int, int, int, float],
    allow: tuple[bool, bool] = (False, False),
) -> Any:
    from ..harness.attempt import AttemptSpec
    from ..harness.config import (
        AttemptLimits,
        Condition,
        ContinuationRules,
        Protocol,
        Upstream,
        load_config,
    )
    from ..harness.profiles import get_profile
    from ..jail.policy import GiB

    config = load_config(config_path)
    if upstream is not None:
        if not upstream.startswith(("http://", "https://")):
            raise UsageError(f"--upstream {upstream}: an http:// or https:// URL")
        config = replace(config, upstream=Upstream(upstream.rstrip("/"), key_env))
    try:
        cut = date.fromisoformat(cutoff)
    except ValueError:
        raise UsageError(f"--cutoff {cutoff}: a date YYYY-MM-DD") from None
    try:
        proto = Protocol(protocol)
    except ValueError:
        raise UsageError(f"--protocol {protocol}: native or continuation") from None
    cpus, memory, processes, work, tmp, wall = limits
    stall, window, hits, errors, min_left = rules
    return AttemptSpec(
        packet=Path("."),
        out=Path("."),
        profile=get_profile(agent, profiles),
        model=model,
        condition=Condition.parse(condition),
        protocol=proto,
        config=config,
        limits=AttemptLimits(
            cpus=cpus,
            memory=int(memory * GiB),
            processes=processes,
            work_size=int(work * GiB),
            tmp_size=int(tmp * GiB),
            wall_seconds=wall * 60,
        ),
        rules=ContinuationRules(
            min_left=min_left,
            stall_consecutive=stall,
            stall_window=window,
            stall_window_hits=hits,
            error_rounds=errors,
        ),
        cutoff=cut,
        clis=clis,
        agent_exe=agent_exe,
        allow_no_sources=allow[0],
        allow_no_lean=allow[1],
    )


@contextlib.contextmanager
def _standin(spec: Any, script: Path | None) -> Iterator[Any]:
    """The spec, with a stand-in model on loopback as its upstream when asked for."""
    if script is None:
        yield spec
        return
    from ..harness.config import Upstream
    from ..harness.standin import StandinModel, load_script

    if spec.config.upstream is not None:
        raise UsageError("--standin replaces the upstream: give it without --upstream/[upstream]")
    with StandinModel(load_script(script)) as model:
        yield replace(spec, config=replace(spec.config, upstream=Upstream(model.url)))


INTERRUPTED_EXIT = 130  # the shell's code for a command ended by Ctrl-C (128 + SIGINT)


RUN_STOPPING = (
    "stopping the run — attempts in flight are killed and recorded as interrupted, none is "
    "started; the same command resumes it"
)
ATTEMPT_STOPPING = (
    "stopping the attempt — its jail is killed and it is recorded as interrupted "
    "(interrupted.json); the same command starts it again"
)


@contextlib.contextmanager
def _stop_on_signal(stop: threading.Event, message: str = RUN_STOPPING) -> Iterator[None]:
    """While the run goes on, SIGINT (Ctrl-C) and SIGTERM set `stop` instead of raising in
    the middle of a record: one message, then the attempts in flight are stopped and
    recorded (run.py). Later signals change nothing; the handlers are restored after."""

    def handler(signum: int, _frame: object) -> None:
        if stop.is_set():
            return
        stop.set()
        # A plain write: the handler may run while the live table holds the console.
        os.write(2, f"\n{signal.Signals(signum).name}: {message}\n".encode())

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def attempt(
    packet: Path = typer.Argument(..., help="An exported packet folder (P###)."),
    out: Path | None = typer.Option(None, "--out", help="The attempt folder (default ./P###)."),
    agent: str = AGENT,
    profiles: Path | None = PROFILES,
    model: str = MODEL,
    condition: str = CONDITION,
    protocol: str = PROTOCOL,
    config: Path | None = CONFIG,
    upstream: str | None = UPSTREAM,
    upstream_key_env: str | None = KEY_ENV,
    standin: Path | None = STANDIN,
    clis: Path | None = CLIS,
    agent_exe: Path | None = AGENT_EXE,
    cutoff: str = CUTOFF,
    cpus: float = CPUS,
    memory_gib: float = MEMORY,
    processes: int = PROCESSES,
    work_gib: float = WORK,
    tmp_gib: float = TMP,
    wall_minutes: float = WALL,
    stall_rounds: int = STALL,
    stall_window: int = WINDOW,
    stall_hits: int = HITS,
    error_rounds: int = ERRORS,
    min_left_seconds: float = MIN_LEFT,
    allow_no_sources: bool = NO_SOURCES,
    allow_no_lean: bool = NO_LEAN,
) -> None:
    """Run one agent on one packet in the agent jail, under a condition and a protocol;
    the records (attempt.json, rounds.jsonl, events, Solution.lean) go to the attempt
    folder. Exit 0 when the attempt ran to an end reason. Ctrl-C stops it: its jail is
    killed, its record goes to interrupted.json, exit 130; the same command starts it again,
    with the unfinished folder moved aside (OUT.interrupted-TIME)."""
    from ..harness.attempt import run_attempt
    from ..harness.run import set_aside
    from ..outputs import check_writable

    packet = packet.resolve()
    target = (out or Path(packet.name)).resolve()
    check_writable(target, "--out", into=True)  # before the agent's hours of work
    spec = _spec(
        agent, profiles, model, condition, protocol, config, upstream, upstream_key_env, cutoff,
        clis, agent_exe, (cpus, memory_gib, processes, work_gib, tmp_gib, wall_minutes),
        (stall_rounds, stall_window, stall_hits, error_rounds, min_left_seconds),
        (allow_no_sources, allow_no_lean),
    )  # fmt: skip
    from rich.console import Console

    console = Console(stderr=True, highlight=False)
    # An unfinished attempt's folder (stopped or crashed) is kept, never written into.
    aside = set_aside(target, target.with_name(f"{target.name}.interrupted"))
    if aside is not None:
        console.print(
            f"{target}: an unfinished attempt was there; moved to {aside}", soft_wrap=True
        )

    def progress(pid: str, info: dict) -> None:
        if info.get("state") == "running":
            console.print(f"{pid}: round {info.get('round')}")

    stop = threading.Event()
    # Up to the last line printed: a second Ctrl-C must not cut the record's summary.
    with _stop_on_signal(stop, ATTEMPT_STOPPING):
        with _standin(replace(spec, packet=packet, out=target), standin) as ready:
            record = run_attempt(ready, progress, stop)
        print(
            json.dumps(
                {
                    k: record.get(k)
                    for k in (
                        "packet", "end_reason", "end_detail", "rounds", "wall_minutes",
                        "tool_uses", "model_calls", "submission",
                    )
                },
                indent=2,
            )
        )  # fmt: skip
        console.print(f"records: {target}", soft_wrap=True)  # a path to copy, unbroken
    if stop.is_set():
        raise typer.Exit(INTERRUPTED_EXIT)


def run(
    ctx: typer.Context,
    packets: Path = typer.Option(..., "--packets", help="The exported packets folder."),
    out: Path = typer.Option(..., "--out", help="The run folder (created, or resumed)."),
    key: Path | None = typer.Option(None, "--key", help="The evaluator key (for --subset)."),
    subset: str | None = typer.Option(None, "--subset", help="A subset of the register."),
    only: str | None = typer.Option(None, "--only", help="Comma-separated packet ids."),
    jobs: int = typer.Option(1, "--jobs", min=1, help="Attempts at once (--executor local)."),
    executor: str = EXECUTOR,
    ray_address: str | None = RAY_ADDRESS,
    agent: str = AGENT,
    profiles: Path | None = PROFILES,
    model: str = MODEL,
    condition: str = CONDITION,
    protocol: str = PROTOCOL,
    config: Path | None = CONFIG,
    upstream: str | None = UPSTREAM,
    upstream_key_env: str | None = KEY_ENV,
    standin: Path | None = STANDIN,
    clis: Path | None = CLIS,
    agent_exe: Path | None = AGENT_EXE,
    cutoff: str = CUTOFF,
    cpus: float = CPUS,
    memory_gib: float = MEMORY,
    processes: int = PROCESSES,
    work_gib: float = WORK,
    tmp_gib: float = TMP,
    wall_minutes: float = WALL,
    stall_rounds: int = STALL,
    stall_window: int = WINDOW,
    stall_hits: int = HITS,
    error_rounds: int = ERRORS,
    min_left_seconds: float = MIN_LEFT,
    allow_no_sources: bool = NO_SOURCES,
    allow_no_lean: bool = NO_LEAN,
) -> None:
    """Run every packet of a selection (all in --packets, --only ids, or --subset with the
    evaluator --key) under one model, condition and protocol, --jobs at a time (or each as
    a task on the attempts nodes of a Ray cluster: --executor ray), into a run folder; the
    same command on the same folder resumes it. Ctrl-C stops it: attempts in flight are
    killed and recorded as interrupted. Exit 0 when every attempt ran to an end reason, 1
    when one could not run, 130 when the run was stopped."""
    from ..harness.executor import Executor, LocalExecutor
    from ..harness.live import LiveTable
    from ..harness.run import RunPlan, execute
    from ..outputs import check_writable

    choice = executor_choice(ctx, executor, ray_address, local_only=("jobs",))
    check_writable(out, "--out", into=True)  # before any attempt starts
    packets = packets.resolve()
    ids, selection = _select(packets, key, subset, only)
    spec = _spec(
        agent, profiles, model, condition, protocol, config, upstream, upstream_key_env, cutoff,
        clis, agent_exe, (cpus, memory_gib, processes, work_gib, tmp_gib, wall_minutes),
        (stall_rounds, stall_window, stall_hits, error_rounds, min_left_seconds),
        (allow_no_sources, allow_no_lean),
    )  # fmt: skip
    from ..harness.attempt import access_exceptions

    out = out.resolve()
    runner: Executor = LocalExecutor(jobs)
    if choice.ray:
        from ..cluster.attempts import RayAttemptExecutor
        from ..harness.standin import load_script

        if standin is not None and spec.config.upstream is not None:
            raise UsageError(
                "--standin replaces the upstream: give it without --upstream/[upstream]"
            )
        # Each attempt node serves the stand-in on its own loopback.
        runner = RayAttemptExecutor(choice.address, load_script(standin) if standin else None)
    stop = threading.Event()
    # From here to the summary a Ctrl-C stops the run (and a second one changes nothing).
    with _stop_on_signal(stop):
        with _standin(spec, None if choice.ray else standin) as ready:
            access_exceptions(ready)  # refused here, before a run folder is made
            # A stand-in's port changes from run to run; the manifest names it as a stand-in.
            plan = RunPlan(ready, packets, tuple(ids), selection)
            if standin is not None:
                plan = RunPlan(
                    replace(ready, config=replace(ready.config, path=standin)), packets,
                    tuple(ids), selection,
                )  # fmt: skip
            with LiveTable(list(ids)) as table:
                summary = execute(plan, out, runner, table.update, stop)
        _print_summary(summary, stop.is_set())


def _print_summary(summary: Any, stopped: bool) -> None:
    from rich.console import Console

    console = Console(highlight=False)
    reasons = ", ".join(f"{k} {v}" for k, v in sorted(summary.reasons.items())) or "none"
    console.print(
        f"{summary.ran} attempt(s) ran, {summary.skipped} already finished; end reasons: {reasons}"
    )
    for pid, error in summary.failed:
        console.print(f"[red]{pid}: could not run: {error}[/]")
    if summary.recovered:
        console.print(f"{summary.recovered} runs.jsonl line(s) rebuilt from attempt records")
    console.print(f"run folder: {summary.out}")
    if stopped:
        console.print(
            f"stopped: {len(summary.interrupted)} attempt(s) interrupted "
            f"({', '.join(summary.interrupted) or 'none'}), {summary.not_started} not started; "
            "the same command resumes the run"
        )
        raise typer.Exit(INTERRUPTED_EXIT)
    if summary.failed:
        raise typer.Exit(1)


def _select(
    packets: Path, key: Path | None, subset: str | None, only: str | None
) -> tuple[list[str], str]:
    from ..evaluator.key import PACKET_ID

    if not packets.is_dir():
        raise UsageError(f"--packets {packets}: no such folder (the folder packet export wrote)")
    available = sorted(
        p.name for p in packets.iterdir() if p.is_dir() and PACKET_ID.fullmatch(p.name)
    )
    if not available:
        raise BadInput(f"{packets}: no packet folders (P###) in it; give the folder export wrote")
    if only and subset:
        raise UsageError("give --only or --subset, not both")
    if only:
        wanted = [p.strip() for p in only.split(",") if p.strip()]
        missing = [p for p in wanted if p not in available]
        if missing:
            raise UsageError(f"not in {packets}: {', '.join(map(shown, missing))}")
        return wanted, "ids:" + ",".join(wanted)
    if subset:
        if key is None:
            raise UsageError("--subset needs the evaluator --key (packet → item)")
        from ..evaluator.key import load_key
        from ..project import Project

        mapping = load_key(key).mapping
        project = Project.find()
        chosen = project.subsets.resolve(subset, project.register)
        ids = [pid for pid in available if mapping.get(pid) in set(chosen.ids)]
        if not ids:
            raise UsageError(f"no packet of {packets} belongs to {subset}")
        return ids, f"subset:{chosen.label}"
    return available, "all"
