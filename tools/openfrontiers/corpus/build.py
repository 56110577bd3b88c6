"""`ofb corpus build`: run importers, apply the status policy, validate, write the build.

A build directory holds

* `records.jsonl` — every record, one per line, sorted by id (natural order);
* `records.parquet` — the same records (see `parquet.py`);
* `SKIPPED.jsonl` — every input record that did not become a record, with its reason;
* `REPORT.md` — per source: inputs, counts, statuses, skip reasons, quality flags;
* `README.md` — a dataset card with the typed features, so `datasets.load_dataset(DIR)` (and
  its `jsonl` configuration) loads the records without guessing types (see `hf.py`);
* `MANIFEST.json` — configuration and input files with SHA-256, each input's revision,
  counts, and the outputs' SHA-256.

Nothing in a build depends on the clock except the snapshot time, which is an input, or on
the order of `--source` options, so the same inputs give byte-identical files.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import OfbError, UsageError
from ..progress import SILENT, Progress
from .config import CorpusConfig
from .hf import dataset_card
from .importers import IMPORTERS
from .importers.base import ImportContext, Importer, ImportResult, Snapshot
from .importers.generic import mapping_source
from .links import LinkReport, link_formal_conjectures_to_erdos
from .parquet import write_parquet
from .record import CATALOGUE_STATUSES, SCHEMA_VERSION, STATUSES, dumps_record
from .revision import UNKNOWN, Revision, resolve, split_revision
from .schema import RecordChecker
from .text import natural_key

OUTPUTS = ("records.jsonl", "records.parquet", "SKIPPED.jsonl", "REPORT.md", "README.md")


@dataclass(frozen=True)
class SourceRequest:
    """One `--source KEY=PATH[@REV]`: the importer, the registry key, the input path and the
    input's revision (from its git checkout or `@REV`; see `revision.py`)."""

    importer: Importer
    key: str
    path: Path
    revision: Revision = UNKNOWN


def parse_sources(specs: list[str], config: CorpusConfig) -> list[SourceRequest]:
    known = "; ".join(f"{i.name}: {i.summary}" for i in IMPORTERS.values())
    if not specs:
        raise UsageError(f"give at least one --source KEY=PATH[@REV] (importers: {known})")
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
        raw_path, rev = split_revision(raw)
        path = Path(raw_path)
        if not path.exists():
            hint = (
                " (a revision goes after the path: PATH@COMMIT[:YYYY-MM-DD])" if "@" in raw else ""
            )
            raise UsageError(f"--source {spec!r}: {path} does not exist{hint}")
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
        requests[key] = SourceRequest(IMPORTERS[name], key, path, resolve(path, rev, spec))
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
            "sub_questions": self.result.merged,
            "skipped": len(self.result.skips),
            "skipped_by_reason": dict(sorted(Counter(s.reason for s in self.result.skips).items())),
        }


def run_import(config: CorpusConfig, request: SourceRequest, snapshot: Snapshot) -> SourceBuild:
    source = config.registry[request.key]
    ctx = ImportContext(source, config.taxonomy, snapshot, config.dir, request.revision)
    result = request.importer.run(request.path, ctx)
    accounted = len(result.records) + result.merged + len(result.skips)
    if accounted != result.seen:
        raise OfbError(
            f"importer {result.importer} read {result.seen} input records but accounted "
            f"for {accounted}: this is a bug in the importer"
        )
    for record in result.records:
        if source.status_policy == "unassessed":
            record["status"] = "unassessed"
        partition(record)
        if record["provenance"]["status_as_of_basis"] == "build-date":
            add_flag(record, "status-date-is-build-date")
    return SourceBuild(request, result)


def partition(record: dict[str, Any]) -> None:
    """Section 3: material its source calls solved or withdrawn goes to the catalogue
    partition (the id's prefix follows); the problem partition keeps the rest."""
    if record["record_kind"] == "problem" and record["status"] in CATALOGUE_STATUSES:
        record["record_kind"] = "catalogue"
        record["id"] = "catalogue:" + record["id"].partition(":")[2]


