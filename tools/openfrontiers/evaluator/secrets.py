"""What of the evaluator key identifies a solution, and so must never appear in public text.

From every entry of the key: its solution sources, its record and its record and evidence
URLs — whole (normalised), and the identifiers inside them that point at a solution on
their own (an arXiv id, a DOI, a URL, a repository `owner/name`). `ofb check` looks for them
in the register, the statement files, the docs and the README; the packet scan in every
file of a packet. Matching is on normalised text (`normalise`): lower case, whitespace
collapsed, URLs without scheme and `www.`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .answers import ReferenceAnswer

# Citations as the key writes them: URLs, `arXiv:ID`, DOIs, `github:owner/name` and
# `owner/name@commit` (also read by results/sources.py, which keys them for matching fetches).
_URL = re.compile(r"https?://[^\s)\]>,;'\"]+")
_ARXIV = re.compile(r"\barXiv:\s*(\d{4}\.\d{4,5})(?:v\d+)?", re.IGNORECASE)
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s,;)\]]+)")
_GITHUB_NAMED = re.compile(
    r"(?:\bgithub:|(?<![/\w.])github\.com/)([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)"
)
_AT_COMMIT = re.compile(r"(?<![\w/.:-])([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)@[0-9a-f]{7,40}\b")
_ARXIV_IN_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})", re.IGNORECASE)
_GITHUB_IN_URL = re.compile(r"github\.com/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)", re.IGNORECASE)


@dataclass(frozen=True)
class Citation:
    kind: str  # url, arxiv, doi or repo
    value: str  # the URL, the arXiv id, the DOI, `owner/name` (a GitHub repository)


def citations(text: str) -> list[Citation]:
    """The citations in a piece of the key's text, in the order of the kinds above."""
    found = [Citation("url", m) for m in _URL.findall(text)]
    found += [Citation("arxiv", m) for m in _ARXIV.findall(text)]
    found += [Citation("doi", m) for m in _DOI.findall(text)]
    found += [Citation("repo", m) for m in _GITHUB_NAMED.findall(text)]
    found += [Citation("repo", m) for m in _AT_COMMIT.findall(text)]
    return found


# Repositories whose name alone says nothing about one solution: the upstream formal
# statements (public, cited by the register) and the problem databases themselves.
SHARED_REPOS = frozenset(
    {
        "google-deepmind/formal-conjectures",
        "teorth/erdosproblems",
        "leanprover-community/mathlib4",
    }
)
# Shorter pieces of free text are words, not identifiers of a source.
WHOLE_MINIMUM = 24


@dataclass(frozen=True)
class Secret:
    text: str  # normalised (`normalise`)
    item: str  # the item whose key entry holds it
    what: str  # "a solution source", "the record", "the record URL", "the evidence URL"


def normalise(text: str) -> str:
    """Lower case, whitespace collapsed, URLs without scheme and `www.`, no trailing `/.`."""
    text = re.sub(r"\s+", " ", text).strip().lower()
    text = re.sub(r"\b(?:https?://)?www\.", "", text)
    return re.sub(r"https?://", "", text).rstrip("/.")


def identifiers(text: str, shared: frozenset[str] = SHARED_REPOS) -> list[str]:
    """What of the citations in `text` may be looked for in other text, normalised: a URL
    whole, an arXiv id bare (also from an arXiv URL), a DOI, a repository `owner/name` (also
    from a GitHub URL) unless it is one of the `shared` ones."""
    found: list[str] = []
    for c in citations(text):
        value = c.value.rstrip(".,")
        if c.kind == "url":
            found.append(normalise(value))
            found += _ARXIV_IN_URL.findall(value)
            found += [r.lower() for r in _GITHUB_IN_URL.findall(value) if r.lower() not in shared]
        elif c.kind == "repo":
            if value.lower() not in shared:
                found.append(value.lower())
        else:
            found.append(normalise(value))
    return list(dict.fromkeys(found))


def secrets(answers: Iterable[ReferenceAnswer], public_repos: Iterable[str] = ()) -> list[Secret]:
    """Every secret of every entry; one shared by two entries is listed for each.

    The record is prose that cites what it read (the posing source among it), so only the
    whole of it is a secret, not the identifiers inside it. `public_repos` (the register's
    upstream repositories, cited publicly by design) are no secret on their own; a URL into
    one still is."""
    shared = SHARED_REPOS | {r.lower() for r in public_repos}
    found: dict[tuple[str, str], Secret] = {}

    def add(text: str, item: str, what: str) -> None:
        if text and (item, text) not in found:
            found[(item, text)] = Secret(text, item, what)

    for answer in answers:
        fields = (
            *((s, "a solution source") for s in answer.solution_sources),
            (answer.record, "the record"),
            (answer.record_url, "the record URL"),
            (answer.evidence_url, "the evidence URL"),
        )
        for text, what in fields:
            if not text:
                continue
            if len(text.strip()) >= WHOLE_MINIMUM or what.endswith("URL"):
                add(normalise(text), answer.item_id, what)
            if what == "the record":
                continue
            for ident in identifiers(text, shared):
                add(ident, answer.item_id, what)
    return list(found.values())
