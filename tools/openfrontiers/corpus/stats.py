"""`ofb corpus stats`: the figures of Table 1 (and Figure 2) that a build can give.

Statistics stream over the records: memory holds counters and a histogram of statement
lengths, never the records. Figures are over the problem partition unless a row says
otherwise. Percentiles use the nearest-rank definition: the p-th percentile of n values is
the ⌈p·n⌉-th smallest.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .record import STATUSES
from .registry import Registry

_LATEX = re.compile(r"\$[^$]+\$|\\\(|\\\[|\\begin\{")
_CLOSED = ("solved", "disputed", "withdrawn")


@dataclass
class CorpusStats:
    problems: int = 0
    catalogue: int = 0
    by_source: Counter = field(default_factory=Counter)
    by_source_type: Counter = field(default_factory=Counter)
    status: Counter = field(default_factory=Counter)
    status_by_source: dict[str, Counter] = field(default_factory=dict)
    catalogue_status: Counter = field(default_factory=Counter)
    fields: Counter = field(default_factory=Counter)
    subfields: Counter = field(default_factory=Counter)
    with_msc: int = 0
    msc_codes: Counter = field(default_factory=Counter)
    msc_classes: Counter = field(default_factory=Counter)  # records with ≥1 code in the class
    msc_basis: Counter = field(default_factory=Counter)
    with_lean: int = 0
    lean_attachments: int = 0
    lean_placeholder: int = 0
    lean_by_source: Counter = field(default_factory=Counter)
    references: int = 0
    with_references: int = 0
    words: Counter = field(default_factory=Counter)  # statement length → records
    with_latex: int = 0
    full_text: int = 0
    years: Counter = field(default_factory=Counter)
    flags: Counter = field(default_factory=Counter)

    def add(self, r: dict[str, Any]) -> None:
        if r["record_kind"] != "problem":
            self.catalogue += 1
            self.catalogue_status[r["status"]] += 1
            return
        self.problems += 1
        key = r["source"]["key"]
        self.by_source[key] += 1
        self.by_source_type[r["source"]["type"]] += 1
        self.status[r["status"]] += 1
        self.status_by_source.setdefault(key, Counter())[r["status"]] += 1
        f = r["field"]
        if f is not None:
            self.fields[f["main"]] += 1
            if f["slug"]:
                self.subfields[f"{f['main']}/{f['slug']}"] += 1
        if r["msc2020"]:
            self.with_msc += 1
            for cls in {m["code"][:2] for m in r["msc2020"]}:
                self.msc_classes[cls] += 1
            for m in r["msc2020"]:
                self.msc_codes[m["code"]] += 1
                self.msc_basis[m["basis"]] += 1
        lean = [x for x in r["formalizations"] if x["language"] == "Lean 4"]
        if lean:
            self.with_lean += 1
            self.lean_by_source[key] += 1
            self.lean_attachments += len(lean)
            if "formalization-contains-placeholder" in r["quality_flags"]:
                self.lean_placeholder += 1
        refs = len(r["references"])
        self.references += refs
        self.with_references += refs > 0
        statement = r["problem_statement"]
        if statement:
            self.words[len(statement.split())] += 1
            self.with_latex += bool(_LATEX.search(statement))
        self.full_text += bool(r["provenance"]["has_full_text"])
        if r["posed_year"] is not None:
            self.years[r["posed_year"]] += 1
        for flag in r["quality_flags"]:
            self.flags[flag] += 1

    def summary(self, registry: Registry | None = None) -> dict[str, Any]:
        n = self.problems
        stated = sum(self.words.values())
        years = sorted(self.years)
        out: dict[str, Any] = {
            "problem_records": n,
            "catalogue_records": self.catalogue,
            "sources_registered": len(registry) if registry else None,
            "sources_registered_contributing": len(registry.contributing) if registry else None,
            "sources_contributing": len(self.by_source),
            "collections_with_100_records": sum(1 for c in self.by_source.values() if c >= 100),
            "records_by_source": dict(self.by_source.most_common()),
            "records_by_source_type": dict(self.by_source_type.most_common()),
            "top_level_fields": len(self.fields),
            "sub_fields": len(self.subfields),
            "records_by_field": dict(self.fields.most_common()),
            "records_by_sub_field": dict(self.subfields.most_common()),
            "mathematics_records": self.fields.get("math", 0),
            "status": {s: self.status.get(s, 0) for s in STATUSES},
            "status_by_source": {
                k: {s: c[s] for s in STATUSES if c[s]}
                for k, c in sorted(self.status_by_source.items())
            },
            "catalogue_status": {
                s: self.catalogue_status[s] for s in STATUSES if self.catalogue_status[s]
            },
            "records_with_msc": self.with_msc,
            "distinct_msc_codes": len(self.msc_codes),
            "distinct_msc_classes": len(self.msc_classes),
            "msc_assignments_by_basis": dict(sorted(self.msc_basis.items())),
            "top_msc_classes": dict(
                sorted(self.msc_classes.items(), key=lambda kv: (-kv[1], kv[0]))[:10]
            ),
            "records_with_lean4_statement": self.with_lean,
            "lean4_statements_by_source": dict(self.lean_by_source.most_common()),
            "lean4_attachments": self.lean_attachments,
            "lean4_flagged_placeholder": self.lean_placeholder,
            "references": self.references,
            "records_with_references": self.with_references,
            "references_per_record": round(self.references / n, 2) if n else None,
            "statement_words": {
                "records": stated,
                "mean": round(sum(k * v for k, v in self.words.items()) / stated, 1)
                if stated
                else None,
                "median": _rank(self.words, 0.5),
                "p90": _rank(self.words, 0.9),
            },
            "records_with_latex": self.with_latex,
            "records_with_full_text": self.full_text,
            "posed_year_known": sum(self.years.values()),
            "posed_year_range": [years[0], years[-1]] if years else None,
            "records_by_decade": {str(d): c for d, c in sorted(_decades(self.years).items())},
            "quality_flags": dict(sorted(self.flags.items())),
        }
        out["table1"] = table1(out)
        return out


def _decades(years: Counter) -> Counter:
    out: Counter = Counter()
    for y, c in years.items():
        out[(y // 10) * 10] += c
    return out


def _rank(hist: Counter[int], p: float) -> int | None:
    total = sum(hist.values())
    if not total:
        return None
    want = max(1, math.ceil(p * total))
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= want:
            return int(value)
    return None  # pragma: no cover - unreachable when total > 0


def compute(records: Iterable[dict[str, Any]], registry: Registry | None = None) -> dict[str, Any]:
    stats = CorpusStats()
    for r in records:
        stats.add(r)
    return stats.summary(registry)


def pct(part: int, whole: int) -> str:
    return f"{part:,} ({100 * part / whole:.1f}%)" if whole else f"{part:,}"


# Table 1 of the paper (problem partition unless stated; snapshot 2026-10-10), row by row, so
# a build can be set beside it. The quantities are the paper's, in its order.
PAPER_TABLE1: tuple[tuple[str, str], ...] = (
    ("Problem / catalogue items", "12,151 / 4,751"),
    ("Sources registered / contributing", "71 / 62"),
    ("Collections with ≥100 records", "7"),
    ("Distinct source names", "6,294"),
    ("Records from problem / workshop lists", "8,349 / 3,516"),
    ("Top-level fields / sub-fields", "10 / 32"),
    ("Mathematics records", "11,349 (93.4%)"),
    ("Status open", "6,162 (50.7%)"),
    ("Status unassessed", "5,591 (46.0%)"),
    ("Status partially-solved", "354 (2.9%)"),
    ("Status solved/disputed/withdrawn", "41 / 2 / 1"),
    ("Records with ≥1 MSC 2020 code", "8,011 (65.9%)"),
    ("Distinct MSC codes / top-level classes", "218 / 44"),
    ("Records with a Lean 4 statement", "1,946 (16.0%)"),
    ("Lean attachments / flagged as placeholder", "1,961 / 1,562"),
    ("References / records with ≥1", "21,739 / 99.7%"),
    ("Statement words: mean / median / p90", "65.4 / 39 / 148"),
    ("Records with LaTeX math", "10,570 (87.0%)"),
    ("Records with full source text", "1,507"),
    ("Posed year known", "3,389 (27.9%) (range 1611–2026)"),
)
NOT_COMPUTED = "not computed"


def table1(s: dict[str, Any]) -> list[dict[str, str]]:
    """Table 1 of the paper beside this build's figures, row by row."""
    build = dict(table1_rows(s))
    return [
        {"quantity": quantity, "build": build[quantity], "paper": paper}
        for quantity, paper in PAPER_TABLE1
    ]


