"""The HQ-50 selection of Appendix C, reproducibly: hard filters, a score, greedy selection
under caps.

Everything the selection reads is in the register, the evaluator key and the findings of
`ofb check`; the rubric (weights, caps, hand exclusions) is `APPENDIX_C` below. The same
inputs give the same output: candidates are ranked by score, then by id, and every set is
iterated in a sorted order.

Where the paper leaves a number open (the weight of priority, and of the penalties for
unread sources, unfixed issues, repair rounds and many scope differences) the rubric states
the one used here. Where the register cannot say what a filter asks, the nearest recorded
fact stands in and the rubric names it:

* "compiles and passes the checker and probes": the statement is written and `ofb check`
  reports no error in it (Lean is not run by the selection; probes are not recorded). For a
  solved item the statement compiles *with its reference answer* (Section 4.1), so the key
  must record one: an item without an answer cannot be graded.
* "primary-source wording verified" (newly written statements): the register's
  `primary_source_read` is true — the posing source itself was read, not a later
  restatement of it. "Unread primary sources" in the score: `primary_source_read` false.
* "a verbatim upstream statement" (open items): `origin = adapted` with an upstream entry —
  the register's statements are the project's own Lean, never copied, so none is verbatim.
* Erdős and Kourovka items: the title names the collection ("Erdős Problem #…",
  "Kourovka"), or an upstream file lies in Formal Conjectures' `ErdosProblems/`.
* Dates, credits and the open-status check come from the evaluator key (as the clean subset
  does); a solved item without a key date falls back to the register's month.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from ..evaluator.answers import ReferenceAnswer
from ..register.load import Register
from ..register.model import (
    Confidence,
    Focus,
    Item,
    Origin,
    Priority,
    Reference,
    Split,
    Status,
    Tier,
    Verdict,
)


@dataclass(frozen=True)
class Rubric:
    """The selection's numbers. `APPENDIX_C` is the paper's; tests pass their own."""

    solved_total: int = 40
    open_total: int = 10
    cutoff: date = date(2026, 6, 30)  # "post-cutoff" for the importance-3 exception
    # Hand exclusions, each with its reason (Appendix C, Appendix G).
    excluded: tuple[tuple[str, str], ...] = (
        (
            "N03",
            (
                "excluded by hand (Appendix G): two repair rounds; the original wording is known "
                "only through later papers"
            ),
        ),
        (
            "N24",
            (
                "excluded by hand (Appendix G): its reduction rests on one unconfirmed preprint, "
                "and the answered statement has no Lean proof"
            ),
        ),
        ("O71", "excluded by hand (Appendix C): its answer is easily guessed"),
    )
    # Score: additions.
    both_reviews_ok: float = 2.0
    one_review_ok: float = 1.0
    importance_5: float = 2.0
    importance_3: float = -1.0
    lean_reference: float = 2.0
    certificate_reference: float = 1.0
    recent: date = date(2026, 7, 1)  # evidence on or after: +2
    recent_points: float = 2.0
    spring: date = date(2026, 4, 1)  # evidence from here to `recent`: +1
    spring_points: float = 1.0
    proof_cost_high: float = 1.0  # proof cost >= 4
    upstream_statement: float = 1.5  # open items
    certificate_direction: float = 1.0  # open items
    priority_points: tuple[tuple[str, float], ...] = (("pilot", 1.0), ("core", 0.5))
    # Score: subtractions (the paper names them; these weights are ours).
    unread_source: float = -0.5  # the posing source itself was not read
    unfixed_issue: float = -0.5  # per latest review with verdict minor
    repair_round: float = -0.5  # per repair round
    many_scope_differences: tuple[tuple[int, float], ...] = ((5, -1.0), (3, -0.5))
    # Caps.
    group_caps: tuple[tuple[str, int], ...] = (("paper", 1), ("source", 1), ("release", 2))
    group_exceptions: tuple[tuple[str, int], ...] = (("openai-ten-advances", 3),)
    erdos_solved: int = 16
    kourovka_solved: int = 6
    erdos_open: int = 4
    area_solved: int = 8
    area_open: int = 2
    openai_solved: int = 21


APPENDIX_C = Rubric()

_ERDOS_TITLE = re.compile(r"Erdős Problem #\d+")


def collection(item: Item) -> str:
    if _ERDOS_TITLE.search(item.title) or any("ErdosProblems/" in u.path for u in item.upstream):
        return "Erdős"
    if "Kourovka" in item.title:
        return "Kourovka"
    return ""


@dataclass(frozen=True)
class Candidate:
    item_id: str
    split: Split
    failures: tuple[str, ...]  # hard filters failed; empty: a candidate
    score: float | None = None
    parts: tuple[tuple[str, float], ...] = ()
    rank: int | None = None  # among the candidates of its split, 1 = best
    outcome: str = "filtered"  # selected, capped, not-reached, filtered
    cap: str = ""  # the cap that stopped it

    @property
    def passes(self) -> bool:
        return not self.failures


@dataclass(frozen=True)
class Selection:
    rubric: Rubric
    candidates: dict[str, Candidate]
    selected: tuple[str, ...]  # register order
    counts: dict[str, int] = field(default_factory=dict)  # what the caps counted at the end

    def ranked(self, split: Split) -> list[Candidate]:
        found = [c for c in self.candidates.values() if c.split is split and c.passes]
        return sorted(found, key=lambda c: c.rank or 0)


def _latest(item: Item) -> tuple[Verdict | None, Verdict | None]:
    f, s = item.review(Focus.FIDELITY), item.review(Focus.SEMANTICS)
    return (f.verdict if f else None, s.verdict if s else None)


def _evidence(item: Item, entry: ReferenceAnswer | None) -> date | None:
    if entry is not None and entry.evidence_date is not None:
        return entry.evidence_date
    if item.evidence_date:
        year, month = item.evidence_date.split("-")
        return date(int(year), int(month), 1)
    return None


def hard_filters(
    item: Item,
    entry: ReferenceAnswer | None,
    check_errors: Sequence[str],
    rubric: Rubric,
) -> tuple[str, ...]:
    """Every hard filter `item` fails, in words."""
    failures: list[str] = []
    hand = dict(rubric.excluded)
    if item.id in hand:
        failures.append(hand[item.id])
    if item.status is not Status.WRITTEN:
        failures.append(f"no statement (status {item.status})")
        return tuple(failures)
    if check_errors:
        failures.append(f"ofb check reports {len(check_errors)} error(s): {check_errors[0]}")
    if item.formalization_confidence is not Confidence.HIGH:
        failures.append(f"formalization confidence {item.formalization_confidence or 'unset'}")
    fidelity, semantics = _latest(item)
    both_ok = fidelity is Verdict.OK and semantics is Verdict.OK
    if fidelity is None or semantics is None:
        missing = [n for n, v in (("fidelity", fidelity), ("semantics", semantics)) if v is None]
        failures.append(f"no {' and no '.join(missing)} review")
    if Verdict.MUST_FIX in (fidelity, semantics):
        failures.append("a must-fix review")
    if fidelity is Verdict.MINOR and semantics is Verdict.MINOR:
        failures.append("both reviews raised issues that are not fixed (minor + minor)")
    if item.origin is Origin.NEW and item.primary_source_read is not True:
        unset = item.primary_source_read is None
        failures.append(
            "newly written, and its posing source was "
            + ("not recorded as read" if unset else "not read")
            + " (primary-source wording unverified)"
        )
    importance = item.importance.value if item.importance else 0
    if item.split is Split.REDISCOVERY:
        if entry is None or entry.answer is None:
            failures.append("no reference answer in the evaluator key (cannot be graded)")
        if item.tier is not Tier.A:
            failures.append(f"tier {item.tier or 'unset'}, not A")
        elif item.tier_condition:
            failures.append("conditional Tier A")
        if importance < 3:
            failures.append(f"solved item of importance {importance} (needs >= 4, or 3)")
        elif importance == 3:
            human = entry is not None and entry.credit == ("human",)
            when = _evidence(item, entry)
            post = when is not None and when > rubric.cutoff
            if not (human and post and both_ok):
                why = [
                    w
                    for w, bad in (
                        ("not human-solved", not human),
                        (f"evidence not after {rubric.cutoff}", not post),
                        ("reviews not both ok", not both_ok),
                    )
                    if bad
                ]
                failures.append(f"solved item of importance 3, no exception ({', '.join(why)})")
    else:
        if importance < 4:
            failures.append(f"open item of importance {importance} (needs >= 4)")
        clarity = item.clarity.value if item.clarity else 0
        if clarity < 5:
            failures.append(f"open item of clarity {clarity} (needs 5)")
        if not both_ok and fidelity is not None and semantics is not None:
            failures.append("open item whose reviews are not both ok")
        if item.repair_rounds:
            failures.append(f"open item with {item.repair_rounds} repair round(s) (needs none)")
        if entry is None or entry.status_checked is None:
            failures.append("open status not checked (no status_checked in the key)")
    return tuple(failures)


def score(item: Item, entry: ReferenceAnswer | None, rubric: Rubric) -> list[tuple[str, float]]:
    """The ranking's parts, each with its points (zero parts left out)."""
    parts: list[tuple[str, float]] = []
    fidelity, semantics = _latest(item)
    oks = (fidelity is Verdict.OK) + (semantics is Verdict.OK)
    if oks == 2:
        parts.append(("both reviews ok", rubric.both_reviews_ok))
    elif oks == 1:
        parts.append(("one review ok", rubric.one_review_ok))
    importance = item.importance.value if item.importance else 0
    if importance == 5:
        parts.append(("importance 5", rubric.importance_5))
    elif importance == 3:
        parts.append(("importance 3", rubric.importance_3))
    if item.proof_cost is not None and item.proof_cost.value >= 4:
        parts.append((f"proof cost {item.proof_cost.value}", rubric.proof_cost_high))
    if item.split is Split.REDISCOVERY:
        if item.reference is Reference.LEAN_PROOF:
            parts.append(("Lean reference", rubric.lean_reference))
        elif item.reference is Reference.CERTIFICATE:
            parts.append(("certificate reference", rubric.certificate_reference))
        when = _evidence(item, entry)
        if when is not None and when >= rubric.recent:
            parts.append((f"evidence {when:%Y-%m}", rubric.recent_points))
        elif when is not None and when >= rubric.spring:
            parts.append((f"evidence {when:%Y-%m}", rubric.spring_points))
    else:
        if item.origin is Origin.ADAPTED and item.upstream:
            parts.append(("upstream statement", rubric.upstream_statement))
        if item.certificate:
            parts.append(("finite-certificate direction", rubric.certificate_direction))
        points = dict(rubric.priority_points).get(str(item.priority or ""), 0.0)
        if points and isinstance(item.priority, Priority):
            parts.append((f"priority {item.priority}", points))
    if item.is_written and item.primary_source_read is not True:
        parts.append(("posing source unread", rubric.unread_source))
    minors = (fidelity is Verdict.MINOR) + (semantics is Verdict.MINOR)
    if minors:
        parts.append((f"{minors} unfixed minor issue(s)", minors * rubric.unfixed_issue))
    if item.repair_rounds:
        parts.append(
            (f"{item.repair_rounds} repair round(s)", item.repair_rounds * rubric.repair_round)
        )
    for threshold, points in rubric.many_scope_differences:
        if len(item.scope_differences) >= threshold:
            parts.append((f"{len(item.scope_differences)} scope differences", points))
            break
    return parts


