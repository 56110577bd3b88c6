"""The clean subset for one model: the solved items it can be graded on without contamination.

Section 5.2 of the paper removes, per model, the items whose key mathematics came from the
model's own lineage and the items whose solution evidence is dated on or before the model's
training cutoff. Both facts live in the evaluator key (`credit`, `evidence_date`); the
register's curated `ai_class` and month-precision `evidence_date` are not used, so the subset
is what the recorded public records imply.

An item the key cannot vouch for is excluded, never assumed clean: no reference answer (it
cannot be graded), no credit when a lineage is given, or no evidence date. Every exclusion
carries all of its reasons so a reader can see why an item is out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from ..errors import OfbError
from ..register.load import Register
from ..register.model import Split
from .answers import AI_CREDITS, ReferenceAnswer


class Reason(StrEnum):
    """Why an item is not in a model's clean subset."""

    NOT_WRITTEN = "not-written"
    NO_ENTRY = "no-key-entry"
    NO_ANSWER = "no-answer"
    NO_CREDIT = "no-credit"
    OWN_LINEAGE = "own-lineage"
    NO_EVIDENCE_DATE = "no-evidence-date"
    BEFORE_CUTOFF = "evidence-before-cutoff"


@dataclass(frozen=True)
class Exclusion:
    item_id: str
    reasons: tuple[Reason, ...]
    detail: str  # the reasons in words, with the dates and credits involved

    def __str__(self) -> str:
        return f"{self.item_id}: {self.detail}"


@dataclass(frozen=True)
class CleanSubset:
    lineage: str | None
    cutoff: date
    eligible: tuple[str, ...]
    excluded: tuple[Exclusion, ...]

    def excluded_for(self, reason: Reason) -> tuple[str, ...]:
        """The excluded items that have `reason` among their reasons."""
        return tuple(e.item_id for e in self.excluded if reason in e.reasons)


def clean_subset(
    register: Register,
    key: Mapping[str, ReferenceAnswer],
    lineage: str | None,
    cutoff: date,
    *,
    ids: Iterable[str] | None = None,
) -> CleanSubset:
    """The solved items of `ids` (default: every Rediscovery item of the register) that a
    model of `lineage` (None: no lineage exclusion) with training cutoff `cutoff` may be
    graded on, and for each other solved item why it is excluded. Open items are not part of
    any clean subset and are skipped."""
    if lineage is not None and lineage not in AI_CREDITS:
        raise OfbError(
            f"unknown lineage {lineage!r}: use one of {', '.join(sorted(AI_CREDITS))}, "
            "or none for a model whose lineage is credited with no solution"
        )
    chosen = list(register.items) if ids is None else list(ids)
    eligible: list[str] = []
    excluded: list[Exclusion] = []
    for item_id in chosen:
        item = register.get(item_id)
        if item.split is not Split.REDISCOVERY:
            continue
        if not item.is_written:
            excluded.append(
                Exclusion(item_id, (Reason.NOT_WRITTEN,), f"no statement (status {item.status})")
            )
            continue
        entry = key.get(item_id)
        if entry is None:
            excluded.append(Exclusion(item_id, (Reason.NO_ENTRY,), "no evaluator-key entry"))
            continue
        found = _reasons(entry, lineage, cutoff)
        if found:
            excluded.append(
                Exclusion(item_id, tuple(r for r, _ in found), "; ".join(w for _, w in found))
            )
        else:
            eligible.append(item_id)
    return CleanSubset(lineage, cutoff, tuple(eligible), tuple(excluded))


def _reasons(entry: ReferenceAnswer, lineage: str | None, cutoff: date) -> list[tuple[Reason, str]]:
    found: list[tuple[Reason, str]] = []
    if entry.answer is None:
        found.append((Reason.NO_ANSWER, "no reference answer (pending)"))
    if lineage is not None:
        if not entry.credit:
            found.append((Reason.NO_CREDIT, f"no credit recorded, so {lineage} is not ruled out"))
        elif lineage in entry.credit:
            found.append(
                (Reason.OWN_LINEAGE, f"key mathematics credited to {', '.join(entry.credit)}")
            )
    if entry.evidence_date is None:
        found.append((Reason.NO_EVIDENCE_DATE, "no evidence_date recorded"))
    elif entry.evidence_date <= cutoff:
        found.append(
            (
                Reason.BEFORE_CUTOFF,
                f"solution evidence {entry.evidence_date} on or before the cutoff {cutoff}",
            )
        )
    return found
