"""Importer `formal-conjectures` on fixtures written in the repository's conventions.

The fixtures (tests/corpus/fixtures/fc) cover: the five categories, `AMS` with one and
several classes, `answer(sorry)`, `answer(True)` and a value `answer(2)`, `.variants.` and
`.parts.` names, `«guillemet»` namespaces and names, `formal_proof` links, a declaration
without docstring, a proof without `sorry`, `sorry` in comments and strings, an `axiom`,
Mathlib's `#S` cardinality at the start of a continuation line, and support definitions.
A real tree is exercised: the one OFB_FC_CHECKOUT names, else the shared v4.33.0 snapshot.
"""

from __future__ import annotations

import json
import os

import pytest
from corpus_helpers import FIXTURES, SNAPSHOT, fc_checkout, run_importer

from openfrontiers.corpus.importers.formal_conjectures import is_label

PREFIX = "problem:formal-conjectures/"


@pytest.fixture(scope="module")
def fc(config):
    return run_importer(config, "formal-conjectures", FIXTURES / "fc")


@pytest.fixture(scope="module")
def records(fc):
    return {r["id"][len(PREFIX) :]: r for r in fc.records}


def test_one_record_per_problem_with_variants_and_parts_as_sub_questions(records):
    assert list(records) == [
        "Erdos9001.erdos_9001",
        "Erdos9002.erdos_9002",
        "Erdos9002.fixture_conjecture",
        "Kourovka.«1.74».kourovka_1_74",
        "«Erdős».Sub.«weird name»",
        "«Erdős».Sub.strings",
    ]
    first = records["Erdos9001.erdos_9001"]
    assert [(s["label"], s["kind"], s["declaration"]) for s in first["sub_questions"]] == [
        ("variants.even", "variant", "Erdos9001.erdos_9001.variants.even"),
        ("parts.i", "part", "Erdos9001.erdos_9001.parts.i"),
        ("variants.card", "variant", "Erdos9001.erdos_9001.variants.card"),
    ]
    assert first["sub_questions"][0]["statement"] == "Is every even multiple good?"
    assert first["sub_questions"][0]["source_record"].startswith(
        "FormalConjectures/ErdosProblems/9001.lean#L"
    )
    # Every declaration keeps its Lean code: the main one first, then the sub-questions.
    assert [f["declaration"] for f in first["formalizations"]] == ["Erdos9001.erdos_9001"] + [
        s["declaration"] for s in first["sub_questions"]
    ]
    # A variant named with a suffix of its main declaration (same namespace) belongs to it.
    suffixed = records["Erdos9002.fixture_conjecture"]["sub_questions"]
    assert [(s["label"], s["kind"]) for s in suffixed] == [("fixture_conjecture_small", "variant")]


def test_a_problem_stated_only_in_parts_has_no_main_statement(records):
    parts = records["Erdos9002.erdos_9002"]
    assert parts["problem_statement"] is None
    assert "statement-in-sub-questions" in parts["quality_flags"]
    assert "no-statement-text" not in parts["quality_flags"]  # its parts carry statements
    assert parts["provenance"]["has_full_text"] is False
    assert [s["label"] for s in parts["sub_questions"]] == ["parts.i", "parts.ii"]
    claim = json.loads(parts["source_status_json"])
    assert "category" not in claim and [c["category"] for c in claim["sub_questions"]] == [
        "research open",
        "research solved",
    ]


def test_input_records_are_accounted_for_as_records_sub_questions_or_skips(fc):
    reasons = [(s.locator.split()[-1], s.reason) for s in fc.skips]
    assert reasons == [
        ("Erdos9001.good_two", "category-test"),
        ("Erdos9001.good_iff", "category-api"),
        ("Erdos9001.good_four", "category-textbook"),
        ("Erdos9001.erdos_9001.uncategorised", "no-category"),
        ("Erdos9001.erdos_9001.odd_category", "unknown-category"),
    ]
    assert fc.seen == 17 and (len(fc.records), fc.merged, len(fc.skips)) == (6, 6, 5)
    assert fc.skips[0].locator.startswith("FormalConjectures/ErdosProblems/9001.lean:")
    assert "1 support declarations" in fc.notes[0]  # `def Good` is not an input record


def test_category_gives_the_mapped_status_and_every_claim_is_kept(records):
    first = records["Erdos9001.erdos_9001"]
    assert first["status"] == "open"
    claim = json.loads(first["source_status_json"])
    assert claim["category"] == "research open" and claim["answers"] == ["sorry"]
    assert claim["sub_questions"][0] == {
        "category": "research solved",
        "declaration": "Erdos9001.erdos_9001.variants.even",
        "answers": ["True"],
        "formal_proofs": [{"using": "lean4", "at": "https://example.org/proofs/Erdos9001.lean"}],
    }


