"""Every jailed grading step that runs Lake finds `safe.directory = *` in `$HOME/.gitconfig`:
Lake runs git in Mathlib's packages, which belong to another uid than the jail's, and
comparator's landrun passes git no GIT_CONFIG_* variables — only PATH, HOME and
LEAN_ABORT_ON_PANIC. (With real processes, tests/support's comparator and lake show the
same: test_pipeline.py grades nothing without it.)"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from grading_helpers import STANDIN_TOOLS, GradingCheckout

from openfrontiers.grade.runs import GITCONFIG, Steps, trust_git_repositories
from openfrontiers.grade.tools import GraderTools
from openfrontiers.jail import JailResult, Limits, MiB


@dataclass
class Recorder:
    """A jail that runs nothing: it records each step's command and what git would read
    from the step's HOME at the moment the step starts."""

    name: str = "recorder"
    calls: list[tuple[list[str], str, list[str]]] = field(default_factory=list)

    def run(self, argv, policy, stdin=None) -> JailResult:
        home = policy.environment["HOME"]
        done = subprocess.run(
            ["git", "config", "--file", f"{home}/.gitconfig", "--get-all", "safe.directory"],
            capture_output=True,
            text=True,
            check=False,
        )
        self.calls.append((list(argv), home, done.stdout.split()))
        return JailResult(self.name, 0, None, False, False, False, 0.0, None, None, b"", b"")


@pytest.fixture
def steps(tmp_path, monkeypatch):
    monkeypatch.delenv("OFB_ROOT", raising=False)
    repo = GradingCheckout(tmp_path / "repo")
    tools = GraderTools.discover(
        repo.project(),
        repo.toolchain(),
        lean4export=STANDIN_TOOLS / "lean4export",
        comparator=STANDIN_TOOLS / "comparator",
        landrun=STANDIN_TOOLS / "landrun",
    )
    return Steps(tools, Recorder(), Limits(memory=512 * MiB, wall_seconds=10.0))


def test_every_step_that_runs_lake_has_the_git_config_in_its_home(steps, tmp_path):
    """The builds and comparator run Lake; export and replay (issue 11, item 2) run in an
    export workspace without Lake, and get no git config there."""
    names = ("challenge", "solution", "comparator", "export-Challenge", "export-Solution")
    workspaces = {name: tmp_path / name for name in names}
    for folder in workspaces.values():
        folder.mkdir()
    steps.build("compile_challenge", workspaces["challenge"], "Challenge")
    steps.export(workspaces["export-Challenge"], "Challenge", ["P001.main"])
    steps.build("compile_submission", workspaces["solution"], "Solution")
    steps.export(workspaces["export-Solution"], "Solution", ["P001.main"])
    steps.replay(workspaces["export-Solution"], "Solution")
    steps.comparator(workspaces["comparator"])
    lake = str(steps.tools.toolchain.lake)
    calls = steps.jail.calls
    assert len(calls) == 6
    with_lake = [calls[0], calls[2], calls[5]]
    without = [calls[1], calls[3], calls[4]]
    for argv, home, trusted in with_lake:
        assert lake in argv and home in {str(p) for p in workspaces.values()}, argv
        assert trusted == ["*"], f"{' '.join(argv)}: HOME {home} does not trust every repository"
    for argv, home, trusted in without:
        assert lake not in argv and trusted == [], argv
        assert not (Path(home) / ".gitconfig").exists()


def test_the_config_is_rewritten_before_each_step(tmp_path):
    home = tmp_path / "ws"
    home.mkdir()
    (home / ".gitconfig").write_text("[core]\n\tfsmonitor = /bin/false\n")
    path = trust_git_repositories(home)
    assert path.read_text() == GITCONFIG
    assert path.stat().st_mode & 0o777 == 0o644
