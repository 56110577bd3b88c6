"""`ofb corpus candidates`: the candidate stream, on small trees written here and on the real
pairs of snapshots (erdosproblems end of 2025 → 2026-08-08, formal-conjectures end of 2025 →
v4.33.0), read in place."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from corpus_helpers import REPO, SOURCES, provenance_revision, shared_source
from test_corpus_build import _ofb

from openfrontiers.corpus.candidate_drafts import drafts
from openfrontiers.corpus.candidate_stream import stream
from openfrontiers.errors import OfbError, UsageError
from openfrontiers.register import load_drafts, load_register
from openfrontiers.register.model import Item, Source, Split, Status, Upstream

SCHEMA = json.loads((REPO / "Corpus" / "schema" / "candidate.schema.json").read_text())
ERDOS_OLD, ERDOS_NEW = "erdosproblems-2025-12-31", "erdosproblems"
FC_OLD, FC_NEW = "formal-conjectures-2025-12-31", "formal-conjectures-v4.33.0"


# --- small trees -------------------------------------------------------------------------


def _erdos_old(root: Path, states: dict[str, str]) -> Path:
    """The database's older form: `status {state, last_update}` only."""
    entries = [
        {
            "number": n,
            "prize": "no",
            "status": {"state": s, "last_update": "2025-08-31"},
            "formalized": {"state": "no", "last_update": "2025-08-31"},
            "tags": ["number theory"],
        }
        for n, s in states.items()
    ]
    (root / "data").mkdir(parents=True)
    (root / "data" / "problems.yaml").write_text(yaml.safe_dump(entries), encoding="utf-8")
    return root


def _erdos_new(root: Path, states: dict[str, tuple[str, str]]) -> Path:
    """The current form: `informal_status` beside `formal_status` (state, date)."""
    entries = [
        {
            "number": n,
            "prize": "no",
            "informal_status": {"state": s, "last_update": day},
            "formal_status": {"state": "unformalized"},
            "status": {"state": s, "last_update": day},
            "formalized": {"state": "yes", "last_update": day},
            "tags": ["graph theory"],
        }
        for n, (s, day) in states.items()
    ]
    (root / "data").mkdir(parents=True)
    (root / "data" / "problems.yaml").write_text(yaml.safe_dump(entries), encoding="utf-8")
    return root


def _fc(root: Path, files: dict[str, str]) -> Path:
    for name, body in files.items():
        path = root / "FormalConjectures" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    return root


def _lean(namespace: str, decls: list[tuple[str, str, str]]) -> str:
    """A file in the repository's conventions; decls: (name, category, extra attribute)."""
    body = "".join(
        f"/-- Is statement {name} true? -/\n@[category {cat}, AMS 11{extra}]\n"
        f"theorem {name} : 1 + 1 = 2 := by\n  sorry\n\n"
        for name, cat, extra in decls
    )
    return (
        f"/-!\n# {namespace.replace('Erdos', 'Erdős Problem ')}\n\n*Reference:* [a](https://a.example/x)\n-/\n\n"
        f"namespace {namespace}\n\n{body}end {namespace}\n"
    )


def _item(item_id: str, title: str, **kw) -> Item:
    return Item(
        id=item_id,
        title=title,
        area="Number th.",
        split=kw.pop("split", Split.REDISCOVERY),
        hq50=False,
        status=Status.WRITTEN,
        **kw,
    )


