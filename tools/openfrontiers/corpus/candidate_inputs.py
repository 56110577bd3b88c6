"""The two sides of `ofb corpus candidates`: corpus builds, or source snapshots built here.

A side is given as one or more paths, each of them

* a corpus build (a directory with `records.jsonl`, or a records `.jsonl` file): its records
  are read as written, each checked against the schema and the configuration (the first
  invalid one is refused with its file and line, as `ofb corpus stats` does);
* a source snapshot, built in memory with the importer the folder's layout names:
  `data/problems.yaml` → `erdos-problems`, a `FormalConjectures/` folder →
  `formal-conjectures`. Like `--source` of `ofb corpus build`, `PATH@COMMIT[:YYYY-MM-DD]`
  gives the revision of a tree that is not a git checkout (see `revision.py`).

Where a side holds both Erdős sources, they are linked as a build links them (`links.py`),
so a snapshot pair and a build pair read the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import UsageError
from .build import SourceRequest, add_flag, run_import
from .config import CorpusConfig
from .importers import IMPORTERS
from .importers.base import Snapshot
from .links import link_formal_conjectures_to_erdos
from .revision import resolve, split_revision
from .schema import RecordChecker, valid_records
from .validate import records_path

# The records' `snapshot_at` and `imported_at` are not read by the candidate stream; a fixed
# moment keeps everything built here independent of the clock.
_SNAPSHOT = Snapshot.parse("2000-01-01T00:00:00Z")


@dataclass(frozen=True)
class Side:
    """The records of one side, and how each of its inputs was read."""

    records: list[dict[str, Any]]
    inputs: list[dict[str, Any]]


def snapshot_importer(path: Path) -> str | None:
    """The importer a source folder's layout names, or None for a folder of another kind."""
    if (path / "data" / "problems.yaml").is_file() or path.name == "problems.yaml":
        return "erdos-problems"
    if (path / "FormalConjectures").is_dir():
        return "formal-conjectures"
    return None


def _is_build(path: Path) -> bool:
    return (path.is_dir() and (path / "records.jsonl").is_file()) or (
        path.is_file() and path.suffix == ".jsonl"
    )


def read_side(specs: list[str], config: CorpusConfig, label: str) -> Side:
    records: list[dict[str, Any]] = []
    inputs: list[dict[str, Any]] = []
    built_sources: set[str] = set()
    checker: RecordChecker | None = None
    for spec in specs:
        raw, rev = split_revision(spec)
        path = Path(raw)
        if not path.exists():
            raise UsageError(f"{label} {spec!r}: {path} does not exist")
        if _is_build(path) and rev is None:
            file = records_path(path)
            checker = checker or RecordChecker(config.schema, config.registry, config.taxonomy)
            found = [r for _, r in valid_records(file, checker)]
            records.extend(found)
            inputs.append({"kind": "build", "name": path.name, "records": len(found)})
            continue
        name = snapshot_importer(path)
        if name is None:
            raise UsageError(
                f"{label} {spec!r}: {path} is neither a corpus build (records.jsonl) nor a "
                "source snapshot this verb builds (an erdosproblems tree with "
                "data/problems.yaml, a formal-conjectures tree with FormalConjectures/)"
            )
        if name in built_sources:
            raise UsageError(f"{label} {spec!r}: a second {name} snapshot on the same side")
        built_sources.add(name)
        request = SourceRequest(IMPORTERS[name], name, path, resolve(path, rev, spec))
        result = run_import(config, request, _SNAPSHOT).result
        records.extend(result.records)
        inputs.append(
            {
                "kind": "snapshot",
                "name": path.name,
                "source": name,
                "revision": request.revision.commit,
                "revision_date": request.revision.date,
                "records": len(result.records),
            }
        )
    keys = {r.get("source", {}).get("key") for r in records}
    if built_sources and {"erdos-problems", "formal-conjectures"} <= keys:
        link_formal_conjectures_to_erdos(records, add_flag)
    return Side(records, inputs)
