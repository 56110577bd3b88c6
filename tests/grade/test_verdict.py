"""The verdict table, row by row, and the summary."""

from __future__ import annotations

import pytest

from openfrontiers.grade.verdict import Decision, Outcomes, VerdictRecord, decide, summary

ACCEPT = (True, "accepted")
REJECT = (False, "axiom")


@pytest.mark.parametrize(
    "outcomes, verdict, stage, reason",
    [
        (Outcomes(static_failure="sorry, trust"), "unsolved", "static", "sorry, trust"),
        (
            Outcomes(ours_failure=("compile_submission", "timeout")),
            "unsolved",
            "compile_submission",
            "timeout",
        ),
        (
            Outcomes(ours_failure=("compile_challenge", "error")),
            "unsolved",
            "compile_challenge",
            "error",
        ),
        (
            Outcomes(ours_failure=("compile_submission", "memory")),
            "unsolved",
            "compile_submission",
            "memory",
        ),
        (Outcomes(ours_failure=("export", "error")), "unsolved", "export", "error"),
        (
            Outcomes(ours_failure=("axioms", "forbidden-axiom"), comparator=REJECT),
            "unsolved",
            "axioms",
            "forbidden-axiom",
        ),
        (
            Outcomes(ours_failure=("replay", "error"), comparator=ACCEPT),
            "unsolved",
            "replay",
            "checker-disagreement",
        ),
        (
            Outcomes(ours_failure=("compare", "mismatch"), comparator=ACCEPT),
            "unsolved",
            "compare",
            "checker-disagreement",
        ),
        (
            Outcomes(comparator=REJECT, answer_matches=True),
            "unsolved",
            "comparator",
            "checker-disagreement",
        ),
        (Outcomes(comparator=None), "unsolved", "comparator", "did not run"),
        (Outcomes(comparator=ACCEPT, open_item=True), "frozen-review", None, "open-item-accepted"),
        (
            Outcomes(comparator=ACCEPT, open_item=True, answer_matches=True),
            "frozen-review",
            None,
            "open-item-accepted",
        ),
        (Outcomes(comparator=ACCEPT, answer_matches=True), "solved", None, ""),
        (Outcomes(comparator=ACCEPT, answer_matches=True, yes_no=False), "solved", None, ""),
        (
            Outcomes(comparator=ACCEPT, answer_matches=False),
            "frozen-review",
            None,
            "opposite-answer",
        ),
        (
            Outcomes(comparator=ACCEPT, answer_matches=False, yes_no=False),
            "frozen-review",
            None,
            "answer-differs",
        ),
        (Outcomes(comparator=ACCEPT, answer_matches=None), "frozen-review", None, "answer-unknown"),
    ],
)
def test_verdict_table(outcomes, verdict, stage, reason):
    d = decide(outcomes)
    assert (d.verdict, d.stage, d.reason) == (verdict, stage, reason)


def test_solved_only_when_both_accept_the_reference_answer():
    solved = [
        o
        for o in (
            Outcomes(ours_failure=f, comparator=c, answer_matches=m, open_item=op)
            for f in (None, ("replay", "error"))
            for c in (ACCEPT, REJECT, None)
            for m in (True, False, None)
            for op in (False, True)
        )
        if decide(o).verdict == "solved"
    ]
    assert solved == [Outcomes(comparator=ACCEPT, answer_matches=True)]


def test_summary_counts_verdicts_stages_and_disagreements():
    def rec(verdict, stage, reason):
        return VerdictRecord("s", "P001", "R01", Decision(verdict, stage, reason), {})

    records = [
        rec("solved", None, ""),
        rec("unsolved", "static", "sorry"),
        rec("unsolved", "comparator", "checker-disagreement"),
        rec("frozen-review", None, "opposite-answer"),
    ]
    assert summary(records) == {
        "submissions": 4,
        "solved": 1,
        "frozen-review": 1,
        "unsolved": 2,
        "unsolved_by_stage": {"static": 1, "comparator": 1},
        "checker_disagreements": 1,
    }
    line = records[0].as_dict()
    assert line["format"] == "openfrontiers-verdict/1" and line["verdict"] == "solved"
