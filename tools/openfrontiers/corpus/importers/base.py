"""What every importer shares: its context, its result, and the accounting of inputs.

An importer reads one source from a path and returns records and skips. It must

* read every input file through `ImportResult.read`, which records the file's SHA-256;
* account for every input record: `seen` counts them, and each one becomes a record (problem
  or catalogue), a sub-question of another record (`merged`), or a `Skip` with a reason —
  the build checks that the numbers add up;
* be deterministic: the same bytes in give the same records out, in the same order.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ...errors import InputError, Location, UsageError
from ..msc import Field, Taxonomy, msc_entry
from ..record import STATUSES
from ..registry import Source
from ..revision import UNKNOWN, Revision
from ..tomldoc import ConfigError, TomlDoc


@dataclass(frozen=True)
class Snapshot:
    """The build's moment: one value for every record, so rebuilds are byte-identical."""

    at: datetime

    @classmethod
    def parse(cls, text: str) -> Snapshot:
        try:
            at = datetime.fromisoformat(text)
        except ValueError:
            raise UsageError(
                f"--snapshot-at {text!r}: give an ISO date or time, e.g. "
                "2026-10-10 or 2026-10-10T06:58:35Z"
            ) from None
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        return cls(at.astimezone(UTC).replace(microsecond=0))

    @property
    def iso(self) -> str:
        return self.at.strftime("%Y-%m-%dT%H:%M:%SZ")

    @property
    def date(self) -> str:
        return self.at.strftime("%Y-%m-%d")


@dataclass(frozen=True)
class InputFile:
    path: str  # relative to the importer's input path, POSIX separators
    sha256: str
    bytes: int


@dataclass(frozen=True)
class Skip:
    """An input record that did not become a record, and why."""

    input_file: str
    locator: str  # the record's own identifier in the input
    reason: str  # a short stable code, e.g. `category-test`
    detail: str = ""


@dataclass(frozen=True)
class ImportContext:
    source: Source
    taxonomy: Taxonomy
    snapshot: Snapshot
    corpus_dir: Path
    revision: Revision = UNKNOWN

    def config(self, name: str) -> TomlDoc:
        """The importer's configuration, `Corpus/importers/<name>.toml`."""
        return TomlDoc.load(self.corpus_dir / "importers" / f"{name}.toml")

    def source_value(
        self, url: str | None = None, collection: str | None = None, *, from_input: bool = True
    ) -> dict[str, Any]:
        """The record's `source`. `from_input`: the record holds only material of the files
        the importer read, so it is classed by their terms (`input_license_class`) where the
        registry gives them, else by the collection's."""
        s = self.source
        if from_input and s.input_license_class is not None:
            license_class, basis = s.input_license_class, s.input_license or s.license
        else:
            license_class, basis = s.license_class, s.license
        return {
            "key": s.key,
            "name": s.name,
            "type": s.type,
            "collection": collection,
            "url": url,
            "license": s.license,
            "license_class": license_class,
            "license_basis": basis,
        }

    def default_field(self):
        return self.taxonomy.field(self.source.field)


