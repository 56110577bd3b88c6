"""Public text: the register, the docs and the README may not carry evaluator data.

The statements and the register are public by design (docs/register.md); reference answers,
their records, solution sources and anything saying which way an item went live under
`FrontierBench/evaluator/`. This module reads public files into `Passage`s — a piece of
text with its file, first line, field and the items it speaks of — and finds in each:

* always (a formalizer's clone has no evaluator folder): phrases that speak of the key
  ("the key's", "Key True", "reference answer is …") and sentences stating an answer;
* with the evaluator key: any item's solution sources, record and record or evidence URL
  (`evaluator.secrets`), and the passage's own items' reference answers in answer-like
  context — a yes/no answer filled into the marker (`answer(True)`) where the other one is
  not named beside it, a value answer filled in, stated or verbatim;
* in a review of a solved item: status wording (solved, disproved, counterexample …).

The statement files are read by the file rules of `rules.py` with the same patterns; this
module serves the tree rule `leak-public-text`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..evaluator import ReferenceAnswer
from ..evaluator.secrets import Secret, normalise, secrets
from ..tomlpos import KeyLines
from . import leaks

_ITEM_ID = re.compile(r"(?<![A-Za-z0-9_])[RENO]\d{2}(?![A-Za-z0-9_])")
# Markdown blocks: a blank line or the start of a list item ends one.
_BLOCK_BREAK = re.compile(r"\n\s*\n|\n(?=\s*(?:[-*+]|\d+\.)\s)")
# A value answer at least this long is a leak wherever it stands verbatim.
VERBATIM_MINIMUM = 6
OPPOSITE = {"True": "False", "False": "True"}


@dataclass(frozen=True)
class Passage:
    path: Path
    line: int  # the line of the passage's first character
    field: str  # `items.R07.reviews[0].notes`, or the file's name for a document
    text: str
    items: tuple[str, ...] = ()  # the items the passage speaks of
    solved_review: bool = False  # a review of a solved item: status wording is evaluator data

    def line_of(self, offset: int) -> int:
        return self.line + self.text.count("\n", 0, offset)


@dataclass(frozen=True)
class Leak:
    passage: Passage
    offset: int
    text: str
    what: str

    @property
    def line(self) -> int:
        return self.passage.line_of(self.offset)

    def message(self) -> str:
        return f"{self.passage.field}: {self.what}: {self.text!r}"


# --- reading public files into passages ------------------------------------------------------


def _field_name(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _strings(value: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from _strings(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _strings(inner, (*path, i))


def register_passages(
    path: Path, data: dict, text: str, solved: Iterable[str] = ()
) -> list[Passage]:
    """Every string field of the register (`data`, parsed from `text`), each a passage
    about its item (split groups: about their members)."""
    lines = KeyLines(text)
    raw = text.splitlines()
    solved = frozenset(solved)
    found: list[Passage] = []
    for key_path, value in _strings(data, ()):
        items: tuple[str, ...] = ()
        if len(key_path) >= 2 and key_path[0] == "items":
            items = (str(key_path[1]),)
        elif key_path[:1] == ("split_groups",):
            items = tuple(
                _ITEM_ID.findall(
                    " ".join(
                        map(
                            str,
                            data.get("split_groups", {}).get(key_path[1], {}).get("members", []),
                        )
                    )
                )
            )
        line = _value_line(lines, raw, key_path, value)
        review = len(key_path) >= 4 and key_path[2] == "reviews" and key_path[-1] == "notes"
        found.append(
            Passage(
                path,
                line,
                _field_name(key_path),
                value,
                items,
                solved_review=review and bool(items) and items[0] in solved,
            )
        )
    return found


def _value_line(lines: KeyLines, raw: list[str], key_path: tuple, value: str) -> int:
    """The line where `value` starts: a multi-line string's first content line, an array
    element's own line where the array is written one element a line."""
    at = lines.line(key_path)
    if not at:
        return 0
    head = raw[at - 1].rstrip() if at <= len(raw) else ""
    if isinstance(key_path[-1], int):
        guess = at + 1 + key_path[-1]
        first = value.splitlines()[0][:20] if value else ""
        if guess <= len(raw) and first and first in raw[guess - 1].replace('\\"', '"'):
            return guess
        return at
    if head.endswith(('"""', "'''")):  # the value starts on the next line
        return at + 1
    return at


