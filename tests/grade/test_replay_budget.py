"""The kernel replay's budget: `leanchecker --fresh` replays the Solution's whole import
closure (all of Mathlib), so it has limits of its own — `--replay-memory-mib` and
`--replay-wall`, documented with their defaults — and running out of either is `unsolved`
at `replay` with the reason, never a checker disagreement."""

from __future__ import annotations

import re

import pytest
from grading_helpers import STANDIN_TOOLS, submission, submissions_folder
from test_git_home import Recorder
from typer.testing import CliRunner

from ofb_testing import REPO
from openfrontiers.cli import app
from openfrontiers.grade.inputs import find_submissions, load_jobs
from openfrontiers.grade.pipeline import Grader, LocalExecutor, grade_all
from openfrontiers.grade.runs import (
    REPLAY_MEMORY_MIB,
    REPLAY_WALL_SECONDS,
    Steps,
    replay_limits,
)
from openfrontiers.grade.tools import GraderTools
from openfrontiers.grade.verdict import Outcomes, decide
from openfrontiers.jail import Limits, MiB

LIMITS = Limits(memory=512 * MiB, processes=128, cpus=1.0, wall_seconds=20.0)


def tools_for(repo) -> GraderTools:
    return GraderTools.discover(
        repo.project(),
        repo.toolchain(),
        lean4export=STANDIN_TOOLS / "lean4export",
        comparator=STANDIN_TOOLS / "comparator",
        landrun=STANDIN_TOOLS / "landrun",
    )


class LimitsRecorder(Recorder):
    """Records the limits each step runs under as well."""

    def __init__(self) -> None:
        super().__init__()
        self.limits: list[Limits] = []

    def run(self, argv, policy, stdin=None):
        self.limits.append(policy.limits)
        return super().run(argv, policy, stdin)


def test_the_replay_runs_under_its_own_limits_and_the_other_steps_under_theirs(repo, tmp_path):
    replay = replay_limits(LIMITS, 1024, 90.0)
    jail = LimitsRecorder()
    steps = Steps(tools_for(repo), jail, LIMITS, replay)
    steps.build("compile_submission", tmp_path, "Solution")
    steps.replay(tmp_path, "Solution")
    build, limits = jail.limits
    assert build == LIMITS and "--fresh" in jail.calls[1][0]
    assert (limits.memory, limits.wall_seconds) == (1024 * MiB, 90.0)
    assert (limits.processes, limits.cpus) == (LIMITS.processes, LIMITS.cpus)
    default = Steps(tools_for(repo), jail, LIMITS).replay_limits
    assert (default.memory, default.wall_seconds) == (
        REPLAY_MEMORY_MIB * MiB,
        REPLAY_WALL_SECONDS,
    )


def test_the_options_and_their_defaults_are_documented():
    result = CliRunner().invoke(app, ["grade", "run", "--help"], terminal_width=200)
    assert "--replay-memory-mib" in result.output and "--replay-wall" in result.output
    docs = (REPO / "docs" / "grading.md").read_text(encoding="utf-8")
    assert re.search(rf"`--replay-memory-mib` \(default {REPLAY_MEMORY_MIB}\b", docs)
    assert re.search(rf"`--replay-wall` \(default {REPLAY_WALL_SECONDS:g}\b", docs)


@pytest.mark.parametrize("reason", ["timeout", "memory"])
def test_a_stopped_checker_is_no_disagreement(reason):
    ours = decide(Outcomes(ours_failure=("replay", reason), comparator=(True, "accepted")))
    assert (ours.verdict, ours.stage, ours.reason) == ("unsolved", "replay", reason)
    theirs = decide(Outcomes(comparator=(False, reason)))
    assert (theirs.verdict, theirs.stage, theirs.reason) == ("unsolved", "comparator", reason)
    rejected = decide(Outcomes(ours_failure=("replay", "error"), comparator=(True, "accepted")))
    assert rejected.reason == "checker-disagreement"


@pytest.mark.parametrize(
    "marker, replay, reason",
    [
        ("STANDIN_REPLAY_SLOW", Limits(memory=512 * MiB, wall_seconds=2.0), "timeout"),
        ("STANDIN_REPLAY_MEMORY", Limits(memory=256 * MiB, wall_seconds=20.0), "memory"),
    ],
)
def test_a_replay_out_of_budget_is_unsolved_at_replay(
    repo, bwrap, tmp_path, marker, replay, reason
):
    text = submission("honest_yes_no").replace("theorem main", f"-- {marker}\ntheorem main")
    folder = submissions_folder(tmp_path / "subs", {"P001": text.replace("P901", "P001")})
    jobs = load_jobs(
        repo.project(), find_submissions(folder), repo.key({"P001": "R97"}), repo.answers_path
    )
    steps = Steps(tools_for(repo), bwrap, LIMITS, replay)
    (record,) = grade_all(Grader(repo.project(), steps, tmp_path / "work"), jobs, LocalExecutor())
    d = record.decision
    assert (d.verdict, d.stage, d.reason) == ("unsolved", "replay", reason)
    assert record.checkers["comparator"]["accepted"]  # the other checker did accept
    assert re.search(r"wall-clock|memory", d.detail)
