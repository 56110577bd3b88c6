"""Formal Conjectures ↔ Erdős Problems: cross-references, status conflicts, proof links."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus_helpers import FIXTURES, SNAPSHOT, fc_checkout, shared_spec

from openfrontiers.corpus.build import build, parse_sources

ERDOS = """\
- number: "9001"
  informal_status: {state: "proved", last_update: "2026-01-02"}
  formal_status: {state: "Lean", last_update: "2026-01-02"}
  formalized: {state: "yes", last_update: "2026-01-02"}
  tags: ["number theory"]
- number: "9002"
  informal_status: {state: "open", last_update: "2026-01-02"}
  formal_status: {state: "unformalized"}
  formalized: {state: "yes", last_update: "2026-01-02"}
  tags: ["number theory"]
- number: "9003"
  informal_status: {state: "open", last_update: "2026-01-02"}
  formal_status: {state: "unformalized"}
  formalized: {state: "yes", last_update: "2026-01-02"}
  tags: ["number theory"]
"""


def _records(out: Path) -> dict[str, dict]:
    lines = (out / "records.jsonl").read_text(encoding="utf-8").splitlines()
    return {r["id"]: r for r in map(json.loads, lines)}


@pytest.fixture(scope="module")
def linked(config, tmp_path_factory):
    root = tmp_path_factory.mktemp("links")
    (root / "erdos" / "data").mkdir(parents=True)
    (root / "erdos" / "data" / "problems.yaml").write_text(ERDOS, encoding="utf-8")
    specs = [f"erdos-problems={root / 'erdos'}", f"formal-conjectures={FIXTURES / 'fc'}"]
    build(config, parse_sources(specs, config), root / "out", SNAPSHOT)
    return _records(root / "out"), (root / "out" / "REPORT.md").read_text(encoding="utf-8")


def test_formal_conjectures_files_and_erdos_records_point_at_each_other(linked):
    records, _ = linked
    fc = records["problem:formal-conjectures/Erdos9001.erdos_9001"]
    erdos = records["catalogue:erdos-problems/9001"]  # proved: the catalogue partition
    assert fc["cross_references"] == [{"relation": "formalizes", "id": erdos["id"]}]
    assert erdos["cross_references"] == [{"relation": "formalized-by", "id": fc["id"]}]
    both = records["problem:erdos-problems/9002"]["cross_references"]
    assert both == [
        {"relation": "formalized-by", "id": "problem:formal-conjectures/Erdos9002.erdos_9002"},
        {
            "relation": "formalized-by",
            "id": "problem:formal-conjectures/Erdos9002.fixture_conjecture",
        },
    ]
    # Records of other folders are not linked.
    assert (
        records["problem:formal-conjectures/Kourovka.«1.74».kourovka_1_74"]["cross_references"]
        == []
    )


def test_conflicting_claims_are_flagged_and_listed(linked):
    records, report = linked
    fc = records["problem:formal-conjectures/Erdos9001.erdos_9001"]  # research open
    erdos = records["catalogue:erdos-problems/9001"]  # proved
    assert "status-claims-conflict" in fc["quality_flags"]
    assert "status-claims-conflict" in erdos["quality_flags"]
    assert fc["status"] == "unassessed" and erdos["status"] == "solved"  # claims kept
    assert (
        "| catalogue:erdos-problems/9001 | proved (solved) | "
        "problem:formal-conjectures/Erdos9001.erdos_9001 | research open |" in report
    )
    # A parts-only problem states no category of its own: no conflict is claimed.
    assert "status-claims-conflict" not in records["problem:erdos-problems/9002"]["quality_flags"]
    assert "(1): catalogue:erdos-problems/9003" not in report
    assert "no formal-conjectures record in this build (1): problem:erdos-problems/9003" in report


def test_a_lean_claim_without_a_link_is_not_a_link(linked):
    records, _ = linked
    erdos = records["catalogue:erdos-problems/9001"]
    assert erdos["lean4_proof_status"] == "not-recorded"
    assert "formal-proof-claim-without-link" in erdos["quality_flags"]
    assert not [r for r in erdos["references"] if r["kind"] == "formal-proof"]
    assert (
        '"formal_status":{"last_update":"2026-01-02","state":"Lean"}' in erdos["source_status_json"]
    )


def test_real_erdos_and_formal_conjectures(config, tmp_path):
    path, rev = fc_checkout()
    specs = [
        shared_spec("erdos-problems", "erdosproblems"),
        f"formal-conjectures={path}" + (f"@{rev}" if rev else ""),
    ]
    build(config, parse_sources(specs, config), tmp_path / "b", SNAPSHOT)
    records = _records(tmp_path / "b")
    report = (tmp_path / "b" / "REPORT.md").read_text(encoding="utf-8")
    fc_erdos = [
        r
        for r in records.values()
        if r["provenance"]["input_file"].startswith("FormalConjectures/ErdosProblems/")
    ]
    assert len(fc_erdos) > 500
    for r in fc_erdos:
        (ref,) = r["cross_references"]
        other = records[ref["id"]]
        assert {"relation": "formalized-by", "id": r["id"]} in other["cross_references"]
    conflicts = [r for r in records.values() if "status-claims-conflict" in r["quality_flags"]]
    assert conflicts
    for r in conflicts:
        if r["source"]["key"] == "formal-conjectures":
            category = json.loads(r["source_status_json"])["category"]
            erdos = records[r["cross_references"][0]["id"]]
            assert (category == "research solved") == (erdos["status"] == "open")
            assert f"| {r['id']} | {category} |" in report
    erdos = [r for r in records.values() if r["source"]["key"] == "erdos-problems"]
    claimed = [r for r in erdos if '"state":"Lean"' in r["source_status_json"]]
    assert len(claimed) == 210
    for r in claimed:
        links = [x for x in r["references"] if x["kind"] == "formal-proof"]
        if r["lean4_proof_status"] == "linked":
            assert links and all(x["url"] for x in links)
            assert "formal-proof-claim-without-link" not in r["quality_flags"]
        else:
            assert not links and "formal-proof-claim-without-link" in r["quality_flags"]
