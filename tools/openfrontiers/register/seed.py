"""Seed a register and the v1 subsets from the curated `items.csv` of the paper's Appendix A."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ..errors import InputError, Location
from .model import AiClass, Item, Priority, Split, Status, Tier
from .subsets import Subset

CSV_COLUMNS = ("id", "split", "hq50", "title", "area", "tier", "date", "ai", "priority", "cert")


def _bool(value: str, where: Location) -> bool:
    if value in ("True", "true", "1", "yes"):
        return True
    if value in ("False", "false", "0", "", "no"):
        return False
    raise InputError(where, "bad-bool", f"{value!r} is not a boolean")


def items_from_csv(path: Path) -> list[Item]:
    """One planned item per CSV row, with the curated figures filled in."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            Location(path), "encoding", f"not UTF-8 ({exc.reason} at byte {exc.start})"
        ) from None
    reader = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    try:
        return _items(path, reader)
    except csv.Error as exc:
        raise InputError(
            Location(path, reader.line_num + 1), "csv-syntax", f"{exc} (an unclosed quote?)"
        ) from None


def _items(path: Path, reader: csv.DictReader[str]) -> list[Item]:
    missing = set(CSV_COLUMNS) - set(reader.fieldnames or [])
    if missing:
        raise InputError(
            Location(path, 1), "csv-columns", f"missing column(s): {', '.join(sorted(missing))}"
        )
    items = []
    for row in reader:
        where = Location(path, reader.line_num)
        try:
            split = Split(row["split"])
            rediscovery = split is Split.REDISCOVERY
            items.append(
                Item(
                    id=row["id"],
                    title=row["title"],
                    area=row["area"],
                    split=split,
                    hq50=_bool(row["hq50"], where),
                    status=Status.PLANNED,
                    tier=Tier(row["tier"]) if rediscovery else None,
                    evidence_date=row["date"] if rediscovery else "",
                    ai_class=AiClass(row["ai"]) if rediscovery else None,
                    priority=Priority(row["priority"]) if not rediscovery else None,
                    certificate=_bool(row["cert"], where) if not rediscovery else False,
                )
            )
        except ValueError as exc:
            raise InputError(where, "bad-enum", str(exc)) from None
    return items


def v1_subsets(items: list[Item]) -> list[Subset]:
    return [
        Subset(
            "HQ-50",
            "v1",
            tuple(i.id for i in items if i.hq50),
            "The 50 bulleted items of Appendix A: 40 Rediscovery-110 and 10 Open-90 items.",
        ),
        Subset(
            "Rediscovery-110",
            "v1",
            tuple(i.id for i in items if i.split is Split.REDISCOVERY),
            "The 110 problems open into 2026 with a located solution.",
        ),
        Subset(
            "Open-90",
            "v1",
            tuple(i.id for i in items if i.split is Split.OPEN),
            "The 90 problems open at the status check.",
        ),
    ]
