"""How a run's attempts are scheduled: a small interface, and the local implementation.

An executor takes attempt specs (plain, picklable data) and runs `run_attempt` on each,
yielding each spec with its record (or the exception that stopped it) as attempts end.
The records are written by `run_attempt` itself, so every executor — this local thread
pool, or the Ray executor (`cluster/attempts.py`) — leaves the same attempt folders; each
record names the node it ran on (`node`).

A stop (`threading.Event`, set when the run is interrupted) starts no further attempt and
ends those in flight at once: each is yielded with its `interrupted` record."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from typing import Protocol

from ..stamp import local_stamp
from .attempt import AttemptSpec, Progress, run_attempt

Outcome = tuple[AttemptSpec, dict | BaseException]


class Executor(Protocol):
    name: str

    def opened(self, template: AttemptSpec) -> AbstractContextManager[None]:
        """Held while a run uses the executor; refuses (raises) before the run folder is
        touched when the attempts cannot run at all (no cluster, no node that fits)."""
        ...

    def run(
        self, specs: Sequence[AttemptSpec], progress: Progress, stop: threading.Event
    ) -> Iterator[Outcome]: ...


class LocalExecutor:
    """`jobs` attempts at once on this machine (threads: an attempt mostly waits on its
    jailed agent and its host services)."""

    name = "local"

    def __init__(
        self,
        jobs: int = 1,
        runner: Callable[[AttemptSpec, Progress, threading.Event], dict] = run_attempt,
    ) -> None:
        self.jobs = max(1, jobs)
        self.runner = runner

    def opened(self, template: AttemptSpec) -> AbstractContextManager[None]:
        return nullcontext()

    def run(
        self, specs: Sequence[AttemptSpec], progress: Progress, stop: threading.Event
    ) -> Iterator[Outcome]:
        queue = list(specs)
        with ThreadPoolExecutor(max_workers=self.jobs, thread_name_prefix="ofb-attempt") as pool:
            running: dict[Future, AttemptSpec] = {}
            while (queue and not stop.is_set()) or running:
                while queue and len(running) < self.jobs and not stop.is_set():
                    spec = queue.pop(0)
                    progress(spec.packet_id, {"state": "starting"})
                    stamped = replace(spec, node=spec.node or local_stamp())
                    running[pool.submit(self.runner, stamped, progress, stop)] = spec
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    spec = running.pop(future)
                    error = future.exception()
                    yield spec, (error if error is not None else future.result())
