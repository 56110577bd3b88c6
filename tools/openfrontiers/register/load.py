"""Load and validate `FrontierBench/items.toml` into typed `Item` records.

Validation is structural: unknown fields, wrong types, values outside an enum, malformed
ids and dates, and fields that do not belong to an item's split are errors, each naming
the file, the line and the rule. All errors are collected and reported together. Whether
a written item's entry is *complete* is a content question that `ofb check` answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from ..errors import InputError, Location, OfbError
from ..tomlpos import KeyLines, load_toml
from .model import (
    AREAS,
    ITEM_ID,
    YEAR_MONTH,
    AiClass,
    AnswerKind,
    Confidence,
    Focus,
    Item,
    Origin,
    Priority,
    Review,
    Source,
    SourceRole,
    Split,
    Status,
    Tier,
    Upstream,
    Verdict,
)

SCHEMA_VERSION = 1
E = TypeVar("E", bound=Enum)

_COMMON = {
    "title",
    "area",
    "split",
    "hq50",
    "status",
    "answer_kind",
    "answer_type",
    "origin",
    "scope_differences",
    "formalization_confidence",
    "needs_source",
    "writer",
    "mathlib_names_checked",
    "repair_rounds",
    "sources",
    "upstream",
    "reviews",
}
SPLIT_FIELDS = {
    Split.REDISCOVERY: {"tier", "evidence_date", "ai_class"},
    Split.OPEN: {"priority", "certificate"},
}
ITEM_FIELDS = _COMMON | SPLIT_FIELDS[Split.REDISCOVERY] | SPLIT_FIELDS[Split.OPEN]
SOURCE_FIELDS = {"citation", "url", "role", "note"}
UPSTREAM_FIELDS = {"repo", "path", "declaration", "commit", "tag"}
REVIEW_FIELDS = {"reviewer", "focus", "verdict", "notes", "round"}


class RegisterError(OfbError):
    """One or more problems in a register file; the message lists all of them."""

    def __init__(self, errors: list[InputError]) -> None:
        lines = "\n".join(str(e) for e in errors)
        super().__init__(f"{len(errors)} problem(s) in the register:\n{lines}")
        self.errors = errors


@dataclass(frozen=True)
class Register:
    """The items of one register file, in file order."""

    path: Path
    items: dict[str, Item]

    def __iter__(self):
        return iter(self.items.values())

    def __len__(self) -> int:
        return len(self.items)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self.items

    def get(self, item_id: str) -> Item:
        try:
            return self.items[item_id]
        except KeyError:
            raise OfbError(f"unknown item id {item_id!r}: not in {self.path}") from None

    def written(self) -> list[Item]:
        return [i for i in self if i.is_written]


class _Reader:
    """Typed access to parsed TOML values that records errors instead of raising."""

    def __init__(self, path: Path, lines: KeyLines) -> None:
        self.path = path
        self.lines = lines
        self.errors: list[InputError] = []

    def error(self, where: tuple, rule: str, message: str) -> None:
        self.errors.append(InputError(Location(self.path, self.lines.line(where)), rule, message))

    def fields(self, table: dict, allowed: set[str], where: tuple, what: str) -> None:
        for key in table:
            if key not in allowed:
                self.error(
                    where + (key,),
                    "unknown-field",
                    f"{what} has no field {key!r} (known: {', '.join(sorted(allowed))})",
                )

    def string(self, table: dict, key: str, where: tuple, *, required: bool = False) -> str:
        if key not in table:
            if required:
                self.error(where, "missing-field", f"field {key!r} is required")
            return ""
        value = table[key]
        if not isinstance(value, str):
            self.error(
                where + (key,), "type", f"{key} must be a string, not {type(value).__name__}"
            )
            return ""
        return value

    def boolean(self, table: dict, key: str, where: tuple) -> bool:
        value = table.get(key, False)
        if not isinstance(value, bool):
            self.error(where + (key,), "type", f"{key} must be true or false")
            return False
        return value

    def integer(self, table: dict, key: str, where: tuple, default: int, minimum: int) -> int:
        value = table.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            self.error(where + (key,), "type", f"{key} must be an integer >= {minimum}")
            return default
        return value

    def strings(self, table: dict, key: str, where: tuple) -> tuple[str, ...]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.error(where + (key,), "type", f"{key} must be a list of strings")
            return ()
        return tuple(value)

    def choice(
        self, table: dict, key: str, enum: type[E], where: tuple, *, required: bool = False
    ) -> E | None:
        raw = self.string(table, key, where, required=required)
        if raw == "":
            return None
        try:
            return enum(raw)
        except ValueError:
            self.error(
                where + (key,),
                "bad-enum",
                f"{key} = {raw!r} is not one of {', '.join(m.value for m in enum)}",
            )
            return None

    def tables(self, table: dict, key: str, where: tuple) -> list[tuple[dict, tuple]]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.error(where + (key,), "type", f"{key} must be a list of tables")
            return []
        return [(v, where + (key, i)) for i, v in enumerate(value)]


def load_register(path: Path) -> Register:
    """Read and validate a register; raise `RegisterError` listing every problem."""
    data, lines = load_toml(path)
    r = _Reader(path, lines)
    r.fields(data, {"schema", "items"}, (), "the register")
    if data.get("schema") != SCHEMA_VERSION:
        r.error(
            ("schema",),
            "schema-version",
            f"schema must be {SCHEMA_VERSION} (found {data.get('schema')!r})",
        )
    raw_items = data.get("items", {})
    if not isinstance(raw_items, dict):
        r.error(("items",), "type", "items must be a table of item tables")
        raw_items = {}
    items: dict[str, Item] = {}
    for item_id, table in raw_items.items():
        where = ("items", item_id)
        if not ITEM_ID.match(item_id):
            r.error(
                where,
                "unknown-id",
                f"{item_id!r} is not an item id (a letter R, E, N or O and two digits)",
            )
            continue
        if not isinstance(table, dict):
            r.error(where, "type", f"items.{item_id} must be a table")
            continue
        item = _item(r, item_id, table, where)
        if item is not None:
            items[item_id] = item
    if r.errors:
        raise RegisterError(r.errors)
    return Register(path, items)


def _item(r: _Reader, item_id: str, t: dict[str, Any], where: tuple) -> Item | None:
    r.fields(t, ITEM_FIELDS, where, f"item {item_id}")
    split = r.choice(t, "split", Split, where, required=True)
    status = r.choice(t, "status", Status, where, required=True)
    title = r.string(t, "title", where, required=True)
    area = r.string(t, "area", where, required=True)
    if area and area not in AREAS:
        r.error(where + ("area",), "bad-enum", f"area {area!r} is not one of {', '.join(AREAS)}")
    if split is not None:
        other = SPLIT_FIELDS[Split.OPEN if split is Split.REDISCOVERY else Split.REDISCOVERY]
        for key in sorted(other & t.keys()):
            r.error(where + (key,), "split-field", f"{key} does not apply to {split} items")
        expected_prefix = "O" if split is Split.OPEN else "REN"
        if item_id[0] not in expected_prefix:
            r.error(where + ("split",), "split-id", f"{item_id} cannot be in {split}")
    evidence_date = r.string(t, "evidence_date", where)
    if evidence_date and not YEAR_MONTH.match(evidence_date):
        r.error(where + ("evidence_date",), "bad-date", "evidence_date must be YYYY-MM")
    sources = []
    for s, w in r.tables(t, "sources", where):
        r.fields(s, SOURCE_FIELDS, w, "a source")
        role = r.choice(s, "role", SourceRole, w) or SourceRole.POSING
        sources.append(
            Source(
                citation=r.string(s, "citation", w, required=True),
                url=r.string(s, "url", w),
                role=role,
                note=r.string(s, "note", w),
            )
        )
    upstream = []
    for u, w in r.tables(t, "upstream", where):
        r.fields(u, UPSTREAM_FIELDS, w, "an upstream entry")
        upstream.append(
            Upstream(
                repo=r.string(u, "repo", w, required=True),
                path=r.string(u, "path", w, required=True),
                declaration=r.string(u, "declaration", w),
                commit=r.string(u, "commit", w),
                tag=r.string(u, "tag", w),
            )
        )
    reviews = []
    for v, w in r.tables(t, "reviews", where):
        r.fields(v, REVIEW_FIELDS, w, "a review")
        focus = r.choice(v, "focus", Focus, w, required=True)
        verdict = r.choice(v, "verdict", Verdict, w, required=True)
        reviewer = r.string(v, "reviewer", w, required=True)
        if focus is not None and verdict is not None:
            reviews.append(
                Review(
                    reviewer=reviewer,
                    focus=focus,
                    verdict=verdict,
                    notes=r.string(v, "notes", w),
                    round=r.integer(v, "round", w, 1, 1),
                )
            )
    if split is None or status is None:
        return None
    return Item(
        id=item_id,
        title=title,
        area=area,
        split=split,
        hq50=r.boolean(t, "hq50", where),
        status=status,
        tier=r.choice(t, "tier", Tier, where),
        evidence_date=evidence_date,
        ai_class=r.choice(t, "ai_class", AiClass, where),
        priority=r.choice(t, "priority", Priority, where),
        certificate=r.boolean(t, "certificate", where),
        answer_kind=r.choice(t, "answer_kind", AnswerKind, where),
        answer_type=r.string(t, "answer_type", where),
        origin=r.choice(t, "origin", Origin, where),
        scope_differences=r.strings(t, "scope_differences", where),
        formalization_confidence=r.choice(t, "formalization_confidence", Confidence, where),
        needs_source=r.string(t, "needs_source", where),
        writer=r.string(t, "writer", where),
        mathlib_names_checked=r.strings(t, "mathlib_names_checked", where),
        repair_rounds=r.integer(t, "repair_rounds", where, 0, 0),
        sources=tuple(sources),
        upstream=tuple(upstream),
        reviews=tuple(reviews),
    )
