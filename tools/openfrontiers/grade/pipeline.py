"""Grading submissions end to end: static layer → workspaces → checker 1 → comparator →
verdict, one job per submission, through a pluggable executor (a local pool of workers
first; each job's Lean work runs in jailed subprocesses, so threads suffice to drive them).

Grading refuses to start on a node whose jail check fails, or whose jail has no group
limits (cgroups) unless the evaluator waives them (`require_jail`): fail closed. A verdict
line never carries the reference answer; whether the submitted answer matches it is shown
only once both checkers accepted (the evaluator's side file has the rest).
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from .. import __version__
from ..errors import OfbError
from ..jail import Backend, JailPolicy
from ..jail.check import run_check
from ..progress import SILENT, Progress
from ..project import Project
from ..submission import static
from . import checker1, workspaces
from .comparator import ComparatorOutcome, classify, config
from .inputs import GradeJob, sha256
from .runs import NO_CGROUPS, Steps
from .verdict import Decision, Outcomes, VerdictRecord, decide

T = TypeVar("T")
R = TypeVar("R")


class JailCheckFailed(OfbError):
    """The jail does not keep its promises on this node; nothing untrusted may run here."""


def require_jail(
    backend: Backend,
    jobs: int = 4,
    *,
    grading: Callable[[Path], JailPolicy] | None = None,
    private: Sequence[Path] = (),
    allow_no_cgroups: bool = False,
) -> list[str]:
    """Run `ofb jail check` on `backend` (with the grading policy's probes when `grading`
    makes it); raise unless every probe passes and the jail has group limits. Without
    cgroups grading goes on only with `allow_no_cgroups`, and the waiver is returned so that
    every verdict line carries it."""
    waivers = []
    if backend.group_limits() is None:
        if not allow_no_cgroups:
            raise JailCheckFailed(
                f"the {backend.name} jail has no group limits here (memory and CPU would hold "
                "per process only, so a few processes together exceed them); "
                "grading refuses to start. Run as root where cgroups are writable, use the "
                "docker jail, or pass --allow-no-cgroups to grade anyway (every verdict line "
                "will say so)"
            )
        waivers.append(NO_CGROUPS)
    outcomes = run_check(backend, jobs=jobs, grading=grading, private=private)
    failed = [o for o in outcomes if not o.ok and not (waivers and o.name == "group-memory")]
    if failed:
        lines = "\n".join(f"  {o.name}: {o.detail}" for o in failed)
        raise JailCheckFailed(
            f"the jail check fails on this node ({backend.name}: "
            f"{len(failed)} of {len(outcomes)} probes); grading refuses to "
            f"start:\n{lines}"
        )
    return waivers


class Executor(Protocol):
    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]: ...


class LocalExecutor:
    """Runs jobs on this machine, `workers` at a time, results in input order."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            return list(pool.map(fn, items))

    def outcomes(
        self, fn: Callable[[T], R], items: Sequence[T]
    ) -> Iterator[tuple[T, R | Exception]]:
        """(item, result or the exception its job raised) as each job ends, so that each
        verdict is kept as it comes; one job that fails — a grader bug a hostile submission
        found, a step that could not start — never ends the others."""
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            futures = {pool.submit(fn, item): item for item in items}
            for future in as_completed(futures):
                error = future.exception()
                if error is not None and not isinstance(error, Exception):
                    raise error  # KeyboardInterrupt, SystemExit: stop everything
                yield futures[future], error if error is not None else future.result()


def static_check(job: GradeJob) -> static.StaticResult:
    """The static layer against the item's statement; the submission may use the packet's
    namespace or the item's own."""
    item_ns = f"FrontierBench.{job.item_id}"
    return static.check(
        job.submission.text,
        job.statement,
        namespaces={job.packet_id: item_ns, item_ns: item_ns},
        yes_no=job.yes_no,
    )


def static_reason(result: static.StaticResult, name: str) -> tuple[str, str]:
    rules = sorted({i.rule for i in result.issues})
    detail = "\n".join(i.text(name) for i in result.issues[:12])
    return ", ".join(rules), detail


