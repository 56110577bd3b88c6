"""Running probes: planning per answer kind, the file backend in the real jail (with the
stand-in `lake` of tests/support, not Lean), the CLI, and — with Lean on PATH — for real."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from typer.testing import CliRunner

from openfrontiers.cli import app
from openfrontiers.errors import UsageError
from openfrontiers.evaluator import ReferenceAnswer
from openfrontiers.jail import Limits
from openfrontiers.probe import generate, parse_tactics, plan_probes
from openfrontiers.probe.generate import yes_no_variants
from openfrontiers.probe.lean_file import LeanFileBackend
from openfrontiers.probe.run import ProbeJob
from openfrontiers.register.model import AnswerKind, Item, Split, Status
from support.standin_project import FIXTURES, REPO, make_project, standin_toolchain

STATEMENTS = {
    i: (FIXTURES / f"{i}.lean").read_text(encoding="utf-8") for i in ("O98", "E98", "N98")
}


def item(item_id: str, kind: AnswerKind | None) -> Item:
    split = Split.OPEN if item_id.startswith("O") else Split.REDISCOVERY
    return Item(
        id=item_id,
        title=f"fixture {item_id}",
        area="Number th.",
        split=split,
        hq50=False,
        status=Status.WRITTEN,
        answer_kind=kind,
    )


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path / "repo", STATEMENTS)


def test_plan_follows_the_answer_kind(project):
    items = [
        item("O98", AnswerKind.YES_NO),
        item("N98", AnswerKind.VALUE),
        item("E98", AnswerKind.YES_NO),
        item("N97", AnswerKind.YES_NO),
        item("R98", None),
    ]
    answers = {
        "N98": ReferenceAnswer("N98", "m", record="fixture"),
        "E98": ReferenceAnswer("E98", "True", record="fixture"),
    }
    plan = plan_probes(project, items, answers, ("decide",))
    assert [(j.probe_file.item_id, j.reference) for j in plan.jobs] == [
        ("O98", None),
        ("N98", "m"),
        ("E98", "True"),
    ]
    assert [p.variant for p in plan.jobs[0].probe_file.probes] == ["True", "False"]
    assert [p.target for p in plan.jobs[1].probe_file.probes] == ["statement", "negation"]
    assert [(r.item_id, r.verdict) for r in plan.skipped] == [
        ("N97", "skipped"),
        ("R98", "skipped"),
    ]


def test_value_item_without_reference_is_skipped(project):
    plan = plan_probes(project, [item("N98", AnswerKind.VALUE)], {}, ("decide",))
    assert plan.jobs == [] and "without a reference" in plan.skipped[0].detail


def test_broken_statement_is_an_error(project):
    (project.root / "FrontierBench" / "O98.lean").write_text("theorem x : True := trivial\n")
    plan = plan_probes(project, [item("O98", AnswerKind.YES_NO)], {}, ("decide",))
    assert plan.skipped[0].verdict == "error" and "probe-main" in plan.skipped[0].detail


def test_file_backend_in_the_jail(project, bwrap):
    runner = LeanFileBackend(standin_toolchain(project), bwrap)
    jobs = [
        ProbeJob(generate(i, STATEMENTS[i], yes_no_variants(), parse_tactics("decide,simp")), None)
        for i in ("O98", "E98")
    ]
    reports = runner.run(jobs, workers=2)
    # The stand-in "proves" ofb_probe_True_decide and fails everything else.
    assert [r.verdict for r in reports] == ["PROVES", "PROVES"]
    assert [p.outcome for p in reports[0].probes] == ["proved", "failed", "failed", "failed"]


def test_file_backend_reports_a_killed_lean_as_crash(project, bwrap):
    text = STATEMENTS["O98"].replace(
        "namespace FrontierBench.O98", "-- STANDIN_SLEEP\nnamespace FrontierBench.O98"
    )
    runner = LeanFileBackend(standin_toolchain(project), bwrap, Limits(wall_seconds=1.0))
    job = ProbeJob(generate("O98", text, yes_no_variants(), ("decide",)), None)
    report = runner.run([job], workers=1)[0]
    assert report.verdict == "incomplete"
    assert {p.outcome for p in report.probes} == {"crash"}
    assert "wall-clock" in report.detail


def _cli(project, monkeypatch, *args):
    monkeypatch.chdir(project.root)
    monkeypatch.delenv("OFB_ROOT", raising=False)
    return CliRunner().invoke(app, ["probe", *args])


def _register(project, items):
    from openfrontiers.register.dump import dump_register

    (project.root / "FrontierBench" / "items.toml").write_text(dump_register(items))
    (project.root / "FrontierBench" / "subsets.toml").write_text("")


def test_cli_emits_probe_files_without_lean(project, monkeypatch, tmp_path):
    _register(project, [item("O98", AnswerKind.YES_NO), item("E98", AnswerKind.YES_NO)])
    out = tmp_path / "emitted"
    result = _cli(project, monkeypatch, "--ids", "O98,E98", "--tactics", "simp", "--emit", str(out))
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "probes.json").read_text())
    assert [m["id"] for m in manifest["items"]] == ["O98", "E98"]
    assert (out / "ProbeO98.lean").read_text() == generate(
        "O98", STATEMENTS["O98"], yes_no_variants(), ("simp",)
    ).text
    for entry in manifest["items"]:
        lines = (out / entry["file"]).read_text().splitlines()
        for p in entry["probes"]:
            # the signature ends with `:=`; `by <tactic>` has the next line to itself
            assert lines[p["statement_end_line"] - 1].endswith(" :=")
            assert lines[p["statement_end_line"]] == f"  by {p['tactic']}"
        assert not any(ln.startswith("theorem ofb_probe") and ln.endswith(":= by") for ln in lines)


def test_cli_changed_since_uses_git(project, monkeypatch, tmp_path):
    _register(project, [item("O98", AnswerKind.YES_NO), item("E98", AnswerKind.YES_NO)])
    git = ["git", "-C", str(project.root), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "base"], check=True)
    (project.root / "FrontierBench" / "E98.lean").write_text(STATEMENTS["E98"] + "\n")
    out = tmp_path / "emitted"
    result = _cli(project, monkeypatch, "--changed-since", "HEAD", "--emit", str(out))
    assert result.exit_code == 0, result.output
    assert [m["id"] for m in json.loads((out / "probes.json").read_text())["items"]] == ["E98"]


def test_cli_rejects_bad_tactics(project, monkeypatch):
    _register(project, [item("O98", AnswerKind.YES_NO)])
    result = _cli(project, monkeypatch, "--ids", "O98", "--tactics", "simp; trivial")
    assert isinstance(result.exception, UsageError) and result.exception.exit_code == 2


@pytest.mark.lean
@pytest.mark.skipif(shutil.which("lake") is None, reason="needs a Lean toolchain (lake on PATH)")
def test_real_probes_find_the_trivial_statement(bwrap, tmp_path):
    """E98 (2 + 2 = 4) must come out PROVES; O98 (Goldbach) must stay clean or time out."""
    from openfrontiers.lean.toolchain import Toolchain
    from openfrontiers.project import Project

    toolchain = Toolchain.discover(Project(REPO))
    runner = LeanFileBackend(toolchain, bwrap)
    jobs = [
        ProbeJob(generate(i, STATEMENTS[i], yes_no_variants(), parse_tactics("decide,simp")), None)
        for i in ("E98", "O98")
    ]
    e98, o98 = runner.run(jobs, workers=2)
    assert e98.verdict == "PROVES", e98.as_dict()
    assert o98.verdict == "clean", o98.as_dict()


def test_repl_header_split_and_line_shift():
    from openfrontiers.probe.repl import split_header

    pf = generate("O98", STATEMENTS["O98"], yes_no_variants(), ("decide",))
    header, body, offset = split_header(pf.text)
    assert header == "import Mathlib\nimport FrontierBench.Util.Answer\n" and offset == 2
    assert header + body == pf.text


def test_repl_backend_in_the_jail(project, bwrap):
    pytest.importorskip("lean_interact")
    from openfrontiers.probe.repl import REPL_PACKAGE, ReplBackend

    binary = project.root / REPL_PACKAGE / ".lake" / "build" / "bin" / "repl"
    binary.parent.mkdir(parents=True)
    binary.write_text("the stand-in lake answers for this path\n")
    runner = ReplBackend(standin_toolchain(project), bwrap, item_timeout=60)
    jobs = [
        ProbeJob(generate(i, STATEMENTS[i], yes_no_variants(), parse_tactics("decide,simp")), None)
        for i in ("O98", "E98")
    ]
    reports = runner.run(jobs, workers=1)
    assert [r.verdict for r in reports] == ["PROVES", "PROVES"]
    assert [p.outcome for p in reports[1].probes] == ["proved", "failed", "failed", "failed"]


def test_repl_backend_needs_the_built_repl(project, bwrap):
    from openfrontiers.errors import OfbError
    from openfrontiers.probe.repl import ReplBackend

    with pytest.raises(OfbError, match="lake build REPL/repl"):
        ReplBackend(standin_toolchain(project), bwrap)
