"""Importer `erdos-problems` on the real database, read in place, and on small fixtures."""

from __future__ import annotations

import json
import tomllib

import pytest
import yaml
from corpus_helpers import REPO, run_importer, shared_source


@pytest.fixture(scope="module")
def erdos(config):
    return run_importer(config, "erdos-problems", shared_source("erdosproblems"))


def test_every_entry_becomes_a_record(erdos):
    assert erdos.seen == 1217
    assert len(erdos.records) == 1217 and erdos.skips == []
    assert len({r["id"] for r in erdos.records}) == 1217


def test_every_state_is_mapped_by_the_documented_policy(erdos):
    table = tomllib.loads((REPO / "Corpus" / "importers" / "erdos-problems.toml").read_text())[
        "status"
    ]
    data = yaml.safe_load((shared_source("erdosproblems") / "data" / "problems.yaml").read_text())
    states = {str(e["number"]): e["informal_status"]["state"] for e in data}
    assert set(states.values()) <= set(table)
    for record in erdos.records:
        number = record["id"].rsplit("/", 1)[1]
        claim = json.loads(record["source_status_json"])
        assert claim["informal_status"]["state"] == states[number]
        assert record["status"] == table[states[number]]
        assert record["provenance"]["status_as_of"] == claim["informal_status"]["last_update"]


def test_known_entries(erdos):
    by_id = {r["id"]: r for r in erdos.records}
    one = by_id["problem:erdos-problems/1"]
    assert one["status"] == "open"
    assert one["msc2020"] == [
        {
            "code": "11",
            "basis": "community-map",
            "evidence": "Inferred from community label: number theory, additive combinatorics",
        }
    ]
    assert {"kind": "oeis", "citation": "OEIS A276661", "url": "https://oeis.org/A276661"} in one[
        "references"
    ]
    assert one["notes"] == "Prize offered: $500"
    assert by_id["problem:erdos-problems/2"]["status"] == "solved"  # disproved
    seven = by_id["problem:erdos-problems/7"]
    assert seven["status"] == "open"  # verifiable: open, a finite check would settle it
    assert "verifiable" in seven["source_status_json"]
    # No statement text in the database, and none invented.
    assert all(
        r["problem_statement"] is None
        and "no-statement-text" in r["quality_flags"]
        and r["provenance"]["has_full_text"] is False
        for r in erdos.records
    )
    # "N/A" and "possible" are notes of the database, not OEIS sequences.
    assert all(
        ref["url"] != "https://oeis.org/N/A" for r in erdos.records for ref in r["references"]
    )


def test_input_file_is_hashed(erdos):
    import hashlib

    (inp,) = erdos.inputs
    data = (shared_source("erdosproblems") / "data" / "problems.yaml").read_bytes()
    assert inp.path == "data/problems.yaml" and inp.sha256 == hashlib.sha256(data).hexdigest()
    assert {r["provenance"]["sha256"] for r in erdos.records} == {inp.sha256}


def test_unmapped_missing_and_duplicate_entries_are_skipped_with_reasons(config, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "problems.yaml").write_text(
        '- number: "1"\n  informal_status: {state: "open", last_update: "2025-08-31"}\n  tags: '
        '["graph theory"]\n'
        '- number: "2"\n  informal_status: {state: "mysterious"}\n'
        '- number: "1"\n  informal_status: {state: "proved"}\n'
        '- prize: "no"\n',
        encoding="utf-8",
    )
    result = run_importer(config, "erdos-problems", tmp_path)
    assert result.seen == 4 and len(result.records) == 1
    assert [(s.locator, s.reason) for s in result.skips] == [
        ("number=2", "unmapped-state"),
        ("number=1", "duplicate-number"),
        ("entry 4", "missing-number"),
    ]
    assert result.records[0]["field"]["slug"] == "combinatorics"


def test_lean_claims_without_a_link_are_not_links(erdos):
    claimed = [r for r in erdos.records if '"state":"Lean"' in r["source_status_json"]]
    assert len(claimed) == 210
    with_url = [r for r in claimed if '"url":"http' in r["source_status_json"]]
    assert 0 < len(with_url) < 210  # most claims come without a link
    for r in claimed:
        links = [x for x in r["references"] if x["kind"] == "formal-proof"]
        if r in with_url:
            assert r["lean4_proof_status"] == "linked" and links and links[0]["url"]
        else:
            assert r["lean4_proof_status"] == "not-recorded" and not links
            assert "formal-proof-claim-without-link" in r["quality_flags"]
    assert all(r["provenance"]["status_as_of_basis"] == "source-field" for r in erdos.records)
    # What the record carries is the Apache-2.0 database, not the site's statements.
    assert {r["source"]["license_class"] for r in erdos.records} == {"permissive"}


def test_the_fast_yaml_loader_reads_what_the_safe_loader_reads():
    from openfrontiers.corpus.importers import erdos

    if not yaml.__with_libyaml__:
        pytest.skip("PyYAML without libyaml: the pure-Python loader is the only one")
    assert erdos._LOADER is yaml.CSafeLoader
    text = (
        "- number: 1\n  prize: $500\n  informal_status: {state: open, last_update: 2025-08-31}\n"
        "  tags: [number theory, 'primes']\n  comments: |\n    Multi-line\n    text: 'é'\n"
        "- number: '2'\n  oeis: [A000045, N/A]\n  formalized: {state: yes}\n  x: 1.5e3\n"
    )
    assert yaml.load(text, Loader=erdos._LOADER) == yaml.safe_load(text)