class _Caps:
    """What greedy selection has taken so far, and the first cap a candidate would break."""

    def __init__(self, register: Register, key: Mapping[str, ReferenceAnswer], rubric: Rubric):
        self.register = register
        self.key = key
        self.rubric = rubric
        self.counts: Counter[str] = Counter()

    def _labels(self, item: Item) -> list[tuple[str, int]]:
        r = self.rubric
        solved = item.split is Split.REDISCOVERY
        labels: list[tuple[str, int]] = [
            ("solved items", r.solved_total) if solved else ("open items", r.open_total)
        ]
        group = self.register.group_of(item.id)
        if group is not None:
            limit = dict(r.group_exceptions).get(group.name)
            if limit is None:
                limit = dict(r.group_caps)[str(group.kind)]
            labels.append((f"{group.kind} group {group.name}", limit))
        source = collection(item)
        if solved and source == "Erdős":
            labels.append(("Erdős solved items", r.erdos_solved))
        elif solved and source == "Kourovka":
            labels.append(("Kourovka solved items", r.kourovka_solved))
        elif not solved and source == "Erdős":
            labels.append(("Erdős open items", r.erdos_open))
        if solved:
            labels.append((f"solved items in {item.area}", r.area_solved))
            entry = self.key.get(item.id)
            if entry is not None and "OpenAI" in entry.credit:
                labels.append(("solved items credited to OpenAI", r.openai_solved))
        else:
            labels.append((f"open items in {item.area}", r.area_open))
        return labels

    def blocking(self, item: Item) -> str:
        for label, limit in self._labels(item):
            if self.counts[label] >= limit:
                return f"{label} (at most {limit})"
        return ""

    def take(self, item: Item) -> None:
        for label, _ in self._labels(item):
            self.counts[label] += 1


