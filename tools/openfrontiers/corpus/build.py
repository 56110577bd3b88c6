"""`ofb corpus build`: run importers, apply the status policy, validate, write the build.

A build directory holds

* `records.jsonl` — every record, one per line, sorted by id (natural order);
* `records.parquet` — the same records (see `parquet.py`);
* `SKIPPED.jsonl` — every input record that did not become a record, with its reason;
* `REPORT.md` — per source: inputs, counts, statuses, skip reasons, quality flags;
* `MANIFEST.json` — configuration and input files with SHA-256, counts, and the outputs'
  SHA-256.

Nothing in a build depends on the clock except the snapshot time, which is an input, or on
the order of `--source` options, so the same inputs give byte-identical files.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import OfbError, UsageError
from ..progress import SILENT, Progress
from .config import CorpusConfig
from .importers import IMPORTERS
from .importers.base import ImportContext, Importer, ImportResult, Snapshot
from .importers.generic import mapping_source
from .parquet import write_parquet
from .record import SCHEMA_VERSION, STATUSES, dumps_record
from .schema import RecordChecker

OUTPUTS = ("records.jsonl", "records.parquet", "SKIPPED.jsonl", "REPORT.md")


@dataclass(frozen=True)
class SourceRequest:
    """One `--source KEY=PATH`: the importer, the registry key and the input path."""

    importer: Importer
    key: str
    path: Path


def parse_sources(specs: list[str], config: CorpusConfig) -> list[SourceRequest]:
    known = "; ".join(f"{i.name}: {i.summary}" for i in IMPORTERS.values())
    if not specs:
        raise UsageError(f"give at least one --source KEY=PATH (importers: {known})")
    registry = config.registry
    requests: dict[str, SourceRequest] = {}
    for spec in specs:
        name, sep, raw = spec.partition("=")
        if not sep or not name or not raw:
            raise UsageError(
                f"--source {spec!r}: write KEY=PATH, e.g. erdos-problems=../erdosproblems"
            )
        if name not in IMPORTERS:
            raise UsageError(f"--source {spec!r}: no importer {name!r} (importers: {known})")
        path = Path(raw)
        if not path.exists():
            raise UsageError(f"--source {spec!r}: {path} does not exist")
        key = mapping_source(path) if name == "generic" else name
        if key not in registry:
            raise UsageError(f"--source {spec!r}: source {key!r} is not in {registry.path}")
        declared = registry[key].importer
        if name != "generic" and declared != name:
            raise UsageError(
                f"--source {spec!r}: {registry.path.name} gives [sources.{key}] the "
                f"importer {declared!r}, not {name!r}"
            )
        if key in requests:
            raise UsageError(f"--source {spec!r}: source {key!r} is given twice")
        requests[key] = SourceRequest(IMPORTERS[name], key, path)
    return [requests[k] for k in sorted(requests)]


@dataclass
class SourceBuild:
    request: SourceRequest
    result: ImportResult

    @property
    def counts(self) -> dict[str, Any]:
        kinds = Counter(r["record_kind"] for r in self.result.records)
        return {
            "input_records": self.result.seen,
            "problem_records": kinds.get("problem", 0),
            "catalogue_records": kinds.get("catalogue", 0),
            "skipped": len(self.result.skips),
            "skipped_by_reason": dict(sorted(Counter(s.reason for s in self.result.skips).items())),
        }


def natural_key(text: str) -> tuple:
    return tuple(
        (0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"([0-9]+)", text) if p
    )


def run_import(config: CorpusConfig, request: SourceRequest, snapshot: Snapshot) -> SourceBuild:
    source = config.registry[request.key]
    ctx = ImportContext(source, config.taxonomy, snapshot, config.dir)
    result = request.importer.run(request.path, ctx)
    accounted = len(result.records) + len(result.skips)
    if accounted != result.seen:
        raise OfbError(
            f"importer {result.importer} read {result.seen} input records but accounted "
            f"for {accounted}: this is a bug in the importer"
        )
    if source.status_policy == "unassessed":
        for record in result.records:
            record["status"] = "unassessed"
    return SourceBuild(request, result)


def build(
    config: CorpusConfig,
    requests: list[SourceRequest],
    out: Path,
    snapshot: Snapshot,
    progress: Progress = SILENT,
) -> dict[str, Any]:
    """Run the importers and write the build directory; return the manifest."""
    progress.start("importing sources", len(requests))
    builds = []
    for request in requests:
        builds.append(run_import(config, request, snapshot))
        result = builds[-1].result
        progress.done(request.key, f"{len(result.records)} records, {len(result.skips)} skipped")
    records = [rec for b in builds for rec in b.result.records]
    records.sort(key=lambda r: natural_key(r["id"]))
    progress.start(f"validating and writing {len(records)} records")
    checker = RecordChecker(config.schema, config.registry, config.taxonomy)
    errors = [e for i, rec in enumerate(records, 1) for e in checker.check(rec, "records.jsonl", i)]
    if errors:
        shown = "\n".join(str(e) for e in errors[:20])
        more = f"\n… and {len(errors) - 20} more" if len(errors) > 20 else ""
        raise OfbError(f"{len(errors)} invalid record(s); nothing written:\n{shown}{more}")
    out.mkdir(parents=True, exist_ok=True)
    _write_lines(out / "records.jsonl", (dumps_record(r) for r in records))
    write_parquet(records, out / "records.parquet")
    skipped = [
        {
            "source": b.request.key,
            "input_file": s.input_file,
            "locator": s.locator,
            "reason": s.reason,
            "detail": s.detail,
        }
        for b in builds
        for s in b.result.skips
    ]
    _write_lines(
        out / "SKIPPED.jsonl",
        (json.dumps(s, ensure_ascii=False, separators=(",", ":")) for s in skipped),
    )
    (out / "REPORT.md").write_text(report(config, builds, records, snapshot), encoding="utf-8")
    manifest = _manifest(config, builds, records, snapshot, out)
    (out / "MANIFEST.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    return manifest


def _write_lines(path: Path, lines: Iterable[str]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8", newline="\n") as fh:
        for line in lines:
            fh.write(line)
            fh.write("\n")
    os.replace(tmp, path)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _manifest(
    config: CorpusConfig,
    builds: list[SourceBuild],
    records: list[dict[str, Any]],
    snapshot: Snapshot,
    out: Path,
) -> dict[str, Any]:
    root = config.dir.parent
    kinds = Counter(r["record_kind"] for r in records)
    return {
        "schema_version": SCHEMA_VERSION,
        "snapshot_at": snapshot.iso,
        "config": [
            {"path": p.relative_to(root).as_posix(), "sha256": file_sha256(p)}
            for p in config.config_files()
        ],
        "sources": [
            {
                "key": b.request.key,
                "importer": f"{b.result.importer}@{b.result.version}",
                "status_policy": config.registry[b.request.key].status_policy,
                "inputs": [
                    {"path": f.path, "sha256": f.sha256, "bytes": f.bytes}
                    for f in sorted(b.result.inputs, key=lambda f: f.path)
                ],
                "counts": b.counts,
            }
            for b in builds
        ],
        "totals": {
            "records": len(records),
            "problem_records": kinds.get("problem", 0),
            "catalogue_records": kinds.get("catalogue", 0),
            "skipped": sum(len(b.result.skips) for b in builds),
            "input_records": sum(b.result.seen for b in builds),
        },
        "outputs": [
            {"path": name, "sha256": file_sha256(out / name), "bytes": (out / name).stat().st_size}
            for name in OUTPUTS
        ],
    }


def report(
    config: CorpusConfig,
    builds: list[SourceBuild],
    records: list[dict[str, Any]],
    snapshot: Snapshot,
) -> str:
    kinds = Counter(r["record_kind"] for r in records)
    out = [
        "# Corpus build report",
        "",
        (
            f"Snapshot {snapshot.iso} · schema {SCHEMA_VERSION} · {len(records)} records "
            f"({kinds.get('problem', 0)} problem, {kinds.get('catalogue', 0)} catalogue) from "
            f"{len(builds)} source(s). Every input record is either a record or listed in "
            "SKIPPED.jsonl with its reason."
        ),
        "",
    ]
    for b in builds:
        source = config.registry[b.request.key]
        result = b.result
        counts = b.counts
        mine = [r for r in records if r["source"]["key"] == source.key]
        out += [
            f"## {source.key} — {source.name}",
            "",
            (
                f"Importer `{result.importer}@{result.version}` · status policy "
                f"`{source.status_policy}` · {len(result.inputs)} input file(s) · license: "
                f"{source.license}"
            ),
            "",
            "| input records | problem records | catalogue records | skipped |",
            "|---:|---:|---:|---:|",
            (
                f"| {counts['input_records']} | {counts['problem_records']} | "
                f"{counts['catalogue_records']} | {counts['skipped']} |"
            ),
            "",
        ]
        statuses = Counter(r["status"] for r in mine)
        out.append(
            "Status: "
            + (" · ".join(f"{s} {statuses[s]}" for s in STATUSES if statuses[s]) or "none")
        )
        out.append("")
        if result.skips:
            out.append("Skipped, by reason:")
            by_reason: dict[str, list] = {}
            for s in result.skips:
                by_reason.setdefault(s.reason, []).append(s)
            for reason in sorted(by_reason):
                items = by_reason[reason]
                details = sorted({s.detail for s in items if s.detail})
                example = ", ".join(s.locator for s in items[:3]) + (
                    ", …" if len(items) > 3 else ""
                )
                why = f": {details[0]}" if len(details) == 1 else ""
                out.append(f"- `{reason}` ({len(items)}){why} — {example}")
            out.append("")
        flags = Counter(f for r in mine for f in r["quality_flags"])
        if flags:
            out.append(
                "Quality flags: " + " · ".join(f"`{f}` {n}" for f, n in sorted(flags.items()))
            )
            out.append("")
        if result.unmapped_labels:
            out.append(
                "Labels without a mapping rule (Corpus/msc/labels.toml): "
                + ", ".join(f"{label} ({n})" for label, n in sorted(result.unmapped_labels.items()))
            )
            out.append("")
        for note in result.notes[:20]:
            out.append(f"Note: {note}")
        if len(result.notes) > 20:
            out.append(f"Note: … and {len(result.notes) - 20} more notes")
        if result.notes:
            out.append("")
    return "\n".join(out).rstrip() + "\n"
