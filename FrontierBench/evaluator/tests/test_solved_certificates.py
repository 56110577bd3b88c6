"""The solved items' certificate verifiers, which are evaluator data (their direction is the
item's answer): each case passes or fails as it should, each checkable condition is failed
by some case, each stored certificate recomputes valid in the jail, numbers past Python's
own digit limit are checked, and `ofb grade` publishes only `withheld` for them."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from solved_cases import CASES, MALFORMED

from cli_helpers import ofb
from openfrontiers.cert import CertLimits, check_bytes, check_isolated, check_value, isolate
from openfrontiers.cert.public import certificate_files, recompute_all
from openfrontiers.cert.verifiers import PUBLIC, for_project, public_items
from openfrontiers.grade.selftest_hostile import shifted_n26
from openfrontiers.project import Project

ROOT = Path(__file__).resolve().parents[3]
PROJECT = Project(ROOT)
VERIFIERS = for_project(PROJECT)
SOLVED = sorted(set(VERIFIERS.items()) - set(public_items()))
N26 = PROJECT.evaluator_dir / "certificates" / "N26.cert.json"


def test_the_solved_verifiers_are_here_and_not_in_the_package() -> None:
    assert SOLVED == ["E01", "E30", "N26", "R01", "R03", "R05", "R28"]
    for item in SOLVED:
        assert VERIFIERS.is_private(item) and not PUBLIC.is_private(item)
        assert item not in PUBLIC.items()
        with pytest.raises(Exception, match="no certificate verifier"):
            PUBLIC.get(item)


@pytest.mark.parametrize("case", CASES + MALFORMED, ids=lambda c: c.id)
def test_case(case) -> None:
    verifier = VERIFIERS.get(case.item)
    verdict = check_value(verifier, case.cert, **case.params)
    case.assert_verdict(verdict, [c.id for c in verifier.conditions if c.checkable])


def test_every_checkable_condition_is_failed_by_some_case() -> None:
    failed = {(c.item, c.condition) for c in CASES if c.status == "invalid"}
    missing = [
        (item, c.id)
        for item in SOLVED
        for c in VERIFIERS.get(item).conditions
        if c.checkable and (item, c.id) not in failed
    ]
    assert not missing, missing


def test_directions_match_the_key_and_docstrings_tie_to_the_statement() -> None:
    answers = tomllib.loads((PROJECT.evaluator_dir / "answers.toml").read_text("utf-8"))
    for item in SOLVED:
        assert VERIFIERS.get(item).direction == answers["answers"][item]["answer"], item
        source = VERIFIERS.source(item)
        assert source is not None
        assert "Statement" in source.read_text("utf-8") or "statement" in source.read_text("utf-8")
        assert (ROOT / "FrontierBench" / f"{item}.lean").is_file()


def test_stored_certificates_recompute_valid_in_the_worker() -> None:
    stored = {p.name for p in certificate_files(PROJECT)}
    assert stored == {f"{i}.cert.json" for i in SOLVED}
    for path, verdict in recompute_all(PROJECT):
        assert verdict.status == "valid", (path.name, verdict.summary())
        if isolate.default_jail() is not None:
            assert verdict.isolation == "bwrap"


def test_the_jail_sees_the_verifier_module_alone(monkeypatch) -> None:
    """The worker is handed the module's text at a path of its own; nothing of the evaluator
    folder is bound into the jail."""
    seen = {}

    class Recorder:
        name = "recorder"

        def run(self, argv, policy, stdin=None):
            seen["argv"], seen["policy"] = argv, policy
            raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        check_isolated("R28", b"{}", jail=Recorder(), verifiers=VERIFIERS)
    inside = f"{isolate.VERIFIER_INSIDE}/r28.py"
    assert seen["argv"][-1] == inside
    assert dict(seen["policy"].files)[inside] == (VERIFIERS.source("R28") or Path()).read_bytes()
    bound = [str(p) for p in seen["policy"].read_only]
    assert not any(str(PROJECT.evaluator_dir) in p or "FrontierBench" in p for p in bound)


def test_cli_checks_a_solved_certificate_inside_the_checkout_only(capsys, monkeypatch, tmp_path):
    good = PROJECT.evaluator_dir / "certificates" / "R28.cert.json"
    monkeypatch.chdir(ROOT)
    run = ofb(capsys, "cert", "check", "R28", str(good))
    assert run.code == 0 and "valid: establishes answer(False)" in run.out
    assert "R28" in ofb(capsys, "cert", "list").out
    monkeypatch.chdir(tmp_path)  # outside a checkout: the public verifiers alone
    monkeypatch.delenv("OFB_ROOT", raising=False)
    run = ofb(capsys, "cert", "check", "R28", str(good))
    assert run.code == 2 and "no certificate verifier" in run.err
    assert "R28" not in ofb(capsys, "cert", "list").out


def test_grade_publishes_only_withheld_for_a_solved_item(tmp_path: Path) -> None:
    from openfrontiers.commands.grade import _attach_certificate
    from openfrontiers.grade.verdict import Decision, VerdictRecord

    solved = tmp_path / "P001.lean"
    solved.write_text("theorem x : True := trivial\n")
    (tmp_path / "P001.cert.json").write_bytes(
        (PROJECT.evaluator_dir / "certificates" / "R28.cert.json").read_bytes()
    )
    opened = tmp_path / "P002.lean"
    opened.write_text("theorem x : True := trivial\n")
    (tmp_path / "P002.cert.json").write_text('{"n": 3}')
    records = [
        VerdictRecord(str(solved), "P001", "R28", Decision("unsolved", "static", "x"), {}),
        VerdictRecord(str(opened), "P002", "O01", Decision("unsolved", "static", "x"), {}),
    ]
    for record in records:
        _attach_certificate(record, PROJECT)
    public = json.dumps(records[0].as_dict())
    assert records[0].as_dict()["certificate"] == {
        "file": str(tmp_path / "P001.cert.json"),
        "verdict": "withheld",
    }
    assert "False" not in public and "valid" not in public
    private = records[0].evaluator_dict()["certificate"]
    assert private["verdict"] == "valid" and private["direction"] == "False"
    assert records[1].as_dict()["certificate"]["verdict"] == "invalid"  # an open item's is public
    assert "certificate" not in records[1].evaluator


@pytest.fixture(scope="module")
def big_n26() -> bytes:
    return shifted_n26(N26, 5_000)


def test_numbers_over_python_s_own_limit_are_checked_in_process(big_n26):
    import sys

    before = sys.get_int_max_str_digits()
    verdict = check_bytes("N26", big_n26, verifiers=VERIFIERS)
    assert verdict.status == "valid", verdict.summary()
    assert sys.get_int_max_str_digits() == before  # restored after the check


def test_numbers_over_python_s_own_limit_are_checked_in_the_worker(big_n26):
    for jail in ("auto", None):
        verdict = check_isolated("N26", big_n26, jail=jail, verifiers=VERIFIERS)
        assert verdict.status == "valid", verdict.summary()
    assert check_isolated("N26", big_n26, jail=None, verifiers=VERIFIERS).isolation == "process"


def test_a_number_past_the_explicit_bound_is_refused_not_a_crash(big_n26):
    verdict = check_bytes("N26", big_n26, CertLimits(str_digits=4_500), verifiers=VERIFIERS)
    assert verdict.status == "refused" and verdict.condition == "digits"


@pytest.mark.skipif(os.geteuid() != 0, reason="the jail needs root here")
def test_the_worker_runs_in_the_jail(big_n26):
    assert isolate.default_jail() is not None
    assert check_isolated("N26", big_n26, verifiers=VERIFIERS).isolation == "bwrap"
