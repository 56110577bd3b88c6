"""What a hostile submission can make the grader write is bounded (issue 28, item 4): a
verdict line lists the first findings and a count, and a message quotes a bounded piece of
the submission. (2 MiB of control characters used to make a 290 MB verdict line.)"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from grading_helpers import ATTACKS

from openfrontiers.grade.inputs import GradeJob, Submission
from openfrontiers.grade.pipeline import Grader
from openfrontiers.submission import static


def test_a_verdict_line_lists_the_first_findings_and_a_count(tmp_path):
    text = "\x01\n" * (1 << 20)
    statement = (ATTACKS / "references" / "R97.lean").read_text(encoding="utf-8")
    sub = Submission(Path("P001.lean"), "P001", text, hashlib.sha256(text.encode()).hexdigest())
    job = GradeJob(sub, "R97", statement, "", True, False, "True")
    record = Grader(None, None, tmp_path).grade(job)  # type: ignore[arg-type]
    line = record.as_dict()
    listed = line["checkers"]["static"]
    assert line["verdict"] == "unsolved" and line["stage"] == "static"
    assert len(listed["issues"]) == static.MAX_LISTED_ISSUES
    assert listed["issues_total"] == 1 << 20
    assert len(json.dumps(line)) < 64 << 10


def test_findings_and_quoted_text_are_bounded():
    reference = "namespace X\ntheorem main : answer(sorry) ↔ True := sorry\nend X\n"
    name = "x" * 100_000 + "run_cmd"
    sub = reference.replace("sorry) ↔", "True) ↔").replace(
        ":= sorry", f":= {name}\n" + "  sorry\n" * 3000
    )
    result = static.check(sub, reference, namespaces={"X": "X"}, yes_no=True)
    assert len(result.issues) == static.MAX_KEPT_ISSUES and result.omitted > 0
    assert result.total == len(result.issues) + result.omitted
    assert max(len(i.message) for i in result.issues) <= static.MAX_SHOWN_CHARS + 40
    assert static.clipped("abc", 2) == "ab… (3 characters)" and static.clipped(None) is None


def test_a_huge_rejected_answer_is_clipped_in_the_verdict_line(tmp_path):
    statement = (ATTACKS / "references" / "R97.lean").read_text(encoding="utf-8")
    text = statement.replace("answer(sorry)", "answer(" + "x + " * 100_000 + "x)")
    sub = Submission(Path("P001.lean"), "P001", text, "0" * 64)
    record = Grader(None, None, tmp_path).grade(  # type: ignore[arg-type]
        GradeJob(sub, "R97", statement, "", True, False, "True")
    )
    assert len(record.as_dict()["answer"]["submitted"]) < 4200
