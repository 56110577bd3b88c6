"""`ofb grade --executor ray`: each submission is graded by a Ray task on a grading node.

What grading needs of the evaluator's data travels explicitly, in the task's own argument
through Ray's object store, and only to grading nodes: the job (submission, statement,
the item's reference answer) and the hashes of the key and answers files — never the
files themselves. The node grades with its own checkout (named in its admission record),
its own toolchain and tools (paths from the options, as on the driver), and its own jail:
before each job it applies the rule `ofb grade` applies on one machine — group limits
(cgroups) unless waived, and the jail's grading-policy probes under the grader's own
policy with these tools — and refuses the job otherwise. The verdict comes back to the
driver, which writes it (grade/resume.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..grade.inputs import GradeJob
from ..grade.resume import GradeSettings
from ..grade.verdict import VerdictRecord
from ..jail import Backend, JailPolicy
from ..project import Project
from .engine import Demand, RaySession, Task
from .node import NodeRefused, admitted
from .scratch import scratch


def grading_probes() -> list[str]:
    from ..jail.check import probe_names

    every, plain = probe_names(grading=True), set(probe_names(grading=False))
    return [name for name in every if name not in plain]


def node_jail(
    backend: Backend,
    policy: Callable[[Path], JailPolicy],
    project: Project,
    allow_no_cgroups: bool,
) -> list[str]:
    """The waivers this node grades under; `NodeRefused` where `ofb grade` would refuse
    to start (no group limits without the waiver; a grading-policy probe failing)."""
    from ..grade.runs import NO_CGROUPS
    from ..jail.check import run_check

    waivers = []
    if backend.group_limits() is None:
        if not allow_no_cgroups:
            raise NodeRefused(
                f"the {backend.name} jail has no group limits on this node; grading refuses "
                "to start here (pass --allow-no-cgroups to grade anyway, every verdict line "
                "will say so)"
            )
        waivers.append(NO_CGROUPS)
    names = grading_probes()
    outcomes = run_check(
        backend,
        jobs=len(names),
        only=names,
        grading=policy,
        private=[project.root, project.evaluator_dir],
    )
    failed = [o for o in outcomes if not o.ok]
    if failed or len(outcomes) != len(names):
        lines = "; ".join(f"{o.name}: {o.detail}" for o in failed) or "probes did not run"
        raise NodeRefused(f"the grading policy fails the jail check on this node: {lines}")
    return waivers


def grade_on_node(job: GradeJob, settings: GradeSettings) -> VerdictRecord:
    """Runs on a grading node (a Ray task): the verdict of one job."""
    import ray

    from ..grade.pipeline import Grader
    from ..grade.runs import Steps
    from ..grade.tools import GraderTools
    from ..jail import get_backend
    from ..lean.toolchain import Toolchain

    node, admission = admitted("grading", os.environ, ray.get_runtime_context().get_node_id())
    if not admission.checkout:
        raise NodeRefused("this grading node names no FrontierBench checkout in its record")
    project = Project(Path(admission.checkout))
    steps, jail_name, waivers = None, "", []
    if settings.needs_lean:

        def path(value: str | None) -> Path | None:
            return Path(value) if value else None

        backend = get_backend(settings.jail)
        tools = GraderTools.discover(
            project,
            Toolchain.discover(project),
            lean4export=path(settings.lean4export),
            comparator=path(settings.comparator),
            landrun=path(settings.landrun),
            nanoda=path(settings.nanoda),
        )
        limits = settings.limits()
        waivers = node_jail(
            backend, Steps(tools, backend, limits).check_policy, project, settings.allow_no_cgroups
        )
        steps = Steps(tools, backend, limits, settings.replay(), waivers=waivers)
        jail_name = backend.name
    with scratch("grade") as tmp:
        grader = Grader(
            project,
            steps,
            tmp.resolve(),
            False,
            settings.hashes,
            jail_name,
            tuple(waivers),
            node=node,
        )
        return grader.grade(job)


def grade_on_ray(
    address: str | None, jobs: Sequence[tuple[GradeJob, str]], settings: GradeSettings
) -> Iterator[tuple[tuple[GradeJob, str], VerdictRecord | BaseException]]:
    """((job, key), verdict record or exception) for each (job, key), as each ends."""
    demand = Demand(1.0, settings.peak_memory(), "grading")
    with RaySession(address) as session:
        session.require(demand)
        session.require_grading_driver()
        tasks = [
            Task(pair, f"ofb-grade-{pair[0].packet_id}", grade_on_node, (pair[0], settings), demand)
            for pair in jobs
        ]
        yield from session.run(tasks)
