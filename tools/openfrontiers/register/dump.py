"""Write items back as register TOML, in one canonical field order."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict
from enum import Enum
from typing import Any

import tomli_w

from .load import SCHEMA_VERSION, SPLIT_FIELDS
from .model import SCORE_NAMES, Item, SplitGroup

HEADER = """\
# FrontierBench item register: one table per item, the public facts about each statement.
# Fields and their meaning: docs/register.md. Evaluator-only facts (answers, solution
# sources) never go here; they live in FrontierBench/evaluator/.
"""

_ORDER = (
    "title",
    "area",
    "split",
    "hq50",
    "tier",
    "tier_condition",
    "reference",
    "evidence_date",
    "ai_class",
    "admission_ruling",
    "priority",
    "certificate",
    "scores",  # the curator scores, flat: importance, importance_reason, …, scores_judged
    "status",
    "needs_source",
    "answer_kind",
    "answer_type",
    "origin",
    "formalization_confidence",
    "scope_differences",
    "writer",
    "repair_rounds",
    "mathlib_names_checked",
    "primary_source_read",
    "primary_source_note",
    "sources",
    "upstream",
    "reviews",
)


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v not in ("", None)}
    return value


def item_table(item: Item) -> dict[str, Any]:
    """The TOML table of one item: every field of its split, empty where unknown."""
    raw = asdict(item)
    # the fields of the other split (load.py's SPLIT_FIELDS: one list of which split has what)
    skip = set().union(
        *(fields for split, fields in SPLIT_FIELDS.items() if split is not item.split)
    )
    table: dict[str, Any] = {}
    for key in _ORDER:
        if key in skip:
            continue
        if key == "scores":
            table.update(_scores(item))
            continue
        value = raw[key]
        if value is None and key == "primary_source_read":
            continue  # a boolean has no empty value: unrecorded is absent
        table[key] = "" if value is None else _plain(value)
    return table


def _scores(item: Item) -> dict[str, Any]:
    table: dict[str, Any] = {}
    judged = []
    for name in SCORE_NAMES:
        score = item.score(name)
        if score is None:
            continue
        table[name] = score.value
        table[f"{name}_reason"] = score.reason
        if score.judged:
            judged.append(name)
    if table:
        table["scores_judged"] = judged
    return table


def group_table(group: SplitGroup) -> dict[str, Any]:
    return {"kind": group.kind.value, "description": group.description, "members": group.members}


def dump_register(items: Iterable[Item], groups: Iterable[SplitGroup] = ()) -> str:
    doc: dict[str, Any] = {"schema": SCHEMA_VERSION, "items": {i.id: item_table(i) for i in items}}
    split_groups = {g.name: group_table(g) for g in groups}
    if split_groups:
        doc["split_groups"] = split_groups
    return HEADER + "\n" + tomli_w.dumps(doc, multiline_strings=True)