def add_flag(record: dict[str, Any], flag: str) -> None:
    record["quality_flags"] = sorted(set(record["quality_flags"]) | {flag})


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
    links = link_formal_conjectures_to_erdos(records, add_flag)
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
    (out / "REPORT.md").write_text(
        report(config, builds, records, snapshot, links), encoding="utf-8"
    )
    kinds = Counter(r["record_kind"] for r in records)
    counts = {
        "records": len(records),
        "problem_records": kinds.get("problem", 0),
        "catalogue_records": kinds.get("catalogue", 0),
    }
    (out / "README.md").write_text(dataset_card(counts, snapshot.iso), encoding="utf-8")
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
                "revision": b.request.revision.as_dict(),
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
            "sub_questions": sum(b.result.merged for b in builds),
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
    links: LinkReport | None = None,
) -> str:
    kinds = Counter(r["record_kind"] for r in records)
    out = [
        "# Corpus build report",
        "",
        (
            f"Snapshot {snapshot.iso} · schema {SCHEMA_VERSION} · {len(records)} records "
            f"({kinds.get('problem', 0)} problem, {kinds.get('catalogue', 0)} catalogue) from "
            f"{len(builds)} source(s). Every input record is a record, a sub-question of one, "
            "or listed in SKIPPED.jsonl with its reason. The problem partition holds open, "
            "partially-solved, unassessed and disputed records; what a source calls solved "
            "or withdrawn is in the catalogue partition."
        ),
        "",
    ]
    out += _registered(config, builds, records)
    for b in builds:
        out += _source_section(config, b, records)
    if links is not None and links.active:
        out += _links_section(links)
    return "\n".join(out).rstrip() + "\n"


def _registered(
    config: CorpusConfig, builds: list[SourceBuild], records: list[dict[str, Any]]
) -> list[str]:
    """Every registered collection with its count in this build, or why it has none."""
    counts: dict[str, Counter] = {}
    for r in records:
        counts.setdefault(r["source"]["key"], Counter())[r["record_kind"]] += 1
    given = {b.request.key for b in builds}
    out = [
        "## Registered collections",
        "",
        (
            f"{len(config.registry)} registered ({len(config.registry.contributing)} contribute "
            "problem records in the paper's snapshot; the rest are catalogue-only). `paper`: the "
            "record count of Table B, for comparison."
        ),
        "",
        "| source | partition | problem | catalogue | paper | in this build |",
        "|---|---|---:|---:|---:|---|",
    ]
    for s in config.registry.sources.values():
        c = counts.get(s.key, Counter())
        if s.key in given:
            note = "imported" + (
                f" (importer `{s.importer}`)" if s.importer and s.importer != s.key else ""
            )
        elif s.importer:
            note = f"not given: importer `{s.importer}` exists (`--source {s.importer}=PATH[@REV]`)"
        elif s.partition == "catalogue-only":
            note = "none: catalogue-only index, no snapshot of it is reachable and no importer"
        else:
            note = (
                "none: no snapshot of this collection is reachable and it has no importer "
                "(an export can be read with `--source generic=MAPPING.toml`)"
            )
        paper = str(s.records_in_paper) if s.records_in_paper is not None else "-"
        out.append(
            f"| {s.key} | {s.partition} | {c['problem']} | {c['catalogue']} | {paper} | {note} |"
        )
    out.append("")
    return out


