"""Wikipedia: the last revision of a page before the cutoff (MediaWiki's action API)."""

from __future__ import annotations

import re
import urllib.parse
from datetime import date

from ..config import SourceEndpoint
from .base import Document, Hit, Http, RetrievalError, SearchResult, excerpt, recheck, strip_html

PREFIX = "wikipedia:"


def plain(wikitext: str) -> str:
    """Wikitext made readable enough for a snippet: templates, references and tables out,
    links shown by their label, emphasis quotes dropped."""
    text = re.sub(r"<ref[^>/]*/>|<ref[^>]*>.*?</ref>", " ", wikitext, flags=re.DOTALL)
    for _ in range(3):  # nested templates, innermost first
        text = re.sub(r"\{\{[^{}]*\}\}", " ", text)
    text = re.sub(r"\{\|.*?\|\}", " ", text, flags=re.DOTALL)
    text = re.sub(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]", r"\1", text)
    text = re.sub(r"'{2,}", "", text)
    return strip_html(text)


def _url(rev: dict) -> str:
    if rev["hidden"]:
        return f"https://en.wikipedia.org/w/index.php?curid={rev['pageid']}&oldid={rev['revid']}"
    title = urllib.parse.quote(str(rev["title"]).replace(" ", "_"))
    return f"https://en.wikipedia.org/w/index.php?title={title}&oldid={rev['revid']}"


def title_in(title: str, content: str) -> bool:
    """The page's title (today's: the API knows no other) occurs in the pre-cutoff text,
    so showing it tells nothing new. A page renamed after the cutoff ("… conjecture" →
    "… theorem") fails this and is shown by its page id only."""
    core = re.sub(r"\s*\([^)]*\)\Z", "", title).strip().lower()
    return not core or core in " ".join(plain(content).lower().split())


def _ref(rev: dict) -> str:
    return f"{PREFIX}#{rev['pageid']}" if rev["hidden"] else PREFIX + rev["title"]


def _title(rev: dict) -> str:
    if rev["hidden"]:
        return f"(page {rev['pageid']}: its current title does not occur in this revision)"
    return str(rev["title"])


class Wikipedia:
    name = "wikipedia"

    def __init__(self, api: SourceEndpoint, http: Http, cutoff: date | None) -> None:
        self.api, self.http, self.cutoff = api, http, cutoff

    def revision(self, title: str) -> dict | None:
        """The page's last revision before the cutoff; `title` may be `#PAGEID`."""
        page_id = title[1:] if title.startswith("#") and title[1:].isdigit() else None
        params = {
            "action": "query",
            "prop": "revisions",
            **({"pageids": page_id} if page_id else {"titles": title}),
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
        shown_title = str(page.get("title", title))
        return {
            "title": shown_title,
            "pageid": page.get("pageid", page_id or ""),
            "revid": rev.get("revid"),
            "timestamp": rev.get("timestamp", ""),
            "content": content,
            "hidden": self.cutoff is not None and not title_in(shown_title, content),
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
            if not recheck(query, ("" if rev["hidden"] else rev["title"]) + " " + rev["content"]):
                result.dropped.append({"ref": PREFIX + title, "reason": "the revision differs"})
                continue
            result.hits.append(
                Hit(
                    "wikipedia",
                    _ref(rev),
                    _title(rev),
                    rev["timestamp"][:10],
                    # cut from the revision shown: the engine's snippet is today's text
                    excerpt(query, plain(rev["content"])),
                    _url(rev),
                )
            )
        return result

    def fetch(self, ref: str) -> Document:
        title = ref.strip().removeprefix(PREFIX).strip()
        if not title:
            raise RetrievalError(
                "give a page title or id, e.g. wikipedia:Collatz conjecture or wikipedia:#4211"
            )
        rev = self.revision(title)
        if rev is None:
            raise RetrievalError(f"Wikipedia has no revision of {title!r} before the cutoff")
        return Document(
            "wikipedia",
            _ref(rev),
            _title(rev),
            rev["timestamp"],
            rev["content"],
            _url(rev),
            f"(revision {rev['revid']}, wikitext)",
        )
