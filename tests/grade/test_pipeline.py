"""The grader end to end on real processes in the real jail, with the stand-in toolchain and
tools of tests/support (not Lean: they answer by fixed rules on markers in the sources),
the jail precondition, and `ofb grade` on a folder."""

from __future__ import annotations

import json

import pytest
from grading_helpers import (
    STANDIN_TOOLS,
    standin_tools,
    steps_for,
    submission,
    submissions_folder,
)

from openfrontiers.errors import OfbError
from openfrontiers.grade.inputs import find_submissions, load_jobs
from openfrontiers.grade.pipeline import (
    Grader,
    JailCheckFailed,
    LocalExecutor,
    grade_all,
    require_jail,
)
from openfrontiers.grade.runs import NO_CGROUPS, Steps, error_lines, from_run, step_policy
from openfrontiers.grade.tools import GraderTools
from openfrontiers.jail import Limits, MiB
from openfrontiers.jail.bwrap import BwrapBackend, Hardening
from openfrontiers.lean.toolchain import ToolchainError

LIMITS = Limits(memory=512 * MiB, processes=128, cpus=1.0, wall_seconds=20.0)


def honest(marker: str = "", name: str = "honest_yes_no") -> str:
    text = submission(name)
    return text.replace("theorem main", f"-- {marker}\ntheorem main") if marker else text


# packet → (item, submission text, expected verdict, stage, reason)
SCENARIOS = {
    "P001": ("R97", honest(), "solved", None, ""),
    "P002": (
        "R97",
        honest().replace("answer(True)", "answer(False)"),
        "frozen-review",
        None,
        "opposite-answer",
    ),
    "P003": ("O97", submission("open_item_solved"), "frozen-review", None, "open-item-accepted"),
    "P004": ("N97", submission("honest_value"), "solved", None, ""),
    "P005": (
        "N97",
        submission("honest_value").replace("answer(4)", "answer(5)"),
        "frozen-review",
        None,
        "answer-differs",
    ),
    "P006": ("R97", submission("native_decide"), "unsolved", "static", "trust"),
    "P007": ("R97", honest("STANDIN_BUILD_ERROR"), "unsolved", "compile_submission", "error"),
    "P008": ("R97", honest("STANDIN_AXIOM"), "unsolved", "axioms", "forbidden-axiom"),
    "P009": ("R97", honest("STANDIN_REPLAY_FAIL"), "unsolved", "replay", "checker-disagreement"),
    "P010": (
        "R97",
        honest("STANDIN_COMPARATOR_REJECT"),
        "unsolved",
        "comparator",
        "checker-disagreement",
    ),
    "P011": ("R97", honest("STANDIN_CHANGED_CLAIM"), "unsolved", "compare", "checker-disagreement"),
    # issue 11, item 9: definitions, a structure and lemmas before main
    "P015": ("R97", honest(name="honest_definitions"), "solved", None, ""),
}


def jobs_for(repo, tmp_path, packets):
    texts = {pid: SCENARIOS[pid][1].replace("P901", pid) for pid in packets}
    folder = submissions_folder(tmp_path / "subs", texts)
    key = repo.key({pid: SCENARIOS[pid][0] for pid in packets})
    return load_jobs(repo.project(), find_submissions(folder), key, repo.answers_path), key, folder


