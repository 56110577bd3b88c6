"""OpenAlex: journal and proceedings records published before the cutoff, nothing else
(a merged preprint record can carry a post-cutoff abstract)."""

from __future__ import annotations

from datetime import date, timedelta

from ..config import SourceEndpoint
from .base import Document, Hit, Http, RetrievalError, SearchResult, before, excerpt, recheck

VENUES = ("journal", "conference")
PREFIX = "openalex:"


def abstract(inverted: dict | None) -> str:
    if not inverted:
        return ""
    positions = sorted((p, word) for word, ps in inverted.items() for p in ps)
    return " ".join(word for _, word in positions)


class OpenAlex:
    name = "openalex"

    def __init__(self, api: SourceEndpoint, http: Http, cutoff: date | None) -> None:
        self.api, self.http, self.cutoff = api, http, cutoff

    def _params(self) -> dict[str, str]:
        return {k: v for k, v in self.api.params.items() if k in ("mailto", "api_key")}

    def admissible(self, work: dict) -> str | None:
        """Why a record may not be shown, or None."""
        if self.cutoff is None:
            return None
        source = ((work.get("primary_location") or {}).get("source") or {}).get("type")
        if source not in VENUES:
            return f"not a journal or proceedings record ({source})"
        published = work.get("publication_date")
        try:
            when = date.fromisoformat(str(published))
        except ValueError:
            return "no publication date"
        if not before(when, self.cutoff):
            return "published on or after the cutoff"
        return None

    def shown_text(self, work: dict) -> str:
        """What B shows of a record, and re-checks a hit against: the title alone. OpenAlex
        keeps no history of a record, and its abstract may have been replaced after the
        cutoff (a merged record, a correction), so B shows the bibliographic record (title,
        authors, venue, date, DOI) and never the abstract. Live (C): the abstract too."""
        title = str(work.get("title") or "")
        if self.cutoff is not None:
            return title
        return title + " " + abstract(work.get("abstract_inverted_index"))

    def snippet(self, query: str, work: dict) -> str:
        if self.cutoff is None:
            return excerpt(query, abstract(work.get("abstract_inverted_index")))
        source = (work.get("primary_location") or {}).get("source") or {}
        return f"{source.get('type')}: {source.get('display_name') or 'venue not named'}"

    def search(self, query: str, limit: int) -> SearchResult:
        result = SearchResult()
        params = {"search": query, "per-page": str(limit * 2), **self._params()}
        if self.cutoff is not None:
            last = (self.cutoff - timedelta(days=1)).isoformat()
            params["filter"] = (
                f"to_publication_date:{last},primary_location.source.type:journal|conference"
            )
        data = self.http.get_json(self.api.url, "/works", params)
        for work in data.get("results") or []:
            if len(result.hits) >= limit:
                break
            ref = PREFIX + str(work.get("id", "")).rsplit("/", 1)[-1]
            why = self.admissible(work)
            if why is not None:  # re-checked here: the endpoint's filter is not trusted
                result.dropped.append({"ref": ref, "reason": why})
                continue
            if not recheck(query, self.shown_text(work)):
                result.dropped.append({"ref": ref, "reason": "the record does not match"})
                continue
            result.hits.append(
                Hit(
                    "openalex",
                    ref,
                    str(work.get("title") or ""),
                    str(work.get("publication_date") or ""),
                    self.snippet(query, work),
                    str(work.get("doi") or work.get("id") or ""),
                )
            )
        return result

    def fetch(self, ref: str) -> Document:
        ident = ref.strip().removeprefix(PREFIX)
        if not ident.startswith("W") or not ident[1:].isdigit():
            raise RetrievalError(f"not an OpenAlex work id: {ref!r} (e.g. openalex:W2741809807)")
        work = self.http.get_json(self.api.url, f"/works/{ident}", self._params())
        why = self.admissible(work)
        if why is not None:
            raise RetrievalError(f"OpenAlex {ident} is not available: {why}")
        venue = ((work.get("primary_location") or {}).get("source") or {}).get("display_name")
        authors = ", ".join(
            str((a.get("author") or {}).get("display_name", ""))
            for a in work.get("authorships") or []
        )
        text = f"Authors: {authors}\nVenue: {venue}\nDOI: {work.get('doi')}"
        if self.cutoff is None:
            text += "\n\nAbstract: " + abstract(work.get("abstract_inverted_index"))
        return Document(
            "openalex",
            PREFIX + ident,
            str(work.get("title") or ""),
            str(work.get("publication_date") or ""),
            text,
            str(work.get("doi") or work.get("id") or ""),
            "(the bibliographic record: no abstract before the cutoff)" if self.cutoff else "",
        )
