"""`ofb check`, `ofb sync` and `ofb items` as a user runs them."""

from __future__ import annotations

import json
import subprocess

from cli_helpers import ofb
from ofb_testing import GOOD_STATEMENT, Checkout


def test_clean_tree_exits_zero(checkout, capsys):
    run = ofb(capsys, "check")
    assert run.code == 0 and run.out == ""
    assert "0 error(s), 0 warning(s) in 2 file(s)" in run.err


def test_errors_exit_one_with_file_line_col_rule(checkout, capsys):
    checkout.statement("O02", GOOD_STATEMENT.replace("answer(sorry)", "answer(True)"))
    run = ofb(capsys, "check", "FrontierBench/O02.lean")
    assert run.code == 1
    assert "FrontierBench/O02.lean:22:16: leak-answer: the answer is filled in" in run.out


def test_warnings_alone_exit_zero(checkout, capsys):
    checkout.statement(
        "O02", GOOD_STATEMENT.replace("end FrontierBench.O02", "#check Nat\nend FrontierBench.O02")
    )
    run = ofb(capsys, "check", "FrontierBench/O02.lean")
    assert run.code == 0 and "stray-command: warning:" in run.out


def test_json_format(checkout, capsys):
    checkout.statement("O02", GOOD_STATEMENT.replace("answer(sorry)", "answer(False)"))
    run = ofb(capsys, "check", "--format", "json", "FrontierBench/O02.lean")
    data = json.loads(run.out)
    assert data == [
        {
            "file": "FrontierBench/O02.lean",
            "line": 22,
            "column": 16,
            "rule": "leak-answer",
            "severity": "error",
            "message": "the answer is filled in (`answer(False)`): publish `answer(sorry)`",
        }
    ]


def test_rules_lists_every_rule(checkout, capsys):
    from openfrontiers.check import RULES

    run = ofb(capsys, "check", "--rules")
    assert run.code == 0
    listed = [line.split()[0] for line in run.out.splitlines()]
    assert {r.id for r in RULES} <= set(listed) and "encoding" in listed


def test_usage_errors_exit_two(checkout, capsys):
    assert ofb(capsys, "check", "no/such/file.lean").code == 2
    assert ofb(capsys, "check", "--format", "xml").code == 2
    assert ofb(capsys, "check", "--changed-since", "not-a-revision").code == 2


def test_check_finds_the_checkout_from_the_path_given(checkout, tmp_path, monkeypatch, capsys):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    statement = checkout.root / "FrontierBench" / "O02.lean"
    run = ofb(capsys, "check", str(statement))
    assert run.code == 0, run.out
    assert "file-name" not in run.out and "0 error(s)" in run.err
    assert ofb(capsys, "check", str(checkout.root / "FrontierBench")).code == 0


def test_paths_from_two_checkouts_are_refused(checkout, tmp_path, capsys):
    other = Checkout(tmp_path / "other")
    run = ofb(
        capsys,
        "check",
        str(checkout.root / "FrontierBench" / "O02.lean"),
        str(other.root / "FrontierBench" / "O02.lean"),
    )
    assert run.code == 2 and "come from 2 checkouts" in run.err and "Traceback" not in run.err


def test_every_finding_line_ends_even_when_a_message_quotes_a_crlf_line():
    from openfrontiers.check.findings import Finding, Severity

    finding = Finding("F.lean", 3, 1, "rule", Severity.ERROR, "quoted: sorry\r\nmore")
    assert finding.text() == "F.lean:3:1: rule: quoted: sorry more"


def test_outside_a_checkout_is_a_clear_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    run = ofb(capsys, "check")
    assert run.code == 2 and "no FrontierBench checkout" in run.err


def _git(root, *args):
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


def test_changed_since_checks_only_changed_statements(checkout, capsys):
    _git(checkout.root, "init", "-q")
    _git(checkout.root, "-c", "user.email=t@t", "-c", "user.name=t", "add", "-A")
    _git(checkout.root, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base")
    assert ofb(capsys, "check", "--changed-since", "HEAD").err.endswith("in 0 file(s)\n")
    checkout.statement("O02", GOOD_STATEMENT.replace("answer(sorry)", "answer(True)"))
    run = ofb(capsys, "check", "--changed-since", "HEAD")
    assert run.code == 1 and "leak-answer" in run.out and "in 1 file(s)" in run.err


def test_sync_writes_and_checks_the_root(checkout, capsys):
    checkout.statement("O22", GOOD_STATEMENT.replace("O02", "O22"))
    assert ofb(capsys, "sync", "--check").code == 1
    assert ofb(capsys, "sync").out.startswith("wrote")
    assert ofb(capsys, "sync", "--check").code == 0
    root = (checkout.root / "FrontierBench.lean").read_text()
    assert root.splitlines()[2:] == [
        "import FrontierBench.Util.Answer",
        "import FrontierBench.O02",
        "import FrontierBench.O22",
    ]
    assert ofb(capsys, "sync").out.startswith("unchanged")


def test_items_lists_subsets_and_ids(checkout, capsys):
    run = ofb(capsys, "items", "--subset", "HQ-50@v1", "--format", "json")
    data = json.loads(run.out)
    assert data["subset"] == "HQ-50@v1" and [i["id"] for i in data["items"]] == ["O02", "E03"]
    run = ofb(capsys, "items", "--ids", "E03", "--format", "json")
    assert json.loads(run.out)["items"][0]["title"].startswith("Erdős Problem #152")
    assert "O02" in ofb(capsys, "items").out
    bad = ofb(capsys, "items", "--ids", "Z99")
    assert bad.code == 2 and "unknown item id(s): Z99" in bad.err
    assert ofb(capsys, "items", "--ids", "O02", "--subset", "all").code == 2


def test_version(capsys):
    run = ofb(capsys, "--version")
    assert run.code == 0 and run.out.startswith("ofb ")
