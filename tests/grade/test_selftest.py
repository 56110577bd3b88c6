"""The attack corpus: every case stopped by the layer it names (static and jail cases and
the export fixtures here; the others where Lean is installed), and the CLI verbs
`ofb grade selftest` and `ofb grade static`."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from grading_helpers import ATTACKS, GradingCheckout, submission
from typer.testing import CliRunner

from openfrontiers.cli import app
from openfrontiers.errors import OfbError, UsageError
from openfrontiers.grade import selftest
from openfrontiers.project import Project

REPO = Path(__file__).resolve().parents[2]
CASES = selftest.load_corpus(ATTACKS)
HERE_CASES = [c for c in CASES if not c.needs_lean or selftest.static_stops(c)]
LEAN_CASES = [c for c in CASES if c not in HERE_CASES]


def test_the_corpus_covers_the_attacks_the_issue_lists():
    assert len(CASES) >= 30
    layers = Counter(c.layer for c in CASES)
    assert set(layers) == set(selftest.LAYERS)
    names = {c.name for c in CASES}
    for needed in (
        # issue 11: one case for each of its items 1-9
        "eval-bang",
        "by-elab-term",
        "guard-command",
        "html-command",
        "env-linter-lint",
        "app-delab-check",
        "aesop-tactic-rule",
        "command-hidden-in-proof",
        "build-leftovers",
        "copy-back-sparse",
        "copy-back-many-files",
        "export-propext-false",
        "value-answer-by-elab",
        "reference-apart",
        "tool-folder",
        "jail-without-cgroups",
        "verdict-line-no-reference",
        "submission-link",
        "static-accepts-honest-definitions",
        "sorry-through-tactic",
        "custom-axiom",
        "axiom-in-opaque",
        "sorry-ax-in-definition",
        "native-decide",
        "skip-kernel-tc",
        "add-decl-core",
        "implemented-by-unsafe-cast",
        "prelude-nat-gcd",
        "prelude-char-of-nat",
        "prelude-quot-lift",
        "projection-trick",
        "redefined-dependency",
        "local-instance",
        "compile-time-write-outside",
        "compile-time-network",
        "compile-time-fork-bomb",
        "compile-time-memory-blow-up",
        "answer-not-literal",
        "extra-hypothesis",
        "grade-opposite-answer",
        "grade-honest-yes-no",
        "export-equal",
        "export-renamed-constant",
        "export-changed-definition-value",
        "export-projection-extra-field",
        "export-kind-mismatch",
        "export-forbidden-axiom-deep",
    ):
        assert needed in names
    static_rules = {c.rule for c in CASES if c.layer == "static" and c.rule}
    from openfrontiers.grade.static import RULES

    assert static_rules == set(RULES)  # every rule of the static layer is exercised


@pytest.fixture(scope="module")
def context():
    return selftest.SelftestContext.create(Project(REPO), "auto")


@pytest.mark.parametrize("case", HERE_CASES, ids=[c.name for c in HERE_CASES])
def test_case_is_stopped_by_its_layer(case, context, bwrap):
    result = selftest.run_case(case, context)
    if result.status == "skipped":  # an isolation case that needs root, run without it
        pytest.skip(result.detail)
    assert result.status == "pass", result.detail


@pytest.mark.lean
@pytest.mark.skipif(shutil.which("lake") is None, reason="needs a Lean toolchain (lake on PATH)")
@pytest.mark.parametrize("case", LEAN_CASES, ids=[c.name for c in LEAN_CASES])
def test_lean_case_is_stopped_by_its_layer(case, context):
    result = selftest.run_case(case, context)
    if result.status == "skipped":  # Lean is here, but comparator or lean4export is not built
        pytest.skip(result.detail)
    assert result.status == "pass", result.detail


def test_a_jail_case_fails_when_the_jail_lets_it_through(context, bwrap, tmp_path):
    from openfrontiers.jail.bwrap import BwrapBackend, Hardening

    (case,) = [c for c in CASES if c.name == "compile-time-network"]
    weak = BwrapBackend(Hardening(seccomp=False, unshare_net=False))
    # a listener the payload can reach when the network is shared
    result = selftest.run_jail_payload(case, weak, context.project)
    assert result.status == "fail" and "reached from the jail: 127.0.0.1" in result.detail


def test_an_isolation_case_fails_when_its_defence_is_off(context, bwrap, monkeypatch):
    """With the old copy-back (everything, unchecked) the planted files come back and the
    leftovers case says so."""
    import os

    from openfrontiers.grade import selftest_isolation

    if os.geteuid() != 0:
        pytest.skip("only root stages the work dir")
    plain = selftest_isolation.Scene.build_policy
    monkeypatch.setattr(
        selftest_isolation.Scene,
        "build_policy",
        lambda self, workspace, copy_back: plain(self, workspace, None),
    )
    (case,) = [c for c in CASES if c.name == "build-leftovers"]
    result = selftest.run_case(case, context)
    assert result.status == "fail" and "came back from the build" in result.detail
    assert "lakefile.lean" in result.detail


def test_a_static_case_fails_when_its_rule_does_not_fire(tmp_path):
    folder = tmp_path / "corpus"
    shutil.copytree(ATTACKS / "references", folder / "references")
    (folder / "s.lean").write_text(submission("honest_yes_no"))
    (folder / "cases.toml").write_text(
        '[references.r]\nitem = "R97"\nfile = "references/R97.lean"\nanswer = "True"\n\n'
        '[[case]]\nname = "not-an-attack"\nlayer = "static"\nreference = "r"\nsubmission = '
        '"s.lean"\n'
        'rule = "sorry"\n'
    )
    (case,) = selftest.load_corpus(folder)
    result = selftest.run_static(case)
    assert result.status == "fail" and "not rejected by sorry (rules fired: none)" in result.detail


def test_corpus_errors_name_the_file_and_line(tmp_path):
    (tmp_path / "cases.toml").write_text(
        '[[case]]\nname = "a"\nlayer = "static"\n\n[[case]]\nname = "b"\nlayer = "moon"\n\n'
        '[[case]]\nname = "c"\nlayer = "export"\nchallenge = "missing.ndjson"\nbogus = 1\n'
    )
    with pytest.raises(OfbError) as err:
        selftest.load_corpus(tmp_path)
    text = str(err.value)
    assert (
        "cases.toml:1: selftest-case: case a: a static case needs a reference and a submission"
        in text
    )
    assert "cases.toml:5: selftest-case: case b: layer must be one of" in text
    assert "unknown key(s) bogus" in text and "no file" in text


def test_cli_selftest_runs_the_corpus(monkeypatch, bwrap):
    monkeypatch.chdir(REPO)
    monkeypatch.delenv("OFB_ROOT", raising=False)
    result = CliRunner().invoke(
        app,
        [
            "grade",
            "selftest",
            "--format",
            "json",
            "--jail",
            "bwrap",
            "--only",
            "native-decide,compile-time-network,export-equal",
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["passed"] and report["counts"] == {"pass": 3, "fail": 0, "skipped": 0}
    unknown = CliRunner().invoke(app, ["grade", "selftest", "--only", "nosuch"])
    assert isinstance(unknown.exception, UsageError) and unknown.exception.exit_code == 2


@pytest.fixture
def repo(tmp_path, monkeypatch):
    monkeypatch.delenv("OFB_ROOT", raising=False)
    checkout = GradingCheckout(tmp_path / "repo")
    monkeypatch.chdir(checkout.root)
    return checkout


@pytest.mark.parametrize(
    "name, code",
    [
        ("honest_yes_no", 0),
        ("honest_item_namespace", 0),
        ("native_decide", 1),
        ("extra_hypothesis", 1),
    ],
)
def test_cli_static_exit_codes(repo, tmp_path, name, code):
    path = tmp_path / f"{name}.lean"
    path.write_text(submission(name))
    result = CliRunner().invoke(app, ["grade", "static", str(path), "--item", "R97"])
    assert result.exit_code == code, result.output
    assert ("static layer: passed" if code == 0 else "static layer: rejected") in result.output


def test_cli_static_json_lists_the_reasons(repo, tmp_path):
    path = tmp_path / "s.lean"
    path.write_text(submission("custom_axiom"))
    result = CliRunner().invoke(
        app, ["grade", "static", str(path), "--item", "R97", "--format", "json"]
    )
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["passed"] is False and report["namespace"] == "P901"
    assert {i["rule"] for i in report["issues"]} == {"axiom", "command"}
    assert all(i["line"] > 0 for i in report["issues"])


def test_cli_static_refuses_unknown_items_and_files(repo, tmp_path):
    path = tmp_path / "s.lean"
    path.write_text(submission("honest_yes_no"))
    for args in (["--item", "R55", str(path)], ["--item", "R97", str(tmp_path / "no.lean")]):
        result = CliRunner().invoke(app, ["grade", "static", *args])
        assert isinstance(result.exception, UsageError), result.output
