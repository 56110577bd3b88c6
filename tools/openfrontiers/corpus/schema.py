"""Record validation: the JSON Schema (draft 2020-12) plus the checks a schema cannot make.

The schema at `Corpus/schema/problem.schema.json` is the contract. It is checked as a
2020-12 schema with `jsonschema` when loaded. Records are validated in two steps: a
compiled validator (`fastjsonschema`, about fifteen times faster) answers valid or not,
and only a record it rejects is run through `jsonschema`'s 2020-12 validator to list every
error with its path. The schema uses no keyword whose meaning differs between the two
(tests compare them on valid and broken records).

On top of the schema, `RecordChecker` checks what needs the rest of the configuration: the
id agrees with `record_kind` and names the record's source, a solved or withdrawn record is
in the catalogue partition, `source_status_json` is a JSON object, the source is registered,
the field and every MSC class exist, and ids are unique.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cached_property
from pathlib import Path
from typing import Any

import fastjsonschema
import jsonschema

from ..errors import BadInput, InputError, Location, OfbError
from .msc import Taxonomy
from .record import CATALOGUE_STATUSES
from .registry import Registry


@dataclass(frozen=True)
class RecordError:
    """One problem with one record: where, which record, which field, which rule."""

    file: str
    line: int
    record_id: str
    field: str
    rule: str
    message: str

    def as_input_error(self) -> InputError:
        return InputError(
            Location(self.file, self.line),
            self.rule,
            f"record {self.record_id}: field {self.field}: {self.message}",
        )

    def __str__(self) -> str:
        return str(self.as_input_error())

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "record": self.record_id,
            "field": self.field,
            "rule": self.rule,
            "message": self.message,
        }


def _is_date(value: object) -> bool:
    if not isinstance(value, str):
        return True  # formats constrain strings only
    try:
        return len(value) == 10 and date.fromisoformat(value) is not None
    except ValueError:
        return False


def _is_date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if not _DATE_TIME.fullmatch(value):
        return False
    try:
        datetime.fromisoformat(value.upper())
        return True
    except ValueError:
        return False


_DATE_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})"
)
# One definition of each format for both validators, so they cannot disagree on a date (and
# jsonschema's date-time check does not depend on an optional package being installed).
FORMATS = {"date": _is_date, "date-time": _is_date_time}


class Schema:
    """The record schema: loaded once, checked as 2020-12, compiled for speed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.document = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise OfbError(f"{path}: the record schema is missing") from None
        except json.JSONDecodeError as exc:
            raise InputError(
                Location(path, exc.lineno, exc.colno), "json-syntax", exc.msg
            ) from None
        try:
            jsonschema.Draft202012Validator.check_schema(self.document)
        except jsonschema.SchemaError as exc:
            raise OfbError(f"{path}: not a valid JSON Schema 2020-12: {exc.message}") from None

    @cached_property
    def _fast(self):
        return fastjsonschema.compile(self.document, formats=FORMATS)

    @cached_property
    def _full(self) -> jsonschema.Draft202012Validator:
        checker = jsonschema.FormatChecker(formats=())
        for name, check in FORMATS.items():
            checker.checks(name)(check)
        return jsonschema.Draft202012Validator(self.document, format_checker=checker)

    def errors(self, record: Any) -> list[tuple[str, str, str]]:
        """(field path, rule, message) for every schema error; empty when valid."""
        try:
            self._fast(record)
            return []
        except fastjsonschema.JsonSchemaValueException:
            pass
        found = []
        for err in sorted(
            self._full.iter_errors(record), key=lambda e: list(map(str, e.absolute_path))
        ):
            leaf = _leaf(err)
            message = leaf.message if len(leaf.message) <= 300 else leaf.message[:297] + "..."
            found.append((_field_path(leaf.absolute_path), f"schema-{leaf.validator}", message))
        return found


def _field_path(path: Iterable[str | int]) -> str:
    parts: list[str] = []
    for p in path:
        parts.append(f"[{p}]" if isinstance(p, int) else ("." + p if parts else p))
    return "".join(parts) or "(record)"


