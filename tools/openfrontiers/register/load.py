"""Load and validate `FrontierBench/items.toml` into typed `Item` records.

Validation is structural: unknown fields, wrong types, values outside an enum, malformed
ids and dates, and fields that do not belong to an item's split are errors, each naming
the file, the line and the rule. All errors are collected and reported together. Whether
a written item's entry is *complete* is a content question that `ofb check` answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from ..errors import InputError, Location, OfbError
from ..tomlpos import KeyLines, load_toml
from .model import (
    AREAS,
    ITEM_ID,
    SCORE_NAMES,
    YEAR_MONTH,
    AiClass,
    AnswerKind,
    Confidence,
    Focus,
    GroupKind,
    Item,
    Origin,
    Priority,
    Reference,
    Review,
    Score,
    Source,
    SourceRole,
    Split,
    SplitGroup,
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
    "primary_source_read",
    "primary_source_note",
    "sources",
    "upstream",
    "reviews",
    *SCORE_NAMES,
    *(f"{name}_reason" for name in SCORE_NAMES),
    "scores_judged",
}
SPLIT_FIELDS = {
    Split.REDISCOVERY: {
        "tier",
        "tier_condition",
        "reference",
        "evidence_date",
        "ai_class",
        "admission_ruling",
    },
    Split.OPEN: {"priority", "certificate"},
}
ITEM_FIELDS = _COMMON | SPLIT_FIELDS[Split.REDISCOVERY] | SPLIT_FIELDS[Split.OPEN]
SOURCE_FIELDS = {"citation", "url", "role", "note"}
UPSTREAM_FIELDS = {"repo", "path", "declaration", "commit", "tag"}
REVIEW_FIELDS = {"reviewer", "focus", "verdict", "notes", "round"}
GROUP_FIELDS = {"kind", "description", "members"}


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
    groups: dict[str, SplitGroup] = field(default_factory=dict)

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

    def group_of(self, item_id: str) -> SplitGroup | None:
        """The split group `item_id` belongs to; None for a singleton."""
        for group in self.groups.values():
            if item_id in group.members:
                return group
        return None


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

    def optional_boolean(self, table: dict, key: str, where: tuple) -> bool | None:
        if key not in table:
            return None
        value = table[key]
        if not isinstance(value, bool):
            self.error(where + (key,), "type", f"{key} must be true or false")
            return None
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


def _open(path: Path, tables: str, others: set[str], what: str) -> tuple[_Reader, dict, dict]:
    """The file's reader, its data and its table of entry tables (`items`, `drafts`), with
    the errors of its top level recorded."""
    data, lines = load_toml(path)
    r = _Reader(path, lines)
    r.fields(data, {"schema", tables, *others}, (), what)
    if data.get("schema") != SCHEMA_VERSION:
        r.error(
            ("schema",),
            "schema-version",
            f"schema must be {SCHEMA_VERSION} (found {data.get('schema')!r})",
        )
    raw = data.get(tables, {})
    if not isinstance(raw, dict):
        r.error((tables,), "type", f"{tables} must be a table of {tables[:-1]} tables")
        raw = {}
    return r, data, raw


def load_register(path: Path) -> Register:
    """Read and validate a register; raise `RegisterError` listing every problem."""
    r, data, raw_items = _open(path, "items", {"split_groups"}, "the register")
    items: dict[str, Item] = {}
    for item_id, table in raw_items.items():
        where = ("items", item_id)
        if not ITEM_ID.fullmatch(item_id):
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
    groups = _groups(r, data.get("split_groups", {}), items)
    if r.errors:
        raise RegisterError(r.errors)
    return Register(path, items, groups)


def _groups(r: _Reader, raw: Any, items: dict[str, Item]) -> dict[str, SplitGroup]:
    """`[split_groups.<name>]` tables: kind, description, members (at least two items, each
    in one group at most)."""
    if not isinstance(raw, dict):
        r.error(("split_groups",), "type", "split_groups must be a table of group tables")
        return {}
    groups: dict[str, SplitGroup] = {}
    owner: dict[str, str] = {}
    for name, table in raw.items():
        where = ("split_groups", name)
        if not isinstance(table, dict):
            r.error(where, "type", f"split_groups.{name} must be a table")
            continue
        r.fields(table, GROUP_FIELDS, where, f"split group {name}")
        kind = r.choice(table, "kind", GroupKind, where, required=True)
        members = r.strings(table, "members", where)
        if "members" in table and len(members) < 2:
            r.error(where + ("members",), "group-members", "a split group has two or more members")
        for member in members:
            if member not in items:
                r.error(
                    where + ("members",),
                    "unknown-id",
                    f"split group {name} lists {member!r}, which is not in the register",
                )
            elif member in owner:
                r.error(
                    where + ("members",),
                    "group-members",
                    f"{member} is in split groups {owner[member]} and {name}; an item is in "
                    "one group at most",
                )
            else:
                owner[member] = name
        if kind is not None:
            groups[name] = SplitGroup(
                name, kind, tuple(members), r.string(table, "description", where)
            )
    return groups


# A candidate's curated evidence comes with its admission, from a curator who read the
# solution: none of it is in a candidate entry.
CANDIDATE_EMPTY = ("tier", "tier_condition", "reference", "evidence_date", "ai_class")


def load_drafts(path: Path) -> dict[str, Item]:
    """Read and validate the draft entries `ofb corpus candidates --draft` writes:
    `[drafts."<candidate id>"]` tables in the register's item format, each with status
    `candidate` and none of a solved item's curated evidence. A curator gives an admitted
    draft its item id when moving it into the register. Raise `RegisterError` listing every
    problem."""
    r, _, raw = _open(path, "drafts", set(), "a drafts file")
    items: dict[str, Item] = {}
    for key, table in raw.items():
        where = ("drafts", key)
        if not isinstance(table, dict):
            r.error(where, "type", f"drafts.{key} must be a table")
            continue
        item = _item(r, key, table, where, draft=True)
        if item is None:
            continue
        if item.status is not Status.CANDIDATE:
            r.error(
                where + ("status",), "draft-status", f"a draft is a candidate, not {item.status}"
            )
        for name in CANDIDATE_EMPTY:
            if table.get(name):
                r.error(where + (name,), "candidate-evidence", f"a candidate has no {name} yet")
        items[key] = item
    if r.errors:
        raise RegisterError(r.errors)
    return items


def _item(
    r: _Reader, item_id: str, t: dict[str, Any], where: tuple, *, draft: bool = False
) -> Item | None:
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
        if not draft and item_id[0] not in expected_prefix:
            r.error(where + ("split",), "split-id", f"{item_id} cannot be in {split}")
    evidence_date = r.string(t, "evidence_date", where)
    if evidence_date and not YEAR_MONTH.fullmatch(evidence_date):
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
    scores = _scores(r, t, where)
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
        tier_condition=r.string(t, "tier_condition", where),
        reference=r.choice(t, "reference", Reference, where),
        evidence_date=evidence_date,
        ai_class=r.choice(t, "ai_class", AiClass, where),
        admission_ruling=r.string(t, "admission_ruling", where),
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
        primary_source_read=r.optional_boolean(t, "primary_source_read", where),
        primary_source_note=r.string(t, "primary_source_note", where),
        sources=tuple(sources),
        upstream=tuple(upstream),
        reviews=tuple(reviews),
        **scores,
    )


def _scores(r: _Reader, t: dict[str, Any], where: tuple) -> dict[str, Score]:
    """The curator scores: an integer 1–5 with a one-line reason each; `scores_judged`
    names those that are curator judgments (the others are documented defaults)."""
    judged = r.strings(t, "scores_judged", where)
    for name in judged:
        if name not in SCORE_NAMES:
            r.error(
                where + ("scores_judged",),
                "bad-enum",
                f"scores_judged lists {name!r}, not one of {', '.join(SCORE_NAMES)}",
            )
        elif name not in t:
            r.error(where + ("scores_judged",), "score", f"scores_judged lists {name}, unscored")
    scores: dict[str, Score] = {}
    for name in SCORE_NAMES:
        reason_key = f"{name}_reason"
        reason = r.string(t, reason_key, where)
        if name not in t:
            if reason:
                r.error(where + (reason_key,), "score", f"{reason_key} given without {name}")
            continue
        value = t[name]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 5:
            r.error(where + (name,), "score", f"{name} must be an integer from 1 to 5")
            continue
        if not reason.strip():
            r.error(where + (name,), "score", f"{name} needs a one-line {reason_key}")
            continue
        if "\n" in reason.strip():
            r.error(where + (reason_key,), "score", f"{reason_key} must be one line")
            continue
        scores[name] = Score(value, reason.strip(), judged=name in judged)
    return scores
