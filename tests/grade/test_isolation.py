"""What each grading step sees and reads (issue 11, items 2, 5 and 6): export and replay in
a workspace laid out from the build's .olean alone, with LEAN_PATH set by us and no Lake;
the Reference built apart and its output never shown; every program bound as its own file,
and no tool taken from the checkout or the evaluator's data."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from grading_helpers import (
    STANDIN_TOOLS,
    steps_for,
    submission,
    submissions_folder,
)

from openfrontiers.grade import workspaces
from openfrontiers.grade.inputs import find_submissions, load_jobs
from openfrontiers.grade.pipeline import Grader, LocalExecutor, grade_all
from openfrontiers.grade.runs import Steps
from openfrontiers.grade.tools import GraderTools
from openfrontiers.jail import Limits, MiB
from openfrontiers.lean.toolchain import ToolchainError

LIMITS = Limits(memory=512 * MiB, processes=128, cpus=1.0, wall_seconds=20.0)


def tools_for(repo, **kw) -> GraderTools:
    return GraderTools.discover(
        repo.project(),
        repo.toolchain(),
        lean4export=kw.pop("lean4export", STANDIN_TOOLS / "lean4export"),
        comparator=kw.pop("comparator", STANDIN_TOOLS / "comparator"),
        landrun=kw.pop("landrun", STANDIN_TOOLS / "landrun"),
        **kw,
    )


def built(folder: Path, module: str, util: bool = True) -> Path:
    lib = folder / workspaces.BUILD_LIB
    (lib / "FrontierBench" / "Util").mkdir(parents=True)
    (lib / f"{module}.olean").write_bytes(b"olean of " + module.encode())
    (lib / f"{module}.ilean").write_bytes(b"{}")
    if util:
        (lib / "FrontierBench" / "Util" / "Answer.olean").write_bytes(b"util")
    return folder


def test_an_export_workspace_holds_the_module_and_the_trusted_utility_library(tmp_path):
    solution = built(tmp_path / "solution", "Solution")
    trusted = built(tmp_path / "challenge", "Challenge")
    (solution / "lakefile.lean").write_text("-- planted")
    (solution / workspaces.BUILD_LIB / "Mathlib.olean").write_bytes(b"planted")
    (solution / workspaces.BUILD_LIB / "FrontierBench/Util/Answer.olean").write_bytes(b"forged")
    folder = workspaces.export_workspace(tmp_path, "Solution", solution, trusted)
    got = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert got == [
        "lib/FrontierBench/Util/Answer.olean",
        "lib/Solution.ilean",
        "lib/Solution.olean",
    ]
    assert (folder / "lib/FrontierBench/Util/Answer.olean").read_bytes() == b"util"
    assert (folder / "out").is_dir()


def _missing(lib: Path) -> None:
    (lib / "Solution.olean").unlink()


def _symlinked(lib: Path) -> None:
    (lib / "Solution.olean").unlink()
    (lib / "Solution.olean").symlink_to("/etc/passwd")


def _fifo(lib: Path) -> None:
    (lib / "Solution.ilean").unlink()
    os.mkfifo(lib / "Solution.ilean")


@pytest.mark.parametrize(
    "spoil,reason",
    [
        (_missing, "left no Solution.olean"),
        (_symlinked, "cannot be opened as a plain file"),
        (_fifo, "not a regular file"),
    ],
)
def test_an_export_workspace_takes_plain_files_only(tmp_path, spoil, reason):
    solution = built(tmp_path / "solution", "Solution")
    trusted = built(tmp_path / "challenge", "Challenge")
    spoil(solution / workspaces.BUILD_LIB)
    with pytest.raises(workspaces.LayoutError, match=reason):
        workspaces.export_workspace(tmp_path, "Solution", solution, trusted)


def test_an_export_workspace_refuses_a_link_on_the_way_and_a_huge_olean(tmp_path, monkeypatch):
    solution = built(tmp_path / "solution", "Solution")
    trusted = built(tmp_path / "challenge", "Challenge")
    elsewhere = built(tmp_path / "elsewhere", "Solution")
    os.rename(solution / ".lake", tmp_path / "moved")
    (solution / ".lake").symlink_to(elsewhere / ".lake")
    with pytest.raises(workspaces.LayoutError, match="not a plain directory"):
        workspaces.export_workspace(tmp_path, "Solution", solution, trusted)
    (solution / ".lake").unlink()
    os.rename(tmp_path / "moved", solution / ".lake")
    monkeypatch.setattr(workspaces, "MAX_OLEAN_BYTES", 4)
    with pytest.raises(workspaces.LayoutError, match="more than 4"):
        workspaces.export_workspace(tmp_path, "Solution", solution, trusted)


def test_export_and_replay_call_the_tools_without_lake_and_with_our_search_path(repo, tmp_path):
    from openfrontiers.jail.bwrap import BwrapBackend

    tools = tools_for(repo)
    steps = Steps(tools, BwrapBackend(), LIMITS)
    folder = tmp_path / "export-Solution"
    folder.mkdir()
    argv = steps.export_argv("Solution", ["P001.main"])
    assert str(tools.toolchain.lake) not in argv and "env" not in argv
    assert argv[4:9] == [
        str(tools.lean4export),
        "--export-mdata",
        "--ignore-missing",
        "Solution",
        "--",
    ]
    assert steps.replay_argv("Solution") == [str(tools.leanchecker), "--fresh", "Solution"]
    env = steps.lean_env(folder)
    packages = tools.packages_dir
    assert env["LEAN_PATH"].split(":") == [str(folder / "lib")] + [
        str(packages / name / ".lake/build/lib/lean") for name in tools.packages
    ]
    assert env["LEAN_SYSROOT"] == str(tools.toolchain.prefix)
    assert tools.packages and tools.packages[0] == "mathlib"  # the checkout's manifest


def test_each_program_is_bound_as_its_own_file(repo, tmp_path):
    """Issue 11, item 6: the policy shows the program, never the folder it lies in."""
    from openfrontiers.jail.bwrap import BwrapBackend

    tools = tools_for(repo)
    policy = Steps(tools, BwrapBackend(), LIMITS).policy(
        tmp_path, [tools.lean4export, tools.comparator, tools.landrun]
    )
    assert {tools.lean4export, tools.comparator, tools.landrun} <= set(policy.read_only)
    assert STANDIN_TOOLS not in policy.read_only and repo.root not in policy.read_only


def test_the_jail_shows_a_program_but_not_its_neighbours(repo, bwrap, tmp_path):
    tools = tools_for(repo)
    work = tmp_path / "ws"
    work.mkdir()
    policy = steps_for(tools, bwrap, LIMITS).policy(work, [tools.lean4export])
    result = bwrap.run(["/bin/ls", "-a", str(STANDIN_TOOLS)], policy)
    assert result.ok, result.describe()
    assert sorted(result.text().split()) == [".", "..", "lean4export"]


def test_tools_inside_the_checkout_or_the_evaluator_data_are_refused(repo, tmp_path):
    exe = repo.root / "x"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    with pytest.raises(ToolchainError, match=r"--nanoda .*/x is inside the checkout"):
        tools_for(repo, nanoda=exe)
    private = repo.project().evaluator_dir / "tool"
    private.write_text("#!/bin/sh\n")
    private.chmod(0o755)
    with pytest.raises(ToolchainError, match="inside the evaluator's data"):
        tools_for(repo, landrun=private)
    answers_dir = tmp_path / "evaluator"
    answers_dir.mkdir()
    beside = answers_dir / "nanoda"
    beside.write_text("#!/bin/sh\n")
    beside.chmod(0o755)
    with pytest.raises(ToolchainError, match="inside the evaluator's data"):
        tools_for(repo, nanoda=beside, evaluator_data=[answers_dir / "answers.toml"])
    # the checkout's comparator/ workspace is where the tools are built: allowed
    own = repo.root / "comparator" / "bin" / "nanoda"
    own.parent.mkdir(parents=True)
    own.write_text("#!/bin/sh\n")
    own.chmod(0o755)
    assert tools_for(repo, nanoda=own).nanoda == own.resolve()


def test_the_reference_s_output_never_reaches_a_verdict(repo, bwrap, tmp_path):
    """Issue 11, item 5: a failing build of the reference is reported without its output
    (the stand-in's error line quotes the answer, as Lean's would)."""
    statement = repo.library / "N97.lean"
    statement.write_text(
        statement.read_text().replace(
            "/-- The least natural number", "/-- STANDIN_BUILD_ERROR The least natural number"
        )
    )
    folder = submissions_folder(
        tmp_path / "subs", {"P001": submission("honest_value").replace("P901", "P001")}
    )
    jobs = load_jobs(
        repo.project(), find_submissions(folder), repo.key({"P001": "N97"}), repo.answers_path
    )
    grader = Grader(repo.project(), steps_for(tools_for(repo), bwrap, LIMITS), tmp_path / "work")
    (record,) = grade_all(grader, jobs, LocalExecutor())
    d = record.decision
    assert (d.verdict, d.stage, d.reason) == ("unsolved", "compile_reference", "error")
    line = json.dumps(record.as_dict())
    assert "answer(4)" not in line and "not shown in verdicts" in d.detail
