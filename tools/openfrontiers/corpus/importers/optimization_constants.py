"""Importer `optimization-constants`: teorth/optimizationproblems → records.

Input records are the constant pages `constants/<id>.md`; the summary table of `README.md`
gives each page's best bounds and address. Per page:

* `# heading` → title; `## Description of constant` → the statement, verbatim Markdown;
* `## Known upper bounds` / `## Known lower bounds` tables (Bound | Reference | Comments) →
  `progress.bounds`, row by row, with a `[KEY]` reference resolved to its link from the
  page's `## References`;
* the other sections (additional comments, remarks, certificates) → background, with their
  headings; `## Contribution notes` (how the entry was prepared) is left out;
* status (policy in `Corpus/importers/optimization-constants.toml`) is the repository's own
  claim: a constant its README's "Recent progress" reports **solved** is `solved`; any other
  constant of the README table is `listed` (the repository tracks constants whose value is
  still being bounded); a page without a table row is `unlisted`. Whether the best lower and
  upper bound are written identically is a local check, not the source's claim: it is
  recorded as the flag `bounds-written-equal` and never sets the status;
* MSC classes are editorial (the config's `[msc]`), since the source names no subject.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ...errors import InputError, Location
from ..record import field_value, link_kind, make_record, record_id, reference, status_json
from ..text import MD_LINK as _LINK
from ..text import first_url, natural_key
from ..tomldoc import ConfigError
from .base import ImportContext, Importer, ImportResult, editorial_msc, status_table

NAME = "optimization-constants"
VERSION = "1"
_KEY = re.compile(r"^\[([^\]]+)\]")
_PAGE = re.compile(r"constants/([0-9A-Za-z_-]+)\.html")
_UNVERIFIED = re.compile(r"\([^()]*\*[^()]*\)")
_OMITTED_SECTIONS = ("contribution notes",)
_PROGRESS_LABEL = re.compile(r"\*\*([^*]+?):?\*\*")


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


@dataclass(frozen=True)
class _Row:
    number: str
    page: str
    url: str | None
    description: str
    best_lower: str
    best_upper: str


def run(path: Path, ctx: ImportContext) -> ImportResult:
    pages_dir = path / "constants"
    readme = path / "README.md"
    if not pages_dir.is_dir() or not readme.is_file():
        raise InputError(
            Location(path),
            "not-a-checkout",
            "expected README.md and constants/ of teorth/optimizationproblems",
        )
    result = ImportResult(path, NAME, VERSION)
    policy = _policy(ctx)
    editorial = editorial_msc(ctx.config(NAME), ctx.taxonomy)
    md = _markdown()
    readme_text = result.read_text(readme)
    rows = _summary(md, readme_text)
    progress = _progress(md, readme_text)
    by_page = {r.page: r for r in rows}
    readme_rel = result.rel(readme)
    pages = sorted(pages_dir.glob("*.md"), key=lambda p: natural_key(p.stem))
    page_ids = {p.stem for p in pages}
    for row in rows:
        if row.page not in page_ids:
            result.seen += 1
            result.skip(
                readme_rel,
                f"row {row.number}",
                "no-page",
                f"the README row links constants/{row.page}.html, which has no page",
            )
    for page in pages:
        result.seen += 1
        rel = result.rel(page)
        page_row = by_page.get(page.stem)
        text = result.read_text(page)
        record = _record(
            ctx, result, md, page.stem, rel, text, page_row, policy, progress.get(page.stem, [])
        )
        if record is None:
            result.skip(
                rel, page.stem, "no-description", "the page has no `## Description of constant`"
            )
        else:
            entry = editorial.get(page.stem)
            if entry is not None:
                record["msc2020"] = list(entry.msc)
                if entry.field is not None:
                    record["field"] = field_value(entry.field)
            result.records.append(record)
    local = [
        r["id"].rsplit("/", 1)[1]
        for r in result.records
        if "bounds-written-equal" in r["quality_flags"] and r["status"] != policy["solved"]
    ]
    if local:
        result.notes.append(
            "best bounds written identically but not reported solved by the README "
            f"(kept as the source says): {', '.join(local)}"
        )
    missing = sorted(
        {r["id"].rsplit("/", 1)[1] for r in result.records} - set(editorial), key=natural_key
    )
    if missing:
        result.notes.append(f"no editorial MSC class for: {', '.join(missing)}")
    return result


def _policy(ctx: ImportContext) -> dict[str, str]:
    doc = ctx.config(NAME)
    table = status_table(doc)
    missing = [
        doc.error(("status",), "missing-key", f"[status] needs `{key}`")
        for key in ("solved", "listed", "unlisted")
        if key not in table
    ]
    if missing:
        raise ConfigError(missing)
    return table


def _progress(md: MarkdownIt, text: str) -> dict[str, list[dict[str, str]]]:
    """The README's "Recent progress" items, by the constant pages they link: each item's
    label (`solved`, `improved lower bound`, …) and its text, verbatim."""
    _, sections, tokens = _sections(md, text)
    out: dict[str, list[dict[str, str]]] = {}
    for name, start, end in sections:
        if name.lower() != "recent progress":
            continue
        for item in _list_items(tokens, start, end):
            label = _PROGRESS_LABEL.search(item)
            entry = {"label": label.group(1).strip() if label else "", "text": item}
            for page in dict.fromkeys(m.group(1) for m in _PAGE.finditer(item)):
                out.setdefault(page, []).append(entry)
    return out


def _cells(tokens: list[Token], start: int) -> tuple[list[list[str]], int]:
    """Rows of the table opened at tokens[start] (header row excluded); index after it."""
    rows: list[list[str]] = []
    current: list[str] | None = None
    in_body = False
    i = start
    while i < len(tokens) and tokens[i].type != "table_close":
        t = tokens[i]
        if t.type == "tbody_open":
            in_body = True
        elif t.type == "tr_open" and in_body:
            current = []
        elif t.type == "inline" and current is not None:
            current.append(t.content.strip())
        elif t.type == "tr_close" and current is not None:
            rows.append(current)
            current = None
        i += 1
    return rows, i + 1


def _summary(md: MarkdownIt, text: str) -> list[_Row]:
    tokens = md.parse(text)
    for i, t in enumerate(tokens):
        if t.type != "table_open":
            continue
        header = [
            tok.content.strip().lower() for tok in tokens[i : i + 20] if tok.type == "inline"
        ][:4]
        if header[:2] != ["number", "description"]:
            continue
        rows, _ = _cells(tokens, i)
        out = []
        for cells in rows:
            if len(cells) < 4:
                continue
            link = _LINK.search(cells[0])
            page = _PAGE.search(link.group(2)) if link else None
            if link is None or page is None:
                continue
            out.append(
                _Row(link.group(1), page.group(1), link.group(2), cells[1], cells[2], cells[3])
            )
        return out
    return []


def _sections(
    md: MarkdownIt, text: str
) -> tuple[str | None, list[tuple[str, int, int]], list[Token]]:
    """H1 title, [(h2 heading, first body line, end line)] and the tokens."""
    tokens = md.parse(text)
    lines = text.splitlines()
    title = None
    heads: list[tuple[str, int, int]] = []  # (heading, heading line, body start)
    for i, t in enumerate(tokens):
        if t.type == "heading_open" and t.map:
            content = tokens[i + 1].content.strip()
            if t.tag == "h1" and title is None:
                title = content
            elif t.tag == "h2":
                heads.append((content, t.map[0], t.map[1]))
    sections = []
    for k, (name, _, body) in enumerate(heads):
        end = heads[k + 1][1] if k + 1 < len(heads) else len(lines)
        sections.append((name, body, end))
    return title, sections, tokens


def _record(
    ctx: ImportContext,
    result: ImportResult,
    md: MarkdownIt,
    stem: str,
    rel: str,
    text: str,
    row: _Row | None,
    policy: dict[str, str],
    progress: list[dict[str, str]],
) -> dict[str, Any] | None:
    title, sections, tokens = _sections(md, text)
    lines = text.splitlines()

    def body(start: int, end: int) -> str:
        return "\n".join(lines[start:end]).strip()

    statement = None
    background = []
    refs: list[dict[str, Any]] = []
    by_key: dict[str, str | None] = {}
    bounds: list[dict[str, Any]] = []
    for name, start, end in sections:
        lower = name.lower()
        if lower.startswith("description"):
            statement = body(start, end) or None
        elif lower.startswith(("known upper bounds", "known lower bounds")):
            direction = "upper" if "upper" in lower else "lower"
            bounds.extend(_bounds(tokens, start, end, direction))
        elif lower == "references":
            for item in _list_items(tokens, start, end):
                url = first_url(item)
                key = _KEY.match(item)
                if key:
                    by_key[key.group(1)] = url
                refs.append(reference(link_kind(url) if url else "paper", item, url))
        elif lower not in _OMITTED_SECTIONS and body(start, end):
            background.append(f"## {name}\n\n{body(start, end)}")
    if statement is None:
        return None
    for b in bounds:
        key = _KEY.match(b["reference"] or "")
        if key and b["url"] is None:
            b["url"] = by_key.get(key.group(1))
    best_lower = row.best_lower if row else None
    best_upper = row.best_upper if row else None
    solved = any(e["label"].lower().startswith("solved") for e in progress)
    status = policy["solved"] if solved else policy["listed"] if row else policy["unlisted"]
    flags = []
    if best_lower and best_upper and _primary(best_lower) == _primary(best_upper):
        flags.append("bounds-written-equal")
    if any("*" in (b["value"] + (b["comment"] or "")) for b in bounds) or "*" in (
        best_lower or ""
    ) + (best_upper or ""):
        flags.append("unverified-bounds-reported")
    if not refs:
        flags.append("no-references")
    claim: dict[str, Any] = {
        "best_lower": best_lower,
        "best_upper": best_upper,
        "summary_row": row.number if row else None,
    }
    if progress:
        claim["recent_progress"] = progress
    name = row.description if row else (title or stem)
    return make_record(
        id=record_id("problem", ctx.source.key, stem),
        record_kind="problem",
        title=f"Optimization constant C{stem} · {title or name}",
        problem_statement=statement,
        background="\n\n".join(background) or None,
        field=field_value(ctx.default_field()),
        status=status,
        source_status_json=status_json(claim if row or progress else None),
        source=ctx.source_value(url=row.url if row else None),
        provenance=result.provenance(ctx, rel, rel, has_full_text=True),
        references=refs,
        progress={"best_lower": best_lower, "best_upper": best_upper, "bounds": bounds},
        quality_flags=flags,
        snapshot_at=ctx.snapshot.iso,
    )


def _primary(bound: str) -> str:
    """A best-bound cell without its parenthesised unverified value: `0.2 (0.1875*)` → `0.2`."""
    return " ".join(_UNVERIFIED.sub("", bound).split())


def _in_section(t: Token, start: int, end: int) -> bool:
    return t.map is not None and start <= t.map[0] < end


def _bounds(tokens: list[Token], start: int, end: int, direction: str) -> list[dict[str, Any]]:
    out = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.type == "table_open" and _in_section(t, start, end):
            rows, i = _cells(tokens, i)
            for cells in rows:
                cells = cells + [""] * (3 - len(cells))
                if not cells[0]:
                    continue
                link = _LINK.search(cells[1])
                out.append(
                    {
                        "direction": direction,
                        "value": cells[0],
                        "reference": cells[1] or None,
                        "url": link.group(2) if link else None,
                        "date": None,
                        "comment": cells[2] or None,
                    }
                )
            continue
        i += 1
    return out


def _list_items(tokens: list[Token], start: int, end: int) -> list[str]:
    """The text of each top-level bullet item in the section."""
    items = []
    depth = 0
    for i, t in enumerate(tokens):
        if t.type == "bullet_list_open":
            depth += 1
        elif t.type == "bullet_list_close":
            depth -= 1
        elif t.type == "list_item_open" and depth == 1 and _in_section(t, start, end):
            j = i + 1
            while j < len(tokens) and tokens[j].type != "inline":
                j += 1
            if j < len(tokens):
                items.append(" ".join(tokens[j].content.split()))
    return items


IMPORTER = Importer(NAME, VERSION, run, "teorth/optimizationproblems: README.md and constants/*.md")
