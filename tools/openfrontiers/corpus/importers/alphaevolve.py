"""Importer `alphaevolve`: google-deepmind/alphaevolve_repository_of_problems → records.

Each page `problems/<n>.html` holds its content in a JavaScript object literal
(`const problemData = { title: "…", statement: `…`, comments: `…`, colabURL: "…", … }`),
which the page renders with KaTeX. We read that literal with a small tokenizer for
JavaScript string literals (escapes are decoded as a browser would), convert the HTML of the
statement and comments to Markdown, keep the bounds tables of the comments as partial
progress, and take the page's result class from `status.json`.

`status.json` classifies AlphaEvolve's result on a problem (world record, matched optimum, …),
not the problem's status, so records are `unassessed` (registry policy) and the class is kept
in source_status_json. Pages listed in `Corpus/importers/alphaevolve.toml` are kept as
catalogue rows; a page whose statement repeats an earlier page's is skipped as a duplicate.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ...errors import InputError, Location
from ..record import field_value, link_kind, make_record, record_id, reference, status_json
from ..text import html_links, html_tables, html_to_markdown
from ..tomldoc import ConfigError
from .base import Editorial, ImportContext, Importer, ImportResult, editorial_msc

NAME = "alphaevolve"
VERSION = "1"
SITE = "https://google-deepmind.github.io/alphaevolve_repository_of_problems/problems"
_OBJECT = re.compile(r"\bconst\s+problemData\s*=\s*\{")
_TITLE_NUMBER = re.compile(r"^\s*([0-9]+)\.\s*")
_PLACEHOLDER_URLS = frozenset({"", "#", "https://colab.research.google.com/"})


class JsSyntaxError(ValueError):
    pass


def parse_object_literal(text: str, start: int) -> dict[str, str]:
    """The string-valued properties of the object literal whose `{` is at `start`."""
    i = start + 1
    n = len(text)
    out: dict[str, str] = {}

    def skip(i: int) -> int:
        while i < n:
            if text[i].isspace():
                i += 1
            elif text.startswith("//", i):
                end = text.find("\n", i)
                i = n if end < 0 else end + 1
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                if end < 0:
                    raise JsSyntaxError("unterminated comment")
                i = end + 2
            else:
                break
        return i

    while True:
        i = skip(i)
        if i >= n:
            raise JsSyntaxError("unterminated object literal")
        if text[i] == "}":
            return out
        m = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*").match(text, i)
        if not m:
            raise JsSyntaxError(f"expected a property name at offset {i}")
        key = m.group()
        i = skip(m.end())
        if i >= n or text[i] != ":":
            raise JsSyntaxError(f"expected ':' after {key!r}")
        i = skip(i + 1)
        if i >= n or text[i] not in "\"'`":
            raise JsSyntaxError(f"property {key!r} is not a string literal")
        out[key], i = _string_literal(text, i)
        i = skip(i)
        if i < n and text[i] == ",":
            i += 1


_SIMPLE_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _string_literal(text: str, i: int) -> tuple[str, int]:
    """Decode the JavaScript string literal starting at text[i] (its quote); return the value
    and the index after the closing quote."""
    quote = text[i]
    i += 1
    out: list[str] = []
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == quote:
            return "".join(out), i + 1
        if quote == "`" and text.startswith("${", i):
            raise JsSyntaxError("template substitution ${…} in a problem field")
        if ch == "\n" and quote != "`":
            raise JsSyntaxError("line break in a quoted string")
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        nxt = text[i + 1] if i + 1 < n else ""
        if nxt in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[nxt])
            i += 2
        elif nxt == "x" and re.fullmatch(r"[0-9a-fA-F]{2}", text[i + 2 : i + 4]):
            out.append(chr(int(text[i + 2 : i + 4], 16)))
            i += 4
        elif nxt == "u" and text.startswith("{", i + 2):
            end = text.find("}", i + 3)
            digits = text[i + 3 : end] if end > 0 else ""
            if not re.fullmatch(r"[0-9a-fA-F]{1,6}", digits) or int(digits, 16) > 0x10FFFF:
                raise JsSyntaxError(f"bad \\u{{…}} escape at offset {i}")
            out.append(chr(int(digits, 16)))
            i = end + 1
        elif nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2 : i + 6]):
            out.append(chr(int(text[i + 2 : i + 6], 16)))
            i += 6
        elif nxt == "\r" and text.startswith("\r\n", i + 1):
            i += 3  # line continuation
        elif nxt in "\n\r\u2028\u2029":
            i += 2
        else:
            out.append(nxt)  # `\\` → `\`, `\$` → `$`, `\ ` → ` `
            i += 2
    raise JsSyntaxError("unterminated string literal")


def run(path: Path, ctx: ImportContext) -> ImportResult:
    pages_dir = path / "problems"
    if not pages_dir.is_dir():
        raise InputError(
            Location(path),
            "not-a-checkout",
            "expected problems/*.html of alphaevolve_repository_of_problems",
        )
    result = ImportResult(path, NAME, VERSION)
    catalogue = _catalogue(ctx)
    editorial = editorial_msc(ctx.config(NAME), ctx.taxonomy)
    results_by_page = _status(result, path / "status.json")
    statements: dict[str, str] = {}
    pages = sorted(
        (p for p in pages_dir.glob("*.html") if p.stem.isdigit()), key=lambda p: int(p.stem)
    )
    for page in pages:
        result.seen += 1
        number = page.stem
        rel = result.rel(page)
        text = result.read_text(page)
        found = _OBJECT.search(text)
        if found is None:
            result.skip(rel, number, "no-problem-data", "no `const problemData = {…}` in the page")
            continue
        try:
            data = parse_object_literal(text, found.end() - 1)
        except JsSyntaxError as exc:
            line = text.count("\n", 0, found.start()) + 1
            raise InputError(Location(page, line), "js-object", str(exc)) from None
        statement = html_to_markdown(data.get("statement", "")) or None
        if statement is not None and statement in statements:
            result.skip(
                rel, number, "duplicate-page", f"the statement repeats page {statements[statement]}"
            )
            continue
        if statement is not None:
            statements[statement] = number
        result.records.append(
            _record(
                ctx,
                result,
                rel,
                number,
                data,
                statement,
                results_by_page.get(int(number)),
                catalogue.get(number),
                editorial.get(number),
            )
        )
    missing = [r["id"].rsplit("/", 1)[1] for r in result.records]
    missing = [n for n in missing if n not in editorial]
    if missing:
        result.notes.append(f"no editorial MSC class for pages: {', '.join(missing)}")
    return result


def _catalogue(ctx: ImportContext) -> dict[str, str]:
    doc = ctx.config(NAME)
    table = doc.data.get("catalogue", {})
    errors = [
        doc.error(("catalogue", k), "type", "give the page number and a reason")
        for k, v in table.items()
        if not k.isdigit() or not isinstance(v, str) or not v
    ]
    if errors:
        raise ConfigError(errors)
    return dict(table)


def _status(result: ImportResult, path: Path) -> dict[int, str]:
    if not path.is_file():
        return {}
    try:
        data = json.loads(result.read_text(path))
    except json.JSONDecodeError as exc:
        raise InputError(Location(path, exc.lineno, exc.colno), "json-syntax", exc.msg) from None
    out: dict[int, str] = {}
    for klass, numbers in data.items() if isinstance(data, dict) else []:
        for n in numbers if isinstance(numbers, list) else []:
            if isinstance(n, int):
                out[n] = klass
    return out


def _record(
    ctx: ImportContext,
    result: ImportResult,
    rel: str,
    number: str,
    data: dict[str, str],
    statement: str | None,
    result_class: str | None,
    catalogue_reason: str | None,
    editorial: Editorial | None,
) -> dict[str, Any]:
    raw_title = " ".join(data.get("title", "").split())
    m = _TITLE_NUMBER.match(raw_title)
    name = raw_title[m.end() :] if m else raw_title
    flags = []
    if m and m.group(1) != number:
        flags.append("title-number-mismatch")
    comments_html = data.get("comments", "")
    comments = html_to_markdown(comments_html) or None
    bounds = []
    for caption, rows in html_tables(comments_html):
        direction = (
            "upper"
            if "upper" in caption.lower()
            else "lower"
            if "lower" in caption.lower()
            else None
        )
        if direction is None:
            continue
        for cells in rows:
            if not cells or not cells[0][0]:
                continue
            value = cells[0][0]
            ref_text, ref_url = cells[1] if len(cells) > 1 else ("", None)
            date = cells[2][0] if len(cells) > 2 and cells[2][0] else None
            bounds.append(
                {
                    "direction": direction,
                    "value": value,
                    "reference": ref_text or None,
                    "url": ref_url,
                    "date": date,
                    "comment": None,
                }
            )
    references = []
    seen_urls: set[str] = set()
    paper_url = data.get("paperURL", "")
    if paper_url not in _PLACEHOLDER_URLS and paper_url.startswith(("http://", "https://")):
        references.append(
            reference(link_kind(paper_url), data.get("paperText") or paper_url, paper_url)
        )
        seen_urls.add(paper_url)
    colab = data.get("colabURL", "")
    if colab not in _PLACEHOLDER_URLS and colab.startswith(("http://", "https://")):
        references.append(reference("code", data.get("colabText") or colab, colab))
        seen_urls.add(colab)
    for text, href in html_links(data.get("statement", "")) + html_links(comments_html):
        if href not in seen_urls:
            seen_urls.add(href)
            references.append(reference(link_kind(href), text or href, href))
    if not references:
        flags.append("no-references")
    kind = "catalogue" if catalogue_reason else "problem"
    if kind == "catalogue":
        flags.append("catalogue-only")
    elif statement is None:
        flags.append("no-statement-text")
    else:
        flags.append("statement-converted-from-html")
    return make_record(
        id=record_id(kind, ctx.source.key, number),
        record_kind=kind,
        title=f"AlphaEvolve problem {number} · {name or 'untitled'}",
        problem_statement=statement if kind == "problem" else None,
        background=comments if kind == "problem" else None,
        field=field_value((editorial.field if editorial else None) or ctx.default_field()),
        msc2020=list(editorial.msc) if editorial else [],
        status="unassessed",
        source_status_json=status_json({"status_json_class": result_class})
        if result_class
        else None,
        source=ctx.source_value(url=f"{SITE}/{number}.html"),
        provenance=result.provenance(
            ctx,
            rel,
            f"{SITE}/{number}.html",
            has_full_text=kind == "problem" and statement is not None,
        ),
        references=references,
        progress={"best_lower": None, "best_upper": None, "bounds": bounds} if bounds else None,
        notes=catalogue_reason,
        quality_flags=flags,
        snapshot_at=ctx.snapshot.iso,
    )


IMPORTER = Importer(
    NAME, VERSION, run, "alphaevolve_repository_of_problems: problems/*.html, status.json"
)
