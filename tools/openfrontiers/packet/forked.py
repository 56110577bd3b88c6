"""A check run on the other core: a forked copy of this process runs it while this one
goes on, and answers only with its exit status, pass or fail.

Whoever reads a failure runs the check again in this process, for its full report and
its own exception; so the copy needs no channel for results, and a copy that could not
start (another platform, or threads that a fork would not carry) or that died costs time,
never a check. It forks only a process with a single thread: a thread holding a lock at
the fork would leave the copy waiting on it for ever.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import TracebackType

PASSED = 0
NOT_RUN = -1  # no copy: the caller runs the check itself


def may_fork() -> bool:
    return sys.platform == "linux" and hasattr(os, "fork") and threading.active_count() == 1


class ForkedCheck:
    """`check()` in a forked copy: its return value (0…125) is the copy's exit status; an
    exception exits 125. Use as a context manager: leaving it ends a copy still running."""

    def __init__(self, check: Callable[[], int], enabled: bool = True) -> None:
        self.pid: int | None = None
        if not enabled or not may_fork():
            return
        pid = os.fork()
        if pid == 0:  # the copy: no stdio flush, no atexit handler, nothing but the status
            code = 125
            try:
                code = check()
            except BaseException:  # noqa: BLE001 - any failure is a failure, reported by rerun
                code = 125
            finally:
                os._exit(code)
        self.pid = pid

    def status(self) -> int:
        """The copy's exit status once it ends; NOT_RUN when there was no copy; a signal
        that ended it counts as a failure (128 + signal)."""
        if self.pid is None:
            return NOT_RUN
        _, raw = os.waitpid(self.pid, 0)
        self.pid = None
        code = os.waitstatus_to_exitcode(raw)
        return 128 - code if code < 0 else code

    def __enter__(self) -> ForkedCheck:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = None
