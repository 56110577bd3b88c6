"""`ofb probe --executor ray`: each item's probe file is a Ray task on a grading node.

A probe file holds the item's reference answer (value items), so probes are evaluator
work and run where grading runs, never on an attempts node. The node runs the file
backend's one `lake env lean --json` in its jail, with its own checkout and toolchain,
and sends the item's report back with its stamp.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from ..jail import Limits
from ..probe.run import ItemReport, ProbeJob
from ..project import Project
from .engine import Demand, RaySession, Task
from .node import NodeRefused, admitted


def probe_on_node(job: ProbeJob, jail: str, limits: Limits) -> ItemReport:
    """Runs on a grading node (a Ray task): one item's probes."""
    import ray

    from ..jail import get_backend
    from ..lean.toolchain import Toolchain
    from ..probe.lean_file import LeanFileBackend

    node, admission = admitted("grading", os.environ, ray.get_runtime_context().get_node_id())
    if not admission.checkout:
        raise NodeRefused("this grading node names no FrontierBench checkout in its record")
    toolchain = Toolchain.discover(Project(Path(admission.checkout)))
    report = LeanFileBackend(toolchain, get_backend(jail), limits).run_one(job)
    return replace(report, node=node)


def probe_on_ray(
    address: str | None, jobs: Sequence[ProbeJob], jail: str, limits: Limits
) -> Iterator[tuple[ProbeJob, ItemReport | BaseException]]:
    """(job, report or exception) for each probe file, as each ends."""
    demand = Demand(limits.cpus or 1.0, limits.memory, "grading")
    with RaySession(address) as session:
        session.require(demand)
        session.require_grading_driver()
        tasks = [
            Task(
                job,
                f"ofb-probe-{job.probe_file.item_id}",
                probe_on_node,
                (job, jail, limits),
                demand,
            )
            for job in jobs
        ]
        yield from session.run(tasks)
