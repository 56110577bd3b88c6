"""What every jail backend offers, and how the runs of one are waited for."""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .policy import JailPolicy
from .result import JailResult


@dataclass(frozen=True)
class BackendStatus:
    name: str
    works: bool
    detail: str
    fix: str = ""


class Backend(Protocol):
    name: str

    def run(
        self, argv: Sequence[str], policy: JailPolicy, stdin: bytes | None = None
    ) -> JailResult: ...

    def status(self) -> BackendStatus: ...

    def group_limits(self) -> str | None:
        """How memory, process and CPU limits hold for a run's whole process tree
        (`cgroup-v1`, `cgroup-v2`, `docker`), or None where memory and CPU time hold per
        process only (rlimits; the process limit still counts the run's own tree)."""
        ...


@dataclass
class Waited:
    status: int  # as from wait(2)
    rusage: resource.struct_rusage | None
    timed_out: bool
    cpu_exceeded: bool
    wall_time: float


def wait_tree(
    proc: subprocess.Popen,
    deadline: float,
    start: float,
    kill_tree: Callable[[], None],
    cpu_time: Callable[[], float | None] | None = None,
    cpu_limit: float | None = None,
) -> Waited:
    """Wait for `proc`, killing its whole tree at the wall-clock deadline or when the tree's
    CPU time passes `cpu_limit`. Polls with a growing interval, so short runs return fast."""
    timed_out = cpu_exceeded = False
    interval = 0.0005
    while True:
        pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        now = time.monotonic()
        if not (timed_out or cpu_exceeded):
            if now >= deadline:
                timed_out = True
                kill_tree()
            elif cpu_limit is not None and cpu_time is not None:
                used = cpu_time()
                if used is not None and used >= cpu_limit:
                    cpu_exceeded = True
                    kill_tree()
        time.sleep(min(interval, max(deadline - now, 0.0005)))
        interval = min(interval * 1.5, 0.05)
    wall = time.monotonic() - start
    # Popen must not wait for a child we reaped ourselves.
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Waited(status, rusage, timed_out, cpu_exceeded, wall)


def kill_group(proc: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


def exit_and_signal(status: int) -> tuple[int | None, int | None]:
    """Exit code and signal from a wait status; a launcher that reports a child killed by
    signal N as exit code 128+N (bwrap, docker) is read the same way."""
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status)
    code = os.WEXITSTATUS(status)
    if 128 < code < 128 + 65:
        return code, code - 128
    return code, None