def test_the_registry_keeps_formal_conjectures_unassessed(config, tmp_path):
    from openfrontiers.corpus.build import build, parse_sources

    assert config.registry["formal-conjectures"].status_policy == "unassessed"
    out = tmp_path / "b"
    build(config, parse_sources([f"formal-conjectures={FIXTURES / 'fc'}"], config), out, SNAPSHOT)
    built = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    assert {r["status"] for r in built} == {"unassessed"}
    assert {r["record_kind"] for r in built} == {"problem"}  # unassessed: problem partition
    assert any('"category":"research solved"' in r["source_status_json"] for r in built)


def test_label_only_docstrings_are_not_full_text(records):
    label = records["Erdos9002.fixture_conjecture"]
    assert label["problem_statement"] == "The third Fixture conjecture"
    assert "statement-is-label" in label["quality_flags"]
    assert label["provenance"]["has_full_text"] is False
    assert records["Erdos9001.erdos_9001"]["provenance"]["has_full_text"] is True


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("The third Cuboid conjecture", True),
        ("The **Agoh-Giuga Conjecture**, Agoh's formulation", True),
        ("Problem 10.6, intermediate-growth variant.", True),
        ("Current best lower bound [KPS82].", True),
        ("Erdős (unpublished)", True),
        ("There are infinitely many Pierpont primes.", False),
        ("Any T2, Toronto space is discrete.", False),
        ("Find a better lower bound!", False),
        ("Is it $>1$?", False),
        ("Every finite abelian group is realizable.", False),
    ],
)
def test_is_label(text, label):
    assert is_label(text) is label


def test_answer_forms(records):
    def claims(name):
        claim = json.loads(records[name]["source_status_json"])
        return {
            c["declaration"]: c.get("answers") for c in [claim, *claim.get("sub_questions", [])]
        }

    first = claims("Erdos9001.erdos_9001")
    assert first["Erdos9001.erdos_9001"] == ["sorry"]
    assert first["Erdos9001.erdos_9001.parts.i"] == ["2"]
    assert claims("«Erdős».Sub.strings")["«Erdős».Sub.strings"] is None
    # A sub-question fills in its answer: the record says so.
    assert "formalization-records-answer" in records["Erdos9001.erdos_9001"]["quality_flags"]
    assert (
        "formalization-records-answer"
        not in records["Kourovka.«1.74».kourovka_1_74"]["quality_flags"]
    )


def test_ams_attributes_of_all_members_become_source_mapped_msc(records):
    first = records["Erdos9001.erdos_9001"]
    # AMS 11 (main), AMS 5 11 (variants.even), AMS 3 (variants.card), in that order.
    assert [m["code"] for m in first["msc2020"]] == ["11", "05", "03"]
    assert {m["basis"] for m in first["msc2020"]} == {"source-map"}
    assert first["msc2020"][1]["evidence"].startswith(
        "AMS attribute `AMS 5 11` at FormalConjectures/ErdosProblems/9001.lean:"
    )
    assert first["field"] == {
        "main": "math",
        "slug": "number-theory",
        "source_labels": ["AMS 11", "AMS 5 11", "AMS 3"],
    }
    assert records["«Erdős».Sub.strings"]["field"]["main"] == "computer-science"  # AMS 68


def test_docstring_statement_module_heading_and_references(records):
    first = records["Erdos9001.erdos_9001"]
    assert first["problem_statement"] == "Are there infinitely many good $n$?"
    assert first["title"] == "Erdős Problem 9001 · erdos_9001"
    assert first["references"][:2] == [
        {
            "kind": "website",
            "citation": "erdosproblems.com/9001",
            "url": "https://www.erdosproblems.com/9001",
        },
        {
            "kind": "paper",
            "citation": "[Er61] Erdős, P., Some unsolved problems. Publ. Math. Inst. "
            "Hung. Acad. Sci. (1961).",
            "url": None,
        },
    ]
    assert first["source"]["collection"] == "ErdosProblems"
    undocumented = records["Kourovka.«1.74».kourovka_1_74"]
    assert undocumented["problem_statement"] is None
    assert "no-statement-text" in undocumented["quality_flags"]
    assert undocumented["provenance"]["has_full_text"] is False
    assert "no-references" in records["«Erdős».Sub.strings"]["quality_flags"]


