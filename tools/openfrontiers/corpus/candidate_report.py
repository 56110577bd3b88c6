"""The candidate stream's outputs: `candidates.jsonl` (one object per candidate, checked
against `Corpus/schema/candidate.schema.json`) and `CANDIDATES.md` for curators — new
candidates grouped by source, newest first, with counts; reversals and disputes apart.

Both depend only on their inputs (no clock, no path), so the same pair gives the same bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from ..errors import OfbError

SCHEMA_FILE = "candidate.schema.json"


@cache
def _validator(schema_dir: Path) -> jsonschema.Draft202012Validator:
    document = json.loads((schema_dir / SCHEMA_FILE).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


def check(rows: list[dict[str, Any]], schema_dir: Path) -> None:
    """Refuse to write a row the schema rejects (a bug here, never the user's input)."""
    validator = _validator(schema_dir)
    for n, row in enumerate(rows, 1):
        errors = sorted(validator.iter_errors(row), key=lambda e: list(e.absolute_path))
        if errors:
            first = errors[0]
            where = "/".join(str(p) for p in first.absolute_path) or "(top)"
            raise OfbError(
                f"candidate {n} ({row.get('id')}): {where}: {first.message} — "
                f"it does not follow {SCHEMA_FILE}; this is a bug in the candidate stream"
            )


def jsonl(rows: list[dict[str, Any]]) -> str:
    return "".join(
        json.dumps(r, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
        for r in rows
    )


def _status(side: dict[str, Any]) -> str:
    words = side["state"] or "—"
    if side["status"] and side["status"] != side["state"]:
        words += f" ({side['status']})"
    return words + (f", {side['as_of']}" if side["as_of"] else "")


def _link(text: str, url: str | None) -> str:
    return f"[{text}]({url})" if url else text


def _entry(row: dict[str, Any]) -> list[str]:
    head = f"### {row['title']}" + (f" ({row['kind']})" if row["kind"] != "new" else "")
    if row["in_register"]:
        items = ", ".join(f"{m['item']} (by {', '.join(m['by'])})" for m in row["register_matches"])
        head += f" — already in the register: {items}"
    lines = [head, ""]
    for s in row["signals"]:
        old, new = s["old"], s["new"]
        lines.append(
            f"- {s['source']} ({', '.join(s['kinds'])}): {_status(old)} → {_status(new)}; "
            f"{_link('old', old['url'])} ({(old['revision'] or 'revision unknown')[:8]}), "
            f"{_link('new', new['url'])} ({(new['revision'] or 'revision unknown')[:8]})"
            + (f", {_link('page', new['page'])}" if new.get("page") else "")
        )
        for d in s["declarations"]:
            change = f"`{d['declaration']}`: {d['old_category']} → {d['new_category']}"
            if d["gained_formal_proofs"]:
                change += f"; gained formal_proof {', '.join(d['gained_formal_proofs'])}"
            lines.append(f"  - {change}")
    refs = row["resolving_references"]
    lines.append(
        "- resolving references the source gives: "
        + ("; ".join(_link(r["citation"] or r["url"], r["url"]) for r in refs) if refs else "none")
    )
    lean = row["lean"]
    lines.append(
        f"- Lean upstream: statement {'yes' if lean['statement'] else 'no'}, proof "
        f"{'yes' if lean['proof'] else 'no'}"
        + (f" ({', '.join(lean['proof_urls'])})" if lean["proof_urls"] else "")
    )
    lines.append(
        f"- MSC {', '.join(row['msc2020']) or 'none'}; area {', '.join(row['areas']) or 'none'}"
    )
    return lines + [""]


def markdown(rows: list[dict[str, Any]], inputs: dict[str, Any], since: str | None) -> str:
    new = [r for r in rows if r["kind"] == "new"]
    apart = [r for r in rows if r["kind"] != "new"]
    kinds = Counter(r["kind"] for r in rows)
    listed = sum(r["in_register"] for r in new)
    out = [
        "# Candidate stream",
        "",
        f"{len(new)} new candidate(s) ({listed} already in the register, "
        f"{len(new) - listed} not), {kinds['reversal']} reversal(s), {kinds['dispute']} "
        "dispute(s)" + (f"; new claims dated on or after {since}" if since else "") + ".",
        "",
        "| side | input | source | revision | date | records |",
        "|---|---|---|---|---|---|",
    ]
    for side in ("old", "new"):
        for i in inputs[side]:
            out.append(
                f"| {side} | {i['name']} | {i.get('source', 'build')} | "
                f"{i.get('revision') or '—'} | {i.get('revision_date') or '—'} | {i['records']} |"
            )
    out.append("")
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in new:
        groups.setdefault(" + ".join(r["sources"]), []).append(r)
    for name in sorted(groups):
        members = groups[name]
        listed = sum(r["in_register"] for r in members)
        out += [f"## {name}: {len(members)} ({listed} already in the register)", ""]
        for r in members:
            out += _entry(r)
    out += [
        f"## Reversals and disputes: {len(apart)}",
        "",
        "For review of existing items, not new items.",
        "",
    ]
    for r in apart:
        out += _entry(r)
    return "\n".join(out).rstrip("\n") + "\n"
