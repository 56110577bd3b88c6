"""Text helpers shared by importers: links in Markdown, and HTML → Markdown.

The HTML converter keeps what a reader of the page sees — paragraphs, links, lists, emphasis,
tables — and leaves LaTeX (`$…$`, `$$…$$`) untouched, since the pages render it with KaTeX.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

MD_LINK = re.compile(r"\[([^\]]*)\]\((https?://[^)\s]+)\)")
BARE_URL = re.compile(r"(?<![(\[<])\bhttps?://[^\s)>\]]+")


def first_url(text: str) -> str | None:
    """The first Markdown link target in `text`, else its first bare URL."""
    m = MD_LINK.search(text)
    if m:
        return m.group(2)
    bare = BARE_URL.search(text)
    return bare.group(0).rstrip(".,;") if bare else None


_BLOCK = {
    "p",
    "div",
    "section",
    "header",
    "footer",
    "blockquote",
    "ul",
    "ol",
    "table",
    "caption",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
}
_INLINE_MARK = {"b": "**", "strong": "**", "i": "*", "em": "*", "code": "`"}


class _Converter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.current: list[str] = []
        self.links: list[tuple[str, list[str]]] = []  # open <a>: (href, text parts)
        self.list_depth = 0
        self.table: list[list[str]] | None = None
        self.cell: list[str] | None = None
        self.heading = 0

    # the text sink: an open link, an open table cell, or the current block
    def _sink(self) -> list[str]:
        if self.links:
            return self.links[-1][1]
        if self.cell is not None:
            return self.cell
        return self.current

    def _flush(self) -> None:
        text = " ".join("".join(self.current).split())
        if text:
            prefix = "#" * self.heading + " " if self.heading else ""
            self.blocks.append(prefix + text)
        self.current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "table":
            self._flush()
            self.table = []
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th") and self.table is not None:
            self.cell = []
        elif tag in _BLOCK:
            self._flush()
            if tag[0] == "h" and tag[1:].isdigit():
                self.heading = int(tag[1:])
            if tag in ("ul", "ol"):
                self.list_depth += 1
        elif tag == "li":
            self._flush()
            self.current.append("  " * max(self.list_depth - 1, 0) + "- ")
        elif tag == "br":
            self._sink().append("\n")
        elif tag == "a":
            self.links.append((attr.get("href") or "", []))
        elif tag in _INLINE_MARK:
            self._sink().append(_INLINE_MARK[tag])

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self.links:
            href, parts = self.links.pop()
            text = " ".join("".join(parts).split())
            out = f"[{text}]({href})" if href.startswith(("http://", "https://")) else text
            self._sink().append(out)
        elif tag in ("td", "th") and self.cell is not None and self.table:
            self.table[-1].append(" ".join("".join(self.cell).split()).replace("|", "\\|"))
            self.cell = None
        elif tag == "table" and self.table is not None:
            self.blocks.append(_pipe_table(self.table))
            self.table = None
        elif tag in _INLINE_MARK:
            self._sink().append(_INLINE_MARK[tag])
        elif tag in _BLOCK or tag == "li":
            self._flush()
            self.heading = 0
            if tag in ("ul", "ol"):
                self.list_depth = max(self.list_depth - 1, 0)

    def handle_data(self, data: str) -> None:
        self._sink().append(data)

    def result(self) -> str:
        self._flush()
        return "\n\n".join(b for b in self.blocks if b.strip())


def _pipe_table(rows: list[list[str]]) -> str:
    rows = [r for r in rows if r]
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + " --- |" * width]
    lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(lines)


def html_to_markdown(html: str) -> str:
    """Markdown for an HTML fragment; LaTeX and the text's words are left as they are."""
    converter = _Converter()
    converter.feed(html)
    converter.close()
    return converter.result()


class _Tables(HTMLParser):
    """Every <table>: its caption and rows of (cell text, first link in the cell)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[tuple[str, list[list[tuple[str, str | None]]]]] = []
        self.in_caption = False
        self.caption: list[str] = []
        self.rows: list[list[tuple[str, str | None]]] | None = None
        self.cell: list[str] | None = None
        self.href: str | None = None
        self.header = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.rows, self.caption = [], []
        elif tag == "caption":
            self.in_caption = True
        elif tag == "tr" and self.rows is not None:
            self.rows.append([])
        elif tag in ("td", "th") and self.rows is not None:
            self.cell, self.href, self.header = [], None, tag == "th"
        elif tag == "a" and self.cell is not None and self.href is None:
            href = dict(attrs).get("href") or ""
            self.href = href if href.startswith(("http://", "https://")) else None

    def handle_endtag(self, tag: str) -> None:
        if tag == "caption":
            self.in_caption = False
        elif tag in ("td", "th") and self.cell is not None and self.rows:
            if not self.header:
                self.rows[-1].append((" ".join("".join(self.cell).split()), self.href))
            self.cell = None
        elif tag == "table" and self.rows is not None:
            self.tables.append(
                (" ".join("".join(self.caption).split()), [r for r in self.rows if r])
            )
            self.rows = None

    def handle_data(self, data: str) -> None:
        if self.in_caption:
            self.caption.append(data)
        elif self.cell is not None:
            self.cell.append(data)


def html_tables(html: str) -> list[tuple[str, list[list[tuple[str, str | None]]]]]:
    parser = _Tables()
    parser.feed(html)
    parser.close()
    return parser.tables


def html_links(html: str) -> list[tuple[str, str]]:
    """(text, href) of every http(s) link, in order."""
    found: list[tuple[str, str]] = []

    class _Links(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.href: str | None = None
            self.parts: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag == "a":
                href = dict(attrs).get("href") or ""
                self.href = href if href.startswith(("http://", "https://")) else None
                self.parts = []

        def handle_endtag(self, tag):
            if tag == "a" and self.href:
                found.append((" ".join("".join(self.parts).split()), self.href))
                self.href = None

        def handle_data(self, data):
            if self.href:
                self.parts.append(data)

    parser = _Links()
    parser.feed(html)
    parser.close()
    return found


def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sorts `p2` before `p10`: runs of digits compare as numbers, before any text at the
    same place, so names mixing both (`x1`, `1x`) compare too."""
    return tuple(
        (0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"([0-9]+)", text) if p
    )
