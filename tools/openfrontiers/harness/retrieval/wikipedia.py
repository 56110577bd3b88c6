"""Wikipedia: the last revision of a page before the cutoff (MediaWiki's action API)."""

from __future__ import annotations

import urllib.parse
from datetime import date

from ..config import SourceEndpoint
from .base import Document, Hit, Http, RetrievalError, SearchResult, recheck, strip_html

PREFIX = "wikipedia:"


def _url(rev: dict) -> str:
    title = urllib.parse.quote(str(rev["title"]).replace(" ", "_"))
    return f"https://en.wikipedia.org/w/index.php?title={title}&oldid={rev['revid']}"


class Wikipedia:
    name = "wikipedia"

    def __init__(self, api: SourceEndpoint, http: Http, cutoff: date | None) -> None:
        self.api, self.http, self.cutoff = api, http, cutoff

    def revision(self, title: str) -> dict | None:
        params = {
            "action": "query",
            "prop": "revisions",
            "titles": title,
            "rvlimit": "1",
            "rvprop": "ids|timestamp|content",
            "rvslots": "main",
            "redirects": "1",
            "format": "json",
            "formatversion": "2",
        }
        if self.cutoff is not None:
            # The newest revision at or before the last second before the cutoff.
            params.update(rvdir="older", rvstart=f"{self.cutoff.isoformat()}T00:00:00Z")
        data = self.http.get_json(self.api.url, "", params)
        pages = (data.get("query") or {}).get("pages") or []
        if not pages or pages[0].get("missing") or not pages[0].get("revisions"):
            return None
        page = pages[0]
        rev = page["revisions"][0]
        if self.cutoff is not None and not rev.get("timestamp", "9999") < self.cutoff.isoformat():
            return None  # an endpoint that ignored rvstart: never show a later revision
        content = ((rev.get("slots") or {}).get("main") or {}).get("content") or rev.get("*", "")
        return {
            "title": page.get("title", title),
            "revid": rev.get("revid"),
            "timestamp": rev.get("timestamp", ""),
            "content": content,
        }

    def search(self, query: str, limit: int) -> SearchResult:
        result = SearchResult()
        data = self.http.get_json(
            self.api.url,
            "",
            {
                "action": "query",
                "list": "search",
                "srsearch": query,
                "srlimit": str(limit * 2),
                "format": "json",
                "formatversion": "2",
            },
        )
        for row in (data.get("query") or {}).get("search") or []:
            if len(result.hits) >= limit:
                break
            title = str(row.get("title", ""))
            rev = self.revision(title)
            if rev is None:
                result.dropped.append({"ref": PREFIX + title, "reason": "no revision before"})
                continue
            if not recheck(query, rev["title"] + " " + rev["content"]):
                result.dropped.append({"ref": PREFIX + title, "reason": "the revision differs"})
                continue
            result.hits.append(
                Hit(
                    "wikipedia",
                    PREFIX + rev["title"],
                    rev["title"],
                    rev["timestamp"][:10],
                    strip_html(str(row.get("snippet", "")))[:300],
                    _url(rev),
                )
            )
        return result

    def fetch(self, ref: str) -> Document:
        title = ref.strip().removeprefix(PREFIX).strip()
        if not title:
            raise RetrievalError("give a page title, e.g. wikipedia:Collatz conjecture")
        rev = self.revision(title)
        if rev is None:
            raise RetrievalError(f"Wikipedia has no revision of {title!r} before the cutoff")
        return Document(
            "wikipedia",
            PREFIX + rev["title"],
            rev["title"],
            rev["timestamp"],
            rev["content"],
            _url(rev),
            f"(revision {rev['revid']}, wikitext)",
        )