@dataclass
class Grader:
    project: Project
    steps: Steps | None  # None: no Lean here, only submissions the static layer rejects are graded
    work_root: Path
    keep_work: bool = False
    hashes: dict = field(default_factory=dict)  # of the key and the answers file
    jail_name: str = ""
    waivers: tuple[str, ...] = ()  # what the evaluator waived (printed on every verdict line)
    node: dict | None = None  # the node this grader runs on, stamped on every verdict line

    def grade(self, job: GradeJob) -> VerdictRecord:
        start = time.monotonic()
        result = static_check(job)
        timings = {"static": time.monotonic() - start}
        record = VerdictRecord(
            submission=str(job.submission.path),
            packet=job.packet_id,
            item=job.item_id,
            decision=Decision("unsolved", "static", "pending"),
            answer={
                "kind": "yes-no" if job.yes_no else "value",
                "submitted": static.clipped(result.answer_source, 4096),
                "matches": None,
            },
            evaluator={"reference": job.reference, "matches": None},
            waivers=list(self.steps.waivers if self.steps is not None else self.waivers),
            checkers={"static": result.listed()},
            hashes={
                "submission": job.submission.sha256,
                "statement": job.statement_sha256,
                **self.hashes,
            },
            tools={"ofb": __version__},
            timings=timings,
            node=self.node,
        )
        if not result.passed:
            reason, detail = static_reason(result, job.submission.path.name)
            record.decision = Decision("unsolved", "static", reason, detail)
            timings["total"] = time.monotonic() - start
            return record
        if self.steps is None:
            raise OfbError(
                f"{job.packet_id} passed the static layer and needs Lean, which is "
                "not available here"
            )
        # a passing static layer found main's namespace and the answer
        assert result.namespace is not None and result.answer_source is not None
        record.tools = {
            **self.steps.tools.versions(),
            "jail": self.jail_name,
            "limits": self.steps.jail.group_limits() or "rlimit",
        }
        attempt = workspaces.prepare(
            self.work_root,
            job,
            self.project,
            self.steps.tools.packages_dir,
            namespace=result.namespace,
            answer=result.answer_source,
            comparator_config=config(
                f"{result.namespace}.main",
                str(self.steps.tools.nanoda) if self.steps.tools.nanoda else None,
            ),
        )
        record.hashes["challenge"] = sha256(attempt.challenge_source.encode())
        try:
            ours = checker1.run(
                attempt, self.steps, yes_no=job.yes_no, reference_answer=job.reference
            )
            theirs: ComparatorOutcome | None = None
            if ours.compiled:
                began = time.monotonic()
                run = self.steps.comparator(attempt.comparator)
                theirs = classify(run, time.monotonic() - began)
                if self.steps.without_group_limits(run):
                    theirs = ComparatorOutcome(
                        False,
                        "jail",
                        f"comparator ran without group limits (limits via {run.limits_via})",
                        run.exit_code,
                        theirs.seconds,
                    )
        finally:
            if not self.keep_work:
                shutil.rmtree(attempt.root, ignore_errors=True)
        failure = ours.failure
        decision = decide(
            Outcomes(
                ours_failure=(failure.stage, failure.reason) if failure else None,
                comparator=(theirs.accepted, theirs.category) if theirs else None,
                open_item=job.open_item,
                yes_no=job.yes_no,
                answer_matches=ours.answer_matches,
            )
        )
        if failure is not None and decision.stage == failure.stage:
            extra = f"\n{decision.detail}" if decision.detail else ""
            decision = Decision(
                decision.verdict, decision.stage, decision.reason, failure.detail + extra
            )
        elif decision.stage == "comparator" and theirs is not None:
            decision = Decision(
                decision.verdict,
                decision.stage,
                decision.reason,
                f"{decision.detail}: {theirs.message}",
            )
        record.decision = decision
        if ours.answer is not None:
            record.answer["submitted"] = ours.answer
        record.evaluator["matches"] = ours.answer_matches
        if decision.verdict != "unsolved":  # both checkers accepted: the match is the verdict
            record.answer["matches"] = ours.answer_matches
        record.checkers["ours"] = ours.as_dict()
        record.checkers["comparator"] = theirs.as_dict() if theirs else None
        if self.keep_work:
            record.work = str(attempt.root)
        for stage in ours.stages:
            timings[stage.stage] = stage.seconds
        if theirs is not None:
            timings["comparator"] = theirs.seconds
        timings["total"] = time.monotonic() - start
        return record


def grade_all(
    grader: Grader, jobs: Sequence[GradeJob], executor: Executor, progress: Progress = SILENT
) -> list[VerdictRecord]:
    def one(job: GradeJob) -> VerdictRecord:
        record = grader.grade(job)
        progress.done(f"{record.packet} ({record.item})", record.decision.verdict, True)
        return record

    progress.start("grading", len(jobs))
    return executor.map(one, jobs)
