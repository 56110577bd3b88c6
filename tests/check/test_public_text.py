"""Issue 27: evaluator data never reaches a public file.

`ofb check` fails, naming the file, the line and the field, on a filled answer or an answer
sentence in a statement file, on key talk or a solution source in the register, and on an
item's answer in the docs; a formalizer's clone without the evaluator folder still gets the
generic patterns. The repository itself passes with its evaluator folder present.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from ofb_testing import GOOD_KEY, GOOD_STATEMENT, REPO, Checkout, written_item
from openfrontiers.check import leaks, run_check
from openfrontiers.check.public_text import (
    Passage,
    PublicTextScan,
    markdown_passages,
    register_passages,
)
from openfrontiers.evaluator import ReferenceAnswer
from openfrontiers.evaluator.reviews import load_reviews
from openfrontiers.evaluator.secrets import identifiers, secrets
from openfrontiers.project import Project
from openfrontiers.register.model import Focus, Review, Verdict

SOLVED_KEY = """
[answers.E03]
answer = "True"
record = "a public record states the answer"
record_url = "https://github.com/someone/proofs/pull/17"
solution_sources = ["arXiv:2604.01234", "github:someone/erdos-152-lean"]
evidence_date = 2026-04-03
evidence_basis = "arXiv v1"
evidence_url = "https://arxiv.org/abs/2604.01234v1"
credit = ["human"]
credit_record = "the author list"
"""
E03_STATEMENT = GOOD_STATEMENT.replace("O02", "E03")


@pytest.fixture
def solved(checkout: Checkout) -> Checkout:
    """The checkout with E03 written, solved, keyed with sources, and reviewed."""
    checkout.set_item(written_item("E03"))
    checkout.statement("E03", E03_STATEMENT)
    checkout.sync()
    checkout.answers(GOOD_KEY + SOLVED_KEY)
    return checkout


def errors(repo: Checkout, rule: str | None = None):
    found = [f for f in run_check(repo.project(), []).findings if f.severity == "error"]
    return [f for f in found if rule is None or f.rule == rule]


def note(repo: Checkout, text: str, item: str = "E03") -> None:
    reviews = (
        Review("reviewer-b", Focus.FIDELITY, Verdict.OK, notes=text),
        Review("reviewer-c", Focus.SEMANTICS, Verdict.OK),
    )
    repo.set_item(replace(repo.items[item], reviews=reviews))


def line_of(path: Path, line: int) -> str:
    return path.read_text(encoding="utf-8").splitlines()[line - 1]


def test_the_solved_fixture_is_clean(solved):
    assert errors(solved) == []


# --- the four cases of the "Done when" --------------------------------------------


def test_a_docstring_with_a_filled_answer_is_named_with_file_and_line(solved):
    path = solved.statement(
        "E03",
        E03_STATEMENT.replace(
            "/-- Is there a composite", "/-- (Reference: answer(True); the answer is yes.) Is"
        ),
    )
    found = errors(solved)
    by_rule = {f.rule: f for f in found}
    assert {"leak-answer", "leak-answer-sentence"} <= set(by_rule)
    hit = by_rule["leak-answer"]
    assert hit.path == "FrontierBench/E03.lean"
    assert "answer(True)" in line_of(path, hit.line)
    assert line_of(path, hit.line)[hit.column - 1 :].startswith("answer(True)")


def test_a_comment_saying_the_answer_is_no_is_named(solved):
    path = solved.statement(
        "E03",
        E03_STATEMENT.replace(
            "namespace FrontierBench.E03\n", "namespace FrontierBench.E03\n-- the answer is no\n"
        ),
    )
    (hit,) = errors(solved, "leak-answer-sentence")
    assert "the answer is no" in line_of(path, hit.line)


def test_a_register_note_about_the_key_is_named_with_line_and_field(solved):
    note(solved, "Clause by clause the statement is as posed.\nKey True: justified.")
    (hit,) = errors(solved, "leak-public-text")
    assert hit.path == "FrontierBench/items.toml"
    assert "items.E03.reviews[0].notes" in hit.message and "Key True" in hit.message
    assert "Key True: justified." in line_of(solved.library / "items.toml", hit.line)


def test_a_register_note_holding_a_solution_source_is_named(solved):
    note(solved, "Compared with\nthe Lean proof in someone/erdos-152-lean, it is the same.")
    (hit,) = errors(solved, "leak-public-text")
    assert "items.E03.reviews[0].notes" in hit.message
    assert "a solution source of E03" in hit.message
    assert "someone/erdos-152-lean" in line_of(solved.library / "items.toml", hit.line)


# --- statement files ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "-- answer(True)",
        "/-- answer(False) -/\ndef x : ℕ := 1",
        '/-- s -/\ndef s : String := "answer(4)"',
        "/- answer( 2 + 2 ) -/",
    ],
)
def test_a_filled_answer_anywhere_in_a_statement_file_is_an_error(solved, text):
    solved.statement(
        "E03",
        E03_STATEMENT.replace(
            "namespace FrontierBench.E03\n", f"namespace FrontierBench.E03\n{text}\n"
        ),
    )
    rules = {f.rule for f in errors(solved)}
    # E03's own answer (True) written out is evaluator data as well
    assert "leak-answer" in rules and rules <= {"leak-answer", "leak-evaluator-data"}


@pytest.mark.parametrize("text", ["answer(sorry)", "answer(·)", "answer(…)", "answer(...)"])
def test_the_placeholder_may_be_named_in_prose(solved, text):
    solved.statement(
        "E03",
        E03_STATEMENT.replace(
            "namespace FrontierBench.E03\n", f"namespace FrontierBench.E03\n-- {text}\n"
        ),
    )
    assert errors(solved) == []


def test_the_own_value_answer_and_any_items_source_are_evaluator_data(solved):
    solved.answers(
        GOOD_KEY
        + SOLVED_KEY
        + '\n[answers.R12]\nanswer = "Real.sqrt (Real.exp 1)"\nrecord = "r"\n'
        + 'solution_sources = ["arXiv:2608.99999"]\n'
    )
    # another item's solution source in E03's file, and a value written out in R12's
    solved.statement("E03", E03_STATEMENT.replace("*Scope:* as posed.", "*Scope:* see 2608.99999."))
    r12 = replace(written_item("R12"), answer_kind=None)
    solved.set_item(r12)
    solved.statement(
        "R12",
        GOOD_STATEMENT.replace("O02", "R12").replace(
            "*Scope:* as posed.", "*Scope:* compare `Real.sqrt  (Real.exp 1)`."
        ),
    )
    solved.sync()
    found = {(f.path, f.rule) for f in errors(solved)}
    assert ("FrontierBench/E03.lean", "leak-evaluator-data") in found
    assert ("FrontierBench/R12.lean", "leak-evaluator-data") in found


# --- without the evaluator folder -------------------------------------------------------------


def test_a_formalizers_clone_still_gets_the_generic_patterns(solved):
    note(solved, "The key's True matches; compare someone/erdos-152-lean.")
    shutil.rmtree(solved.library / "evaluator")
    found = errors(solved, "leak-public-text")
    assert [("key" in f.message) for f in found] == [True]  # the source is not known here


# --- the docs and the README ------------------------------------------------------------------


def test_a_doc_paragraph_naming_an_item_with_its_answer_is_a_leak(solved):
    docs = solved.root / "docs"
    docs.mkdir()
    (docs / "notes.md").write_text(
        "# Notes\n\nBoth readings: answer(True) and answer(False).\n\n"
        "- Items with a certificate, `answer(True)`: E03.\n",
        encoding="utf-8",
    )
    (hit,) = errors(solved, "leak-public-text")
    assert (hit.path, hit.line) == ("docs/notes.md", 5)
    assert "E03's reference answer" in hit.message


def test_the_readme_is_public_text(solved):
    (solved.root / "README.md").write_text("Intro.\n\nThe reference answer is `True`.\n")
    (hit,) = errors(solved, "leak-public-text")
    assert (hit.path, hit.line) == ("README.md", 3)


# --- the evaluator's part of the reviews ------------------------------------------------------


def write_reviews(repo: Checkout, text: str) -> Path:
    path = repo.library / "evaluator" / "reviews.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_evaluator_part_must_belong_to_a_review(solved):
    write_reviews(
        solved,
        '[[reviews.E03]]\nreviewer = "reviewer-b"\nfocus = "fidelity"\nround = 1\nnotes = "x"\n'
        '\n[[reviews.E03]]\nreviewer = "reviewer-z"\nfocus = "fidelity"\nround = 1\nnotes = "y"\n',
    )
    (hit,) = errors(solved, "evaluator-reviews")
    assert "reviewer-z" in hit.message and hit.line == 7


def test_a_malformed_evaluator_reviews_file_names_the_line(solved):
    write_reviews(solved, '[[reviews.E03]]\nreviewer = "reviewer-b"\nfocus = "style"\nround = 1\n')
    (hit,) = errors(solved, "register-schema")
    assert hit.path.endswith("reviews.toml") and "focus" in hit.message


def test_items_reviews_shows_both_parts_to_the_evaluator(solved, monkeypatch):
    from typer.testing import CliRunner

    from openfrontiers.cli import app

    note(solved, "As posed.")
    write_reviews(
        solved,
        '[[reviews.E03]]\nreviewer = "reviewer-b"\nfocus = "fidelity"\nround = 1\n'
        'notes = "The record proves it."\n',
    )
    monkeypatch.chdir(solved.root)
    done = CliRunner().invoke(app, ["items", "reviews", "--ids", "E03", "--format", "json"])
    assert done.exit_code == 0, done.output
    rows = json.loads(done.output)["reviews"]
    assert rows[0]["notes"] == "As posed."
    assert rows[0]["evaluator_notes"] == "The record proves it."
    assert rows[1]["evaluator_notes"] is None
    text = CliRunner().invoke(app, ["items", "reviews", "--ids", "E03"]).output
    assert "evaluator-only:" in text and "The record proves it." in text
    assert load_reviews(solved.library / "evaluator" / "reviews.toml")["E03"][0].round == 1


# --- the pieces --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The key's True matches the direction.",
        "Key True: justified.",
        "key is False",
        "the evaluator True is right for our statement",
        "answer ⊤ is right",
        "The answer direction (False) is right.",
        "The reference answer is `4`.",
        "certificate_direction False is right",
    ],
)
def test_key_phrases(text):
    assert leaks.KEY_PHRASE.regex.search(text), text


@pytest.mark.parametrize(
    "text",
    [
        "the key idea is a double count",
        "a keyed hash of the submission",
        "without a reference answer is skipped",
        "With answer(True) the statement says P.",
    ],
)
def test_not_key_phrases(text):
    assert not leaks.KEY_PHRASE.regex.search(text), text


@pytest.mark.parametrize(
    "text",
    [
        "the answer is yes",
        "The answer to the question is negative.",
        "it was answered in the affirmative",
        "the conjecture is false",
        "The answer is `False`.",
    ],
)
def test_answer_sentences(text):
    assert leaks.ANSWER_SENTENCE.regex.search(text), text


def test_one_yes_no_answer_alone_is_a_leak_both_side_by_side_are_readings():
    scan = PublicTextScan([ReferenceAnswer("E03", "True", record="r")])

    def hits(text: str) -> list[str]:
        return [leak.what for leak in scan.scan(Passage(Path("x"), 1, "f", text, ("E03",)))]

    assert hits("With answer(True) it says P; with answer(False), ¬P.") == []
    assert hits("So answer(True) holds here.") == ["E03's reference answer"]
    assert hits("So answer(False) holds here.") == []  # not the key: nothing revealed


def test_status_wording_counts_only_in_a_solved_items_review():
    scan = PublicTextScan([])
    text = "The conjecture was disproved."
    review = Passage(Path("x"), 1, "items.E03.reviews[0].notes", text, ("E03",), True)
    other = Passage(Path("x"), 1, "items.O02.reviews[0].notes", text, ("O02",), False)
    assert [leak.text for leak in scan.scan(review)] == ["disproved"]
    assert scan.scan(other) == []


def test_identifiers_of_the_keys_citations():
    text = (
        "arXiv:2604.01234v2 (abstract), github:Some/Repo PR #3, other/lean@0123abcd src, "
        "https://github.com/google-deepmind/formal-conjectures/pull/5604 and 10.5281/zenodo.1"
    )
    assert identifiers(text) == [
        "github.com/google-deepmind/formal-conjectures/pull/5604",
        "2604.01234",
        "10.5281/zenodo.1",
        "some/repo",
        "other/lean",
    ]


def test_the_record_is_a_secret_whole_not_by_the_ids_it_cites():
    entry = ReferenceAnswer(
        "E28", "True", record="the notebook arXiv:1401.0300 lists the problem; see the proof"
    )
    found = {s.text for s in secrets([entry])}
    assert "1401.0300" not in found
    assert "the notebook arxiv:1401.0300 lists the problem; see the proof" in found


def test_register_passages_point_at_the_line_inside_a_multiline_note(tmp_path):
    text = (
        'schema = 1\n[items.E03]\ntitle = "t"\nscope_differences = [\n    "a",\n    "b b",\n]\n'
        '[[items.E03.reviews]]\nnotes = """\nfirst line\nKey True here\n"""\n'
    )
    import tomllib

    passages = register_passages(tmp_path / "items.toml", tomllib.loads(text), text, ["E03"])
    by_field = {p.field: p for p in passages}
    assert by_field["items.E03.scope_differences[1]"].line == 6
    notes = by_field["items.E03.reviews[0].notes"]
    (leak,) = PublicTextScan([]).scan(notes)
    assert leak.line == 11 and text.splitlines()[10] == "Key True here"


def test_markdown_blocks_are_paragraphs_and_list_items(tmp_path):
    text = "# T\n\npara one\nstill one\n\n- item E03\n- item O02\n"
    blocks = markdown_passages(tmp_path / "d.md", text, ["E03", "O02"])
    assert [(b.line, b.items) for b in blocks] == [(1, ()), (3, ()), (6, ("E03",)), (7, ("O02",))]


# --- the repository ------------------------------------------------------------------------------


def test_the_repository_passes_with_its_evaluator_folder():
    project = Project(REPO)
    assert (project.evaluator_dir / "answers.toml").is_file()
    result = run_check(project, [])
    assert [f.text() for f in result.findings if f.severity == "error"] == []
