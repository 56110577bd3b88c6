"""Which register items a candidate already is: matched by upstream declaration, problem
number or title. A match is reported with the candidate (marked "already in the register"),
never used to drop it.

* `upstream-declaration`: an item's `upstream.declaration` is a declaration of the
  candidate's Formal Conjectures record (its main declaration, a variant or a part), or,
  where the item names only a file, its `upstream.path` is that record's file;
* `problem-number`: the Erdős problem number the item names — in its title
  ("Erdős Problem #125"), a source's citation or address (`erdosproblems.com/125`), or an
  upstream file `ErdosProblems/125.lean` — is the candidate's;
* `title`: the item's title, compared without accents, case and punctuation, begins with
  the candidate's own heading (the part of a record title before " · ") as whole words;
  headings of fewer than three words without a number are too generic to match.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..register.model import Item
from .candidates import Candidate

_TITLE_NUMBER = re.compile(r"Erd(?:ő|o)s Problem #([0-9]+)")
_CITED_NUMBER = re.compile(r"Erd(?:ő|o)s Problems, Problem #([0-9]+)")
_URL_NUMBER = re.compile(r"erdosproblems\.com/([0-9]+)(?![0-9])")
_FILE_NUMBER = re.compile(r"ErdosProblems/([0-9]+)\.lean")


def normal(text: str) -> str:
    """Lower case, accents and punctuation removed, words separated by one space."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^0-9a-z]+", " ", plain.lower()).split())


@dataclass(frozen=True)
class _Keys:
    item: Item
    declarations: frozenset[str]
    paths: frozenset[str]
    numbers: frozenset[str]
    title: str


def _keys(item: Item) -> _Keys:
    numbers = set(_TITLE_NUMBER.findall(item.title))
    for s in item.sources:
        numbers.update(_CITED_NUMBER.findall(s.citation))
        numbers.update(_URL_NUMBER.findall(s.url))
    for u in item.upstream:
        numbers.update(_FILE_NUMBER.findall(u.path))
    return _Keys(
        item,
        frozenset(u.declaration for u in item.upstream if u.declaration),
        frozenset(u.path for u in item.upstream if u.path and not u.declaration),
        frozenset(numbers),
        normal(item.title),
    )


def _headings(c: Candidate) -> set[str]:
    out = set()
    for s in c.signals:
        heading = normal(s.record["title"].split(" · ", 1)[0])
        words = heading.split()
        if len(words) >= 3 or any(w.isdigit() for w in words):
            out.add(heading)
    return out


class RegisterMatcher:
    def __init__(self, items: list[Item]) -> None:
        self.keys = [_keys(i) for i in items]

    def matches(self, c: Candidate) -> list[dict[str, Any]]:
        declarations = {d for _, claim in c.seen for d in claim.categories}
        files = {
            record["provenance"]["input_file"]
            for record, _ in c.seen
            if record["source"]["key"] != "erdos-problems"
        }
        headings = _headings(c)
        found = []
        for k in self.keys:
            by = []
            if k.declarations & declarations or k.paths & files:
                by.append("upstream-declaration")
            if c.erdos_number is not None and c.erdos_number in k.numbers:
                by.append("problem-number")
            if any(k.title == h or k.title.startswith(h + " ") for h in headings):
                by.append("title")
            if by:
                found.append({"item": k.item.id, "split": str(k.item.split), "by": by})
        return found
