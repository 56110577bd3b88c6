"""`ofb run --executor ray`: each attempt is a Ray task on an attempts node.

The driver ships the attempt's spec and its packet folder (archived) — never the
evaluator key, the answers or a checkout: an attempt needs none of them. The node runs
`run_attempt` exactly as `ofb run` does here, in a scratch folder, with the node's stamp
in the spec, and sends the attempt folder back; the driver puts it in the run folder under
its packet id in one rename, so a folder there is always complete. An attempt whose folder
is already finished is not written again and not counted (a retried task, a second
driver): the packet id in the run folder is the job key. A stop (Ctrl-C on the driver)
cancels the tasks (engine.py); their folders do not come back, so each gets a runs.jsonl
line saying `interrupted` and the resumed run runs it again.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import UsageError
from ..harness.attempt import AttemptSpec, Progress
from ..harness.records import EndReason, finished
from . import archive
from .engine import Demand, RaySession, Task, TaskCancelled
from .node import admitted
from .scratch import scratch


@dataclass(frozen=True)
class AttemptTask:
    spec: AttemptSpec  # packet and out are the driver's paths; the node uses its own
    packet: bytes  # the packet folder
    standin: dict | None = None  # a stand-in model script, served on the node's loopback


@dataclass(frozen=True)
class AttemptResult:
    record: dict
    folder: bytes  # the attempt folder as the node wrote it


def attempt_on_node(task: AttemptTask) -> AttemptResult:
    """Runs on an attempts node (a Ray task)."""
    import ray

    from ..harness.attempt import run_attempt

    node, _ = admitted("attempts", os.environ, ray.get_runtime_context().get_node_id())
    pid = task.spec.packet_id
    with scratch("attempt") as root:
        root.chmod(0o755)  # the packet is read from inside the jails
        packet = root / "packets" / pid
        archive.unpack(task.packet, packet)
        for folder in (packet.parent, packet):
            folder.chmod(0o755)
        spec = replace(task.spec, packet=packet, out=root / "run" / pid, node=node)
        if task.standin is not None:
            from ..harness.config import Upstream
            from ..harness.standin import StandinModel

            with StandinModel(task.standin) as model:
                spec = replace(spec, config=replace(spec.config, upstream=Upstream(model.url)))
                record = run_attempt(spec)
        else:
            record = run_attempt(spec)
        return AttemptResult(record, archive.pack(spec.out))


def write_attempt(out: Path, folder: bytes) -> bool:
    """Put a finished attempt folder at `out` (False when one is there already)."""
    if finished(out) is not None:
        return False
    incoming = out.parent / ".incoming" / f"{out.name}-{uuid.uuid4().hex[:8]}"
    try:
        archive.unpack(folder, incoming)
        if finished(incoming) is None:
            raise UsageError(
                f"{out.name}: the node sent back an attempt folder without attempt.json"
            )
        if out.exists():  # left unfinished by an earlier driver: kept aside, as `ofb run` does
            aside = out.parent / ".interrupted" / f"{out.name}-{uuid.uuid4().hex[:8]}"
            aside.parent.mkdir(exist_ok=True)
            shutil.move(str(out), str(aside))
        os.rename(incoming, out)
    finally:
        shutil.rmtree(incoming, ignore_errors=True)
        with contextlib.suppress(OSError):  # removed once empty
            incoming.parent.rmdir()
    return True


class RayAttemptExecutor:
    """The `harness.executor.Executor` of a Ray cluster."""

    name = "ray"

    def __init__(self, address: str | None, standin: dict | None = None) -> None:
        self.address = address
        self.standin = standin
        self.session: RaySession | None = None

    @contextlib.contextmanager
    def opened(self, template: AttemptSpec) -> Iterator[None]:
        """Connected to the cluster, with a node that fits the attempts' demand (else refused
        before the run folder is made, so the corrected command is not "another run")."""
        if template.config.upstream is None and self.standin is None:
            raise UsageError(
                "no upstream model API: the evaluator config needs [upstream] url = … "
                "(the harness has no default; see docs/harness.md)"
            )
        with RaySession(self.address) as session:
            session.require(_demand(template))
            self.session = session
            try:
                yield
            finally:
                self.session = None

    def run(
        self, specs: Sequence[AttemptSpec], progress: Progress, stop: threading.Event
    ) -> Iterator[tuple]:
        if not specs:
            return
        if self.session is None:
            with self.opened(specs[0]):
                yield from self.run(specs, progress, stop)
            return
        session = self.session
        demand = _demand(specs[0])
        tasks = []
        for spec in specs:
            packet = archive.pack(spec.packet)
            tasks.append(
                Task(
                    spec,
                    f"ofb-attempt-{spec.packet_id}",
                    attempt_on_node,
                    (AttemptTask(spec, packet, self.standin),),
                    demand,
                )
            )
            progress(spec.packet_id, {"state": "submitted"})
        for spec, outcome in session.run(tasks, stop):
            if isinstance(outcome, TaskCancelled):
                # The node's attempt folder does not come back from a cancelled task:
                # the run keeps a line saying so.
                record = {
                    "end_reason": EndReason.INTERRUPTED.value,
                    "end_detail": "cancelled on the cluster (running or still queued); "
                    "the node's records did not come back",
                }
                progress(spec.packet_id, {"state": "ended", "end_reason": "interrupted"})
                yield spec, record
                continue
            if isinstance(outcome, BaseException):
                yield spec, outcome
                continue
            assert isinstance(outcome, AttemptResult)
            if not write_attempt(spec.out, outcome.folder):
                continue  # written already: not counted twice
            progress(spec.packet_id, {"state": "ended", "end_reason": outcome.record["end_reason"]})
            yield spec, outcome.record


def _demand(spec: AttemptSpec) -> Demand:
    return Demand(spec.limits.cpus, spec.limits.memory, "attempts")
