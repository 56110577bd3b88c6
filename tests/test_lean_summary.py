"""The Lean summary CI uploads: built from what `ofb build`, `ofb probe` and `ofb grade
selftest` write as JSON. Here their inputs come from the same code run on the stand-in
toolchain in the real jail (tests/support: not Lean), and from the real #guard_msgs test
module with messages where Lean puts them."""

from __future__ import annotations

import json

import pytest

from ofb_testing import REPO
from openfrontiers import lean_summary
from openfrontiers.build import resolve_targets, run_build
from openfrontiers.grade.selftest import DEFAULT_CORPUS, SelftestContext, load_corpus, run_corpus
from openfrontiers.probe.generate import generate, yes_no_variants
from openfrontiers.probe.lean_file import LeanFileBackend
from openfrontiers.probe.run import ProbeJob
from support.standin_project import FIXTURES, make_project, standin_toolchain

ANSWER_TESTS = REPO / "FrontierBenchTest" / "Answer.lean"


def test_guard_tests_are_found_with_their_commands():
    source = ANSWER_TESTS.read_text(encoding="utf-8")
    tests = lean_summary.guard_tests(source)
    lines = source.splitlines()
    assert len(tests) == sum(1 for ln in lines if ln.startswith("#guard_msgs"))
    for t in tests:
        assert lines[t.line - 1].startswith("#guard_msgs")
        assert t.first <= t.line < t.last
        assert lines[t.last - 1].strip() == t.command  # the guarded command's one line here
    first = tests[0]
    assert first.command.startswith("theorem unanswered")
    assert lines[tests[1].first - 1].startswith("/-- info:")  # the expected messages


def module(file, outcome, diagnostics):
    return {"module": file.replace("/", ".")[:-5], "file": file, "outcome": outcome,
            "detail": "", "diagnostics": diagnostics}  # fmt: skip


def diag(line, severity, message, column=1):
    return {"file": "x", "severity": severity, "line": line, "column": column,
            "end_line": None, "end_column": None, "message": message, "kind": ""}  # fmt: skip


def test_a_failing_guard_is_the_test_at_its_line_and_other_errors_are_kept():
    tests = lean_summary.guard_tests(ANSWER_TESTS.read_text(encoding="utf-8"))
    failing = tests[2]
    stray = tests[2].first - 2  # a line between two tests (a theorem no test guards)
    assert tests[1].last < stray < tests[2].first
    build = {
        "modules": [
            module(
                "FrontierBenchTest/Answer.lean",
                "error",
                [
                    diag(tests[0].last, "warning", "declaration uses 'sorry'"),
                    diag(failing.line, "error", "❌️ Docstring on `#guard_msgs` does not match"),
                    diag(stray, "error", "unknown identifier 'x'"),
                ],
            )
        ]
    }
    (report,) = lean_summary.guard_report(build, REPO)
    passed = [t["passed"] for t in report["tests"]]
    assert passed == [n != 2 for n in range(len(tests))]
    assert report["tests"][0]["messages"][0]["severity"] == "warning"
    assert [m["message"] for m in report["other_messages"]] == ["unknown identifier 'x'"]


def test_a_crashed_test_module_passes_no_test():
    build = {"modules": [module("FrontierBenchTest/Answer.lean", "timeout", [])]}
    (report,) = lean_summary.guard_report(build, REPO)
    assert report["tests"] and not any(t["passed"] for t in report["tests"])


@pytest.fixture
def project(tmp_path):
    return make_project(
        tmp_path / "repo",
        {i: (FIXTURES / f"{i}.lean").read_text(encoding="utf-8") for i in ("O98", "E98")},
    )


def test_the_summary_of_real_command_outputs(project, bwrap, tmp_path):
    toolchain = standin_toolchain(project)
    build = run_build(project, toolchain, bwrap, resolve_targets(project, []), jobs=2)
    sources = {i: (FIXTURES / f"{i}.lean").read_text() for i in ("O98", "E98")}
    jobs = [
        ProbeJob(generate(i, text, yes_no_variants(), ("decide",)), None)
        for i, text in sources.items()
    ]
    probes = LeanFileBackend(toolchain, bwrap).run(jobs, workers=2)
    cases = load_corpus(REPO / DEFAULT_CORPUS)
    results = run_corpus(cases[:3], SelftestContext(project))
    inputs = {
        "build": build.as_dict(),
        "probes": {"items": [r.as_dict() for r in probes]},
        "selftest": {"cases": [r.as_dict() for r in results]},
    }
    paths = {}
    for name, doc in inputs.items():
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(doc))
    (tmp_path / "guard.json").write_text("")  # a command that printed nothing
    paths["guard"] = tmp_path / "guard.json"
    names = [c.name for c in cases[:3]]
    doc = lean_summary.summarize(paths, project.root, names, "Lean (version 4.33.1)")
    assert doc["format"] == lean_summary.FORMAT and doc["lean"] == "Lean (version 4.33.1)"
    assert [s["module"] for s in doc["statements"]] == ["FrontierBench.E98", "FrontierBench.O98"]
    assert all(s["elaborated"] for s in doc["statements"])
    assert any("sorry" in m["message"] for m in doc["statements"][0]["messages"])
    assert [m["module"] for m in doc["library"]] == ["FrontierBench.Util.Answer"]
    by_item = {i["id"]: i for i in doc["probes"]}
    assert by_item["E98"]["verdict"] == "PROVES"  # the stand-in proves True by decide
    assert {p["outcome"] for p in by_item["O98"]["probes"]} <= {"proved", "failed"}
    assert [c["name"] for c in doc["selftest_lean_cases"]] == names
    assert doc["inputs"]["guard"] == {"ok": False, "problem": doc["inputs"]["guard"]["problem"]}
    assert "empty" in doc["inputs"]["guard"]["problem"]
    assert doc["counts"]["statements"] == 2 and doc["counts"]["elaborated"] == 2


def test_inputs_that_are_not_the_command_s_json_are_reported(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"items": 3}')
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    doc = lean_summary.summarize(
        {"build": bad, "probes": bad, "selftest": broken, "guard": tmp_path / "missing.json"},
        REPO,
        [],
    )
    problems = {k: v["problem"] for k, v in doc["inputs"].items()}
    assert "no modules list" in problems["build"] and "no items list" in problems["probes"]
    assert "not JSON" in problems["selftest"] and "missing.json" in problems["guard"]
    assert doc["statements"] == [] and doc["probes"] == []


def test_main_writes_the_summary_and_fails_on_an_unusable_input(tmp_path, capsys):
    probes = tmp_path / "probes.json"
    probes.write_text(json.dumps({"items": [{"id": "O98", "verdict": "clean", "probes": []}]}))
    out = tmp_path / "out" / "summary.json"
    code = lean_summary.main(["--probes", str(probes), "--out", str(out)], root=REPO)
    assert code == 1  # build, guard and selftest were not given
    doc = json.loads(out.read_text())
    assert doc["probes"][0]["id"] == "O98" and doc["inputs"]["probes"]["ok"]
    assert "1/1 probed items clean" in capsys.readouterr().out
    lean = [c.name for c in load_corpus(REPO / DEFAULT_CORPUS) if c.needs_lean]
    assert lean and set(lean) == set(lean_summary.lean_cases(REPO))
