"""Verdicts: what the two checkers' outcomes mean for one submission.

| static | checker 1 | comparator | item / answer | verdict | stage | reason |
| --- | --- | --- | --- | --- | --- | --- |
| rejects | – | – | – | unsolved | static | the rules broken |
| passes | a build fails | not run | – | unsolved | compile_* (B) | timeout, memory, crash |
| passes | rejects at S | rejects | – | unsolved | S | checker 1's reason |
| passes | rejects at S | accepts | – | unsolved | S | checker-disagreement |
| passes | out of time/memory at S | accepts | – | unsolved | S | timeout, memory |
| passes | accepts | rejects | – | unsolved | comparator | checker-disagreement |
| passes | accepts | out of time/memory | – | unsolved | comparator | timeout, memory |
| passes | accepts | accepts | open item | frozen-review | – | open-item-accepted |
| passes | accepts | accepts | reference answer | solved | – | – |
| passes | accepts | accepts | yes/no, the opposite answer | frozen-review | – | opposite-answer |
| passes | accepts | accepts | value, another answer | frozen-review | – | answer-differs |

(B): `compile_reference` (value items), `compile_challenge` or `compile_submission`, or
`export` when the Reference's or the Challenge's export fails; the reason is timeout,
memory, crash, work-dir or error. What a step on evaluator data (the Reference) printed is
never part of a verdict.

A checker that ran out of time or memory (the kernel replay, typically) decided nothing, so
that is no disagreement: the verdict is unsolved with the stage and `timeout`/`memory`.
An item counts as solved only in the one row where both checkers accept the reference
answer. A frozen item goes to statement review before any claim; an unsolved one records
the earliest stage that stopped it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime

VERDICTS = ("solved", "frozen-review", "unsolved")
STAGES = (
    "static",
    "compile_reference",
    "compile_challenge",
    "compile_submission",
    "export",
    "compare",
    "axioms",
    "replay",
    "comparator",
)
FORMAT = "openfrontiers-verdict/1"
EVALUATOR_FORMAT = "openfrontiers-verdict-evaluator/1"
# Reasons that say a checker was stopped before it could decide.
OUT_OF_BUDGET = ("timeout", "memory")


@dataclass(frozen=True)
class Outcomes:
    """What happened, reduced to what the verdict depends on."""

    static_failure: str | None = None  # the static layer's reason, when it rejected
    ours_failure: tuple[str, str] | None = None  # (stage, reason) of checker 1's first failure
    comparator: tuple[bool, str] | None = None  # (accepted, category); None: did not run
    open_item: bool = False
    yes_no: bool = True
    answer_matches: bool | None = None  # the submitted answer is the reference's


@dataclass(frozen=True)
class Decision:
    verdict: str
    stage: str | None
    reason: str
    detail: str = ""


def decide(o: Outcomes) -> Decision:
    if o.static_failure is not None:
        return Decision("unsolved", "static", o.static_failure)
    if o.comparator is None:  # a build (or the Challenge's export) failed: nothing to compare
        if o.ours_failure is not None:
            return Decision("unsolved", *o.ours_failure)
        return Decision("unsolved", "comparator", "did not run")
    theirs_ok, theirs_reason = o.comparator
    if o.ours_failure is not None:
        stage, reason = o.ours_failure
        if theirs_ok and reason in OUT_OF_BUDGET:
            return Decision(
                "unsolved",
                stage,
                reason,
                f"checker 1 stopped at {stage} ({reason}); comparator accepted",
            )
        if theirs_ok:
            return Decision(
                "unsolved",
                stage,
                "checker-disagreement",
                f"checker 1 rejected at {stage} ({reason}); comparator accepted",
            )
        return Decision("unsolved", stage, reason, f"comparator also rejected ({theirs_reason})")
    if not theirs_ok and theirs_reason in OUT_OF_BUDGET:
        return Decision(
            "unsolved",
            "comparator",
            theirs_reason,
            f"checker 1 accepted; comparator stopped ({theirs_reason})",
        )
    if not theirs_ok:
        return Decision(
            "unsolved",
            "comparator",
            "checker-disagreement",
            f"checker 1 accepted; comparator rejected ({theirs_reason})",
        )
    if o.open_item:
        return Decision(
            "frozen-review",
            None,
            "open-item-accepted",
            "both checkers accept a solution of an open item: review the statement",
        )
    if o.answer_matches:
        return Decision("solved", None, "")
    if o.answer_matches is None:
        return Decision(
            "frozen-review",
            None,
            "answer-unknown",
            "both checkers accept, but the answer could not be compared",
        )
    if o.yes_no:
        return Decision(
            "frozen-review",
            None,
            "opposite-answer",
            "both checkers accept the opposite of the reference answer: review the statement",
        )
    return Decision(
        "frozen-review",
        None,
        "answer-differs",
        "both checkers accept an answer other than the reference's",
    )


@dataclass
class VerdictRecord:
    """One JSON line of `ofb grade` (`as_dict`), and what only the evaluator may see
    (`evaluator_dict`: the reference answer and how the submitted one compares)."""

    submission: str
    packet: str
    item: str
    decision: Decision
    answer: dict  # kind, submitted, matches (shown once both checkers accepted)
    checkers: dict = field(default_factory=dict)
    hashes: dict = field(default_factory=dict)
    tools: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)
    work: str | None = None  # the attempt's workspaces, when kept
    evaluator: dict = field(default_factory=dict)  # never in the verdict line
    waivers: list[str] = field(default_factory=list)  # what the evaluator waived for this run
    # the verdict of a certificate beside the submission (`ofb cert`), apart from the Lean
    # verdict: it never changes `decision`
    certificate: dict | None = None
    graded_at: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    node: dict | None = None  # where it was graded: executor, node id, jail check (cluster/)
    job: str = ""  # the job key (grade/resume.py): what a resumed run recognises it by

    def as_dict(self) -> dict:
        d = self.decision
        return {
            "format": FORMAT,
            "submission": self.submission,
            "packet": self.packet,
            "item": self.item,
            "verdict": d.verdict,
            "stage": d.stage,
            "reason": d.reason,
            "detail": d.detail,
            "answer": self.answer,
            "checkers": self.checkers,
            "hashes": self.hashes,
            "tools": self.tools,
            "timings": {k: round(v, 3) for k, v in self.timings.items()},
            "waivers": self.waivers,
            "certificate": self.certificate,
            "graded_at": self.graded_at,
            **({"work": self.work} if self.work else {}),
            **({"node": self.node} if self.node is not None else {}),
            **({"job": self.job} if self.job else {}),
        }

    def evaluator_dict(self) -> dict:
        """The evaluator-only line: the reference answer, the submitted one, and whether
        they match, whatever the verdict."""
        return {
            "format": EVALUATOR_FORMAT,
            "submission": self.submission,
            "packet": self.packet,
            "item": self.item,
            "verdict": self.decision.verdict,
            "submitted": self.answer.get("submitted"),
            **self.evaluator,
            **({"job": self.job} if self.job else {}),
        }


def summary(records: list[VerdictRecord]) -> dict:
    return summary_of_lines([r.as_dict() for r in records])


def summary_of_lines(lines: list[dict]) -> dict:
    """The counts of `summary`, from verdict lines (`as_dict`)."""
    counts = Counter(d["verdict"] for d in lines)
    stages = Counter(d["stage"] for d in lines if d["verdict"] == "unsolved")
    return {
        "submissions": len(lines),
        **{v: counts.get(v, 0) for v in VERDICTS},
        "unsolved_by_stage": {s: stages[s] for s in STAGES if stages.get(s)},
        "checker_disagreements": sum(1 for d in lines if d["reason"] == "checker-disagreement"),
    }
