"""The retrieval tools of one attempt: which sources, under which cutoff, and the log."""

from __future__ import annotations

import json
import threading
import time
from datetime import date
from pathlib import Path

from ..config import Condition, EvaluatorConfig
from ..urls import normalise
from ..webproxy import Resolver
from .arxiv import Arxiv
from .base import Document, Http, RetrievalError, SearchResult, Source
from .openalex import OpenAlex
from .stackexchange import StackExchange
from .web import fetch_url
from .wikipedia import Wikipedia

SOURCE_ORDER = ("arxiv", "wikipedia", "openalex", "mathoverflow", "math.se")


class Retrieval:
    def __init__(
        self,
        condition: Condition,
        config: EvaluatorConfig,
        cutoff: date | None,
        log_path: Path,
        resolver: Resolver | None = None,
    ) -> None:
        self.condition = condition
        self.cutoff = cutoff if condition is Condition.B else None
        self.http = Http(config.user_agent)
        self.resolver = resolver
        self.user_agent = config.user_agent
        self.log_path = log_path
        self._lock = threading.Lock()
        self.round = 0
        self.urls: list[dict] = []
        endpoints = config.sources
        self.sources: dict[str, Source] = {}
        # Under a cutoff arXiv needs its version history (OAI-PMH); without it, no arXiv
        # (a run allowed to lack sources records which).
        if "arxiv" in endpoints and (self.cutoff is None or "arxiv_oai" in endpoints):
            self.sources["arxiv"] = Arxiv(
                endpoints["arxiv"], endpoints.get("arxiv_oai"), self.http, self.cutoff
            )
        if "wikipedia" in endpoints:
            self.sources["wikipedia"] = Wikipedia(endpoints["wikipedia"], self.http, self.cutoff)
        if "openalex" in endpoints:
            self.sources["openalex"] = OpenAlex(endpoints["openalex"], self.http, self.cutoff)
        if "stackexchange" in endpoints:
            for site in ("mathoverflow", "math.se"):
                self.sources[site] = StackExchange(
                    site, endpoints["stackexchange"], self.http, self.cutoff
                )

    @property
    def available(self) -> list[str]:
        return [s for s in SOURCE_ORDER if s in self.sources]

    def _log(self, entry: dict) -> None:
        entry = {"time": time.time(), "round": self.round, **entry}
        with self._lock, self.log_path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, sort_keys=True) + "\n")

    def _url(self, url: str, via: str) -> None:
        with self._lock:
            self.urls.append(
                {"url": url, "via": via, "round": self.round, **normalise(url).as_dict()}
            )

    def search(self, query: str, source: str = "all", limit: int = 5) -> str:
        """The text the agent gets, logged whole with each source's hits and drops."""
        limit = max(1, min(int(limit), 20))
        names = self.available if source == "all" else [source]
        unknown = [n for n in names if n not in self.sources]
        if unknown:
            text = f"unknown source {source!r}; available: {', '.join(self.available)}"
            self._log({"tool": "search", "source": source, "query": query, "returned": text})
            return text
        lines: list[str] = []
        asked: list[dict] = []
        for name in names:
            started = len(self.http.fetched)
            try:
                found: SearchResult = self.sources[name].search(query, limit)
                error = None
            except RetrievalError as exc:
                found, error = SearchResult(), str(exc)
            asked.append(
                {
                    "source": name,
                    "hits": [h.as_dict() for h in found.hits],
                    "dropped": found.dropped,
                    "error": error,
                    "requests": self.http.fetched[started:],
                }
            )
            if error:
                lines.append(f"[{name}] error: {error}")
            for h in found.hits:
                lines.append(f"[{name}] {h.ref} ({h.date}) {h.title}\n    {h.snippet}")
        header = (
            f"Results limited to content public before {self.cutoff.isoformat()}.\n"
            if self.cutoff
            else ""
        )
        text = header + ("\n".join(lines) if lines else "no results")
        self._log(
            {"tool": "search", "source": source, "query": query, "sources": asked,
             "returned": text}
        )  # fmt: skip
        return text

    def fetch(self, ref: str, offset: int = 0) -> str:
        """The text the agent gets, logged whole."""
        name = ref.split(":", 1)[0].strip().lower() if ":" in ref else ""
        source = self.sources.get(name)
        started = len(self.http.fetched)
        if source is None:
            text = (
                f"cannot fetch {ref!r}: other sites are refused; give a reference from search "
                f"({', '.join(s + ':…' for s in self.available)})"
            )
            self._log({"tool": "fetch", "ref": ref, "error": "refused: unknown source",
                       "returned": text})  # fmt: skip
            return text
        try:
            doc: Document = source.fetch(ref)
        except RetrievalError as exc:
            text = f"cannot fetch {ref}: {exc}"
            self._log({"tool": "fetch", "ref": ref, "error": str(exc), "returned": text,
                       "requests": self.http.fetched[started:]})  # fmt: skip
            return text
        text = doc.render(max(0, int(offset)))
        self._log(
            {"tool": "fetch", "ref": doc.ref, "asked": ref, "url": doc.url, "date": doc.date,
             "offset": offset, "requests": self.http.fetched[started:], "returned": text}
        )  # fmt: skip
        self._url(doc.url, "mcp-fetch")
        return text

    async def fetch_url(self, url: str, offset: int = 0) -> str:
        if self.condition is not Condition.C or self.resolver is None:
            text = "fetch_url is available only with live web access"
            self._log({"tool": "fetch_url", "url": url, "returned": text})
            return text
        try:
            doc, visited = await fetch_url(url, self.resolver, self.user_agent)
        except RetrievalError as exc:
            text = f"cannot fetch {url}: {exc}"
            self._log({"tool": "fetch_url", "url": url, "error": str(exc), "returned": text})
            self._url(url, "mcp-fetch_url-refused")
            return text
        for u in visited:
            self._url(u, "mcp-fetch_url")
        text = doc.render(max(0, int(offset)))
        self._log({"tool": "fetch_url", "url": url, "visited": visited, "returned": text})
        return text
