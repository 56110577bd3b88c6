"""The driver's side of Ray: connect to a cluster, check that some admitted node can take
the work, submit one task per job and hand results back as each finishes.

A task whose worker or node dies is retried by Ray (`RETRIES` times, on whichever admitted
node has room: another one when its node is gone). An error the task raised itself — a
node refusing work, bad input — is not retried: it is reported with the job. Ray returns
one result per task, and the callers write each result only if its job is not already
written, so a retried task never counts twice.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..errors import OfbError, UsageError
from .node import CHECKED, GROUPS, RAY_QUIET, task_resources

RETRIES = 1  # a task lost with its worker or node runs once more
# How long the driver waits for a live admitted node of a needed group once none is left
# (a restarted node rejoins within it); then it stops and says so. Seconds, $OFB_RAY_NODE_WAIT.
NODE_WAIT = 120.0
NODE_WAIT_ENV = "OFB_RAY_NODE_WAIT"
POLL = 2.0  # seconds between two looks at the cluster's nodes while tasks are pending
J = TypeVar("J")


class ClusterError(OfbError):
    """The Ray cluster cannot be reached, or cannot take the work."""


class NoNodeLeft(ClusterError):
    """Every node that could run the pending tasks is gone, and none came back in time.
    `reason` says so without the advice, for a caller that words its own."""

    def __init__(self, reason: str, advice: str) -> None:
        super().__init__(f"{reason}. {advice}")
        self.reason = reason


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


ANSWER_WAIT = 60.0  # seconds `ofb cluster status` waits for the nodes' admission records
REREAD_WAIT = 5.0  # the same, while a run waits for a node of a group it lost
# Set by each raylet to its own id (Ray refuses custom labels under `ray.io/`): tasks are
# placed by it on the nodes whose records admit them, never by advertised resources.
NODE_ID_LABEL = "ray.io/node-id"


def node_summary(node: dict, answer: dict | None) -> dict:
    """A node as `ofb cluster status` shows it: its admission as its own record states it
    (`answer`, from `admission_on_node`; None when it did not answer), not as its resources
    advertise it — anyone can `ray start --resources` with our names."""
    resources = node.get("Resources") or {}
    alive = bool(node.get("Alive"))
    record = (answer or {}).get("record")
    groups: list[str] = []
    if not alive:
        check = "dead"
    elif answer is None:
        check = "no answer"
    elif record is None:
        check = "not admitted (no admission record)"
    elif record.get("passed") is True:
        check, groups = "passed", [str(record.get("group"))]
    else:
        check = "failed"
    return {
        "id": node.get("NodeID"),
        "alive": alive,
        "address": node.get("NodeManagerAddress"),
        "groups": groups,
        "jail_check": check,
        "advertised": [g for g, r in GROUPS.items() if resources.get(r) and resources.get(CHECKED)],
        "record": record,
        "detail": (answer or {}).get("refused", ""),
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


def node_wait(environ: Mapping[str, str]) -> float:
    """Seconds to wait for a node of a needed group once none is left ($OFB_RAY_NODE_WAIT)."""
    text = environ.get(NODE_WAIT_ENV, "").strip()
    if not text:
        return NODE_WAIT
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise UsageError(f"${NODE_WAIT_ENV}={text!r}: a number of seconds (0 or more)")
    return value


@dataclass
class NodeWatch:
    """When each demand's last fitting node was seen (the driver's view while it waits)."""

    session: RaySession
    gone: dict[Demand, float] = field(default_factory=dict)
    looked: float = float("-inf")

    def missing(self, demands: set[Demand], now: float) -> Demand | None:
        """A demand no live node has fitted for `node_wait` seconds, if any (the nodes are
        looked at once every `POLL` seconds at most)."""
        if now - self.looked < POLL:
            return None
        self.looked = now
        for demand in sorted(demands, key=lambda d: (d.group, d.cpus, d.memory)):
            if self.session.fits(demand):
                self.gone.pop(demand, None)
                continue
            since = self.gone.setdefault(demand, now)
            if now - since >= self.session.node_wait:
                return demand
        return None


def require_grading_node(node: dict, address: str) -> None:
    """`ClusterError` unless `node` (a `node_summary`) is a live, admitted grading node."""
    if node["alive"] and node["jail_check"] == "passed" and node["groups"] == ["grading"]:
        return
    shown = ", ".join(node["groups"]) or "no group"
    raise ClusterError(
        f"the driver's objects — the reference answers among them — would be kept on node "
        f"{str(node['id'])[:12]} ({shown}, jail check {node['jail_check']}), which is not an "
        "admitted grading node. Run grading and probes from a grading node of the cluster "
        f"(--ray-address {address.removeprefix('ray://')}), or as a Ray Client "
        "(--ray-address ray://HEAD:10001) of a cluster whose head is a grading node "
        "(docs/scale.md)"
    )


class RaySession:
    """A connection to a Ray cluster for one command (`with RaySession(address) as s:`)."""

    def __init__(self, address: str | None) -> None:
        self.address = address or os.environ.get("RAY_ADDRESS") or "auto"
        self.node_wait = node_wait(os.environ)
        self.ray = require_ray()
        self._admitted: dict[str, frozenset[str]] | None = None

    def __enter__(self) -> RaySession:
        for key, value in RAY_QUIET.items():
            os.environ.setdefault(key, value)
        _head_listens(self.address)
        client = self.address.startswith("ray://")
        if client and importlib.util.find_spec("grpc") is None:  # Ray Client's transport
            raise UsageError(
                f"--ray-address {self.address}: a driver off the cluster needs Ray Client: "
                "pip install 'openfrontiers[ray]' (it pins ray[client])"
            )
        for attempt in (1, 2):
            try:
                self.ray.init(
                    address=self.address,
                    log_to_driver=False,
                    logging_level="WARNING",
                    configure_logging=False,
                )
                return self
            except (ConnectionError, RuntimeError, ValueError) as exc:
                # The head's client server now and then fails to start the per-driver server
                # on a first connection ("Initialization failure from server"): once more.
                if client and attempt == 1 and "Initialization failure" in str(exc):
                    continue
                raise ClusterError(
                    f"no Ray cluster at {self.address}: {exc}. Start one with `ofb cluster "
                    "node … -- ray start …` on each node (docs/scale.md) and give its head as "
                    "--ray-address HOST:PORT (on a node) or ray://HOST:10001 (off the cluster)"
                ) from None
        raise AssertionError("unreachable")

    def driver_node(self) -> dict:
        """The node that holds what this driver puts in the object store — the tasks'
        arguments, reference answers among them: the local node for a driver on a node,
        the head for a Ray Client driver (its server side runs there)."""
        here = self.ray.get_runtime_context().get_node_id()
        for node in self.nodes():
            if node["id"] == here:
                return node
        raise ClusterError(f"the driver's node {here} is not among the cluster's nodes")

    def require_grading_driver(self) -> None:
        """Refuse evaluator work (grading, probes) unless the driver's objects live on an
        admitted grading node: else the reference answers would sit in another node's
        object store."""
        require_grading_node(self.driver_node(), self.address)

    def __exit__(self, *exc: object) -> None:
        self.ray.shutdown()

    def nodes(self, answer_wait: float = ANSWER_WAIT) -> list[dict]:
        """Every node the cluster knows, live or dead, each with its own admission record:
        one small task pinned to each live node reads it there (a node that does not answer
        within `answer_wait` seconds shows as `no answer`)."""
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        from .node import admission_on_node

        known = self.ray.nodes()
        asked = {}
        for node in known:
            if node.get("Alive"):
                remote = self.ray.remote(admission_on_node).options(
                    name="ofb-admission",
                    num_cpus=0,
                    max_retries=0,
                    scheduling_strategy=NodeAffinitySchedulingStrategy(node["NodeID"], soft=False),
                )
                asked[remote.remote()] = node["NodeID"]
        ready, late = (
            self.ray.wait(list(asked), num_returns=len(asked), timeout=answer_wait)
            if asked
            else ([], [])
        )
        answers = {}
        for ref in ready:
            try:
                answers[asked[ref]] = self.ray.get(ref)
            except self.ray.exceptions.RayError:
                continue  # the node died meanwhile: no answer
        for ref in late:
            self.ray.cancel(ref, force=True)
        return [node_summary(n, answers.get(n["NodeID"])) for n in known]

    def admitted(self, answer_wait: float = ANSWER_WAIT) -> dict[str, frozenset[str]]:
        """The ids of the live nodes each group may use, as their own admission records say
        (read once per command). A node that only advertises our resource names — a plain
        `ray start --resources …`, an attempts node misconfigured as grading — never gets a
        task, so never a task's arguments (a grading job carries its reference answer). A
        node that joins later takes work from the next command."""
        if self._admitted is None:
            found: dict[str, set[str]] = {group: set() for group in GROUPS}
            for node in self.nodes(answer_wait):
                if node["alive"] and node["jail_check"] == "passed":
                    for group in node["groups"]:
                        found.setdefault(group, set()).add(str(node["id"]))
            self._admitted = {group: frozenset(ids) for group, ids in found.items()}
        return self._admitted

    def placement(self, demand: Demand) -> dict:
        """The Ray options that keep a task on the admitted nodes of its group."""
        ids = sorted(self.admitted().get(demand.group, ()))
        if not ids:
            raise ClusterError(
                f"no node of the Ray cluster at {self.address} is admitted for this work: it "
                f"needs {demand.describe()}, and no node's admission record says "
                f"{demand.group}, passed (`ofb cluster status` shows each node's record)"
            )
        return {"label_selector": {NODE_ID_LABEL: f"in({','.join(ids)})"}}

    def require(self, demand: Demand) -> None:
        """Refuse at once when no live node could ever run such a task (Ray would keep it
        pending forever)."""
        if self.fits(demand):
            return
        seen = "; ".join(
            f"{n['id'][:12]}: groups {','.join(n['advertised']) or '-'}, jail check "
            f"{n['jail_check']}, {n['cpus']:g} CPU, {n['memory_gib']} GiB"
            for n in self.nodes()
            if n["alive"]
        )
        raise ClusterError(
            f"no node of the Ray cluster at {self.address} can take this work: it needs "
            f"{demand.describe()} (nodes: {seen or 'none'})"
        )

    def fits(self, demand: Demand) -> bool:
        """Is some live node that its own record admits to the demand's group (and that
        advertises the resources the task asks for) big enough for `demand`?"""
        allowed = self.admitted().get(demand.group, frozenset())
        for node in self.ray.nodes():
            res = node.get("Resources") or {}
            if (
                node.get("Alive")
                and node.get("NodeID") in allowed
                and res.get(CHECKED)
                and res.get(GROUPS[demand.group])
                and res.get("CPU", 0) >= demand.cpus
                and res.get("memory", 0) >= demand.memory
            ):
                return True
        return False

    def run(
        self, tasks: Sequence[Task[J]], stop: threading.Event | None = None
    ) -> Iterator[tuple[J, Any]]:
        """Submit every task, then yield (job, result or the exception) as each ends. Once
        `stop` is set every task still pending is cancelled: one not started never runs, a
        running one gets KeyboardInterrupt (its jails are killed on the way out); each is
        yielded with `TaskCancelled`.

        Each task is placed on the admitted nodes of its group (`placement`). Ray keeps a
        task pending for as long as none of them can take it, and gives one up at once when
        all of them are gone; so while tasks wait the driver looks at the nodes every `POLL`
        seconds — a task given up is placed again once an admitted node of its group is
        there (one that joined meanwhile too) — and when no live admitted node of a group
        they need is left for `node_wait` seconds, it cancels them and raises `NoNodeLeft`
        (what ended before has been yielded, and so written)."""
        ray = self.ray
        pending: dict[Any, Task[J]] = {}
        waiting: list[Task[J]] = []  # given up by Ray: their nodes are gone

        def submit(task: Task[J]) -> None:
            remote = ray.remote(task.function).options(
                name=task.name,
                max_retries=RETRIES,
                retry_exceptions=False,
                **task.demand.options(),
                **self.placement(task.demand),
            )
            pending[remote.remote(*task.args)] = task

        for task in tasks:
            submit(task)
        cancelled = False
        watch = NodeWatch(self)
        placed_again = float("-inf")
        done = 0  # jobs that came back with a result (the caller has written them)
        while pending or waiting:
            if stop is not None and stop.is_set() and not cancelled:
                for ref in pending:
                    ray.cancel(ref)
                for task in waiting:
                    yield task.job, TaskCancelled(f"{task.name}: cancelled by the stop")
                waiting.clear()
                cancelled = True
            # With a stop to watch, wait in short steps (ray.wait is not interrupted).
            timeout = POLL if stop is None or cancelled else 0.2
            if pending:
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=timeout)
            else:
                ready = []
                time.sleep(timeout)
            now = time.monotonic()
            if waiting and now - placed_again >= POLL:
                placed_again = now
                # Read the records again (nodes may have joined), not waiting on a node that
                # is dying: one that does not answer soon is asked again next time.
                self._admitted = None
                self.admitted(REREAD_WAIT)
                for task in [t for t in waiting if self.fits(t.demand)]:
                    waiting.remove(task)
                    submit(task)
            if not ready and not cancelled:
                demands = {t.demand for t in [*pending.values(), *waiting]}
                missing = watch.missing(demands, now)
                if missing:
                    for ref in pending:
                        ray.cancel(ref, force=True)
                    left = len(pending) + len(waiting)
                    raise NoNodeLeft(
                        f"no live node of the Ray cluster at {self.address} can take the "
                        f"{left} job(s) still to run: it needs {missing.describe()}, "
                        f"and none has been there for {self.node_wait:g} s (${NODE_WAIT_ENV})",
                        f"The {done} job(s) that finished are written. Start such a node "
                        f"(`ofb cluster node --group {missing.group} -- ray start …`) and run "
                        "the same command again to do the rest",
                    )
            for ref in ready:
                task = pending.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.TaskCancelledError:
                    yield task.job, TaskCancelled(f"{task.name}: cancelled by the stop")
                except ray.exceptions.TaskUnschedulableError:
                    if cancelled:
                        yield task.job, TaskCancelled(f"{task.name}: cancelled by the stop")
                    else:
                        waiting.append(task)  # every admitted node it could use is gone
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
                else:
                    done += 1
                    yield task.job, result
