"""The attack corpus: every case stopped by the layer it names (static and jail cases and
the export fixtures here; the others where Lean is installed), and the CLI verbs
`ofb grade selftest` and `ofb grade static`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from grading_helpers import ATTACKS, submission
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
    from openfrontiers.submission.static import RULES

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
    assert result.evidence, "a pass needs evidence that the attack was attempted"


@pytest.mark.lean
@pytest.mark.skipif(shutil.which("lake") is None, reason="needs a Lean toolchain (lake on PATH)")
@pytest.mark.parametrize("case", LEAN_CASES, ids=[c.name for c in LEAN_CASES])
def test_lean_case_is_stopped_by_its_layer(case, context):
    result = selftest.run_case(case, context)
    if result.status == "skipped":  # Lean is here, but comparator or lean4export is not built
        pytest.skip(result.detail)
    assert result.status == "pass", result.detail


def case_named(name: str, cases=CASES) -> selftest.Case:
    (case,) = [c for c in cases if c.name == name]
    return case


def test_a_jail_case_fails_when_the_jail_lets_it_through(context, bwrap, tmp_path):
    from openfrontiers.jail.bwrap import BwrapBackend, Hardening

    weak = BwrapBackend(Hardening(seccomp=False, unshare_net=False))
    # the self-test's own listener on the host's loopback: reachable when the network is shared
    result = selftest.run_jail_payload(case_named("compile-time-network"), weak, context.project)
    assert result.status == "fail", result.detail
    assert "the host's loopback listener was reached from the jail: 127.0.0.1:" in result.detail
    assert "start line with nonce" in result.evidence


def copy_corpus(tmp_path: Path) -> Path:
    """A copy of the attack corpus (with the export fixtures its cases name), to spoil."""
    shutil.copytree(ATTACKS.parent / "fixtures", tmp_path / "fixtures")
    shutil.copytree(ATTACKS, tmp_path / "attacks")
    return tmp_path / "attacks"


def corpus_with_payload(tmp_path: Path, script: str) -> list[selftest.Case]:
    """The attack corpus with another payload script in place of compile_time.py."""
    folder = copy_corpus(tmp_path)
    (folder / selftest.PAYLOAD_SCRIPT).write_text(script)
    return selftest.load_corpus(folder)


# Payloads that stop short of the evidence: argv is NONCE KIND ARG…
NEVER_RUNS = "import sys\nsys.exit(0)\n"
NO_RAN_FILE = 'import json, sys\nprint(json.dumps({"started": sys.argv[1]}))\n'
TRIES_NOTHING = (
    "import json, sys\n"
    "open('ofb-selftest-ran', 'w').write(sys.argv[1])\n"
    'print(json.dumps({"started": sys.argv[1]}))\n'
    'print(json.dumps({"attempts": {}, "reached": [], "detail": "did nothing"}))\n'
)


@pytest.mark.parametrize(
    "script, says",
    [
        (NEVER_RUNS, "no start line with the nonce in its output; no ofb-selftest-ran"),
        (NO_RAN_FILE, "ran: no ofb-selftest-ran with the nonce in its work dir"),
        (TRIES_NOTHING, "the payload never tried 127.0.0.1:"),
    ],
    ids=["never-runs", "no-ran-file", "tries-nothing"],
)
def test_a_payload_without_evidence_is_an_error_not_a_pass(context, bwrap, tmp_path, script, says):
    cases = corpus_with_payload(tmp_path, script)
    for name in ("compile-time-network", "compile-time-endless-loop"):
        if name == "compile-time-endless-loop" and script == TRIES_NOTHING:
            continue  # spin reports no attempts: its evidence is the start line and ran-file
        result = selftest.run_jail_payload(case_named(name, cases), bwrap, context.project)
        assert result.status == "error", (name, result)
        assert result.detail.startswith("no evidence the case ran: ") and result.evidence == ""
        if name == "compile-time-network":
            assert says in result.detail, result.detail


def test_cli_selftest_reports_error_for_a_payload_that_did_not_run(monkeypatch, bwrap, tmp_path):
    corpus_with_payload(tmp_path, NEVER_RUNS)
    monkeypatch.chdir(REPO)
    monkeypatch.delenv("OFB_ROOT", raising=False)
    args = ["grade", "selftest", "--corpus", str(tmp_path / "attacks"), "--jail", "bwrap"]
    args += ["--only", "compile-time-network,native-decide"]
    result = CliRunner().invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    assert not report["passed"]
    assert report["counts"] == {"pass": 1, "fail": 0, "error": 1, "skipped": 0}
    status = {c["name"]: (c["status"], c["evidence"]) for c in report["cases"]}
    assert status["compile-time-network"] == ("error", "")
    assert status["native-decide"][0] == "pass" and status["native-decide"][1]
    text = CliRunner().invoke(app, args)
    assert text.exit_code == 1
    assert "ERROR  compile-time-network" in text.output
    assert "2 cases: 1 passed, 0 failed, 1 errors" in text.output


@pytest.fixture
def lean_jail(repo, bwrap):
    """The Lean jail case with the stand-in toolchain: it performs a source's
    `#eval IO.FS.writeFile` lines (and nothing else Lean would), in the real jail."""
    from grading_helpers import standin_tools

    from openfrontiers.grade.runs import Steps
    from openfrontiers.jail import Limits, MiB

    steps = Steps(standin_tools(repo), bwrap, Limits(memory=512 * MiB, wall_seconds=20.0))
    return selftest.SelftestContext(repo.project(), jail=bwrap, steps=steps)


def test_a_lean_jail_case_passes_on_its_evidence(lean_jail):
    result = selftest.run_case(case_named("lean-eval-writes-outside"), lean_jail)
    assert result.status == "pass", result.detail
    assert result.evidence.startswith("ofb-selftest-ran with nonce ")
    assert "(build ok)" in result.evidence


def test_a_lean_jail_case_whose_build_ran_nothing_is_an_error(lean_jail, tmp_path):
    folder = copy_corpus(tmp_path)
    sub = folder / "submissions" / "eval_writes_file.lean"
    sub.write_text(sub.read_text().replace("theorem main", "-- STANDIN_BUILD_ERROR\ntheorem main"))
    case = case_named("lean-eval-writes-outside", selftest.load_corpus(folder))
    result = selftest.run_case(case, lean_jail)
    assert result.status == "error", result.detail
    assert "the compile-time code never ran (build failed:" in result.detail


class Unjailed:
    """No jail at all: the command runs on the host in the policy's working directory (to
    show the Lean jail case failing when nothing contains the build)."""

    name = "none"

    def run(self, argv, policy, stdin=None):
        from openfrontiers.jail import JailResult

        env = {**os.environ, **policy.environment}  # the step's HOME holds its .gitconfig
        done = subprocess.run(
            argv, cwd=policy.cwd, env=env, capture_output=True, timeout=60, check=False
        )
        return JailResult(
            "none",
            done.returncode,
            None,
            False,
            False,
            False,
            0.0,
            None,
            None,
            done.stdout,
            done.stderr,
        )


def test_a_lean_jail_case_fails_when_nothing_contains_the_build(lean_jail):
    lean_jail.steps.jail = Unjailed()
    result = selftest.run_case(case_named("lean-eval-writes-outside"), lean_jail)
    assert result.status == "fail", result.detail
    assert result.detail.startswith("the build wrote on the host: /tmp/ofb-selftest-escape-")
    assert not list(Path("/tmp").glob("ofb-selftest-escape-*"))  # removed again


def test_jail_cases_must_leave_evidence_and_address_only_loopback(tmp_path):
    folder = copy_corpus(tmp_path)
    sub = folder / "submissions" / "eval_writes_file.lean"
    sub.write_text(sub.read_text().replace("OFB_SELFTEST_NONCE", "x"))
    text = (folder / "cases.toml").read_text()
    text = text.replace('payload = "spin"', 'payload = "sleep"')
    text = text.replace('args = ["{loopback}"]', 'args = ["{loopback}", "127.0.0.2:53"]')
    (folder / "cases.toml").write_text(text)
    with pytest.raises(OfbError) as err:
        selftest.load_corpus(folder)
    message = str(err.value)
    assert "3 problem(s)" in message
    assert "case compile-time-network: a network payload tries only {loopback}" in message
    assert "case lean-eval-writes-outside: eval_writes_file.lean leaves no evidence" in message
    assert 'add `#eval IO.FS.writeFile "ofb-selftest-ran" "OFB_SELFTEST_NONCE"`' in message
    assert "case compile-time-endless-loop: payload must be one of write, read" in message


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
    assert report["passed"]
    assert report["counts"] == {"pass": 3, "fail": 0, "error": 0, "skipped": 0}
    assert all(c["evidence"] for c in report["cases"])
    unknown = CliRunner().invoke(app, ["grade", "selftest", "--only", "nosuch"])
    assert isinstance(unknown.exception, UsageError) and unknown.exception.exit_code == 2


@pytest.mark.parametrize(
    "name, code",
    [
        ("honest_yes_no", 0),
        ("honest_item_namespace", 0),
        ("native_decide", 1),
        ("extra_hypothesis", 1),
    ],
)
def test_cli_static_exit_codes(repo_here, tmp_path, name, code):
    path = tmp_path / f"{name}.lean"
    path.write_text(submission(name))
    result = CliRunner().invoke(app, ["grade", "static", str(path), "--item", "R97"])
    assert result.exit_code == code, result.output
    assert ("static layer: passed" if code == 0 else "static layer: rejected") in result.output


def test_cli_static_json_lists_the_reasons(repo_here, tmp_path):
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


def test_cli_static_refuses_unknown_items_and_files(repo_here, tmp_path):
    path = tmp_path / "s.lean"
    path.write_text(submission("honest_yes_no"))
    for args in (["--item", "R55", str(path)], ["--item", "R97", str(tmp_path / "no.lean")]):
        result = CliRunner().invoke(app, ["grade", "static", *args])
        assert isinstance(result.exception, UsageError), result.output
