"""Importer `formal-conjectures` on fixtures written in the repository's conventions.

The fixtures (tests/corpus/fixtures/fc) cover: the five categories, `AMS` with one and
several classes, `answer(sorry)`, `answer(True)` and a value `answer(2)`, `.variants.` and
`.parts.` names, `«guillemet»` namespaces and names, `formal_proof` links, a declaration
without docstring, a proof without `sorry`, `sorry` in comments and strings, an `axiom`,
Mathlib's `#S` cardinality at the start of a continuation line, and support definitions.
A real checkout is exercised when OFB_FC_CHECKOUT names one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from corpus_helpers import FIXTURES, run_importer

PREFIX = "problem:formal-conjectures/"


@pytest.fixture(scope="module")
def fc(config):
    return run_importer(config, "formal-conjectures", FIXTURES / "fc")


@pytest.fixture(scope="module")
def records(fc):
    return {r["id"][len(PREFIX) :]: r for r in fc.records}


def test_one_record_per_research_declaration_with_full_names(records):
    assert list(records) == [
        "Erdos9001.erdos_9001",
        "Erdos9001.erdos_9001.variants.even",
        "Erdos9001.erdos_9001.parts.i",
        "Erdos9001.erdos_9001.variants.card",
        "Kourovka.«1.74».kourovka_1_74",
        "Kourovka.«1.74».kourovka_1_74.variants.small",
        "«Erdős».Sub.«weird name»",
        "«Erdős».Sub.strings",
    ]


def test_other_categories_are_counted_and_skipped_with_the_reason(fc):
    reasons = [(s.locator.split()[-1], s.reason) for s in fc.skips]
    assert reasons == [
        ("Erdos9001.good_two", "category-test"),
        ("Erdos9001.good_iff", "category-api"),
        ("Erdos9001.good_four", "category-textbook"),
        ("Erdos9001.erdos_9001.uncategorised", "no-category"),
        ("Erdos9001.erdos_9001.odd_category", "unknown-category"),
    ]
    assert fc.seen == len(fc.records) + len(fc.skips) == 13
    assert fc.skips[0].locator.startswith("FormalConjectures/ErdosProblems/9001.lean:")
    assert "1 support declarations" in fc.notes[0]  # `def Good` is not an input record


def test_category_gives_the_status_and_is_kept_as_the_claim(records):
    assert records["Erdos9001.erdos_9001"]["status"] == "open"
    even = records["Erdos9001.erdos_9001.variants.even"]
    assert even["status"] == "solved"
    assert json.loads(even["source_status_json"]) == {
        "category": "research solved",
        "declaration": "Erdos9001.erdos_9001.variants.even",
        "answers": ["True"],
        "formal_proofs": [{"using": "lean4", "at": "https://example.org/proofs/Erdos9001.lean"}],
    }


def test_answer_forms(records):
    def answers(name):
        return json.loads(records[name]["source_status_json"]).get("answers")

    assert answers("Erdos9001.erdos_9001") == ["sorry"]
    assert answers("Erdos9001.erdos_9001.parts.i") == ["2"]
    assert answers("«Erdős».Sub.strings") is None
    assert (
        "formalization-records-answer" in records["Erdos9001.erdos_9001.parts.i"]["quality_flags"]
    )
    assert "formalization-records-answer" not in records["Erdos9001.erdos_9001"]["quality_flags"]


def test_ams_attributes_become_source_mapped_msc(records):
    even = records["Erdos9001.erdos_9001.variants.even"]
    assert [m["code"] for m in even["msc2020"]] == ["05", "11"]
    assert {m["basis"] for m in even["msc2020"]} == {"source-map"}
    assert even["msc2020"][0]["evidence"].startswith(
        "AMS attribute `AMS 5 11` at FormalConjectures/ErdosProblems/9001.lean:"
    )
    assert even["field"] == {"main": "math", "slug": "combinatorics", "source_labels": ["AMS 5 11"]}
    assert records["«Erdős».Sub.strings"]["field"]["main"] == "computer-science"  # AMS 68


def test_docstring_statement_module_heading_and_references(records):
    first = records["Erdos9001.erdos_9001"]
    assert first["problem_statement"] == "Are there infinitely many good $n$?"
    assert first["title"] == "Erdős Problem 9001 · erdos_9001"
    assert first["references"] == [
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
    card = records["Erdos9001.erdos_9001.variants.card"]["formalizations"][0]
    assert card["code"].startswith("/-- Does every set")
    assert "#S = 0 → S = ∅ := by\n  sorry" in card["code"]  # the `#S` line stays in the theorem
    assert card["has_sorry_or_admit"] and not card["has_axiom"]
    assert card["toolchain"] == "leanprover/lean4:v4.33.0" and card["commit"] is None
    small = records["Kourovka.«1.74».kourovka_1_74.variants.small"]
    assert small["formalizations"][0]["has_sorry_or_admit"] is False  # `sorry` only in comments
    assert small["lean4_proof"] == "by\n  -- no sorry here: this line is a comment\n  norm_num"
    assert small["lean4_proof_status"] == "attached-not-checked"
    assert records["Erdos9001.erdos_9001.variants.even"]["lean4_proof_status"] == "linked"
    assert records["«Erdős».Sub.strings"]["formalizations"][0]["has_sorry_or_admit"] is False
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
    result = run_importer(config, "formal-conjectures", checkout)
    first = result.records[0]
    assert first["formalizations"][0]["commit"] == head
    line = first["provenance"]["source_record"].rsplit("#L", 1)[1]
    assert first["source"]["url"] == (
        f"https://github.com/google-deepmind/formal-conjectures/blob/{head}/"
        f"FormalConjectures/ErdosProblems/9001.lean#L{line}"
    )


def test_not_a_checkout(config, tmp_path):
    from openfrontiers.errors import InputError

    with pytest.raises(InputError, match="not-a-checkout"):
        run_importer(config, "formal-conjectures", tmp_path)


@pytest.mark.skipif(
    not os.environ.get("OFB_FC_CHECKOUT"),
    reason="set OFB_FC_CHECKOUT to a formal-conjectures checkout to run",
)
def test_real_checkout(config):
    result = run_importer(config, "formal-conjectures", Path(os.environ["OFB_FC_CHECKOUT"]))
    assert result.records and result.seen == len(result.records) + len(result.skips)
    assert {r["status"] for r in result.records} <= {"open", "solved"}
    assert all(r["formalizations"][0]["code"] for r in result.records)
