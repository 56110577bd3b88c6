"""`ofb corpus export`: a filtered copy of a build (JSONL and/or Parquet) with a manifest.

The corpus grants no license of its own (Appendix F): each record keeps its source's
wording and the class of the terms of what it carries (`source.license_class`: e.g. an Erdős
record holds only the Apache-2.0 database, not the site's statements). `--license-filter`
keeps the records of the given classes, so `--license-filter cc0,permissive` gives the
permissive subset; `--sources` / `--exclude-sources` select by source key. A record without a
class counts as its registry source's class, and as `none-established` when its source is
not in the registry.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import UsageError
from .build import file_sha256
from .parquet import write_parquet
from .registry import LICENSE_CLASSES, Registry
from .schema import RecordChecker, valid_records

UNREGISTERED_CLASS = "none-established"


@dataclass(frozen=True)
class ExportFilter:
    license_classes: frozenset[str] | None = None
    sources: frozenset[str] | None = None
    exclude_sources: frozenset[str] = frozenset()
    kinds: frozenset[str] = frozenset({"problem", "catalogue"})

    @classmethod
    def parse(
        cls,
        registry: Registry,
        license_filter: str | None,
        sources: str | None,
        exclude: str | None,
        kind: str,
    ) -> ExportFilter:
        def split(text: str | None) -> frozenset[str] | None:
            return frozenset(x.strip() for x in text.split(",") if x.strip()) if text else None

        classes = split(license_filter)
        if classes is not None and classes - LICENSE_CLASSES:
            raise UsageError(
                "--license-filter: unknown class(es) "
                f"{', '.join(sorted(classes - LICENSE_CLASSES))} "
                f"(classes: {', '.join(sorted(LICENSE_CLASSES))})"
            )
        chosen, dropped = split(sources), split(exclude) or frozenset()
        unknown = ((chosen or frozenset()) | dropped) - set(registry.sources)
        if unknown:
            raise UsageError(
                f"unknown source key(s): {', '.join(sorted(unknown))} (not in {registry.path.name})"
            )
        if kind not in ("problem", "catalogue", "all"):
            raise UsageError(f"--kind {kind!r}: use problem, catalogue or all")
        kinds = frozenset({"problem", "catalogue"}) if kind == "all" else frozenset({kind})
        return cls(classes, chosen, dropped, kinds)

    def license_class(self, record: dict[str, Any], registry: Registry) -> str:
        own = record["source"].get("license_class")
        if isinstance(own, str) and own in LICENSE_CLASSES:
            return own
        key = record["source"]["key"]
        return registry[key].license_class if key in registry else UNREGISTERED_CLASS

    def keep(self, record: dict[str, Any], registry: Registry) -> bool:
        key = record["source"]["key"]
        if record["record_kind"] not in self.kinds or key in self.exclude_sources:
            return False
        if self.sources is not None and key not in self.sources:
            return False
        return (
            self.license_classes is None
            or self.license_class(record, registry) in self.license_classes
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "license_classes": sorted(self.license_classes) if self.license_classes else None,
            "sources": sorted(self.sources) if self.sources else None,
            "exclude_sources": sorted(self.exclude_sources),
            "record_kinds": sorted(self.kinds),
        }


def export(
    records_file: Path,
    out: Path,
    filt: ExportFilter,
    registry: Registry,
    formats: frozenset[str],
    checker: RecordChecker | None = None,
) -> dict[str, Any]:
    """Write the records `filt` keeps; a file with a bad record is refused before anything
    is written."""
    if not formats or formats - {"jsonl", "parquet"}:
        raise UsageError("--format: give jsonl, parquet or both (comma-separated)")
    for _ in valid_records(records_file, checker):
        pass
    out.mkdir(parents=True, exist_ok=True)
    by_source: Counter = Counter()
    by_class: Counter = Counter()
    total = 0
    jsonl_path = out / "records.jsonl"
    jsonl = jsonl_path.open("w", encoding="utf-8", newline="\n") if "jsonl" in formats else None

    def kept() -> Iterator[dict[str, Any]]:
        nonlocal total
        for _, record in valid_records(records_file):
            total += 1
            if not filt.keep(record, registry):
                continue
            key = record["source"]["key"]
            by_source[key] += 1
            by_class[filt.license_class(record, registry)] += 1
            if jsonl is not None:
                jsonl.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
            yield record

    try:
        if "parquet" in formats:
            write_parquet(kept(), out / "records.parquet")
        else:
            for _ in kept():
                pass
    finally:
        if jsonl is not None:
            jsonl.close()
    outputs = [
        name for name in ("records.jsonl", "records.parquet") if name.split(".")[1] in formats
    ]
    manifest = {
        "from": {"path": str(records_file), "sha256": file_sha256(records_file), "records": total},
        "filter": filt.as_dict(),
        "records": sum(by_source.values()),
        "records_by_source": dict(sorted(by_source.items())),
        "records_by_license_class": dict(sorted(by_class.items())),
        "note": "Each record keeps its source's reuse wording in source.license; this export "
        "grants no license of its own.",
        "outputs": [
            {"path": n, "sha256": file_sha256(out / n), "bytes": (out / n).stat().st_size}
            for n in outputs
        ],
    }
    (out / "MANIFEST.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    return manifest
