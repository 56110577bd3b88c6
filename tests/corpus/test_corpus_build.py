"""Builds end to end: determinism, manifest, report, Parquet, diff, export, stats, CLI."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from corpus_helpers import (
    FIXTURES,
    REPO,
    SNAPSHOT,
    provenance_revision,
    sample_record,
    shared_source,
    shared_spec,
)

from openfrontiers.corpus.build import build, parse_sources
from openfrontiers.corpus.diff import diff
from openfrontiers.corpus.export import ExportFilter, export
from openfrontiers.corpus.stats import compute
from openfrontiers.errors import OfbError, UsageError

OUTPUTS = ("records.jsonl", "records.parquet", "SKIPPED.jsonl", "REPORT.md", "MANIFEST.json")


def _specs() -> list[str]:
    return [
        shared_spec("erdos-problems", "erdosproblems"),
        shared_spec("optimization-constants", "optimizationproblems"),
        shared_spec("alphaevolve", "alphaevolve"),
        shared_spec("petrunin-gallery", "petrunin-gallery"),
        f"colt-open-problems={shared_source('colt-open-problems')}",
        f"formal-conjectures={FIXTURES / 'fc'}",
    ]


@pytest.fixture(scope="module")
def built(config, tmp_path_factory):
    out = tmp_path_factory.mktemp("build") / "b1"
    manifest = build(config, parse_sources(_specs(), config), out, SNAPSHOT)
    return out, manifest


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_rebuild_is_byte_identical_whatever_the_source_order(config, built, tmp_path):
    out, _ = built
    again = tmp_path / "b2"
    build(config, parse_sources(list(reversed(_specs())), config), again, SNAPSHOT)
    for name in OUTPUTS:
        assert (out / name).read_bytes() == (again / name).read_bytes(), name


def test_manifest_accounts_for_every_input(built):
    out, manifest = built
    assert manifest == json.loads((out / "MANIFEST.json").read_text(encoding="utf-8"))
    roots = {
        "erdos-problems": shared_source("erdosproblems"),
        "optimization-constants": shared_source("optimizationproblems"),
        "alphaevolve": shared_source("alphaevolve"),
        "petrunin-gallery": shared_source("petrunin-gallery"),
        "colt-open-problems": shared_source("colt-open-problems"),
        "formal-conjectures": FIXTURES / "fc",
    }
    for source in manifest["sources"]:
        for inp in source["inputs"]:
            data = (roots[source["key"]] / inp["path"]).read_bytes()
            assert inp["sha256"] == hashlib.sha256(data).hexdigest() and inp["bytes"] == len(data)
        c = source["counts"]
        assert c["input_records"] == (
            c["problem_records"] + c["catalogue_records"] + c["sub_questions"] + c["skipped"]
        )
    by_key = {s["key"]: s["counts"] for s in manifest["sources"]}
    erdos = by_key["erdos-problems"]
    assert erdos["problem_records"] + erdos["catalogue_records"] == 1217
    # Each input's revision: given as @REV for the snapshots, unknown for the fixture tree.
    revisions = {s["key"]: s["revision"] for s in manifest["sources"]}
    commit, day = provenance_revision("erdosproblems").split(":")
    assert revisions["erdos-problems"] == {"commit": commit, "date": day, "from": "argument"}
    assert revisions["formal-conjectures"] == {"commit": None, "date": None, "from": "unknown"}
    skipped = [json.loads(line) for line in (out / "SKIPPED.jsonl").read_text().splitlines()]
    assert len(skipped) == manifest["totals"]["skipped"]
    for entry in manifest["outputs"]:
        assert hashlib.sha256((out / entry["path"]).read_bytes()).hexdigest() == entry["sha256"]
    assert [c["path"] for c in manifest["config"]][:2] == [
        "Corpus/schema/problem.schema.json",
        "Corpus/sources.toml",
    ]


def test_records_are_sorted_valid_and_mirrored_in_parquet(built):
    out, manifest = built
    records = _records(out / "records.jsonl")
    assert len(records) == manifest["totals"]["records"]
    ids = [r["id"] for r in records]
    assert ids.index("problem:erdos-problems/1") < ids.index("problem:erdos-problems/10")
    assert ids.index("catalogue:erdos-problems/2") < ids.index("catalogue:erdos-problems/13")
    table = pq.read_table(out / "records.parquet")
    assert table.num_rows == len(records)
    assert table.to_pylist() == records


def test_report_lists_sources_reasons_and_flags(built):
    report = (built[0] / "REPORT.md").read_text(encoding="utf-8")
    assert "## erdos-problems — Erdős Problems (Thomas Bloom)" in report
    assert "- `duplicate-page` (1): the statement repeats page 67 — 68" in report
    assert "`no-statement-text` 1217" in report
    assert "- `category-test` (1): a unit test" in report


def test_status_dates_come_from_the_sources(built):
    records = _records(built[0] / "records.jsonl")
    revs = {
        key: provenance_revision(folder).split(":")
        for key, folder in [
            ("optimization-constants", "optimizationproblems"),
            ("alphaevolve", "alphaevolve"),
            ("petrunin-gallery", "petrunin-gallery"),
        ]
    }
    for r in records:
        prov, key = r["provenance"], r["source"]["key"]
        assert prov["imported_at"] == SNAPSHOT.date  # the build date
        if key in revs:
            commit, day = revs[key]
            assert (prov["status_as_of"], prov["status_as_of_basis"]) == (
                day,
                "source-revision-date",
            )
            assert prov["revision"] == commit
        elif key in ("erdos-problems", "colt-open-problems"):
            assert prov["status_as_of_basis"] == "source-field"
        else:  # the fixture tree: no revision known, the build date, flagged
            assert prov["status_as_of_basis"] == "build-date"
            assert "status-date-is-build-date" in r["quality_flags"]
    alpha = [r for r in records if r["source"]["key"] == "alphaevolve"]
    assert all(r["msc2020"] for r in alpha)
    assert {m["basis"] for r in alpha for m in r["msc2020"]} == {"editorial"}


def test_partitions_follow_the_status(built):
    records = _records(built[0] / "records.jsonl")
    for r in records:
        if r["status"] in ("solved", "withdrawn"):
            assert r["record_kind"] == "catalogue", r["id"]
        assert r["id"].startswith(r["record_kind"] + ":")
    erdos = [r for r in records if r["source"]["key"] == "erdos-problems"]
    data = (shared_source("erdosproblems") / "data" / "problems.yaml").read_text()
    import yaml

    states = {str(e["number"]): e["informal_status"]["state"] for e in yaml.safe_load(data)}
    unsolved = {
        n for n, s in states.items() if s not in ("proved", "disproved", "solved", "independent")
    }
    problem = {r["id"].rsplit("/", 1)[1] for r in erdos if r["record_kind"] == "problem"}
    assert problem == unsolved  # the problem partition holds exactly the unsolved ones
    solved = [r for r in erdos if r["record_kind"] == "catalogue"]
    assert solved and all(
        r["status"] == "solved" and '"state":' in r["source_status_json"] for r in solved
    )


def test_report_lists_every_registered_collection(config, built):
    report = (built[0] / "REPORT.md").read_text(encoding="utf-8")
    table = report.split("## Registered collections", 1)[1].split("\n## ", 1)[0]
    rows = {
        line.split("|")[1].strip(): line for line in table.splitlines() if line.startswith("| ")
    }
    assert set(config.registry.sources) <= set(rows)
    assert len(config.registry) == 71
    assert "none: no snapshot of this collection is reachable" in rows["theoremdb"]
    assert "none: catalogue-only index" in rows["kourovka-notebook"]
    assert "| imported |" in rows["petrunin-gallery"]
    assert "| 1217 |" not in rows["erdos-problems"]  # split between the two partitions


def test_unassessed_policy_overrides_mapped_status(tmp_path):
    from openfrontiers.corpus.config import CorpusConfig

    corpus = tmp_path / "Corpus"
    shutil.copytree(REPO / "Corpus", corpus)
    sources = corpus / "sources.toml"
    text = sources.read_text(encoding="utf-8")
    head, _, tail = text.partition("[sources.erdos-problems]")
    tail = tail.replace('status_policy = "mapped"', 'status_policy = "unassessed"', 1)
    sources.write_text(head + "[sources.erdos-problems]" + tail, encoding="utf-8")
    patched = CorpusConfig(corpus)
    build(
        patched,
        parse_sources([shared_spec("erdos-problems", "erdosproblems")], patched),
        tmp_path / "b",
        SNAPSHOT,
    )
    records = _records(tmp_path / "b" / "records.jsonl")
    assert {r["status"] for r in records} == {"unassessed"}
    assert {r["record_kind"] for r in records} == {"problem"}  # nothing claimed solved
    assert any('"state":"proved"' in r["source_status_json"] for r in records)


def test_source_arguments_are_checked(config):
    with pytest.raises(UsageError, match="no importer 'nope'"):
        parse_sources(["nope=/tmp"], config)
    with pytest.raises(UsageError, match="KEY=PATH"):
        parse_sources(["erdos-problems"], config)
    with pytest.raises(UsageError, match="does not exist"):
        parse_sources(["erdos-problems=/no/such/path"], config)
    fc = f"formal-conjectures={FIXTURES / 'fc'}"
    with pytest.raises(UsageError, match="given twice"):
        parse_sources([fc, fc], config)
    # A revision goes after the path: COMMIT or COMMIT:YYYY-MM-DD.
    with pytest.raises(UsageError, match="not a calendar date"):
        parse_sources([f"{fc}@abcdef1:2026-02-30"], config)
    with pytest.raises(UsageError, match=r"does not exist \(a revision goes after the path"):
        parse_sources([f"{fc}@not-a-revision"], config)
    (request,) = parse_sources([f"{fc}@abcdef1:2026-02-03"], config)
    assert (request.revision.commit, request.revision.date) == ("abcdef1", "2026-02-03")


def test_a_build_with_an_invalid_record_writes_nothing(config, tmp_path, monkeypatch):
    from openfrontiers.corpus.importers import erdos

    real = erdos._record

    def broken(*args, **kwargs):
        record = real(*args, **kwargs)
        record["status"] = "opne"
        return record

    monkeypatch.setattr(erdos, "_record", broken)
    with pytest.raises(OfbError) as info:
        build(
            config,
            parse_sources([f"erdos-problems={shared_source('erdosproblems')}"], config),
            tmp_path / "out",
            SNAPSHOT,
        )
    assert "records.jsonl:1: schema-enum: record problem:erdos-problems/1: field status:" in str(
        info.value
    )
    assert not (tmp_path / "out").exists()


def test_diff_reports_status_changes(config, tmp_path):
    data = (shared_source("erdosproblems") / "data" / "problems.yaml").read_text(encoding="utf-8")
    first = data.index('state: "open"')
    changed = data[:first] + 'state: "proved"' + data[first + len('state: "open"') :]
    new_src = tmp_path / "erdos-new" / "data"
    new_src.mkdir(parents=True)
    (new_src / "problems.yaml").write_text(changed, encoding="utf-8")
    build(
        config,
        parse_sources([f"erdos-problems={shared_source('erdosproblems')}"], config),
        tmp_path / "old",
        SNAPSHOT,
    )
    build(
        config,
        parse_sources([f"erdos-problems={new_src.parent}"], config),
        tmp_path / "new",
        SNAPSHOT,
    )
    result = diff(tmp_path / "old" / "records.jsonl", tmp_path / "new" / "records.jsonl")
    # Now solved, the problem moved to the catalogue partition: still one status change.
    assert [
        (c["old_id"], c["id"], c["old_status"], c["new_status"]) for c in result["status_changes"]
    ] == [("problem:erdos-problems/1", "catalogue:erdos-problems/1", "open", "solved")]
    assert result["claim_changes"] == [] and result["added"] == result["removed"] == []


def test_diff_reports_claim_changes_added_and_removed(tmp_path):
    a = sample_record()
    b = sample_record(source_status_json='{"informal_status":{"state":"open"}}')
    c = sample_record(id="problem:erdos-problems/8")
    (tmp_path / "old.jsonl").write_text(json.dumps(a) + "\n", encoding="utf-8")
    (tmp_path / "new.jsonl").write_text(
        json.dumps(b) + "\n" + json.dumps(c) + "\n", encoding="utf-8"
    )
    result = diff(tmp_path / "old.jsonl", tmp_path / "new.jsonl")
    assert result["status_changes"] == []
    assert [x["id"] for x in result["claim_changes"]] == ["problem:erdos-problems/7"]
    assert result["added"] == ["problem:erdos-problems/8"] and result["removed"] == []


def test_export_by_license_class_and_source(config, built, tmp_path):
    out, _ = built
    filt = ExportFilter.parse(config.registry, "cc0,permissive", None, "alphaevolve", "problem")
    manifest = export(
        out / "records.jsonl",
        tmp_path / "x",
        filt,
        config.registry,
        frozenset({"jsonl", "parquet"}),
    )
    records = _records(tmp_path / "x" / "records.jsonl")
    # Classed by what they carry: the Erdős records hold only the Apache-2.0 database.
    assert {r["source"]["key"] for r in records} == {
        "erdos-problems",
        "optimization-constants",
        "formal-conjectures",
    }
    assert (
        manifest["records"]
        == len(records)
        == pq.read_table(tmp_path / "x" / "records.parquet").num_rows
    )
    assert manifest["records_by_license_class"] == {"permissive": len(records)}
    everything = _records(out / "records.jsonl")
    assert len(records) == sum(
        1
        for r in everything
        if r["source"]["license_class"] in {"cc0", "permissive"}
        and r["source"]["key"] != "alphaevolve"
        and r["record_kind"] == "problem"
    )
    # Conflicting or unstated terms establish no license: those records stay out.
    petrunin = [r for r in everything if r["source"]["key"] == "petrunin-gallery"]
    assert petrunin and {r["source"]["license_class"] for r in petrunin} == {"none-established"}
    with pytest.raises(UsageError, match="unknown class"):
        ExportFilter.parse(config.registry, "free-for-all", None, None, "all")
    with pytest.raises(UsageError, match="unknown source"):
        ExportFilter.parse(config.registry, None, "nope", None, "all")


def test_stats_on_hand_made_records(config):
    records = [
        sample_record(id=f"problem:erdos-problems/{i}", problem_statement=" ".join(["w"] * n))
        for i, n in enumerate([1, 2, 3, 4, 10], 1)
    ]
    records[0]["problem_statement"] = "Is $x$ odd?"
    records[1]["status"] = "solved"
    records[1]["msc2020"] = []
    records[2]["posed_year"] = 1975
    records[3]["posed_year"] = 1971
    catalogue = sample_record(
        id="catalogue:erdos-problems/99", record_kind="catalogue", status="solved"
    )
    s = compute(records + [catalogue], config.registry)
    assert (s["problem_records"], s["catalogue_records"]) == (5, 1)
    assert s["status"]["open"] == 4 and s["status"]["solved"] == 1
    assert s["catalogue_status"] == {"solved": 1}
    assert s["records_with_msc"] == 4 and s["msc_assignments_by_basis"] == {"community-map": 4}
    # lengths 3, 2, 3, 4, 10 → mean 4.4, nearest-rank median 3, p90 10
    assert s["statement_words"] == {"records": 5, "mean": 4.4, "median": 3, "p90": 10}
    assert s["records_with_latex"] == 1
    assert s["posed_year_range"] == [1971, 1975] and s["records_by_decade"] == {"1970": 2}
    assert s["records_with_lean4_statement"] == 5 and s["lean4_flagged_placeholder"] == 5
    assert s["sources_registered"] == len(config.registry) and s["sources_contributing"] == 1
    # Table 1's layout: the paper's rows, in its order, beside this build's values.
    from openfrontiers.corpus.stats import PAPER_TABLE1

    assert [r["quantity"] for r in s["table1"]] == [q for q, _ in PAPER_TABLE1]
    rows = {r["quantity"]: (r["build"], r["paper"]) for r in s["table1"]}
    assert rows["Problem / catalogue items"] == ("5 / 1", "12,151 / 4,751")
    assert rows["Status open"] == ("4 (80.0%)", "6,162 (50.7%)")
    assert rows["Sources registered / contributing"] == ("71 / 1", "71 / 62")
    assert rows["Statement words: mean / median / p90"][0] == "4.4 / 3 / 10"
    assert rows["Posed year known"][0] == "2 (40.0%) (range 1971–1975)"
    assert rows["Distinct source names"][0] == "not computed"


def _ofb(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "tools"))
    env.pop("OFB_ROOT", None)
    return subprocess.run(
        [sys.executable, "-m", "openfrontiers", "corpus", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_cli_validate_names_record_and_field_and_fails(tmp_path):
    good, bad = sample_record(), sample_record(id="problem:erdos-problems/8", status="opne")
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n{oops\n", encoding="utf-8")
    run = _ofb("validate", str(path))
    assert run.returncode == 1
    assert (
        f"{path}:2: schema-enum: record problem:erdos-problems/8: field status: 'opne' is not one "
        "of" in run.stdout
    )
    assert f"{path}:3: json-syntax:" in run.stdout
    assert "3 records, 2 invalid, 2 error(s)" in run.stdout
    ok = tmp_path / "ok.jsonl"
    ok.write_text(json.dumps(good) + "\n", encoding="utf-8")
    assert _ofb("validate", str(ok)).returncode == 0


def test_cli_build_stats_export_diff(tmp_path):
    out = tmp_path / "b"
    run = _ofb(
        "build",
        "--source",
        f"formal-conjectures={FIXTURES / 'fc'}",
        "--out",
        str(out),
        "--snapshot-at",
        "2026-10-10",
    )
    assert run.returncode == 0, run.stderr
    assert (
        "formal-conjectures: 17 input records → 6 problem, 0 catalogue, 6 sub-questions, "
        "5 skipped" in run.stdout
    )
    stats = json.loads(_ofb("stats", str(out), "--format", "json").stdout)
    assert stats["problem_records"] == 6 and stats["records_with_lean4_statement"] == 6
    table = _ofb("stats", str(out)).stdout
    assert "Records with a Lean 4 statement" in table and "6 (100.0%)" in table
    assert "1,946 (16.0%)" in table  # the paper's figure, beside the build's
    run = _ofb("export", str(out), "--out", str(tmp_path / "e"), "--license-filter", "share-alike")
    assert run.returncode == 0 and "wrote" in run.stdout and "0 of 6 records" in run.stdout
    same = _ofb("diff", str(out), str(out))
    assert "0 status change(s)" in same.stdout
    bad = _ofb("build", "--source", "nope=x", "--out", str(tmp_path / "n"))
    assert (
        bad.returncode == 2 and "no importer 'nope'" in bad.stderr and "Traceback" not in bad.stderr
    )


def test_cli_sources_lists_the_registry(tmp_path):
    run = _ofb("sources", "--format", "json")
    entries = json.loads(run.stdout)
    assert len(entries) >= 62 and {"key", "license_class", "status_policy"} <= set(entries[0])
    # Outside a checkout, the configuration folder must be given.
    elsewhere = _ofb("sources", cwd=tmp_path)
    assert elsewhere.returncode == 2 and "no FrontierBench checkout" in elsewhere.stderr
    assert _ofb("sources", "--corpus-dir", str(REPO / "Corpus"), cwd=tmp_path).returncode == 0