def table1_rows(s: dict[str, Any]) -> list[tuple[str, str]]:
    """The rows of Table 1 in the paper's order, as (quantity, this build's value).
    "Distinct source names" is not computed: the paper does not define it precisely enough
    to reproduce."""
    n = s["problem_records"]
    st = s["status"]
    words = s["statement_words"]
    types = s["records_by_source_type"]
    rows = [
        ("Problem / catalogue items", f"{n:,} / {s['catalogue_records']:,}"),
        (
            "Sources registered / contributing",
            (
                f"{s['sources_registered'] if s['sources_registered'] is not None else '?'} / "
                f"{s['sources_contributing']}"
            ),
        ),
        ("Collections with ≥100 records", str(s["collections_with_100_records"])),
        ("Distinct source names", NOT_COMPUTED),
        (
            "Records from problem / workshop lists",
            f"{types.get('problem-list', 0):,} / {types.get('workshop-list', 0):,}",
        ),
        ("Top-level fields / sub-fields", f"{s['top_level_fields']} / {s['sub_fields']}"),
        ("Mathematics records", pct(s["mathematics_records"], n)),
        ("Status open", pct(st["open"], n)),
        ("Status unassessed", pct(st["unassessed"], n)),
        ("Status partially-solved", pct(st["partially-solved"], n)),
        ("Status solved/disputed/withdrawn", " / ".join(f"{st[x]:,}" for x in _CLOSED)),
        ("Records with ≥1 MSC 2020 code", pct(s["records_with_msc"], n)),
        (
            "Distinct MSC codes / top-level classes",
            f"{s['distinct_msc_codes']} / {s['distinct_msc_classes']}",
        ),
        ("Records with a Lean 4 statement", pct(s["records_with_lean4_statement"], n)),
        (
            "Lean attachments / flagged as placeholder",
            f"{s['lean4_attachments']:,} / {s['lean4_flagged_placeholder']:,}",
        ),
        (
            "References / records with ≥1",
            f"{s['references']:,} / "
            + (f"{100 * s['records_with_references'] / n:.1f}%" if n else "-"),
        ),
        (
            "Statement words: mean / median / p90",
            f"{words['mean']} / {words['median']} / {words['p90']}" if words["records"] else "-",
        ),
        ("Records with LaTeX math", pct(s["records_with_latex"], n)),
        ("Records with full source text", f"{s['records_with_full_text']:,}"),
        (
            "Posed year known",
            pct(s["posed_year_known"], n)
            + (
                f" (range {s['posed_year_range'][0]}–{s['posed_year_range'][1]})"
                if s["posed_year_range"]
                else ""
            ),
        ),
    ]
    return rows