def _source_section(
    config: CorpusConfig, b: SourceBuild, records: list[dict[str, Any]]
) -> list[str]:
    source = config.registry[b.request.key]
    result = b.result
    counts = b.counts
    mine = [r for r in records if r["source"]["key"] == source.key]
    rev = b.request.revision
    revision = (
        f"revision `{rev.commit}`"
        + (f" of {rev.date}" if rev.date else "")
        + f" (from {rev.origin})"
        if rev.commit
        else "revision unknown (not a git checkout, no `@REV` given)"
    )
    classes = Counter(r["source"]["license_class"] for r in mine)
    out = [
        f"## {source.key} — {source.name}",
        "",
        (
            f"Importer `{result.importer}@{result.version}` · status policy "
            f"`{source.status_policy}` · {len(result.inputs)} input file(s) · {revision}"
        ),
        "",
        f"License (registry): {source.license}. Records classed "
        + ", ".join(f"`{k}` {n}" for k, n in sorted(classes.items()))
        + (
            f" by the terms of the files read: {source.input_license}"
            if source.input_license
            else ""
        )
        + ".",
        "",
        "| input records | problem records | catalogue records | sub-questions | skipped |",
        "|---:|---:|---:|---:|---:|",
        (
            f"| {counts['input_records']} | {counts['problem_records']} | "
            f"{counts['catalogue_records']} | {counts['sub_questions']} | {counts['skipped']} |"
        ),
        "",
    ]
    for kind in ("problem", "catalogue"):
        statuses = Counter(r["status"] for r in mine if r["record_kind"] == kind)
        if statuses:
            out.append(
                f"Status ({kind}): "
                + " · ".join(f"{s} {statuses[s]}" for s in STATUSES if statuses[s])
            )
    dates = Counter(r["provenance"]["status_as_of_basis"] for r in mine)
    out.append(
        "Status dates: " + (" · ".join(f"{k} {n}" for k, n in sorted(dates.items())) or "none")
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
            example = ", ".join(s.locator for s in items[:3]) + (", …" if len(items) > 3 else "")
            why = f": {details[0]}" if len(details) == 1 else ""
            out.append(f"- `{reason}` ({len(items)}){why} — {example}")
        out.append("")
    flags = Counter(f for r in mine for f in r["quality_flags"])
    if flags:
        out.append("Quality flags: " + " · ".join(f"`{f}` {n}" for f, n in sorted(flags.items())))
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
    return out


def _links_section(links: LinkReport) -> list[str]:
    out = [
        "## Formal Conjectures ↔ Erdős Problems",
        "",
        (
            f"{links.linked_pairs} formal-conjectures record(s) of "
            "`FormalConjectures/ErdosProblems/` are cross-referenced with their Erdős record "
            "(`formalizes` / `formalized-by`). "
            f"{len(links.proof_links)} Erdős record(s) whose database claims a Lean solution "
            "without a link got the link formal-conjectures gives."
        ),
        "",
    ]
    if links.conflicts:
        out += [
            (
                f"Conflicting status claims ({len(links.conflicts)}; both records are flagged "
                "`status-claims-conflict`, and each keeps its own source's claim):"
            ),
            "",
            (
                "| Erdős record | database state (corpus status) | formal-conjectures record "
                "| category |"
            ),
            "|---|---|---|---|",
        ]
        out += [
            f"| {c.erdos_id} | {c.erdos_state} ({c.erdos_status}) | {c.fc_id} | {c.fc_category} |"
            for c in links.conflicts
        ]
        out.append("")
    else:
        out += ["No conflicting status claims.", ""]
    if links.fc_without_erdos:
        out.append(
            f"formal-conjectures records of an Erdős file with no Erdős record "
            f"({len(links.fc_without_erdos)}): "
            + ", ".join(links.fc_without_erdos[:30])
            + (", …" if len(links.fc_without_erdos) > 30 else "")
        )
        out.append("")
    if links.erdos_formalized_without_fc:
        out.append(
            "Erdős records marked `formalized: yes` with no formal-conjectures record in this "
            f"build ({len(links.erdos_formalized_without_fc)}): "
            + ", ".join(links.erdos_formalized_without_fc[:30])
            + (", …" if len(links.erdos_formalized_without_fc) > 30 else "")
        )
        out.append("")
    return out
