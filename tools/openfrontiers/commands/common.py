"""Options and helpers shared by several verbs.

The command modules import only this, typer and the standard library at the top; each
verb imports the stage it runs when it runs, so `ofb --help` and a light verb load nothing
they do not use (benchmarks/bench_cli.py measures it)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import typer

from ..errors import UsageError

if TYPE_CHECKING:
    from ..project import Project
    from ..register import Item, Subset


class Format(StrEnum):
    table = "table"
    json = "json"


class TextFormat(StrEnum):
    text = "text"
    json = "json"


SUBSET = typer.Option(
    None, "--subset", help="A subset: NAME@vN, NAME (newest version), all or written."
)
IDS = typer.Option(None, "--ids", help="Comma-separated item ids, e.g. O02,E03.")


def finite(value: float) -> float:
    """Refuse NaN and the infinities (a typer callback): a limit or a budget that is no
    number would pass every comparison and reach a key, a record or a jail as `NaN`."""
    if not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a finite number")
    return value


def select_items(
    project: Project, subset: str | None, ids: str | None, default: str = "all"
) -> tuple[Subset, list[Item]]:
    """The items named by `--subset` or `--ids` (not both), in subset order."""
    from ..register import Subset

    if subset and ids:
        raise UsageError("give --subset or --ids, not both")
    register = project.register
    if ids:
        wanted = [i.strip() for i in ids.split(",") if i.strip()]
        unknown = [i for i in wanted if i not in register]
        if unknown:
            raise UsageError(f"unknown item id(s): {', '.join(unknown)} (not in {register.path})")
        selection = Subset("ids", "", tuple(dict.fromkeys(wanted)))
    else:
        selection = project.subsets.resolve(subset or default, register)
    return selection, [register.get(i) for i in selection.ids]


def dumps(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False)


def item_summary(item: Item) -> dict[str, Any]:
    return {
        "id": item.id,
        "title": item.title,
        "split": str(item.split),
        "area": item.area,
        "hq50": item.hq50,
        "status": str(item.status),
        "tier": str(item.tier) if item.tier else None,
        "evidence_date": item.evidence_date or None,
        "ai_class": str(item.ai_class) if item.ai_class else None,
        "priority": str(item.priority) if item.priority else None,
        "certificate": item.certificate if item.priority else None,
        "answer_kind": str(item.answer_kind) if item.answer_kind else None,
        "formalization_confidence": (
            str(item.formalization_confidence) if item.formalization_confidence else None
        ),
    }


def joined(values: Iterable[str]) -> str:
    return ", ".join(values)