def select(
    register: Register,
    key: Mapping[str, ReferenceAnswer],
    check_errors: Mapping[str, Sequence[str]],
    rubric: Rubric = APPENDIX_C,
) -> Selection:
    """Filter, score and greedily select; every item of the register gets a `Candidate`."""
    candidates: dict[str, Candidate] = {}
    for item in register:
        entry = key.get(item.id)
        failures = hard_filters(item, entry, tuple(check_errors.get(item.id, ())), rubric)
        parts = tuple(score(item, entry, rubric))
        total = round(sum(points for _, points in parts), 3)
        candidates[item.id] = Candidate(item.id, item.split, failures, total, parts)
    caps = _Caps(register, key, rubric)
    chosen: set[str] = set()
    for split in (Split.REDISCOVERY, Split.OPEN):
        ranked = sorted(
            (c for c in candidates.values() if c.split is split and c.passes),
            key=lambda c: (-(c.score or 0.0), c.item_id),
        )
        total = rubric.solved_total if split is Split.REDISCOVERY else rubric.open_total
        taken = 0
        for rank, candidate in enumerate(ranked, start=1):
            item = register.get(candidate.item_id)
            if taken >= total:
                outcome, cap = "not-reached", f"the {total} places were filled"
            else:
                cap = caps.blocking(item)
                outcome = "capped" if cap else "selected"
            if outcome == "selected":
                caps.take(item)
                chosen.add(item.id)
                taken += 1
            candidates[item.id] = Candidate(
                candidate.item_id,
                candidate.split,
                (),
                candidate.score,
                candidate.parts,
                rank,
                outcome,
                cap,
            )
    selected = tuple(i.id for i in register if i.id in chosen)
    return Selection(rubric, candidates, selected, dict(sorted(caps.counts.items())))