def test_formalization_and_lexical_flags(records):
    first = records["Erdos9001.erdos_9001"]
    card = next(
        f
        for f in first["formalizations"]
        if f["declaration"] == "Erdos9001.erdos_9001.variants.card"
    )
    assert card["code"].startswith("/-- Does every set")
    assert "#S = 0 → S = ∅ := by\n  sorry" in card["code"]  # the `#S` line stays in the theorem
    assert card["has_sorry_or_admit"] and not card["has_axiom"]
    assert card["toolchain"] == "leanprover/lean4:v4.33.0" and card["commit"] is None
    kourovka = records["Kourovka.«1.74».kourovka_1_74"]
    small = kourovka["formalizations"][1]
    assert small["declaration"].endswith("variants.small")
    assert small["has_sorry_or_admit"] is False  # `sorry` only in comments
    assert "norm_num" in small["code"]
    # The record's own proof is its main declaration's: none here (it is `sorry`).
    assert kourovka["lean4_proof"] is None and kourovka["lean4_proof_status"] == "not-recorded"
    strings = records["«Erdős».Sub.strings"]
    assert strings["formalizations"][0]["has_sorry_or_admit"] is False
    assert strings["lean4_proof_status"] == "attached-not-checked" and strings["lean4_proof"]
    # A formal proof linked from a sub-question is a reference naming the declaration.
    assert {
        "kind": "formal-proof",
        "citation": "formal_proof using lean4 (Erdos9001.erdos_9001.variants.even)",
        "url": "https://example.org/proofs/Erdos9001.lean",
    } in first["references"]
    assert first["lean4_proof_status"] == "not-recorded"
    weird = records["«Erdős».Sub.«weird name»"]
    assert weird["formalizations"][0]["has_axiom"] is True
    assert "formalization-contains-axiom" in weird["quality_flags"]


def test_a_git_checkout_pins_the_commit_in_urls(config, tmp_path):
    import shutil
    import subprocess

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    checkout = tmp_path / "fc"
    shutil.copytree(FIXTURES / "fc", checkout)
    git = ["git", "-C", str(checkout), "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "fixture"], check=True)
    head = subprocess.run(
        git + ["rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    committed = subprocess.run(
        git + ["log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%d"],
        check=True,
        capture_output=True,
        text=True,
        env={"TZ": "UTC", "PATH": os.environ["PATH"]},
    ).stdout.strip()
    result = run_importer(config, "formal-conjectures", checkout)
    first = result.records[0]
    assert {f["commit"] for f in first["formalizations"]} == {head}
    assert first["provenance"]["revision"] == head
    assert first["provenance"]["status_as_of"] == committed
    assert first["provenance"]["status_as_of_basis"] == "source-revision-date"
    line = first["provenance"]["source_record"].rsplit("#L", 1)[1]
    assert first["source"]["url"] == (
        f"https://github.com/google-deepmind/formal-conjectures/blob/{head}/"
        f"FormalConjectures/ErdosProblems/9001.lean#L{line}"
    )
    # The same commit stated as @REV agrees; another one is refused.
    from openfrontiers.corpus.revision import resolve
    from openfrontiers.errors import UsageError

    assert resolve(checkout, head[:12], "fc").commit == head
    with pytest.raises(UsageError, match="is a git checkout at"):
        resolve(checkout, "0" * 40, "fc")


def test_a_tree_without_git_takes_its_revision_from_the_argument(config):
    rev = "814198b0948ae90cbbf2394c511135158f68878b"
    result = run_importer(config, "formal-conjectures", FIXTURES / "fc", rev=f"{rev}:2026-08-20")
    first = result.records[0]
    assert first["provenance"]["revision"] == rev
    assert first["formalizations"][0]["commit"] == rev
    assert first["source"]["url"].startswith(
        f"https://github.com/google-deepmind/formal-conjectures/blob/{rev}/"
    )
    assert (first["provenance"]["status_as_of"], first["provenance"]["status_as_of_basis"]) == (
        "2026-08-20",
        "source-revision-date",
    )
    bare = run_importer(config, "formal-conjectures", FIXTURES / "fc").records[0]
    assert bare["provenance"]["revision"] is None and bare["source"]["url"] is None
    assert bare["provenance"]["status_as_of_basis"] == "build-date"


def test_not_a_checkout(config, tmp_path):
    from openfrontiers.errors import InputError

    with pytest.raises(InputError, match="not-a-checkout"):
        run_importer(config, "formal-conjectures", tmp_path)


def test_real_checkout(config):
    path, rev = fc_checkout()
    result = run_importer(config, "formal-conjectures", path, rev=rev)
    records = {r["id"][len(PREFIX) :]: r for r in result.records}
    assert records and result.seen == len(records) + result.merged + len(result.skips)
    assert {r["status"] for r in result.records} <= {"open", "solved"}
    assert all(f["code"] for r in result.records for f in r["formalizations"])
    # Counted per problem: far fewer records than research declarations.
    declarations = sum(len(r["formalizations"]) for r in result.records)
    assert declarations == len(records) + result.merged and result.merged > len(records) // 4
    # Every declaration of a record is its main one or named after it.
    for key, r in records.items():
        for s in r["sub_questions"]:
            assert s["declaration"].startswith(key.rpartition(".")[0])
    full = [r for r in result.records if r["provenance"]["has_full_text"]]
    assert all(r["problem_statement"] for r in full)
    labels = [r for r in result.records if "statement-is-label" in r["quality_flags"]]
    assert labels and not any(r["provenance"]["has_full_text"] for r in labels)
    linked = [r for r in result.records if r["lean4_proof_status"] == "linked"]
    assert linked and all(
        any(ref["kind"] == "formal-proof" and ref["url"] for ref in r["references"]) for r in linked
    )
