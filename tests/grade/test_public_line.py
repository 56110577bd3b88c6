"""Issue 27: a published verdict line carries nothing derived from the reference answer
unless both checkers accepted (`solved` / `frozen-review`).

For every stage a submission can stop at, the same submission is graded twice, once with a
reference answer equal to the submitted one and once with another; the two published lines
must be byte-identical once timings, hashes and the grading time are set aside. The
evaluator's lines, which may know the match, must differ wherever the match was computed —
otherwise this test would not show anything.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from grading_helpers import standin_tools, steps_for, submission, submissions_folder

from openfrontiers.grade.inputs import find_submissions, load_jobs
from openfrontiers.grade.pipeline import Grader
from openfrontiers.jail import Limits, MiB

LIMITS = Limits(memory=512 * MiB, processes=128, cpus=1.0, wall_seconds=20.0)
# Fields of a line that legitimately differ between two gradings of one submission: how
# long things took (also each stage's `seconds` and "… in 0.06s" in a step's detail), the
# hashes (of a Challenge that holds the submitted answer) and when it was graded.
VOLATILE = ("timings", "hashes", "graded_at", "seconds")
ELAPSED = re.compile(r"\b\d+(?:\.\d+)?s\b")


def marked(text: str, marker: str) -> str:
    return text.replace("theorem main", f"-- {marker}\ntheorem main") if marker else text


YES_NO = submission("honest_yes_no")  # answer(True)
VALUE = submission("honest_value")  # answer(4)

# name → (item, submission, the stage it stops at (None: both checkers accept),
#         reference equal to the submitted answer, another reference)
CASES = {
    "static": ("R97", submission("native_decide"), "static", "True", "False"),
    "build": ("R97", marked(YES_NO, "STANDIN_BUILD_ERROR"), "compile_submission", "True", "False"),
    "compare": ("R97", marked(YES_NO, "STANDIN_CHANGED_CLAIM"), "compare", "True", "False"),
    "axioms": ("R97", marked(YES_NO, "STANDIN_AXIOM"), "axioms", "True", "False"),
    "replay": ("R97", marked(YES_NO, "STANDIN_REPLAY_FAIL"), "replay", "True", "False"),
    "comparator": (
        "R97",
        marked(YES_NO, "STANDIN_COMPARATOR_REJECT"),
        "comparator",
        "True",
        "False",
    ),
    "value-axioms": ("N97", marked(VALUE, "STANDIN_AXIOM"), "axioms", "4", "5"),
    "value-replay": ("N97", marked(VALUE, "STANDIN_REPLAY_FAIL"), "replay", "4", "5"),
    "value-comparator": (
        "N97",
        marked(VALUE, "STANDIN_COMPARATOR_REJECT"),
        "comparator",
        "4",
        "5",
    ),
}


def without_time(value):
    if isinstance(value, dict):
        return {k: without_time(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [without_time(v) for v in value]
    if isinstance(value, str):
        return ELAPSED.sub("…s", value)
    return value


def published(record) -> str:
    return json.dumps(without_time(record.as_dict()), sort_keys=True, ensure_ascii=False)


def keys_anywhere(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_anywhere(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_anywhere(v)}
    return set()


@pytest.fixture
def graded(repo, bwrap, tmp_path):
    """Grade a case with its matching and its other reference; return both records."""
    grader = Grader(repo.project(), steps_for(standin_tools(repo), bwrap, LIMITS), tmp_path / "w")

    def grade(name: str):
        item, text, _, same, other = CASES[name]
        folder = submissions_folder(tmp_path / name, {"P001": text.replace("P901", "P001")})
        key = repo.key({"P001": item})
        (job,) = load_jobs(repo.project(), find_submissions(folder), key, repo.answers_path)
        return grader.grade(replace(job, reference=same)), grader.grade(
            replace(job, reference=other)
        )

    return grade


@pytest.mark.parametrize("name", list(CASES))
def test_an_unsolved_line_is_the_same_whatever_the_reference(graded, name):
    _, _, stage, same, other = CASES[name]
    right, wrong = graded(name)
    assert (right.decision.verdict, right.decision.stage) == ("unsolved", stage)
    assert (wrong.decision.verdict, wrong.decision.stage) == ("unsolved", stage)
    assert published(right) == published(wrong)
    for record in (right, wrong):
        assert "answer_matches" not in keys_anywhere(record.as_dict())
        assert record.as_dict()["answer"]["matches"] is None
    # the evaluator's own lines keep the reference and, once compared, the match
    assert right.evaluator_dict()["reference"] == same
    assert wrong.evaluator_dict()["reference"] == other
    if stage not in ("static", "compile_submission", "compare"):
        assert right.evaluator_dict()["matches"] is True
        assert wrong.evaluator_dict()["matches"] is False


def test_once_both_checkers_accept_the_match_is_the_verdict(graded, repo):
    CASES["accepted"] = ("R97", YES_NO, None, "True", "False")
    try:
        right, wrong = graded("accepted")
    finally:
        del CASES["accepted"]
    assert right.decision.verdict == "solved" and right.as_dict()["answer"]["matches"] is True
    assert wrong.decision.reason == "opposite-answer"
    assert wrong.as_dict()["answer"]["matches"] is False
    assert "answer_matches" not in keys_anywhere(right.as_dict())