def test_every_row_of_the_verdict_table_on_real_processes(repo, bwrap, tmp_path):
    jobs, _, _ = jobs_for(repo, tmp_path, list(SCENARIOS))
    grader = Grader(
        repo.project(),
        steps_for(standin_tools(repo), bwrap, LIMITS),
        tmp_path / "work",
        hashes={"key": "k"},
        jail_name="bwrap",
    )
    records = grade_all(grader, jobs, LocalExecutor(4))
    got = {
        r.packet: (r.item, r.decision.verdict, r.decision.stage, r.decision.reason) for r in records
    }
    want = {
        pid: (item, verdict, stage, reason)
        for pid, (item, _, verdict, stage, reason) in SCENARIOS.items()
    }
    assert got == want
    by = {r.packet: r for r in records}
    solved = by["P001"].as_dict()
    assert [s["stage"] for s in solved["checkers"]["ours"]["stages"]] == [
        "compile_challenge",
        "compile_submission",
        "export",
        "compare",
        "axioms",
        "replay",
    ]
    assert solved["checkers"]["ours"]["axioms"] == ["propext"]
    assert solved["checkers"]["comparator"]["category"] == "accepted"
    assert solved["answer"] == {"kind": "yes-no", "submitted": "True", "matches": True}
    assert solved["tools"]["limits"] == (bwrap.group_limits() or "rlimit")
    # Issue 11, item 8: no verdict line names the reference answer; whether an answer
    # matches it shows only once both checkers accepted. The evaluator's line has both.
    for r in records:
        line = r.as_dict()
        assert "reference" not in line["answer"]
        if line["verdict"] == "unsolved":
            assert line["answer"]["matches"] is None
    assert by["P008"].evaluator_dict()["reference"] == "True"
    assert by["P008"].evaluator_dict()["matches"] is True  # known, but not published
    assert by["P006"].evaluator_dict()["matches"] is None  # nothing was built
    assert set(solved["hashes"]) == {"submission", "statement", "challenge", "key"}
    assert {"static", "compile_challenge", "replay", "comparator", "total"} <= set(
        solved["timings"]
    )
    assert solved["tools"]["jail"] == "bwrap" and solved["tools"]["lean"] == "4.33.1"
    assert "(P008.main → P008.cheat)" in by["P008"].decision.detail  # the path to the axiom
    assert "comparator also rejected (axiom)" in by["P008"].decision.detail
    assert "Illegal axiom detected" in by["P010"].decision.detail
    assert by["P006"].checkers.get("ours") is None  # nothing was built
    assert by["P007"].checkers["comparator"] is None  # a build failure stops both
    assert not list((tmp_path / "work").iterdir())  # attempts are removed


def test_a_build_that_runs_past_the_wall_clock_is_a_timeout(repo, bwrap, tmp_path):
    SCENARIOS["P012"] = (
        "R97",
        honest("STANDIN_SLEEP"),
        "unsolved",
        "compile_submission",
        "timeout",
    )
    try:
        jobs, _, _ = jobs_for(repo, tmp_path, ["P012"])
    finally:
        del SCENARIOS["P012"]
    steps = steps_for(standin_tools(repo), bwrap, Limits(memory=512 * MiB, wall_seconds=2.0))
    (record,) = grade_all(Grader(repo.project(), steps, tmp_path / "work"), jobs, LocalExecutor())
    assert (record.decision.stage, record.decision.reason) == ("compile_submission", "timeout")
    assert "wall-clock" in record.decision.detail


