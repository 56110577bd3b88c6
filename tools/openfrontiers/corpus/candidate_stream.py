"""`ofb corpus candidates`: read both sides, find and merge the candidates, match them to the
register, and write the outputs (see `candidates.py` for the signals, `candidate_register.py`
for the matching, `candidate_report.py` for the files)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..register.model import Item
from .candidate_inputs import read_side
from .candidate_register import RegisterMatcher
from .candidate_report import check, jsonl, markdown
from .candidates import as_json, candidates, order, since
from .config import CorpusConfig

JSONL, MARKDOWN, MANIFEST = "candidates.jsonl", "CANDIDATES.md", "MANIFEST.json"


@dataclass(frozen=True)
class Stream:
    rows: list[dict[str, Any]]
    inputs: dict[str, Any]
    since: str | None

    @property
    def counts(self) -> dict[str, int]:
        new = [r for r in self.rows if r["kind"] == "new"]
        return {
            "new": len(new),
            "new_in_register": sum(r["in_register"] for r in new),
            "reversal": sum(r["kind"] == "reversal" for r in self.rows),
            "dispute": sum(r["kind"] == "dispute" for r in self.rows),
        }

    def markdown(self) -> str:
        return markdown(self.rows, self.inputs, self.since)

    def jsonl(self) -> str:
        return jsonl(self.rows)


def stream(
    old: list[str],
    new: list[str],
    config: CorpusConfig,
    items: list[Item],
    day: str | None = None,
) -> Stream:
    before, after = read_side(old, config, "OLD"), read_side(new, config, "NEW")
    found = order(since(candidates(before.records, after.records, config), day))
    matcher = RegisterMatcher(items)
    for c in found:
        c.register = matcher.matches(c)
    rows = [as_json(c) for c in found]
    check(rows, config.dir / "schema")
    return Stream(rows, {"old": before.inputs, "new": after.inputs}, day)


def write(result: Stream, out: Path, extra: dict[str, str] | None = None) -> list[Path]:
    """The stream's files in `out` (and `extra`: name → text, e.g. drafts); the manifest
    names them and gives the counts."""
    out.mkdir(parents=True, exist_ok=True)
    files = {JSONL: result.jsonl(), MARKDOWN: result.markdown(), **(extra or {})}
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    manifest = {
        "candidates": sorted(files),
        "counts": result.counts,
        "inputs": result.inputs,
        "since": result.since,
    }
    (out / MANIFEST).write_text(
        json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    return [out / name for name in sorted(files)]
