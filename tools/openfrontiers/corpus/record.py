"""The record of Appendix F as plain data: field order, defaults and canonical JSON."""

from __future__ import annotations

import json
from typing import Any

SCHEMA_VERSION = "1.1.0"

FIELD_ORDER = (
    "id",
    "record_kind",
    "title",
    "problem_statement",
    "background",
    "sub_questions",
    "field",
    "msc2020",
    "status",
    "source_status_json",
    "source",
    "provenance",
    "references",
    "cross_references",
    "formalizations",
    "proof",
    "proof_status",
    "lean4_proof",
    "lean4_proof_status",
    "progress",
    "posed_year",
    "notes",
    "quality_flags",
    "schema_version",
    "snapshot_at",
)
STATUSES = ("open", "unassessed", "partially-solved", "solved", "disputed", "withdrawn")
# Section 3: solved material lives in the catalogue partition; the problem partition holds
# open, partially-solved, unassessed and disputed records.
CATALOGUE_STATUSES = frozenset({"solved", "withdrawn"})

_DEFAULTS: dict[str, Any] = {
    "problem_statement": None,
    "background": None,
    "sub_questions": [],
    "field": None,
    "msc2020": [],
    "source_status_json": None,
    "references": [],
    "cross_references": [],
    "formalizations": [],
    "proof": None,
    "proof_status": "not-recorded",
    "lean4_proof": None,
    "lean4_proof_status": "not-recorded",
    "progress": None,
    "posed_year": None,
    "notes": None,
    "quality_flags": [],
    "schema_version": SCHEMA_VERSION,
}


def make_record(**values: Any) -> dict[str, Any]:
    """A record with every field, in schema order; unknown names are a programming error."""
    unknown = set(values) - set(FIELD_ORDER)
    if unknown:
        raise TypeError(f"not record fields: {', '.join(sorted(unknown))}")
    record = {}
    for name in FIELD_ORDER:
        if name in values:
            record[name] = values[name]
        elif name in _DEFAULTS:
            default = _DEFAULTS[name]
            record[name] = list(default) if isinstance(default, list) else default
        else:
            record[name] = None  # required and unset: the schema check will name it
    record["quality_flags"] = sorted(set(record["quality_flags"] or []))
    return record


def record_id(kind: str, source_key: str, local_id: str) -> str:
    return f"{kind}:{source_key}/{local_id}"


def status_json(claim: Any) -> str | None:
    """The source's status claim as canonical JSON text (sorted keys), or None."""
    if claim is None or claim == {}:
        return None
    # `default=str`: YAML sources may hand over dates as date objects.
    return json.dumps(claim, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)


def dumps_record(record: dict[str, Any]) -> str:
    """One JSONL line: compact, UTF-8, keys in schema order."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def reference(kind: str, citation: str, url: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "citation": citation, "url": url}


def link_kind(url: str | None) -> str:
    """The reference kind a bare link suggests: OEIS, arXiv, DOI, else a web page."""
    if url is None:
        return "paper"
    if "oeis.org/" in url:
        return "oeis"
    if "arxiv.org/" in url:
        return "preprint"
    if "doi.org/" in url:
        return "paper"
    return "website"


def field_value(field: Any, labels: list[str] | None = None) -> dict[str, Any] | None:
    """The record's `field` object from a `msc.Field` (or None)."""
    if field is None:
        return None
    return {"main": field.main, "slug": field.slug, "source_labels": list(labels or [])}
