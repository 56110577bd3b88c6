"""An item's located solution sources as comparable keys (Appendix E: "every fetched URL is
normalized (arXiv ID, DOI, repository, problem page) and compared with the item's located
solution sources").

The attempt records carry each URL already normalised by the harness (`key`: `arxiv:ID`,
`doi:…`, `repo:github.com/owner/name`, `erdos:N`, `mathoverflow:N`, `url:host/path`;
`harness/urls.py`). This module derives keys with the same normaliser from the evaluator
key's entry — its `solution_sources`, `record_url` and `evidence_url`, which mix URLs with
citations such as `arXiv:2604.24502`, `github:openai/ten-proofs …` or
`mo271/formal-conjectures@29c60aa…` — and, for an Erdős problem, its problem page, which
shows the solution once one is known.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..evaluator.answers import ReferenceAnswer
from ..evaluator.secrets import citations
from ..harness.urls import normalise

_ERDOS = re.compile(r"Erdős Problem #(\d+)")


def url_key(url: str) -> str:
    """The harness's key of a URL (an unrecognised page is keyed by host and path)."""
    return normalise(url).key


def text_keys(text: str) -> set[str]:
    """Keys of every URL and citation in a piece of text."""
    keys: set[str] = set()
    for c in citations(text):
        if c.kind == "url":
            keys.add(url_key(c.value.rstrip(".")))
        elif c.kind == "arxiv":
            keys.add(f"arxiv:{c.value}")
        elif c.kind == "doi":
            keys.add("doi:" + c.value.rstrip(".").lower())
        else:
            keys.add(f"repo:github.com/{c.value.lower()}")
    return keys


def solution_keys(
    entry: ReferenceAnswer | None, title: str = "", *, solved: bool = True
) -> frozenset[str]:
    """The located solution sources of an item, as keys (none for an open item)."""
    if not solved:
        return frozenset()
    keys: set[str] = set()
    if entry is not None:
        texts: Iterable[str] = (*entry.solution_sources, entry.record_url, entry.evidence_url)
        for text in texts:
            keys |= text_keys(text)
    m = _ERDOS.search(title)
    if m:
        keys.add(f"erdos:{m.group(1)}")
    return frozenset(keys)
