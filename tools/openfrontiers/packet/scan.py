"""The leakage scan run on a packet tree before it is final.

A packet may reveal the problem and nothing else. Every file name and every file's text
is searched for: item ids, item titles, upstream declaration names and paths, URLs (the
dependency sources in the Lake configuration aside), evaluator data (reference records,
solution sources) and the text of register fields (citations, scope notes, writers,
reviewers); prose in the problem and the README is also searched for status wording, AI
system names, 2026 dates and arXiv ids.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..check import leaks
from ..evaluator import ReferenceAnswer
from ..evaluator.secrets import secrets
from ..lean.lexer import COMMENT_KINDS, Kind, Token, tokenize
from ..register import Register

DEPENDENCY_FILES = {"lakefile.toml", "lake-manifest.json"}
PROSE_FILES = {"README.md"}
# Our utility library, the same in every packet: its docstrings explain `answer(t)`.
LIBRARY_PREFIX = "FrontierBench/Util/"
STRING_KINDS = (Kind.STRING, Kind.RAW_STRING, Kind.INTERP_STRING)


@dataclass(frozen=True)
class Needle:
    text: str
    what: str


@dataclass(frozen=True)
class Leak:
    path: str
    line: int
    text: str
    what: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.what}: {self.text!r}"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def needles(register: Register, answers: dict[str, ReferenceAnswer]) -> list[Needle]:
    """Strings that must never appear in a packet, from the register and evaluator data."""
    found: list[Needle] = []

    def add(text: str, what: str, minimum: int = 12) -> None:
        if text and len(text.strip()) >= minimum:
            found.append(Needle(_norm(text), what))

    for item in register:
        add(item.title, "an item title", 8)
        add(item.needs_source, "a register field (needs_source)")
        add(item.writer, "a register field (writer)", 4)
        for diff in item.scope_differences:
            add(diff, "a register field (scope_differences)", 24)
        for source in item.sources:
            add(source.citation, "a register field (sources)")
            add(source.url, "a register field (sources)")
            add(source.note, "a register field (sources)", 24)
        for up in item.upstream:
            add(up.path, "an upstream path")
            add(up.declaration, "an upstream declaration name", 6)
            for part in up.declaration.split("."):
                if len(part) >= 6 and ("_" in part or any(c.isdigit() for c in part)):
                    add(part, "an upstream declaration name", 6)
        for review in item.reviews:
            add(review.reviewer, "a register field (reviewer)", 4)
    for answer in answers.values():
        add(answer.note, "evaluator data", 24)
    public_repos = {up.repo for item in register for up in item.upstream}
    for secret in secrets(answers.values(), public_repos):
        add(secret.text, f"evaluator data ({secret.what})", 9)
    return found


def _needle_line(text: str, needle: str) -> int:
    """The line where a (whitespace-normalized, lower-case) needle starts in `text`."""
    words = needle.split(" ")
    m = re.search(r"\s+".join(map(re.escape, words)), text, re.IGNORECASE)
    return _line(text, m.start()) if m else 0


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


_PACKET_ID = "\x00packet\x00"  # stands for a file's own packet id in the scan's cache


def _with(text: str, old: str, new: str) -> str:
    return text.replace(old, new) if old else text


_ID_SHAPE = re.compile(r"(?<![A-Za-z0-9_])[RENO]\d{2}(?![A-Za-z0-9_])")


class Scanner:
    """The leakage scan for one register and one set of needles."""

    def __init__(self, register: Register, needle_list: Iterable[Needle]) -> None:
        self.ids = {i.id for i in register}
        self.needles = {n.text: n.what for n in needle_list}
        self.pattern = leaks.NeedleSearch(self.needles)
        self._cache: dict[tuple[str, str], list[Leak]] = {}

    def _ids(self, text: str) -> Iterable[re.Match[str]]:
        return (m for m in _ID_SHAPE.finditer(text) if m.group() in self.ids)

    def _needle_hits(self, text: str) -> list[str]:
        return sorted({m.group() for m in self.pattern.finditer(_norm(text))})

    def name(self, path: str) -> list[Leak]:
        found = [Leak(path, 0, m.group(), "an item id") for m in self._ids(path)]
        found += [Leak(path, 0, hit, self.needles[hit]) for hit in self._needle_hits(path)]
        return found

    def content(self, path: str, text: str) -> list[Leak]:
        """Leaks in a file's text. Identical files (the vendored code) are scanned once, and
        so are texts that differ only where each names its own packet (the README and the
        Lake files, one template for every packet): a packet id is a salted rank, P and
        digits, which holds no item's data; any other difference is scanned again."""
        pid, nested, _ = path.partition("/")
        if nested and pid and _PACKET_ID not in text:
            canonical = text.replace(pid, _PACKET_ID)
        else:
            pid, canonical = "", text
        name = path.rsplit("/", 1)[-1]
        kind = (
            "dependency"
            if name in DEPENDENCY_FILES
            else ("library" if LIBRARY_PREFIX in path else "lean")
            if name.endswith(".lean")
            else "prose"
            if name in PROSE_FILES
            else "other"
        )
        key = (kind, canonical)
        if key not in self._cache:
            found = self._content(kind, text)
            self._cache[key] = [
                Leak("", leak.line, _with(leak.text, pid, _PACKET_ID), leak.what) for leak in found
            ]
        return [
            Leak(path, leak.line, _with(leak.text, _PACKET_ID, pid), leak.what)
            for leak in self._cache[key]
        ]

    def _content(self, kind: str, text: str) -> list[Leak]:
        found = [Leak("", _line(text, m.start()), m.group(), "an item id") for m in self._ids(text)]
        found += [
            Leak("", _needle_line(text, hit), hit, self.needles[hit])
            for hit in self._needle_hits(text)
        ]
        if kind != "dependency":
            found += [
                Leak("", _line(text, m.start()), m.group(), "a URL") for m in leaks.urls(text)
            ]
            found += [
                Leak("", _line(text, m.start()), m.group(), "an upstream name")
                for m in leaks.UPSTREAM_NAMES.regex.finditer(text)
            ]
        tokens = tokenize(text) if kind in ("lean", "library") else []  # once for both passes
        for offset, prose in _prose(kind, text, tokens):
            for hit in leaks.scan_text(prose):
                if hit.rule not in ("link-review", "leak-status-link"):  # URLs are reported above
                    found.append(Leak("", _line(text, offset + hit.start), hit.text, hit.what))
        patterns = [
            p for p in leaks.ANSWER_PATTERNS if kind != "library" or p.rule != "leak-answer"
        ]
        for offset, words in _answer_text(kind, text, tokens):
            for hit in leaks.scan_answers(words, patterns):
                found.append(Leak("", _line(text, offset + hit.start), hit.text, hit.what))
        return found


def scan(files: dict[str, str], register: Register, needle_list: Iterable[Needle]) -> list[Leak]:
    """All leaks in `files` (relative path → text)."""
    scanner = Scanner(register, needle_list)
    found: list[Leak] = []
    for path, text in sorted(files.items()):
        found += scanner.name(path)
        found += scanner.content(path, text)
    return sorted(set(found), key=lambda leak: (leak.path, leak.line, leak.what, leak.text))


def _prose(kind: str, text: str, tokens: list[Token]) -> list[tuple[int, str]]:
    """The prose of a file: Lean comments and docstrings (`tokens`: a Lean file's), or a
    whole README."""
    if kind in ("lean", "library"):
        return [(t.start, t.text) for t in tokens if t.kind in COMMENT_KINDS]
    if kind == "prose":
        return [(0, text)]
    return []


def _answer_text(kind: str, text: str, tokens: list[Token]) -> list[tuple[int, str]]:
    """Where an answer may be written out: the prose, and a Lean file's string literals."""
    if kind in ("lean", "library"):
        kinds = COMMENT_KINDS | set(STRING_KINDS)
        return [(t.start, t.text) for t in tokens if t.kind in kinds]
    return _prose(kind, text, tokens)