@pytest.fixture
def small(tmp_path):
    old_e = _erdos_old(
        tmp_path / "e-old",
        {"1": "open", "2": "proved (Lean)", "3": "open", "4": "proved", "5": "disproved"},
    )
    new_e = _erdos_new(
        tmp_path / "e-new",
        {
            "1": ("proved", "2026-03-01"),
            "2": ("open", "2026-04-01"),
            "3": ("open", "2025-08-31"),
            "4": ("disproved", "2026-05-01"),
            "5": ("disproved", "2025-08-31"),
            "6": ("proved", "2026-06-01"),  # new in the database: no drift
        },
    )
    old_f = _fc(
        tmp_path / "f-old",
        {
            "ErdosProblems/1.lean": _lean("Erdos1", [("erdos_1", "research open", "")]),
            "ErdosProblems/3.lean": _lean(
                "Erdos3",
                [("erdos_3", "research open", ""), ("erdos_3.variants.x", "research open", "")],
            ),
            "Other/Green.lean": _lean("Green7", [("green_7", "research open", "")]),
            "Other/Old.lean": _lean("Old", [("old_1", "undergraduate", "")]),
        },
    )
    new_f = _fc(
        tmp_path / "f-new",
        {
            "ErdosProblems/1.lean": _lean("Erdos1", [("erdos_1", "research solved", "")]),
            "ErdosProblems/3.lean": _lean(
                "Erdos3",
                [
                    ("erdos_3", "research open", ""),
                    (
                        "erdos_3.variants.x",
                        "research solved",
                        ', formal_proof using lean4 at "https://proof.example/3"',
                    ),
                ],
            ),
            "Other/Green.lean": _lean("Green7", [("green_7", "research open", "")]),
            "Other/Old.lean": _lean("Old", [("old_1", "textbook", "")]),
        },
    )
    return [f"{old_e}@1111111:2025-12-31", f"{old_f}@2222222:2025-12-31"], [
        f"{new_e}@3333333:2026-08-08",
        f"{new_f}@4444444:2026-08-20",
    ]


def _by_id(result):
    return {r["id"]: r for r in result.rows}


def test_signals_merge_and_kinds(config, small):
    old, new = small
    result = stream(old, new, config, [])
    rows = _by_id(result)
    # 1: the database moved to proved and the FC main declaration to research solved: one
    # candidate with both signals.
    one = rows["erdos-problems/1"]
    assert one["kind"] == "new" and one["sources"] == ["erdos-problems", "formal-conjectures"]
    erdos, fc = one["signals"]
    assert (erdos["old"]["state"], erdos["new"]["state"]) == ("open", "proved")
    assert (erdos["old"]["as_of"], erdos["new"]["as_of"]) == ("2025-08-31", "2026-03-01")
    assert erdos["old"]["url"].endswith("/blob/1111111/data/problems.yaml")
    assert erdos["new"]["page"] == "https://www.erdosproblems.com/1"
    assert fc["kinds"] == ["status", "category"]
    assert fc["declarations"][0]["declaration"] == "Erdos1.erdos_1"
    assert "/blob/4444444/FormalConjectures/ErdosProblems/1.lean#L" in fc["new"]["url"]
    assert one["date"] == "2026-08-20"
    # 3: only a variant flipped and gained a proof link; the main stays open.
    three = rows["erdos-problems/3"]
    (sig,) = three["signals"]
    assert sig["kinds"] == ["category", "formal-proof"] and sig["new"]["state"] == "research open"
    assert sig["declarations"] == [
        {
            "declaration": "Erdos3.erdos_3.variants.x",
            "old_category": "research open",
            "new_category": "research solved",
            "gained_formal_proofs": ["https://proof.example/3"],
        }
    ]
    assert three["lean"] == {
        "statement": True,
        "proof": True,
        "proof_urls": ["https://proof.example/3"],
    }
    assert [r["citation"] for r in three["resolving_references"]] == [
        "formal_proof using lean4 (Erdos3.erdos_3.variants.x)"
    ]
    # The database gives no reference for a status change: none is none.
    assert one["resolving_references"] == []
    # 2: proved (Lean) in the older form → open: a reversal, listed apart.
    assert rows["erdos-problems/2"]["kind"] == "reversal"
    # 4: proved → disproved: a dispute.
    assert rows["erdos-problems/4"]["kind"] == "dispute"
    # Unchanged (3 in the database, 5, Green 7), new (6) and recategorised non-research
    # declarations give nothing.
    assert set(rows) == {
        "erdos-problems/1",
        "erdos-problems/2",
        "erdos-problems/3",
        "erdos-problems/4",
    }
    assert result.counts == {"new": 2, "new_in_register": 0, "reversal": 1, "dispute": 1}
    md = result.markdown()
    assert md.index("## erdos-problems + formal-conjectures") < md.index("## Reversals")
    assert "resolving references the source gives: none" in md
    for row in result.rows:
        jsonschema.validate(row, SCHEMA)


