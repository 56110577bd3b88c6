"""Importer `generic`: a CSV or JSONL export of any registered source, with a mapping file.

`ofb corpus build --source generic=MAPPING.toml`. The mapping file names the registry source
its records belong to, the data file, and which column feeds which record field:

    source = "open-problem-garden"     # registry key: the records' source.key
    input = "garden.csv"               # relative to the mapping file
    format = "csv"                     # csv | jsonl (default: from the file's extension)
    has_full_text = false              # does the statement column hold the full source text?

    [columns]                          # record field = input column (JSONL: key, or a.b path)
    id = "number"                      # required: the source's own identifier, unique
    title = "name"                     # required
    problem_statement = "statement"
    background = "context"
    status = "status"                  # needs [status]; without it the source policy decides
    status_as_of = "checked_on"        # YYYY-MM-DD
    url = "link"
    field = "area"                     # a community label (Corpus/msc/labels.toml) …
    msc = "msc"                        # … and/or MSC codes, "11B25; 05C35" (basis source-map)
    references = "refs"                # citations separated by newlines (a URL in one is its link)
    posed_year = "year"
    record_kind = "kind"               # "problem" or "catalogue"; default problem

    [status]                           # the source's status values → corpus statuses
    "Open" = "open"
    "Solved" = "solved"

A row without an id or a title, with a duplicate id, or with a status value missing from
[status] is skipped with its reason; every other row becomes a record.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ...errors import InputError, Location, UsageError
from ..msc import msc_entry
from ..record import (
    STATUSES,
    field_value,
    link_kind,
    make_record,
    record_id,
    reference,
    status_json,
)
from ..text import first_url
from ..tomldoc import ConfigError, TomlDoc, check_keys, expect_str
from .base import ImportContext, Importer, ImportResult

NAME = "generic"
VERSION = "1"
COLUMNS = {
    "id",
    "title",
    "problem_statement",
    "background",
    "status",
    "status_as_of",
    "url",
    "field",
    "msc",
    "references",
    "posed_year",
    "record_kind",
}
_MSC = re.compile(r"[0-9]{2}([A-Z](xx|XX|[0-9]{2})|-XX)?")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def mapping_source(path: Path) -> str:
    """The registry key a mapping file names (read before the build picks the source)."""
    doc = TomlDoc.load(path)
    errors: list[InputError] = []
    key = expect_str(doc, ("source",), doc.data.get("source"), errors)
    if errors:
        raise ConfigError(errors)
    return key  # type: ignore[return-value]


def run(path: Path, ctx: ImportContext) -> ImportResult:
    if not path.is_file():
        raise UsageError(f"generic={path}: give the path of a mapping file (.toml)")
    doc = TomlDoc.load(path)
    errors: list[InputError] = []
    check_keys(
        doc,
        (),
        doc.data,
        {"source", "input", "format", "has_full_text", "columns", "status"},
        {"source", "input", "columns"},
        errors,
    )
    columns = doc.table("columns", errors)
    check_keys(doc, ("columns",), columns, COLUMNS, {"id", "title"}, errors)
    statuses = doc.table("status", errors)
    for value, status in statuses.items():
        if status not in STATUSES:
            errors.append(
                doc.error(
                    ("status", value), "enum", f"{status!r} is not one of {', '.join(STATUSES)}"
                )
            )
    if "status" in columns and not statuses:
        errors.append(
            doc.error(
                ("columns", "status"),
                "missing-key",
                "a status column needs a [status] table mapping its values",
            )
        )
    input_name = expect_str(doc, ("input",), doc.data.get("input"), errors)
    fmt = doc.data.get("format") or (
        Path(input_name).suffix.lstrip(".").lower() if input_name else ""
    )
    if fmt not in ("csv", "jsonl"):
        errors.append(doc.error(("format",), "enum", f"format {fmt!r}: use csv or jsonl"))
    full_text = doc.data.get("has_full_text", False)
    if not isinstance(full_text, bool):
        errors.append(
            doc.error(("has_full_text",), "type", "`has_full_text` must be true or false")
        )
    if errors:
        raise ConfigError(errors)
    data_path = (path.parent / input_name).resolve()  # type: ignore[operator]
    if not data_path.is_relative_to(path.parent.resolve()):
        raise ConfigError(
            [
                doc.error(
                    ("input",),
                    "input-outside",
                    "the data file must be in the mapping file's folder or below",
                )
            ]
        )
    result = ImportResult(path.parent.resolve(), NAME, VERSION)
    result.read(path.resolve())  # the mapping is an input too: it decides what the records say
    text = result.read_text(data_path)
    rel = result.rel(data_path)
    taken: set[str] = set()
    for line, row in _rows(text, fmt, data_path, columns):
        result.seen += 1
        locator = f"{rel}:{line}"
        rid = _get(row, columns.get("id"))
        title = _get(row, columns.get("title"))
        if not rid:
            result.skip(rel, locator, "missing-id", f"no value in column {columns['id']!r}")
            continue
        locator = f"{rel}:{line} id={rid}"
        if not title:
            result.skip(rel, locator, "missing-title", f"no value in column {columns['title']!r}")
            continue
        if rid in taken:
            result.skip(rel, locator, "duplicate-id", f"id {rid!r} appears twice")
            continue
        raw_status = _get(row, columns.get("status"))
        if "status" in columns and raw_status not in statuses:
            result.skip(
                rel,
                locator,
                "unmapped-status",
                f"status {raw_status!r} has no row in [status] of {path.name}",
            )
            continue
        kind = _get(row, columns.get("record_kind")) or "problem"
        if kind not in ("problem", "catalogue"):
            result.skip(rel, locator, "bad-record-kind", f"record_kind {kind!r}")
            continue
        taken.add(rid)
        result.records.append(
            _record(
                ctx,
                result,
                rel,
                line,
                row,
                columns,
                rid,
                title,
                kind,
                statuses.get(raw_status) if raw_status else None,
                raw_status,
                full_text,
            )
        )
    return result


def _rows(
    text: str, fmt: str, path: Path, columns: dict[str, str] | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """The data rows with their line numbers. A CSV whose header lacks a mapped column, or
    with a malformed row (an unclosed quote would swallow the rows after it), is refused
    at the line where it goes wrong."""
    if fmt == "csv":
        # strict: a quote left open, or text after a closing quote, is an error, not a
        # field that silently runs on through the following rows.
        reader = csv.DictReader(io.StringIO(text, newline=""), strict=True)
        try:
            header = reader.fieldnames or []
            missing = sorted(
                f"{key} = {name!r}" for key, name in (columns or {}).items() if name not in header
            )
            if missing:
                raise InputError(
                    Location(path, 1),
                    "csv-header",
                    f"the header has no column for {', '.join(missing)} (columns: "
                    f"{', '.join(header) or 'none'}); fix [columns] in the mapping file",
                )
            for row in reader:
                if None in row:
                    raise InputError(
                        Location(path, reader.line_num),
                        "csv-row",
                        f"{len(header) + len(row[None])} fields where the header has {len(header)}",
                    )
                yield reader.line_num, row
        except csv.Error as exc:
            raise InputError(
                Location(path, reader.line_num + 1),
                "csv-syntax",
                f"{exc} (a quote opened in this row is not closed?)",
            ) from None
        return
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(Location(path, n, exc.colno), "json-syntax", exc.msg) from None
        if not isinstance(value, dict):
            raise InputError(Location(path, n), "jsonl-row", "each line must be a JSON object")
        yield n, value


def _get(row: dict[str, Any], column: str | None) -> str | None:
    """The cell of `column` (a JSONL `a.b` path walks objects) as stripped text, or None."""
    if not column:
        return None
    value: Any = row
    for part in column.split(".") if column not in row else [column]:
        value = value.get(part) if isinstance(value, dict) else None
    if value is None:
        return None
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text.strip() or None


def _record(
    ctx: ImportContext,
    result: ImportResult,
    rel: str,
    line: int,
    row: dict[str, Any],
    columns: dict[str, str],
    rid: str,
    title: str,
    kind: str,
    status: str | None,
    raw_status: str | None,
    full_text: bool,
) -> dict[str, Any]:
    label = _get(row, columns.get("field"))
    field, msc, unmapped = ctx.taxonomy.from_labels([label] if label else [])
    result.count_unmapped(unmapped)
    codes = re.split(r"[;,\s]+", _get(row, columns.get("msc")) or "")
    for code in (c for c in codes if c):
        if _MSC.fullmatch(code) and code[:2] in ctx.taxonomy.classes:
            if all(m["code"] != code for m in msc):
                msc.append(msc_entry(code, "source-map", f"column {columns['msc']!r}: {code}"))
        else:
            result.notes.append(f"{rel}:{line}: {code!r} is not an MSC 2020 code; dropped")
    references = []
    for cite in (_get(row, columns.get("references")) or "").splitlines():
        if cite.strip():
            url = first_url(cite)
            references.append(reference(link_kind(url), cite.strip(), url))
    year_text = _get(row, columns.get("posed_year"))
    year = (
        int(year_text)
        if year_text and year_text.isdigit() and 1000 <= int(year_text) <= 2100
        else None
    )
    if year_text and year is None:
        result.notes.append(
            f"{rel}:{line}: posed_year {year_text!r} is not a year (1000–2100); left empty"
        )
    as_of = _get(row, columns.get("status_as_of"))
    if as_of and not _DATE.fullmatch(as_of):
        result.notes.append(
            f"{rel}:{line}: status_as_of {as_of!r} is not a date (YYYY-MM-DD); the "
            "snapshot time stands in for it"
        )
    statement = _get(row, columns.get("problem_statement")) if kind == "problem" else None
    url = _get(row, columns.get("url"))
    flags = []
    if kind == "catalogue":
        flags.append("catalogue-only")
    elif statement is None:
        flags.append("no-statement-text")
    if unmapped:
        flags.append("unmapped-labels")
    if not references:
        flags.append("no-references")
    return make_record(
        id=record_id(kind, ctx.source.key, rid),
        record_kind=kind,
        title=title,
        problem_statement=statement,
        background=_get(row, columns.get("background")),
        field=field_value(field or ctx.default_field(), [label] if label else []),
        msc2020=msc,
        status=status or "unassessed",
        source_status_json=status_json({"status": raw_status}) if raw_status else None,
        # An export of a collection carries the collection's statements, under its terms.
        source=ctx.source_value(
            url=url if url and url.startswith(("http://", "https://")) else None,
            from_input=False,
        ),
        provenance=result.provenance(
            ctx,
            rel,
            f"{rel}:{line}",
            has_full_text=full_text and statement is not None,
            status_as_of=as_of if as_of and _DATE.fullmatch(as_of) else None,
        ),
        references=references,
        posed_year=year,
        quality_flags=flags,
        snapshot_at=ctx.snapshot.iso,
    )


IMPORTER = Importer(NAME, VERSION, run, "CSV or JSONL with a column-mapping file (.toml)")
