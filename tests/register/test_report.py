"""The statements report: review classes, totals, and the --check mode."""

from __future__ import annotations

from dataclasses import replace

from cli_helpers import ofb
from ofb_testing import written_item
from openfrontiers.evaluator import curation
from openfrontiers.evaluator.curation import Disagreement
from openfrontiers.register.model import Focus, Origin, Review, Status, Verdict
from openfrontiers.register.report import render, review_class


def with_reviews(*verdicts):
    item = written_item("E03")
    reviews = tuple(
        Review(f"r{k}", focus, verdict)
        for k, (focus, verdict) in enumerate(
            zip((Focus.FIDELITY, Focus.SEMANTICS), verdicts, strict=False)
        )
    )
    return replace(item, reviews=reviews)


def test_review_classes_follow_the_latest_verdicts():
    assert review_class(with_reviews(Verdict.OK, Verdict.OK)) == "ok+ok"
    assert review_class(with_reviews(Verdict.MINOR, Verdict.OK)) == "minor+ok"
    assert review_class(with_reviews(Verdict.MINOR, Verdict.MINOR)) == "minor+minor"
    assert review_class(with_reviews(Verdict.MUST_FIX, Verdict.OK)) == "must-fix"
    assert review_class(with_reviews(Verdict.OK)) == "incomplete"
    repaired = with_reviews(Verdict.MUST_FIX, Verdict.OK)
    repaired = replace(
        repaired, reviews=repaired.reviews + (Review("r0", Focus.FIDELITY, Verdict.OK, round=2),)
    )
    assert review_class(repaired) == "ok+ok"


def test_render_counts_and_hides_answers():
    solved = with_reviews(Verdict.OK, Verdict.MINOR)
    missing = replace(
        written_item("E04"), status=Status.NEEDS_SOURCE, needs_source="no paper found"
    )
    text = render([solved, missing], {"E03"}, "test")
    assert "written 1, needs-source 1" in text
    assert "minor+ok 1" in text
    assert "reference answers recorded for 1 of 1" in text
    assert (
        "| E03 | R | written | yes-no | high | ok (r0) | minor (r1) | 0 | minor+ok | recorded |"
        in text
    )
    assert "no paper found" in text and "False" not in text
    assert "posing source itself read (`primary_source_read`): 1 of 1 written items" in text
    # the curated-figure disagreements read the key: they are never in the public report
    assert "| ai_class |" not in text and "credits" not in text


def test_render_counts_primary_sources_and_lists_disagreements():
    read = with_reviews(Verdict.OK, Verdict.OK)
    unread = replace(read, id="E04", primary_source_read=False)
    adapted = replace(read, id="E05", origin=Origin.ADAPTED, primary_source_read=None)
    found = [
        Disagreement("E03", "ai_class", "ai_class assist", "the key credits OpenAI"),
        Disagreement("E04", "evidence_date", "evidence month 2026-09", "key: 2026-08"),
    ]
    text = render([read, unread, adapted], {"E03"}, "test")
    assert (
        "- posing source itself read (`primary_source_read`): 1 of 3 written items; of the 2 "
        "newly written ones, 1; not recorded for 1"
    ) in text
    private = curation.render(found, "test")
    assert "2 disagreement(s): ai_class 1, evidence_date 1" in private
    assert "| E03 | ai_class | ai_class assist | the key credits OpenAI |" in private
    assert "No disagreement." in curation.render([], "test")


def test_report_command_writes_and_checks(checkout, capsys):
    assert ofb(capsys, "items", "report", "--check").code == 1
    assert ofb(capsys, "items", "report").code == 0
    assert "| O02 | O | written |" in (checkout.root / "docs/statements-report.md").read_text()
    private = checkout.root / "FrontierBench/evaluator/curation-report.md"
    assert private.read_text().startswith("# Curated figures and the evaluator key")
    assert ofb(capsys, "items", "report", "--check").code == 0
    private.write_text("edited\n")
    result = ofb(capsys, "items", "report", "--check")
    assert result.code == 1 and "curation-report.md is out of date" in result.out


def test_committed_report_is_current():
    from ofb_testing import REPO
    from openfrontiers.evaluator import load_answers
    from openfrontiers.evaluator.curation import disagreements
    from openfrontiers.project import Project

    project = Project(REPO)
    selection = project.subsets.resolve("all", project.register)
    items = [project.register.get(i) for i in selection.ids]
    answers = load_answers(project.evaluator_dir / "answers.toml")
    answered = {i for i, a in answers.items() if a.answer is not None}
    expected = render(items, answered, selection.label)
    assert (REPO / "docs" / "statements-report.md").read_text(encoding="utf-8") == expected, (
        "docs/statements-report.md is stale: run `ofb items report`"
    )
    private = curation.render(disagreements(items, answers), selection.label)
    assert (project.evaluator_dir / "curation-report.md").read_text(encoding="utf-8") == private