def test_newest_first_and_since(config, small):
    old, new = small
    rows = stream(old[:1], new[:1], config, []).rows
    assert [r["id"] for r in rows] == [
        "erdos-problems/4",
        "erdos-problems/2",
        "erdos-problems/1",
    ]
    later = stream(old[:1], new[:1], config, [], "2026-04-01").rows
    assert [r["id"] for r in later] == ["erdos-problems/4", "erdos-problems/2"]


def test_register_matches_are_marked_not_dropped(config, small):
    old, new = small
    items = [
        _item("E01", "Erdős Problem #1: is it?"),
        _item(
            "N01",
            "Something else entirely",
            upstream=(
                Upstream(
                    "google-deepmind/formal-conjectures",
                    "FormalConjectures/ErdosProblems/3.lean",
                    "Erdos3.erdos_3.variants.x",
                ),
            ),
        ),
        _item(
            "O01",
            "Erdős Problem #10 (not #1)",
            split=Split.OPEN,
            sources=(
                Source(
                    "T. F. Bloom, Erdős Problems, Problem #12", "https://www.erdosproblems.com/12"
                ),
            ),
        ),
    ]
    rows = _by_id(stream(old, new, config, items))
    assert rows["erdos-problems/1"]["in_register"] is True
    assert rows["erdos-problems/1"]["register_matches"] == [
        {"item": "E01", "split": "Rediscovery-110", "by": ["problem-number", "title"]}
    ]
    assert rows["erdos-problems/3"]["register_matches"] == [
        # The upstream file names the problem's number too.
        {
            "item": "N01",
            "split": "Rediscovery-110",
            "by": ["upstream-declaration", "problem-number"],
        }
    ]
    assert rows["erdos-problems/4"]["in_register"] is False


def test_drafts_are_candidates_without_settlement(config, small, tmp_path):
    old, new = small
    result = stream(old, new, config, [_item("E01", "Erdős Problem #1: is it?")])
    text = drafts(result.rows)
    path = tmp_path / "drafts.toml"
    path.write_text(text, encoding="utf-8")
    entries = load_drafts(path)
    assert list(entries) == ["erdos-problems/3"]  # 1 is in the register; 2 and 4 are not new
    entry = entries["erdos-problems/3"]
    assert entry.status is Status.CANDIDATE and entry.split is Split.REDISCOVERY
    assert entry.tier is None and entry.evidence_date == "" and entry.ai_class is None
    assert entry.sources[0].url == "https://www.erdosproblems.com/3"
    assert entry.upstream[0].declaration == "Erdos3.erdos_3"
    # Nothing about the settlement: no proof link, no new state, no resolving reference.
    for secret in ("proof.example", "solved", "proved", "2026-08-20"):
        assert secret not in text


def test_load_drafts_refuses_a_written_or_evidenced_entry(tmp_path):
    path = tmp_path / "drafts.toml"
    path.write_text(
        'schema = 1\n[drafts."x/1"]\ntitle = "T"\narea = "Comb."\nsplit = "Rediscovery-110"\n'
        'status = "written"\ntier = "A"\n',
        encoding="utf-8",
    )
    with pytest.raises(OfbError) as err:
        load_drafts(path)
    assert "draft-status" in str(err.value) and "candidate-evidence" in str(err.value)
    assert f"{path}:" in str(err.value)


def test_erdos_older_form_is_read(config, small):
    from corpus_helpers import run_importer

    old, _ = small
    records = {
        r["id"]: r
        for r in run_importer(config, "erdos-problems", Path(old[0].split("@")[0])).records
    }
    two = records["problem:erdos-problems/2"]  # the build moves it to the catalogue
    assert two["status"] == "solved"
    assert "formal-proof-claim-without-link" in two["quality_flags"]
    assert two["provenance"]["status_as_of"] == "2025-08-31"
    assert json.loads(two["source_status_json"])["status"]["state"] == "proved (Lean)"


