"""The driver's side of Ray: connect to a cluster, check that some admitted node can take
the work, submit one task per job and hand results back as each finishes.

A task whose worker or node dies is retried by Ray (`RETRIES` times, on whichever admitted
node has room: another one when its node is gone). An error the task raised itself — a
node refusing work, bad input — is not retried: it is reported with the job. Ray returns
one result per task, and the callers write each result only if its job is not already
written, so a retried task never counts twice.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..errors import OfbError, UsageError
from .node import CHECKED, GROUPS, RAY_QUIET, REFUSED, task_resources

RETRIES = 1  # a task lost with its worker or node runs once more
J = TypeVar("J")


class ClusterError(OfbError):
    """The Ray cluster cannot be reached, or cannot take the work."""


class TaskCancelled(OfbError):
    """The task was cancelled by a stop (Ctrl-C on the driver) before it returned."""


def require_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UsageError(
            "--executor ray needs Ray on this machine: pip install 'openfrontiers[ray]' "
            "(the cluster's nodes need the same Ray version)"
        ) from None
    return ray


@dataclass(frozen=True)
class Demand:
    """What one task asks of a node: CPUs, memory (bytes) and its node group."""

    cpus: float
    memory: int
    group: str

    def options(self) -> dict:
        return {
            "num_cpus": self.cpus,
            "memory": max(1, int(self.memory)),
            "resources": task_resources(self.group),
        }

    def describe(self) -> str:
        return (
            f"a {self.group} node that passed the jail check with {self.cpus:g} CPU(s) and "
            f"{self.memory / 2**30:.3g} GiB"
        )


@dataclass(frozen=True)
class Task(Generic[J]):
    job: J  # what the result belongs to (the caller's)
    name: str  # shown as the worker's process title: ray::NAME
    function: Callable[..., Any]  # a module-level function (Ray ships it by reference)
    args: tuple = ()
    demand: Demand = field(default_factory=lambda: Demand(1.0, 1 << 30, "grading"))


def node_summary(node: dict) -> dict:
    resources = node.get("Resources") or {}
    groups = [g for g, r in GROUPS.items() if resources.get(r)]
    return {
        "id": node.get("NodeID"),
        "alive": bool(node.get("Alive")),
        "address": node.get("NodeManagerAddress"),
        "groups": groups,
        "jail_check": "passed"
        if resources.get(CHECKED)
        else ("failed" if resources.get(REFUSED) else "not run (not started by ofb cluster node)"),
        "cpus": resources.get("CPU", 0.0),
        "memory_gib": round(resources.get("memory", 0.0) / 2**30, 2),
    }


def _head_listens(address: str) -> None:
    """Refuse at once when nothing listens at the head's HOST:PORT: Ray itself retries for
    minutes before it gives up. ("auto" finds the cluster of this machine by its files.)"""
    if address == "auto":
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        raise ClusterError(f"--ray-address {address}: give the head as HOST:PORT")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except OSError as exc:
        raise ClusterError(
            f"no Ray cluster at {address}: nothing answers there ({exc.strerror or exc}). "
            "Start one with `ofb cluster node … -- ray start …` on each node (docs/scale.md)"
        ) from None


class RaySession:
    """A connection to a Ray cluster for one command (`with RaySession(address) as s:`)."""

    def __init__(self, address: str | None) -> None:
        self.address = address or os.environ.get("RAY_ADDRESS") or "auto"
        self.ray = require_ray()

    def __enter__(self) -> RaySession:
        for key, value in RAY_QUIET.items():
            os.environ.setdefault(key, value)
        _head_listens(self.address)
        try:
            self.ray.init(
                address=self.address,
                log_to_driver=False,
                logging_level="WARNING",
                configure_logging=False,
            )
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ClusterError(
                f"no Ray cluster at {self.address}: {exc}. Start one with `ofb cluster node "
                "… -- ray start …` on each node (docs/scale.md) and give its head as "
                "--ray-address HOST:PORT"
            ) from None
        return self

    def __exit__(self, *exc: object) -> None:
        self.ray.shutdown()

    def nodes(self) -> list[dict]:
        return [node_summary(n) for n in self.ray.nodes()]

    def require(self, demand: Demand) -> None:
        """Refuse at once when no live node could ever run such a task (Ray would keep it
        pending forever)."""
        for node in self.ray.nodes():
            res = node.get("Resources") or {}
            if (
                node.get("Alive")
                and res.get(CHECKED)
                and res.get(GROUPS[demand.group])
                and res.get("CPU", 0) >= demand.cpus
                and res.get("memory", 0) >= demand.memory
            ):
                return
        seen = "; ".join(
            f"{n['id'][:12]}: groups {','.join(n['groups']) or '-'}, jail check "
            f"{n['jail_check']}, {n['cpus']:g} CPU, {n['memory_gib']} GiB"
            for n in self.nodes()
            if n["alive"]
        )
        raise ClusterError(
            f"no node of the Ray cluster at {self.address} can take this work: it needs "
            f"{demand.describe()} (nodes: {seen or 'none'})"
        )

    def run(
        self, tasks: Sequence[Task[J]], stop: threading.Event | None = None
    ) -> Iterator[tuple[J, Any]]:
        """Submit every task, then yield (job, result or the exception) as each ends. Once
        `stop` is set every task still pending is cancelled: one not started never runs, a
        running one gets KeyboardInterrupt (its jails are killed on the way out); each is
        yielded with `TaskCancelled`."""
        ray = self.ray
        pending: dict[Any, Task[J]] = {}
        for task in tasks:
            remote = ray.remote(task.function).options(
                name=task.name,
                max_retries=RETRIES,
                retry_exceptions=False,
                **task.demand.options(),
            )
            pending[remote.remote(*task.args)] = task
        cancelled = False
        while pending:
            if stop is not None and stop.is_set() and not cancelled:
                for ref in pending:
                    ray.cancel(ref)
                cancelled = True
            # With a stop to watch, wait in short steps (ray.wait is not interrupted).
            timeout = None if stop is None or cancelled else 0.2
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=timeout)
            for ref in ready:
                task = pending.pop(ref)
                try:
                    yield task.job, ray.get(ref)
                except ray.exceptions.TaskCancelledError:
                    yield task.job, TaskCancelled(f"{task.name}: cancelled by the stop")
                except ray.exceptions.RayTaskError as exc:
                    cause = exc.cause if isinstance(exc.cause, BaseException) else None
                    yield task.job, cause or OfbError(str(exc).splitlines()[0])
                except ray.exceptions.RayError as exc:
                    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                    yield (
                        task.job,
                        ClusterError(
                            f"lost on the cluster after {RETRIES} retr"
                            f"{'y' if RETRIES == 1 else 'ies'} ({type(exc).__name__}: {first})"
                        ),
                    )
