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
from ..harness.urls import normalise

_URL = re.compile(r"https?://[^\s)\]>,;'\"]+")
_ARXIV = re.compile(r"\barXiv:\s*(\d{4}\.\d{4,5})(?:v\d+)?", re.IGNORECASE)
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s,;)\]]+)")
_GITHUB_NAMED = re.compile(r"\bgithub:([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)")
_AT_COMMIT = re.compile(r"(?<![\w/.:-])([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)@[0-9a-f]{7,40}\b")
_ERDOS = re.compile(r"Erdős Problem #(\d+)")


def url_key(url: str) -> str:
    """The harness's key of a URL (an unrecognised page is keyed by host and path)."""
    return normalise(url).key


def text_keys(text: str) -> set[str]:
    """Keys of every URL and citation in a piece of text."""
    keys: set[str] = set()
    keys.update(url_key(url.rstrip(".")) for url in _URL.findall(text))
    keys.update(f"arxiv:{m}" for m in _ARXIV.findall(text))
    keys.update("doi:" + m.rstrip(".").lower() for m in _DOI.findall(text))
    for owner, name in _GITHUB_NAMED.findall(text):
        keys.add(f"repo:github.com/{owner.lower()}/{name.lower()}")
    for owner, name in _AT_COMMIT.findall(text):
        keys.add(f"repo:github.com/{owner.lower()}/{name.lower()}")
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