def _leaf(err: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """For `null | {…}` (oneOf), the deepest error of the branches says what is wrong."""
    while err.validator in ("oneOf", "anyOf") and err.context:
        err = max(err.context, key=lambda e: len(e.absolute_path))
    return err


@dataclass
class RecordChecker:
    """Schema and configuration checks for a stream of records."""

    schema: Schema
    registry: Registry | None = None
    taxonomy: Taxonomy | None = None
    seen: set[str] = field(default_factory=set)

    def check(self, record: Any, file: str, line: int) -> list[RecordError]:
        rid = record.get("id") if isinstance(record, dict) else None
        rid = rid if isinstance(rid, str) else f"<line {line}>"
        errors = [
            RecordError(file, line, rid, path, rule, msg)
            for path, rule, msg in self.schema.errors(record)
        ]
        if errors or not isinstance(record, dict):
            if isinstance(record, dict) and isinstance(record.get("id"), str):
                self.seen.add(record["id"])
            return errors
        return self._semantic(record, file, line)

    def _semantic(self, rec: dict[str, Any], file: str, line: int) -> list[RecordError]:
        out: list[RecordError] = []
        rid = rec["id"]

        def bad(path: str, rule: str, msg: str) -> None:
            out.append(RecordError(file, line, rid, path, rule, msg))

        prefix, _, rest = rid.partition(":")
        key = rest.partition("/")[0]
        if prefix != rec["record_kind"]:
            bad("record_kind", "id-kind", f"{rec['record_kind']!r} but the id says {prefix!r}")
        if key != rec["source"]["key"]:
            bad("source.key", "id-source", f"{rec['source']['key']!r} but the id names {key!r}")
        if rid in self.seen:
            bad("id", "duplicate-id", "another record has this id")
        if rec["record_kind"] == "problem" and rec["status"] in CATALOGUE_STATUSES:
            bad(
                "record_kind",
                "partition",
                f"a {rec['status']} record belongs to the catalogue partition (Section 3)",
            )
        self.seen.add(rid)
        claim = rec["source_status_json"]
        if claim is not None:
            try:
                parsed = json.loads(claim)
            except json.JSONDecodeError as exc:
                parsed = None
                bad("source_status_json", "status-json", f"not JSON ({exc.msg})")
            else:
                if not isinstance(parsed, dict):
                    bad("source_status_json", "status-json", "must hold a JSON object")
        if self.registry is not None and rec["source"]["key"] not in self.registry:
            bad(
                "source.key",
                "unknown-source",
                f"{rec['source']['key']!r} is not in {self.registry.path.name}",
            )
        if self.taxonomy is not None:
            f = rec["field"]
            if f is not None and not self.taxonomy.knows_field(f["main"], f["slug"]):
                bad("field", "unknown-field", f"{f['main']}/{f['slug']} is not in fields.toml")
            for i, m in enumerate(rec["msc2020"]):
                if m["code"][:2] not in self.taxonomy.classes:
                    bad(
                        f"msc2020[{i}].code",
                        "unknown-msc-class",
                        f"class {m['code'][:2]!r} is not an MSC 2020 class",
                    )
        return out


def iter_jsonl(path: Path) -> Iterator[tuple[int, Any, str | None]]:
    """(line number, parsed value or None, JSON error message or None) for each non-empty line."""
    with path.open("rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield lineno, None, f"not UTF-8 ({exc.reason} at byte {exc.start})"
                continue
            if not line.strip():
                continue
            try:
                yield lineno, json.loads(line), None
            except json.JSONDecodeError as exc:
                yield lineno, None, f"not JSON ({exc.msg} at column {exc.colno})"
            except RecursionError:
                yield lineno, None, "not JSON (nested too deeply)"


def valid_records(
    path: Path, checker: RecordChecker | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each record of a records file; the first line that is not JSON, not an object or
    (with a checker) not a valid record is refused, so the verbs that read a build never
    count from a broken one."""
    for line, record, problem in iter_jsonl(path):
        if problem is None and not isinstance(record, dict):
            problem = "not a record (a JSON object)"
        if problem is None and checker is not None:
            found = checker.check(record, str(path), line)
            if found:
                problem = f"record {found[0].record_id}: field {found[0].field}: {found[0].message}"
        if problem is not None:
            raise BadInput(
                f"{path}:{line}: {problem}; `ofb corpus validate {path}` lists every problem"
            )
        yield line, record
