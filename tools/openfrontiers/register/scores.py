"""The curator scores' documented defaults (Appendix C: importance, clarity, formalization
cost, proof cost; ordinal 1–5).

A score is either a curator judgment (`judged`, its reason says whose and on what) or, where
no judgment exists, the default these rules derive from what the register already holds.
A default claims no more than the register supports:

* importance: 4 for an HQ-50@v1 member (v1's hard filter required importance ≥ 4 of every
  member but the three importance-3 items Section 5.4 names, which are judged), else 3 —
  the scale's "traceable, specialised research question", which every admitted item is by
  admission rule (i).
* clarity: 5 for an HQ-50@v1 open item (v1's hard filter required it); otherwise from the
  formalization confidence of the written statement (high 4, medium 3, low 2), and 2 where
  no statement could be written yet (its posing text was not established). A default never
  reaches 5 on its own: "precisely posed" needs a judgment.
* formalization cost: 2 for a statement adapted from an upstream formal statement, 3 for a
  newly written one, 4 where none could be written yet.
* proof cost: 3, the midpoint, everywhere: nothing in the register measures it, and the
  midpoint earns no ranking point in the HQ-50 selection.

`ofb items scores` lists every score with its basis and refills the defaults (never a
judged score) after the fields they derive from change.
"""

from __future__ import annotations

from dataclasses import replace

from .model import SCORE_NAMES, Confidence, Item, Origin, Score, Split, Status

_CLARITY = {
    Confidence.HIGH: (4, "high"),
    Confidence.MEDIUM: (3, "medium"),
    Confidence.LOW: (2, "low"),
}


def default_score(item: Item, name: str) -> Score:
    """The documented default of score `name` for `item` (never `judged`)."""
    if name == "importance":
        if item.hq50:
            return Score(4, "default: HQ-50@v1's hard filter required importance >= 4")
        return Score(3, "default: an admitted, traceable research question (Appendix C (i))")
    if name == "clarity":
        if item.hq50 and item.split is Split.OPEN:
            return Score(5, "default: HQ-50@v1's hard filter required clarity 5 of open items")
        if item.status is not Status.WRITTEN or item.formalization_confidence is None:
            return Score(2, "default: no statement yet; the posing text was not established")
        value, word = _CLARITY[item.formalization_confidence]
        return Score(value, f"default: from formalization_confidence = {word}")
    if name == "formalization_cost":
        if item.status is not Status.WRITTEN or item.origin is None:
            return Score(4, "default: no statement could be written yet")
        if item.origin is Origin.ADAPTED:
            return Score(2, "default: adapted from an upstream formal statement")
        return Score(3, "default: newly written from the source")
    if name == "proof_cost":
        return Score(3, "default: no curator judgment; the midpoint, no ranking point")
    raise ValueError(f"{name!r} is not a curator score ({', '.join(SCORE_NAMES)})")


def with_defaults(item: Item) -> Item:
    """`item` with every score that is not a curator judgment set to its default."""

    def pick(name: str) -> Score:
        current = item.score(name)
        return current if current is not None and current.judged else default_score(item, name)

    return replace(
        item,
        importance=pick("importance"),
        clarity=pick("clarity"),
        formalization_cost=pick("formalization_cost"),
        proof_cost=pick("proof_cost"),
    )


def stale(item: Item) -> list[str]:
    """The scores of `item` that are missing, or defaults that no longer follow the rules."""
    found = []
    for name in SCORE_NAMES:
        current = item.score(name)
        if current is None or (not current.judged and current != default_score(item, name)):
            found.append(name)
    return found
