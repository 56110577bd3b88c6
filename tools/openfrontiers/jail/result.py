"""What a jailed run ended with, the same for every backend."""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass
from typing import IO


@dataclass(frozen=True)
class JailResult:
    backend: str
    exit_code: int | None  # None when the process was killed by a signal we know of
    signal: int | None  # the signal that ended the command, where the backend can tell
    timed_out: bool  # killed after the wall-clock limit
    killed_for_memory: bool  # the kernel's OOM killer ended a process of the jail
    killed_for_cpu: bool  # the CPU-time limit was reached
    wall_time: float  # seconds from start to the end of the whole tree
    cpu_time: float | None  # seconds of CPU of the whole tree, where known
    peak_memory: int | None  # bytes, where known
    stdout: bytes
    stderr: bytes
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    limits_via: str = ""  # how limits were enforced: cgroup-v1, cgroup-v2, rlimit, docker
    work_capped: bool = True  # whether the work dir's size cap was enforced
    work_refused: str = ""  # why the work dir was not copied back ("" when it was)

    @property
    def ok(self) -> bool:
        return self.outcome == "ok"

    @property
    def outcome(self) -> str:
        """One word: ok, exit, timeout, memory, cpu, signal or work (what the run left in
        its work dir was refused)."""
        if self.timed_out:
            return "timeout"
        if self.killed_for_memory:
            return "memory"
        if self.killed_for_cpu:
            return "cpu"
        if self.signal is not None:
            return "signal"
        if self.work_refused:
            return "work"
        return "ok" if self.exit_code == 0 else "exit"

    def describe(self) -> str:
        return {
            "ok": "exited 0",
            "exit": f"exited {self.exit_code}",
            "timeout": "killed after the wall-clock limit",
            "memory": "killed for memory",
            "cpu": "killed after the CPU-time limit",
            "signal": f"killed by signal {self.signal}",
            "work": f"left a work dir that was not copied back ({self.work_refused})",
        }[self.outcome] + f" in {self.wall_time:.2f}s"

    def text(self, stream: str = "stdout") -> str:
        data: bytes = getattr(self, stream)
        return data.decode("utf-8", errors="replace")

    def summary(self) -> dict:
        """The result without the captured output (for JSON reports)."""
        d = asdict(self)
        for key in ("stdout", "stderr"):
            d[key + "_bytes"] = len(d.pop(key))
        d["outcome"] = self.outcome
        return d


class CappedReader(threading.Thread):
    """Drain a pipe, keeping the first `limit` bytes (a full pipe would block the child)."""

    def __init__(self, pipe: IO[bytes], limit: int) -> None:
        super().__init__(daemon=True)
        self.pipe = pipe
        self.limit = limit
        self.chunks: list[bytes] = []
        self.kept = 0
        self.truncated = False

    def run(self) -> None:
        read = self.pipe.read1 if hasattr(self.pipe, "read1") else self.pipe.read
        while True:
            chunk = read(65536)
            if not chunk:
                break
            room = self.limit - self.kept
            if room > 0:
                self.chunks.append(chunk[:room])
                self.kept += min(room, len(chunk))
            if len(chunk) > room:
                self.truncated = True
        self.pipe.close()

    @property
    def data(self) -> bytes:
        return b"".join(self.chunks)


def cap_bytes(data: bytes, limit: int) -> tuple[bytes, bool]:
    return (data[:limit], True) if len(data) > limit else (data, False)
