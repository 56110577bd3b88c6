"""`ofb build`: targets, the dependency step and per-module outcomes. The runner tests use
the jail for real with a stand-in `lake` (tests/support, not Lean); with a Lean toolchain
on PATH the `lean`-marked test builds the repository's utility module for real."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from openfrontiers.build import Target, classify, resolve_targets, run_build, workspace_imports
from openfrontiers.errors import UsageError
from openfrontiers.jail import JailResult, Limits
from openfrontiers.lean.toolchain import Toolchain
from openfrontiers.project import Project
from support.standin_project import FIXTURES, REPO, make_project, standin_toolchain


@pytest.fixture
def project(tmp_path):
    return make_project(
        tmp_path / "repo",
        {
            "O98": (FIXTURES / "O98.lean").read_text(encoding="utf-8"),
            "E98": (FIXTURES / "E98.lean").read_text(encoding="utf-8"),
        },
    )


def test_targets_by_id_module_and_file(project, monkeypatch):
    monkeypatch.chdir(project.root)
    found = resolve_targets(project, ["O98", "FrontierBench.E98", "FrontierBench/O98.lean"])
    assert found == [
        Target("FrontierBench.O98", Path("FrontierBench/O98.lean")),
        Target("FrontierBench.E98", Path("FrontierBench/E98.lean")),
    ]
    everything = [t.module for t in resolve_targets(project, [])]
    assert everything == ["FrontierBench.Util.Answer", "FrontierBench.E98", "FrontierBench.O98"]
    with pytest.raises(UsageError):
        resolve_targets(project, ["O11"])


def test_dependencies_are_the_workspace_imports(project):
    targets = resolve_targets(project, ["O98", "E98"])
    assert workspace_imports(project, targets) == ["FrontierBench.Util.Answer"]


def _result(stdout: str = "", **kw) -> JailResult:
    base = {
        "backend": "t",
        "exit_code": 0,
        "signal": None,
        "timed_out": False,
        "killed_for_memory": False,
        "killed_for_cpu": False,
        "wall_time": 1.0,
        "cpu_time": None,
        "peak_memory": None,
        "stdout": stdout.encode(),
        "stderr": b"",
    }
    base.update(kw)
    return JailResult(**base)


def test_module_outcomes():
    t = Target("FrontierBench.O98", Path("FrontierBench/O98.lean"))
    err = '{"fileName":"f","pos":{"line":3,"column":0},"severity":"error","data":"boom"}\n'
    assert classify(t, _result()).outcome == "ok"
    assert classify(t, _result(err, exit_code=1)).outcome == "error"
    assert classify(t, _result(exit_code=None, signal=9, timed_out=True)).outcome == "timeout"
    assert (
        classify(t, _result(exit_code=None, signal=9, killed_for_memory=True)).outcome == "memory"
    )
    crash = classify(t, _result(exit_code=134, signal=6, stderr=b"INTERNAL PANIC"))
    assert crash.outcome == "crash" and "INTERNAL PANIC" in crash.detail


def test_build_runs_in_the_jail_with_the_standin(project, bwrap):
    toolchain = standin_toolchain(project)
    targets = resolve_targets(project, ["O98", "E98"])
    report = run_build(project, toolchain, bwrap, targets, jobs=2)
    assert report.dependencies == ["FrontierBench.Util.Answer"]
    assert report.dependency_result is not None and report.dependency_result.ok
    assert [m.outcome for m in report.modules] == ["ok", "ok"]
    assert [m.counts["sorry"] for m in report.modules] == [1, 1]
    assert report.errors == 0
    assert (project.root / ".lake" / "build").is_dir()


def test_a_failed_dependency_skips_the_modules(project, bwrap, monkeypatch):
    monkeypatch.setattr(
        "openfrontiers.build.workspace_imports", lambda p, t: ["FrontierBench.Broken"]
    )
    report = run_build(
        project, standin_toolchain(project), bwrap, resolve_targets(project, ["O98"])
    )
    assert [m.outcome for m in report.modules] == ["skipped"]
    assert "dependency build failed" in report.modules[0].detail


def test_wall_clock_limit_per_module(project, bwrap):
    slow = project.root / "FrontierBench" / "O97.lean"
    slow.write_text("-- STANDIN_SLEEP\n", encoding="utf-8")
    report = run_build(
        project,
        standin_toolchain(project),
        bwrap,
        [Target("FrontierBench.O97", Path("FrontierBench/O97.lean"))],
        limits=Limits(wall_seconds=1.0),
    )
    assert report.modules[0].outcome == "timeout"


@pytest.mark.lean
@pytest.mark.skipif(shutil.which("lake") is None, reason="needs a Lean toolchain (lake on PATH)")
def test_real_build_of_the_utility_library(bwrap):
    project = Project(REPO)
    toolchain = Toolchain.discover(project, require_mathlib=False)
    report = run_build(
        project, toolchain, bwrap, resolve_targets(project, ["FrontierBench.Util.Answer"])
    )
    assert [m.outcome for m in report.modules] == ["ok"], report.as_dict()
