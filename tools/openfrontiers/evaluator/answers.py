"""The evaluator key (`FrontierBench/evaluator/answers.toml`): what only the evaluator sees.

One table per item. A solved (Rediscovery-110) item:

    [answers.E03]
    answer = "True"          # "True"/"False" for yes/no items, a Lean term for value items;
                             # absent when no public record states the answer
    pending = "…"            # instead of `answer`: why no answer is recorded yet
    record = "…"             # the public record that states the answer
    record_url = "…"
    solution_sources = ["arXiv:…"]
    evidence_date = "2026-04-03"       # earliest located public solution evidence
    evidence_basis = "repository commit"   # arXiv v1, dated post, repository commit, …
    evidence_url = "…"
    credit = ["Google"]      # who produced the key mathematics (CREDITS)
    credit_record = "…"      # the public record that states the credit
    tier_supported = "B"     # the evidence tier (A/B/C) the located records support
    tier_basis = "…"         # what they are: a complete public Lean proof, a recomputed
                             # certificate, a conditional proof, acceptance, a claim
    note = "…"

An open (Open-90) item records the status check and the certificate direction instead:

    [answers.O02]
    status_checked = "2026-11-20"      # the day the item was last seen open
    status_record = "…"                # the public record showing it open in both directions
    status_url = "…"
    certificate_direction = "True"     # the answer a finite object would establish, or "none"
    certificate_object = "…"           # what that object is

An answer is recorded only where a public record states it; a missing answer is `None`,
never a guess. Which fields a written item needs is the `evaluator-key` rule of `ofb check`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from ..errors import InputError, Location, OfbError
from ..register.model import ITEM_ID
from ..tomlpos import load_toml

# Lineages that can be credited with a solution's key mathematics; `human` where no AI
# system is credited, `other` for an AI lineage outside the named four.
CREDITS = ("OpenAI", "Google", "Anthropic", "Harmonic", "other", "human")
AI_CREDITS = frozenset(CREDITS) - {"human"}
CERTIFICATE_DIRECTIONS = ("True", "False", "none")
TIERS = ("A", "B", "C")

STRINGS = (
    "answer",
    "pending",
    "record",
    "record_url",
    "note",
    "evidence_basis",
    "evidence_url",
    "credit_record",
    "status_record",
    "status_url",
    "certificate_direction",
    "certificate_object",
    "tier_supported",
    "tier_basis",
)
DATES = ("evidence_date", "status_checked")
LISTS = ("solution_sources", "credit")
FIELDS = frozenset(STRINGS + DATES + LISTS)
SOLVED_FIELDS = frozenset(
    {"answer", "pending", "record", "record_url", "solution_sources"}
    | {"evidence_date", "evidence_basis", "evidence_url", "credit", "credit_record"}
    | {"tier_supported", "tier_basis"}
)
OPEN_FIELDS = frozenset(
    {"status_checked", "status_record", "status_url", "certificate_direction"}
    | {"certificate_object"}
)


@dataclass(frozen=True)
class ReferenceAnswer:
    item_id: str
    answer: str | None
    record: str = ""
    record_url: str = ""
    solution_sources: tuple[str, ...] = ()
    note: str = ""
    pending: str = ""
    evidence_date: date | None = None
    evidence_basis: str = ""
    evidence_url: str = ""
    credit: tuple[str, ...] = ()
    credit_record: str = ""
    status_checked: date | None = None
    status_record: str = ""
    status_url: str = ""
    certificate_direction: str = ""
    certificate_object: str = ""
    tier_supported: str = ""
    tier_basis: str = ""
    line: int = 0  # the line of its table in the key, for messages

    @property
    def is_yes_no(self) -> bool:
        return self.answer in ("True", "False")

    @property
    def ai_credit(self) -> frozenset[str]:
        """The AI lineages credited with the key mathematics (empty for human solutions)."""
        return frozenset(self.credit) & AI_CREDITS

    def present(self) -> frozenset[str]:
        """The fields this entry fills (non-empty), for completeness rules."""
        return frozenset(name for name in FIELDS if getattr(self, name, None) not in (None, "", ()))


def load_answers(path: Path) -> dict[str, ReferenceAnswer]:
    """All entries of the key at `path`; every problem is reported with its line."""
    data, lines = load_toml(path)
    errors: list[InputError] = []

    def error(where: tuple, rule: str, message: str) -> None:
        errors.append(InputError(Location(path, lines.line(where)), rule, message))

    for key in data:
        if key != "answers":
            error((key,), "unknown-field", f"unexpected top-level key {key!r} (expected answers)")
    answers: dict[str, ReferenceAnswer] = {}
    for item_id, table in data.get("answers", {}).items():
        where = ("answers", item_id)
        if not ITEM_ID.fullmatch(item_id) or not isinstance(table, dict):
            error(where, "unknown-id", f"{item_id!r} is not an item id with a table")
            continue
        values: dict[str, Any] = {}
        for key, value in table.items():
            at = (*where, key)
            if key not in FIELDS:
                known = ", ".join(sorted(FIELDS))
                error(at, "unknown-field", f"answers.{item_id} has no field {key!r} ({known})")
            elif key in STRINGS and not isinstance(value, str):
                error(at, "type", f"answers.{item_id}.{key} must be a string")
            elif key in LISTS and not (
                isinstance(value, list) and all(isinstance(v, str) for v in value)
            ):
                error(at, "type", f"answers.{item_id}.{key} must be a list of strings")
            elif key in DATES:
                parsed = _date(value)
                if parsed is None:
                    error(at, "date", f"answers.{item_id}.{key} must be a date YYYY-MM-DD")
                else:
                    values[key] = parsed
            else:
                values[key] = value.strip() if isinstance(value, str) else tuple(value)
        answer = values.pop("answer", None)
        if answer == "":
            error((*where, "answer"), "type", "answer must be non-empty when present")
            answer = None
        if answer is not None and not values.get("record"):
            error(
                (*where, "record"),
                "answer-without-record",
                "an answer needs the public record that states it (record = …)",
            )
        if answer is not None and values.get("pending"):
            error((*where, "pending"), "pending-with-answer", "an answer is not pending")
        for credit in values.get("credit", ()):
            if credit not in CREDITS:
                error(
                    (*where, "credit"),
                    "enum",
                    f"answers.{item_id}.credit: {credit!r} is not one of {', '.join(CREDITS)}",
                )
        credits = values.get("credit", ())
        if isinstance(credits, tuple) and "human" in credits and len(credits) > 1:
            error(
                (*where, "credit"),
                "enum",
                f"answers.{item_id}.credit: `human` means no AI lineage is credited; "
                "it stands alone",
            )
        direction = values.get("certificate_direction")
        if direction is not None and direction not in CERTIFICATE_DIRECTIONS:
            error(
                (*where, "certificate_direction"),
                "enum",
                f"answers.{item_id}.certificate_direction: {direction!r} is not one of "
                f"{', '.join(CERTIFICATE_DIRECTIONS)}",
            )
        tier = values.get("tier_supported")
        if tier is not None and tier not in TIERS:
            error(
                (*where, "tier_supported"),
                "enum",
                f"answers.{item_id}.tier_supported: {tier!r} is not one of {', '.join(TIERS)}",
            )
        if tier is not None and not values.get("tier_basis"):
            error(
                (*where, "tier_basis"),
                "tier-without-basis",
                "tier_supported needs tier_basis: the records that support that tier",
            )
        answers[item_id] = ReferenceAnswer(
            item_id, answer if isinstance(answer, str) else None, line=lines.line(where), **values
        )
    if errors:
        raise OfbError(f"{len(errors)} problem(s) in {path}:\n" + "\n".join(map(str, errors)))
    return answers


def _date(value: object) -> date | None:
    """A TOML date or an ISO `YYYY-MM-DD` string."""
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            return None
    return None
