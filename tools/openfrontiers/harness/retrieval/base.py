"""What every source offers, the HTTP client they share, and the re-check of hits."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Protocol

TEXT_LIMIT = 40_000  # characters of a document returned per fetch (more with `offset`)
STOP = {
    "the", "and", "for", "with", "that", "this", "from", "are", "was", "not", "any", "all",
    "there", "does", "which", "what", "when", "how", "every", "some", "into", "onto",
}  # fmt: skip


class RetrievalError(Exception):
    """A search or fetch that cannot be served; the message goes back to the model."""


@dataclass(frozen=True)
class Hit:
    source: str
    ref: str  # what `fetch` takes, e.g. arxiv:2101.00001v2
    title: str
    date: str  # the date of the text shown
    snippet: str
    url: str

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "ref": self.ref,
            "title": self.title,
            "date": self.date,
            "snippet": self.snippet,
            "url": self.url,
        }


@dataclass(frozen=True)
class Document:
    source: str
    ref: str
    title: str
    date: str
    text: str
    url: str
    note: str = ""

    def render(self, offset: int = 0) -> str:
        body = self.text[offset : offset + TEXT_LIMIT]
        more = len(self.text) - offset - len(body)
        tail = f"\n\n[{more} more characters: fetch again with offset={offset + len(body)}]"
        return (
            f"{self.title}\n{self.ref} · {self.date} · {self.url}\n"
            + (f"{self.note}\n" if self.note else "")
            + "\n"
            + body
            + (tail if more > 0 else "")
        )


@dataclass
class SearchResult:
    hits: list[Hit] = field(default_factory=list)
    dropped: list[dict] = field(default_factory=list)  # {ref, reason}: kept for the log


class Source(Protocol):
    name: str

    def search(self, query: str, limit: int) -> SearchResult: ...

    def fetch(self, ref: str) -> Document: ...


def before(moment: datetime | date | None, cutoff: date | None) -> bool:
    """Public strictly before the cutoff (00:00 UTC of the cutoff day); no cutoff: True."""
    if cutoff is None:
        return True
    if moment is None:
        return False
    if isinstance(moment, datetime):
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment < datetime(cutoff.year, cutoff.month, cutoff.day, tzinfo=UTC)
    return moment < cutoff


def terms(query: str) -> list[str]:
    words = re.findall(r"[a-z0-9]+", query.lower())
    return list(dict.fromkeys(w for w in words if len(w) >= 3 and w not in STOP))


def recheck(query: str, text: str) -> bool:
    """The historical text still matches the query: at least half its terms (by a
    five-letter prefix, a crude stem) occur in it. Search engines index today's text; a hit
    that matched only through a later revision fails here and is dropped."""
    wanted = terms(query)
    if not wanted:
        return True
    haystack = text.lower()
    found = sum(1 for w in wanted if w[:5] in haystack)
    return found * 2 >= len(wanted)


SNIPPET = 300  # characters of a search hit's excerpt


def excerpt(query: str, text: str, width: int = SNIPPET) -> str:
    """A search hit's snippet cut from the text shown (never from the search engine's own
    snippet, which comes from today's text): the window around the first query term."""
    flat = " ".join(text.split())
    lowered = flat.lower()
    found = [i for w in terms(query) if (i := lowered.find(w[:5])) >= 0]
    start = max(0, min(found) - width // 3) if found else 0
    piece = flat[start : start + width]
    return ("…" if start else "") + piece + ("…" if start + width < len(flat) else "")


def strip_html(text: str) -> str:
    text = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", text, flags=re.DOTALL | re.IGNORECASE)
    text = re.sub(r"<[^>]+>", " ", text)
    for entity, char in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#39;", "'")):
        text = text.replace(entity, char)
    text = text.replace("&amp;", "&")
    return re.sub(r"[ \t]+", " ", text).strip()


class Http:
    """GET against an evaluator-given endpoint; no proxy from the environment."""

    def __init__(self, user_agent: str, timeout: float = 60.0) -> None:
        self.user_agent = user_agent
        self.timeout = timeout
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        self.fetched: list[str] = []

    def get(self, base: str, path: str = "", params: dict[str, str] | None = None) -> bytes:
        url = base + path
        if params:
            url += ("&" if "?" in url else "?") + urllib.parse.urlencode(params)
        self.fetched.append(url)
        request = urllib.request.Request(url, headers={"User-Agent": self.user_agent})
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                data: bytes = response.read(32 * 1024 * 1024)
                return data
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                raise RetrievalError(f"not found ({exc.code})") from None
            raise RetrievalError(f"the source answered {exc.code}") from None
        except (urllib.error.URLError, OSError) as exc:
            raise RetrievalError(f"the source could not be reached: {exc}") from None

    def get_json(self, base: str, path: str = "", params: dict[str, str] | None = None) -> dict:
        try:
            data = json.loads(self.get(base, path, params))
        except ValueError:
            raise RetrievalError("the source's answer is not JSON") from None
        if not isinstance(data, dict):
            raise RetrievalError("the source's answer is not a JSON object")
        return data


def parse_iso(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None
