"""The evaluator's part of the register's reviews (`FrontierBench/evaluator/reviews.toml`).

A review in the public register (`items.toml`) keeps its reviewer, focus, verdict and what
it says about the statement itself. Whatever it said about the item's reference answer, its
direction as the key's, its solution sources or record, or that the item was solved or
refuted, lives here, keyed by item and by the review it belongs to:

    [[reviews.R07]]
    reviewer = "reviewer-4"   # the public review's reviewer, focus and round
    focus = "fidelity"
    round = 1
    notes = \"\"\"…\"\"\"

`ofb check` (rule `evaluator-reviews`) requires every entry to name exactly one review of
the register; `ofb items reviews` shows both parts to an evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, Location, OfbError
from ..register.model import ITEM_ID, Focus
from ..tomlpos import load_toml

FIELDS = ("reviewer", "focus", "round", "notes")


@dataclass(frozen=True)
class EvaluatorReview:
    item_id: str
    reviewer: str
    focus: Focus
    round: int
    notes: str
    line: int = 0  # the line of its table, for messages

    @property
    def key(self) -> tuple[str, str, int]:
        """What names the public review it belongs to."""
        return self.reviewer, str(self.focus), self.round


def load_reviews(path: Path) -> dict[str, list[EvaluatorReview]]:
    """Every entry of the file at `path`, by item; every problem is reported with its line."""
    data, lines = load_toml(path)
    errors: list[InputError] = []

    def error(where: tuple, rule: str, message: str) -> None:
        errors.append(InputError(Location(path, lines.line(where)), rule, message))

    for key in data:
        if key != "reviews":
            error((key,), "unknown-field", f"unexpected top-level key {key!r} (expected reviews)")
    found: dict[str, list[EvaluatorReview]] = {}
    for item_id, entries in data.get("reviews", {}).items():
        if not ITEM_ID.fullmatch(item_id) or not isinstance(entries, list):
            error(("reviews", item_id), "unknown-id", f"{item_id!r} is not an item id with [[…]]")
            continue
        for i, entry in enumerate(entries):
            where = ("reviews", item_id, i)
            unknown = sorted(set(entry) - set(FIELDS))
            if unknown:
                error(where, "unknown-field", f"reviews.{item_id}: no field {unknown[0]!r}")
            reviewer, focus, rnd, notes = (entry.get(k) for k in FIELDS)
            if not isinstance(reviewer, str) or not reviewer.strip():
                error(where, "type", f"reviews.{item_id}: reviewer must be a non-empty string")
                continue
            if focus not in Focus.values():
                error(where, "enum", f"reviews.{item_id}: focus must be one of {Focus.values()}")
                continue
            if isinstance(rnd, bool) or not isinstance(rnd, int) or rnd < 1:
                error(where, "type", f"reviews.{item_id}: round must be a whole number ≥ 1")
                continue
            if not isinstance(notes, str) or not notes.strip():
                error(where, "type", f"reviews.{item_id}: notes must be a non-empty string")
                continue
            found.setdefault(item_id, []).append(
                EvaluatorReview(item_id, reviewer, Focus(focus), rnd, notes, lines.line(where))
            )
    if errors:
        raise OfbError(f"{len(errors)} problem(s) in {path}:\n" + "\n".join(map(str, errors)))
    return found