@dataclass
class ImportResult:
    root: Path
    importer: str
    version: str
    inputs: list[InputFile] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)
    seen: int = 0
    merged: int = 0  # input records kept as sub-questions of another record
    notes: list[str] = field(default_factory=list)  # importer remarks for the report
    unmapped_labels: dict[str, int] = field(default_factory=dict)
    _hashes: dict[str, str] = field(default_factory=dict)

    def read(self, path: Path) -> bytes:
        """The bytes of an input file, recording its hash once."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise InputError(Location(path), "input-missing", "no such file") from None
        rel = path.relative_to(self.root).as_posix() if path != self.root else path.name
        if rel not in self._hashes:
            digest = hashlib.sha256(data).hexdigest()
            self._hashes[rel] = digest
            self.inputs.append(InputFile(rel, digest, len(data)))
        return data

    def read_text(self, path: Path) -> str:
        data = self.read(path)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(Location(path), "encoding", f"not UTF-8 ({exc.reason})") from None

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def provenance(
        self,
        ctx: ImportContext,
        input_file: str,
        source_record: str,
        *,
        has_full_text: bool,
        status_as_of: str | None = None,
    ) -> dict[str, Any]:
        """`status_as_of`: the record's own dated field, when the source gives one; else the
        commit date of the input revision; else (flagged by the build) the build date."""
        if status_as_of is not None:
            basis = "source-field"
        elif ctx.revision.date is not None:
            status_as_of, basis = ctx.revision.date, "source-revision-date"
        else:
            status_as_of, basis = ctx.snapshot.date, "build-date"
        return {
            "imported_at": ctx.snapshot.date,
            "status_as_of": status_as_of,
            "status_as_of_basis": basis,
            "has_full_text": has_full_text,
            "source_record": source_record,
            "input_file": input_file,
            "sha256": self._hashes[input_file],
            "revision": ctx.revision.commit,
            "importer": f"{self.importer}@{self.version}",
        }

    def skip(self, input_file: str, locator: str, reason: str, detail: str = "") -> None:
        self.skips.append(Skip(input_file, locator, reason, detail))

    def count_unmapped(self, labels: list[str]) -> None:
        for label in labels:
            self.unmapped_labels[label] = self.unmapped_labels.get(label, 0) + 1


@dataclass(frozen=True)
class Importer:
    name: str
    version: str
    run: Callable[[Path, ImportContext], ImportResult]
    summary: str


def status_table(doc: TomlDoc, key: str = "status") -> dict[str, str]:
    """A `[status]` table of a config: source state → corpus status, checked."""
    table = doc.data.get(key)
    errors: list[InputError] = []
    if not isinstance(table, dict) or not table:
        errors.append(doc.error((key,), "missing-key", f"needs a non-empty [{key}] table"))
        raise ConfigError(errors)
    for state, status in table.items():
        if status not in STATUSES:
            errors.append(
                doc.error(
                    (key, state),
                    "enum",
                    f"{state!r} maps to {status!r}, not one of {', '.join(STATUSES)}",
                )
            )
    if errors:
        raise ConfigError(errors)
    return dict(table)


_MSC_CODE = re.compile(r"[0-9]{2}([A-Z](xx|XX|[0-9]{2})|-XX)?")


@dataclass(frozen=True)
class Editorial:
    """A curator's MSC classes for one input record (an importer config's `[msc]` row)."""

    msc: list[dict[str, str]]
    field: Field | None


def editorial_msc(doc: TomlDoc, taxonomy: Taxonomy) -> dict[str, Editorial]:
    """The `[msc]` table of an importer config: `"<local id>" = { msc = ["11"], why = "…" }`.
    Each class becomes an assignment with basis `editorial` whose evidence names the file
    and the curator's reason; the first class gives the record's field."""
    table = doc.data.get("msc", {})
    errors: list[InputError] = []
    out: dict[str, Editorial] = {}
    if not isinstance(table, dict):
        raise ConfigError([doc.error(("msc",), "type", "[msc] must be a table")])
    for key, row in table.items():
        where = ("msc", key)
        codes = row.get("msc") if isinstance(row, dict) else None
        why = row.get("why") if isinstance(row, dict) else None
        if (
            not isinstance(codes, list)
            or not codes
            or not isinstance(why, str)
            or not why.strip()
            or set(row) - {"msc", "why"}
        ):
            errors.append(
                doc.error(where, "editorial-msc", 'write { msc = ["11", …], why = "reason" }')
            )
            continue
        unknown = [
            c
            for c in codes
            if not isinstance(c, str) or not _MSC_CODE.fullmatch(c) or c[:2] not in taxonomy.classes
        ]
        if unknown:
            errors.append(
                doc.error(where, "unknown-msc-class", f"{unknown} are not classes of msc2020.toml")
            )
            continue
        evidence = f"Editorial ({doc.path.parent.name}/{doc.path.name} [msc] {key!r}): {why}"
        out[key] = Editorial(
            [msc_entry(c, "editorial", evidence) for c in codes], taxonomy.class_field(codes[0])
        )
    if errors:
        raise ConfigError(errors)
    return out