def files_under(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_kept_work_shows_the_workspaces_and_what_came_back(repo, bwrap, tmp_path):
    jobs, _, _ = jobs_for(repo, tmp_path, ["P001"])
    grader = Grader(
        repo.project(),
        steps_for(standin_tools(repo), bwrap, LIMITS),
        tmp_path / "work",
        keep_work=True,
    )
    (record,) = grade_all(grader, jobs, LocalExecutor())
    assert record.decision.verdict == "solved"
    work = tmp_path / "work"
    (attempt,) = list(work.iterdir())
    assert record.as_dict()["work"] == str(attempt)
    assert sorted(p.name for p in attempt.iterdir()) == [
        "challenge",
        "comparator",
        "export-Challenge",
        "export-Solution",
        "solution",
    ]
    # each export ran where only our layout was: the module's outputs, the trusted build's
    # utility library and the export itself
    assert files_under(attempt / "export-Solution") == [
        "lib/FrontierBench/Util/Answer.olean",
        "lib/Solution.ilean",
        "lib/Solution.olean",
        "out/Solution.ndjson",
    ]
    assert (
        (attempt / "export-Solution" / "out" / "Solution.ndjson").read_text().startswith('{"meta"')
    )
    # the Solution's build brought back its module's outputs and nothing else
    built = [f for f in files_under(attempt / "solution") if f.startswith(".lake/")]
    assert built == [".lake/build/lib/lean/Solution.ilean", ".lake/build/lib/lean/Solution.olean"]
    # the utility library every export used is the trusted (Challenge) build's
    challenge_util = attempt / "challenge/.lake/build/lib/lean/FrontierBench/Util/Answer.olean"
    used = attempt / "export-Solution/lib/FrontierBench/Util/Answer.olean"
    assert used.read_bytes() == challenge_util.read_bytes()


def test_a_build_s_leftovers_never_reach_export_or_replay(repo, bwrap, tmp_path):
    """Issue 11, item 2: the untrusted build plants a lakefile.lean, a forged utility
    library, a Mathlib.olean and junk; export and replay run in a workspace we laid out,
    with LEAN_PATH set by us, so none of it is read (the stand-in lean4export and
    leanchecker fail loudly on a forged .olean they are given)."""
    SCENARIOS["P014"] = ("R97", honest("STANDIN_PLANT"), "solved", None, "")
    try:
        jobs, _, _ = jobs_for(repo, tmp_path, ["P014"])
    finally:
        del SCENARIOS["P014"]
    grader = Grader(
        repo.project(),
        steps_for(standin_tools(repo), bwrap, LIMITS),
        tmp_path / "work",
        keep_work=True,
    )
    (record,) = grade_all(grader, jobs, LocalExecutor())
    assert (record.decision.verdict, record.decision.reason) == ("solved", ""), record.as_dict()
    (attempt,) = list((tmp_path / "work").iterdir())
    planted = files_under(attempt / "solution")
    assert "lakefile.lean" not in planted and not any("junk" in f for f in planted)
    assert (
        "FORGED"
        not in (attempt / "export-Solution/lib/FrontierBench/Util/Answer.olean").read_text()
    )


def test_the_step_policy_hides_the_checkout_and_writes_only_the_workspace(repo, tmp_path):
    tools = standin_tools(repo)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    policy = step_policy(tools.toolchain, workspace, LIMITS, [tools.packages_dir, STANDIN_TOOLS])
    assert policy.work_dir == workspace and policy.cwd == workspace
    assert repo.root not in policy.read_only
    assert tools.packages_dir in policy.read_only and tools.toolchain.prefix in policy.read_only
    assert not any(
        p == repo.root
        or (
            repo.root in p.parents
            and p != tools.packages_dir
            and not p.is_relative_to(tools.packages_dir)
        )
        for p in policy.read_only
    )
    env = policy.environment
    assert env["HOME"] == str(workspace) and env["LEAN_ABORT_ON_PANIC"] == "1"


def test_exports_written_for_another_lean_fail_the_export_stage(repo, bwrap, tmp_path):
    from dataclasses import replace

    tools = standin_tools(repo)
    tools = replace(tools, toolchain=replace(tools.toolchain, expected="4.40.0"))
    jobs, _, _ = jobs_for(repo, tmp_path, ["P001"])
    (record,) = grade_all(
        Grader(repo.project(), steps_for(tools, bwrap, LIMITS), tmp_path / "w"),
        jobs,
        LocalExecutor(),
    )
    assert (record.decision.stage, record.decision.reason) == ("export", "error")
    assert "for Lean 4.33.1, but the benchmark's Lean is 4.40.0" in record.decision.detail


def test_missing_tools_are_named_together(repo):
    with pytest.raises(ToolchainError) as err:
        GraderTools.discover(repo.project(), repo.toolchain(), landrun=repo.root / "nope")
    text = str(err.value)
    assert (
        "lean4export for the benchmark's Lean" in text
        and "comparator (comparator/README.md)" in text
    )
    assert "landrun" in text and "Mathlib's packages" not in text


def test_grading_refuses_to_start_where_the_jail_check_fails(bwrap):
    waive = bwrap.group_limits() is None  # tests run without root: no cgroups
    assert require_jail(bwrap, allow_no_cgroups=waive) == ([NO_CGROUPS] if waive else [])
    with pytest.raises(JailCheckFailed) as err:
        require_jail(
            BwrapBackend(Hardening(seccomp=False, unshare_net=False)), allow_no_cgroups=waive
        )
    assert "grading refuses to start" in str(err.value) and "network" in str(err.value)


def test_a_waiver_is_printed_on_every_verdict_line(repo, bwrap, tmp_path):
    weak = BwrapBackend(Hardening(cgroups=False))
    jobs, _, _ = jobs_for(repo, tmp_path, ["P001", "P006"])
    strict = Grader(repo.project(), Steps(standin_tools(repo), weak, LIMITS), tmp_path / "a")
    refused = strict.grade(jobs[0])  # a step without group limits fails, unwaived
    assert (refused.decision.stage, refused.decision.reason) == ("compile_challenge", "jail")
    steps = Steps(standin_tools(repo), weak, LIMITS, waivers=[NO_CGROUPS])
    grader = Grader(repo.project(), steps, tmp_path / "b")  # the steps' waivers are printed
    records = grade_all(grader, jobs, LocalExecutor())
    assert [r.decision.verdict for r in records] == ["solved", "unsolved"]
    assert all(r.as_dict()["waivers"] == [NO_CGROUPS] for r in records)
    assert records[0].as_dict()["tools"]["limits"] == "rlimit"


def test_a_submission_that_needs_lean_without_lean_is_an_error(repo, tmp_path):
    jobs, _, _ = jobs_for(repo, tmp_path, ["P001", "P006"])
    grader = Grader(repo.project(), None, tmp_path / "w")
    assert grader.grade(jobs[1]).decision.stage == "static"
    with pytest.raises(OfbError, match="passed the static layer and needs Lean"):
        grader.grade(jobs[0])


def test_run_outcomes_and_error_lines():
    from openfrontiers.jail import JailResult

    def result(**kw):
        base = {
            "backend": "bwrap",
            "exit_code": 1,
            "signal": None,
            "timed_out": False,
            "killed_for_memory": False,
            "killed_for_cpu": False,
            "wall_time": 1.0,
            "cpu_time": None,
            "peak_memory": None,
            "stdout": b"",
            "stderr": b"",
        }
        base.update(kw)
        return JailResult(**base)

    log = (
        "✔ [1/3] Built FrontierBench.Util.Answer\n"
        "error: ./Solution.lean:7:2: unknown identifier 'x'\nerror: build failed\n"
    )
    failed = from_run("compile_submission", result(stdout=log.encode()), 2.0, "lake build Solution")
    assert (failed.ok, failed.reason) == (False, "error")
    assert failed.detail.endswith("unknown identifier 'x'\nerror: build failed")
    assert from_run("x", result(exit_code=0), 1, "w").ok
    assert from_run("x", result(timed_out=True), 1, "w").reason == "timeout"
    assert from_run(
        "x", result(killed_for_memory=True, peak_memory=600 * MiB), 1, "w"
    ).detail.endswith("(peak 600 MiB)")
    assert from_run("x", result(exit_code=None, signal=11), 1, "w").reason == "crash"
    refused = from_run("x", result(exit_code=0, work_refused="a is sparse"), 1, "lake build")
    assert (refused.ok, refused.reason) == (False, "work-dir")
    assert "not copied back (a is sparse)" in refused.detail
    assert error_lines("a\nb\n") == "a\nb"


def test_cli_grades_a_folder_and_writes_one_line_per_submission(repo, bwrap, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from openfrontiers.cli import app
    from openfrontiers.lean import toolchain as toolchain_module

    monkeypatch.setattr(
        toolchain_module.Toolchain,
        "discover",
        classmethod(lambda cls, project, **kw: repo.toolchain()),
    )
    packets = ["P001", "P002", "P006", "P008"]
    _, key, folder = jobs_for(repo, tmp_path, packets)
    monkeypatch.chdir(repo.root)
    out = tmp_path / "verdicts.jsonl"
    private = tmp_path / "private" / "evaluator.jsonl"
    result = CliRunner().invoke(
        app,
        [
            "grade",
            str(folder),
            "--key",
            str(key),
            "--answers",
            str(repo.answers_path),
            "--out",
            str(out),
            "--evaluator-out",
            str(private),
            *(["--allow-no-cgroups"] if bwrap.group_limits() is None else []),
            "--jail",
            "bwrap",
            "--jobs",
            "2",
            "--wall",
            "20",
            "--memory-mib",
            "512",
            "--lean4export",
            str(STANDIN_TOOLS / "lean4export"),
            "--comparator",
            str(STANDIN_TOOLS / "comparator"),
            "--landrun",
            str(STANDIN_TOOLS / "landrun"),
        ],
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(d["packet"], d["verdict"]) for d in lines] == [
        ("P001", "solved"),
        ("P002", "frozen-review"),
        ("P006", "unsolved"),
        ("P008", "unsolved"),
    ]
    assert "4 graded: 1 solved, 1 frozen for review, 2 unsolved" in result.output
    assert "P008" in result.output and "axioms" in result.output
    waivers = [NO_CGROUPS] if bwrap.group_limits() is None else []
    assert all("reference" not in d["answer"] and d["waivers"] == waivers for d in lines)
    evaluator = [json.loads(line) for line in private.read_text().splitlines()]
    assert [(d["packet"], d["reference"], d["matches"]) for d in evaluator] == [
        ("P001", "True", True),
        ("P002", "True", False),
        ("P006", "True", None),
        ("P008", "True", True),
    ]


def test_cli_refuses_a_node_without_cgroups_unless_waived(
    repo, bwrap, tmp_path, monkeypatch, nobody_load
):
    """Issue 11, item 7, from the command line: fail closed, or grade with the waiver on
    every verdict line — also with more processes of uid 65534 on the host than a jail may
    start (issue 35: the process limit counts the jail's own tree)."""
    from typer.testing import CliRunner

    from openfrontiers.cli import app
    from openfrontiers.lean import toolchain as toolchain_module

    monkeypatch.setattr(
        toolchain_module.Toolchain, "discover", classmethod(lambda cls, p, **kw: repo.toolchain())
    )
    # The verb imports the backend factory when it runs: patch it where it lives.
    monkeypatch.setattr(
        "openfrontiers.jail.get_backend", lambda name: BwrapBackend(Hardening(cgroups=False))
    )
    _, key, folder = jobs_for(repo, tmp_path, ["P001"])
    monkeypatch.chdir(repo.root)
    args = [
        "grade",
        str(folder),
        "--key",
        str(key),
        "--answers",
        str(repo.answers_path),
        "--wall",
        "20",
        "--memory-mib",
        "512",
        "--lean4export",
        str(STANDIN_TOOLS / "lean4export"),
        "--comparator",
        str(STANDIN_TOOLS / "comparator"),
        "--landrun",
        str(STANDIN_TOOLS / "landrun"),
    ]
    refused = CliRunner().invoke(app, args)
    assert isinstance(refused.exception, JailCheckFailed)  # ofb's main makes it exit 2
    assert "no group limits here" in str(refused.exception)
    waived = CliRunner().invoke(app, [*args, "--allow-no-cgroups"])
    assert waived.exit_code == 0, waived.output
    (line,) = [json.loads(t) for t in waived.stdout.splitlines() if t.startswith("{")]
    assert line["verdict"] == "solved" and line["waivers"] == [NO_CGROUPS]
    assert "waived" in waived.output


def test_cli_static_only_folder_needs_neither_lean_nor_tools(repo, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from openfrontiers.cli import app

    SCENARIOS["P013"] = ("R97", submission("custom_axiom"), "unsolved", "static", "")
    try:
        _, key, folder = jobs_for(repo, tmp_path, ["P006", "P013"])
    finally:
        del SCENARIOS["P013"]
    monkeypatch.chdir(repo.root)
    result = CliRunner().invoke(
        app, ["grade", str(folder), "--key", str(key), "--answers", str(repo.answers_path)]
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [(d["packet"], d["stage"], d["reason"]) for d in lines] == [
        ("P006", "static", "trust"),
        ("P013", "static", "axiom, command"),
    ]


def test_cli_one_submission_that_breaks_the_grader_stops_no_other(repo, tmp_path, monkeypatch):
    """A grader bug a hostile submission finds fails that submission alone: the others are
    graded and kept, the failure is named with its error (no traceback), the exit is 1,
    and the same command resumes with only that submission left."""
    from typer.testing import CliRunner

    from openfrontiers.cli import app
    from openfrontiers.grade import pipeline

    SCENARIOS["P013"] = ("R97", submission("custom_axiom"), "unsolved", "static", "")
    try:
        _, key, folder = jobs_for(repo, tmp_path, ["P006", "P013"])
    finally:
        del SCENARIOS["P013"]
    real = pipeline.static_check

    def breaks_on_p013(job):
        if job.packet_id == "P013":
            raise RecursionError("maximum recursion depth exceeded")
        return real(job)

    monkeypatch.setattr(pipeline, "static_check", breaks_on_p013)
    monkeypatch.chdir(repo.root)
    out = tmp_path / "verdicts.jsonl"
    args = ["grade", str(folder), "--key", str(key), "--answers", str(repo.answers_path)]
    result = CliRunner().invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert "P013: could not be graded: internal error (RecursionError" in result.output
    assert "1 submission(s) not graded" in result.output
    kept = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(d["packet"], d["stage"]) for d in kept] == [("P006", "static")]

    monkeypatch.setattr(pipeline, "static_check", real)
    again = CliRunner().invoke(app, [*args, "--out", str(out)])
    graded = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(d["packet"] for d in graded) == ["P006", "P013"], again.output


def test_local_executor_hands_back_a_job_s_exception_but_stops_on_an_interrupt():
    def job(n: int) -> int:
        if n == 2:
            raise ValueError("two")
        if n == 9:
            raise KeyboardInterrupt
        return n * 10

    got = dict(LocalExecutor(2).outcomes(job, [1, 2, 3]))
    assert got[1] == 10 and got[3] == 30 and isinstance(got[2], ValueError)
    with pytest.raises(KeyboardInterrupt):
        dict(LocalExecutor(2).outcomes(job, [1, 9]))