def markdown_passages(path: Path, text: str, item_ids: Iterable[str]) -> list[Passage]:
    """A Markdown file in blocks (paragraphs, list items), each about the items it names."""
    known = frozenset(item_ids)
    found: list[Passage] = []
    start = 0
    for m in [*_BLOCK_BREAK.finditer(text), None]:
        end = m.start() if m else len(text)
        block = text[start:end]
        if block.strip():
            named = tuple(dict.fromkeys(i for i in _ITEM_ID.findall(block) if i in known))
            found.append(Passage(path, text.count("\n", 0, start) + 1, path.name, block, named))
        start = m.end() if m else len(text)
    return found


# --- what is looked for ----------------------------------------------------------------------


@dataclass(frozen=True)
class AnswerContext:
    """One item's reference answer and the patterns that state it. A yes/no answer filled
    into the marker counts only where the opposite one is not named in the same passage:
    beside it, the two describe the statement's two readings, as every semantics review does."""

    item: str
    answer: str
    patterns: tuple[re.Pattern[str], ...]
    opposite: re.Pattern[str] | None = None

    def hits(self, text: str) -> Iterator[re.Match[str]]:
        if self.opposite is not None and self.opposite.search(text):
            return
        for pattern in self.patterns:
            yield from pattern.finditer(text)


def _marker(answer: str) -> re.Pattern[str]:
    return re.compile(rf"\banswer\(\s*{answer}\s*\)")


def answer_context(entry: ReferenceAnswer) -> AnswerContext | None:
    answer = entry.answer
    if answer is None:
        return None
    if answer in OPPOSITE:
        return AnswerContext(entry.item_id, answer, (_marker(answer),), _marker(OPPOSITE[answer]))
    value = r"\s*".join(map(re.escape, answer.split()))
    patterns = [
        re.compile(rf"\banswer\(\s*{value}\s*\)"),
        re.compile(rf"\b(?:answer|value|key)\s*(?:is|=|:)?\s*`?{value}(?![\w.])"),
        re.compile(rf"(?<![\w.])`?{value}`?\s+is\s+(?:right|correct|the\s+answer)\b"),
    ]
    if len("".join(answer.split())) >= VERBATIM_MINIMUM:
        patterns.append(re.compile(rf"(?<![\w.]){value}(?![\w.])"))
    return AnswerContext(entry.item_id, answer, tuple(patterns))


class PublicTextScan:
    """The leak search over public passages, for one evaluator key (possibly empty)."""

    def __init__(self, answers: Iterable[ReferenceAnswer], public_repos: Iterable[str] = ()):
        answers = list(answers)
        self.secrets: dict[str, list[Secret]] = {}
        for secret in secrets(answers, public_repos):
            self.secrets.setdefault(secret.text, []).append(secret)
        self.pattern = leaks.NeedleSearch(self.secrets)
        self.contexts = {c.item: c for c in map(answer_context, answers) if c is not None}

    def scan(self, passage: Passage) -> list[Leak]:
        found: list[Leak] = []
        for pattern in (leaks.KEY_PHRASE, leaks.ANSWER_SENTENCE):
            for m in pattern.regex.finditer(passage.text):
                found.append(Leak(passage, m.start(), m.group(), pattern.what))
        if passage.solved_review:
            for m in leaks.STATUS_WORDS.regex.finditer(passage.text):
                found.append(
                    Leak(passage, m.start(), m.group(), "status wording in a solved item's review")
                )
        for item in passage.items:
            context = self.contexts.get(item)
            if context is None:
                continue
            for m in context.hits(passage.text):
                found.append(Leak(passage, m.start(), m.group(), f"{item}'s reference answer"))
        if self.secrets:
            found += self.secret_hits(passage)
        return sorted(set(found), key=lambda leak: (leak.offset, leak.what))

    def secret_hits(self, passage: Passage) -> list[Leak]:
        normalised = normalise(passage.text)
        found = []
        for m in self.pattern.finditer(normalised):
            for secret in self.secrets[m.group()]:
                offset = locate(passage.text, secret.text)
                found.append(Leak(passage, offset, secret.text, f"{secret.what} of {secret.item}"))
        return found


def locate(text: str, needle: str) -> int:
    """Where a normalised needle starts in `text` (0 when it cannot be placed)."""
    words = needle.split(" ")
    pattern = r"\s+".join(map(re.escape, words))
    m = re.search(rf"(?:https?://)?(?:www\.)?{pattern}", text, re.IGNORECASE)
    return m.start() if m else 0
