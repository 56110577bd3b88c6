"""Every verifier: its toy-valid certificates pass, each condition has a certificate that
fails exactly it, malformed input is malformed — and every verifier is tied to its item."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from openfrontiers.cert import check_value
from openfrontiers.cert.verifiers import get, items, o02

from .cases import CASES, MALFORMED, UNREACHABLE, Case

ROOT = Path(__file__).resolve().parents[2]


def _params(case: Case) -> dict:
    params = dict(case.params)
    if params.get("function") == "carmichael":
        params["function"] = o02.carmichael
    return params


@pytest.mark.parametrize("case", CASES + MALFORMED, ids=lambda c: c.id)
def test_case(case: Case) -> None:
    verifier = get(case.item)
    verdict = check_value(verifier, case.cert, **_params(case))
    case.assert_verdict(verdict, [c.id for c in verifier.conditions if c.checkable])


@pytest.mark.parametrize("item", items())
def test_unknown_key_is_malformed(item: str) -> None:
    verdict = check_value(get(item), {"surely-not-a-field": 1})
    assert verdict.status == "malformed"
    assert check_value(get(item), [1, 2]).status == "malformed"


def test_every_checkable_condition_is_failed_by_some_case() -> None:
    failed = {(c.item, c.condition) for c in CASES if c.status == "invalid"}
    missing = [
        (v.item, c.id)
        for v in map(get, items())
        for c in v.conditions
        if c.checkable and (v.item, c.id) not in failed and (v.item, c.id) not in UNREACHABLE
    ]
    assert not missing, missing


def test_every_verifier_has_a_passing_case() -> None:
    passing = {c.item for c in CASES if c.status in ("valid", "partial")}
    assert set(items()) - passing == set()


def test_verifiers_cover_the_certificate_items_and_match_the_key() -> None:
    register = tomllib.loads((ROOT / "FrontierBench/items.toml").read_text("utf-8"))["items"]
    answers = tomllib.loads((ROOT / "FrontierBench/evaluator/answers.toml").read_text("utf-8"))[
        "answers"
    ]
    certificate_items = {k for k, v in register.items() if v.get("certificate")}
    assert certificate_items <= set(items())
    for item in certificate_items:
        assert get(item).direction == answers[item]["certificate_direction"], item
    # A public verifier is an open item's: a solved item's direction is its answer (its
    # verifiers and their tests are under FrontierBench/evaluator/).
    assert all(register[item]["split"] == "Open-90" for item in items())


@pytest.mark.parametrize("item", items())
def test_docstring_ties_to_the_statement(item: str) -> None:
    import importlib

    doc = importlib.import_module(f"openfrontiers.cert.verifiers.{item.lower()}").__doc__ or ""
    assert ("main" in doc and "Statement" in doc) or "statement" in doc.lower()
    assert (ROOT / "FrontierBench" / f"{item}.lean").is_file()