def test_cli_outputs_are_deterministic_and_refuse_bad_calls(small, tmp_path):
    old, new = small
    args = [old[0], new[0], old[1], new[1]]
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        run = _ofb("candidates", *args, "--out", str(out), "--draft")
        assert run.returncode == 0, run.stderr
        assert "2 new candidate(s)" in run.stdout
    for name in ("candidates.jsonl", "CANDIDATES.md", "drafts.toml", "MANIFEST.json"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    again = _ofb("candidates", *args, "--out", str(a))  # its own earlier output: replaced
    assert again.returncode == 0, again.stderr
    odd = _ofb("candidates", old[0])
    assert odd.returncode == 2 and "give OLD NEW pairs" in odd.stderr
    missing = _ofb("candidates", str(tmp_path / "nope"), new[0])
    assert missing.returncode == 2 and "does not exist" in missing.stderr
    neither = _ofb("candidates", str(tmp_path), new[0])
    assert neither.returncode == 2 and "neither a corpus build" in neither.stderr
    no_out = _ofb("candidates", old[0], new[0], "--draft")
    assert no_out.returncode == 2 and "--draft" in no_out.stderr
    bad_day = _ofb("candidates", old[0], new[0], "--since", "2026-13-01")
    assert bad_day.returncode == 2 and "YYYY-MM-DD" in bad_day.stderr
    assert "Traceback" not in odd.stderr + missing.stderr + neither.stderr + no_out.stderr


def test_builds_are_read_like_snapshots(config, small, tmp_path):
    from corpus_helpers import SNAPSHOT

    from openfrontiers.corpus.build import build, parse_sources

    old, new = small
    sides = []
    for name, (e, f) in (("old", old), ("new", new)):
        specs = [f"erdos-problems={e}", f"formal-conjectures={f}"]
        build(config, parse_sources(specs, config), tmp_path / name, SNAPSHOT)
        sides.append(str(tmp_path / name))
    from_builds = stream([sides[0]], [sides[1]], config, [])
    from_snapshots = stream(old, new, config, [])
    assert from_builds.rows == from_snapshots.rows


def test_a_second_snapshot_of_one_source_is_refused(config, small):
    old, new = small
    with pytest.raises(UsageError, match="second erdos-problems snapshot"):
        stream([old[0], old[0]], new, config, [])


# --- the real pairs ----------------------------------------------------------------------


def _spec(folder: str) -> str:
    return f"{shared_source(folder)}@{provenance_revision(folder)}"


def _state(entry: dict) -> str:
    """The database's mathematical state in either form (the test's own reading)."""
    if "informal_status" in entry:
        return entry["informal_status"]["state"]
    return re.sub(r" \(Lean\)$", "", entry["status"]["state"])


@pytest.fixture(scope="module")
def real():
    from openfrontiers.corpus.config import CorpusConfig

    config = CorpusConfig(REPO / "Corpus")
    register = load_register(REPO / "FrontierBench" / "items.toml")
    erdos_only = stream([_spec(ERDOS_OLD)], [_spec(ERDOS_NEW)], config, list(register))
    both = stream(
        [_spec(ERDOS_OLD), _spec(FC_OLD)], [_spec(ERDOS_NEW), _spec(FC_NEW)], config, list(register)
    )
    return register, erdos_only, both


def _flips() -> dict[str, tuple[str, str]]:
    """Erdős problems whose database state moved from open toward settled in the window,
    computed from the two files with the documented status table."""
    import tomllib

    table = tomllib.loads((REPO / "Corpus" / "importers" / "erdos-problems.toml").read_text())[
        "status"
    ]
    rank = {"open": 0, "partially-solved": 1, "solved": 2}
    load = lambda f: {  # noqa: E731
        str(e["number"]): _state(e)
        for e in yaml.safe_load((SOURCES / f / "data" / "problems.yaml").read_text())
    }
    old, new = load(ERDOS_OLD), load(ERDOS_NEW)
    return {
        n: (old[n], new[n])
        for n in old.keys() & new.keys()
        if rank[table[new[n]]] > rank[table[old[n]]]
    }


def test_real_erdos_pair_lists_every_flip_and_marks_the_register(real):
    register, erdos_only, _ = real
    flips = _flips()
    rows = _by_id(erdos_only)
    new = {r["id"] for r in erdos_only.rows if r["kind"] == "new"}
    assert new == {f"erdos-problems/{n}" for n in flips}
    assert len(new) > 20
    # The register's own Erdős items (by the number in their titles) whose problem flipped.
    own = {}
    for item in register:
        for n in re.findall(r"Erdős Problem #([0-9]+)", item.title):
            own.setdefault(n, []).append(item.id)
    expected = {n: ids for n, ids in own.items() if n in flips}
    assert len(expected) >= 5
    for n, ids in expected.items():
        row = rows[f"erdos-problems/{n}"]
        assert row["in_register"] is True
        assert set(ids) <= {m["item"] for m in row["register_matches"]}
    unmatched = [r for r in erdos_only.rows if r["kind"] == "new" and not r["in_register"]]
    assert unmatched and all(r["erdos_number"] not in own for r in unmatched)
    for r in erdos_only.rows:
        (sig,) = r["signals"]
        if r["kind"] == "new":
            assert (sig["old"]["state"], sig["new"]["state"]) == flips[r["erdos_number"]]
            assert sig["old"]["as_of"] and sig["new"]["as_of"]
            assert "5c7355cf" in sig["old"]["url"] and "402130d5" in sig["new"]["url"]
        jsonschema.validate(r, SCHEMA)


def test_real_pairs_merge_and_add_category_flips(real):
    from corpus_helpers import run_importer

    from openfrontiers.corpus.config import CorpusConfig

    _, erdos_only, both = real
    config = CorpusConfig(REPO / "Corpus")
    cats = []
    for folder in (FC_OLD, FC_NEW):
        found = {}
        for r in run_importer(config, "formal-conjectures", SOURCES / folder).records:
            claim = json.loads(r["source_status_json"])
            for m in [claim, *claim.get("sub_questions", [])]:
                if "category" in m:
                    found[m["declaration"]] = m["category"]
        cats.append(found)
    flipped = {
        d
        for d in cats[0].keys() & cats[1].keys()
        if (cats[0][d], cats[1][d]) == ("research open", "research solved")
    }
    listed = {
        d["declaration"]
        for r in both.rows
        for s in r["signals"]
        for d in s["declarations"]
        if (d["old_category"], d["new_category"]) == ("research open", "research solved")
    }
    assert flipped and listed == flipped
    ids = [r["id"] for r in both.rows]
    assert len(ids) == len(set(ids))
    numbers = [r["erdos_number"] for r in both.rows if r["erdos_number"]]
    assert len(numbers) == len(set(numbers))  # one candidate per Erdős problem
    merged = [r for r in both.rows if r["sources"] == ["erdos-problems", "formal-conjectures"]]
    assert merged
    # Every Erdős-only candidate is still there, with the same register marks.
    rows = _by_id(both)
    for r in erdos_only.rows:
        assert rows[r["id"]]["in_register"] == r["in_register"]
    assert both.counts["new"] > erdos_only.counts["new"]


def test_an_invalid_build_is_refused_at_its_line(config, small, tmp_path):
    from corpus_helpers import sample_record

    from openfrontiers.errors import BadInput

    good, bad = sample_record(), sample_record(id="problem:erdos-problems/8", status="opne")
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(
        BadInput, match=rf"{re.escape(str(path))}:2: record problem:erdos-problems/8"
    ):
        stream([str(path)], [str(path)], config, [])


def test_real_drafts_hold_no_settlement(real, tmp_path):
    _, _, both = real
    path = tmp_path / "drafts.toml"
    path.write_text(drafts(both.rows), encoding="utf-8")
    entries = load_drafts(path)
    wanted = {r["id"] for r in both.rows if r["kind"] == "new" and not r["in_register"]}
    assert set(entries) == wanted and len(wanted) > 50
    assert all(e.status is Status.CANDIDATE and (e.sources or e.upstream) for e in entries.values())
    rows = _by_id(both)
    for key, entry in entries.items():
        row = rows[key]
        settled = {x["url"] for x in row["resolving_references"]} | set(row["lean"]["proof_urls"])
        assert not settled & {s.url for s in entry.sources}
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"\b(proved|disproved|research solved)\b", text)
