"""arXiv: papers first submitted before the cutoff, in their latest pre-cutoff version.

Search goes to the arXiv API (`/api/query`, Atom); a hit's version history comes from
OAI-PMH's `arXivRaw` format (`<version version="vN"><date>…</date>`), and the text shown
(title, abstract) is that version's own entry (`/api/query?id_list=IDvN`)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date, datetime
from email.utils import parsedate_to_datetime

from ..config import SourceEndpoint
from .base import Document, Hit, Http, RetrievalError, SearchResult, before, parse_iso, recheck

ATOM = "{http://www.w3.org/2005/Atom}"
RAW = "{http://arxiv.org/OAI/arXivRaw/}"
REF = re.compile(r"(?:arxiv:)?(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?", re.IGNORECASE)


def _entries(xml: bytes) -> list[dict]:
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise RetrievalError(f"arXiv's answer is not XML: {exc}") from None
    out = []
    for entry in root.iter(f"{ATOM}entry"):
        ident = (entry.findtext(f"{ATOM}id") or "").rsplit("/abs/", 1)[-1]
        m = REF.fullmatch(ident)
        if m is None:
            continue
        out.append(
            {
                "id": m.group(1),
                "version": m.group(2),
                "title": " ".join((entry.findtext(f"{ATOM}title") or "").split()),
                "summary": " ".join((entry.findtext(f"{ATOM}summary") or "").split()),
                "published": parse_iso(entry.findtext(f"{ATOM}published")),
                "authors": [
                    a.findtext(f"{ATOM}name") or "" for a in entry.findall(f"{ATOM}author")
                ],
            }
        )
    return out


class Arxiv:
    name = "arxiv"

    def __init__(
        self, api: SourceEndpoint, oai: SourceEndpoint | None, http: Http, cutoff: date | None
    ) -> None:
        if cutoff is not None and oai is None:
            raise RetrievalError("arXiv under a cutoff needs the arxiv_oai endpoint")
        self.api, self.oai, self.http, self.cutoff = api, oai, http, cutoff

    def versions(self, ident: str) -> list[tuple[str, datetime]]:
        assert self.oai is not None
        xml = self.http.get(
            self.oai.url,
            "",
            {
                "verb": "GetRecord",
                "identifier": f"oai:arXiv.org:{ident}",
                "metadataPrefix": "arXivRaw",
            },
        )
        try:
            root = ET.fromstring(xml)
        except ET.ParseError as exc:
            raise RetrievalError(f"arXiv OAI's answer is not XML: {exc}") from None
        found = []
        for v in root.iter(f"{RAW}version"):
            when = v.findtext(f"{RAW}date")
            try:
                moment = parsedate_to_datetime(when) if when else None
            except (TypeError, ValueError):
                moment = None
            if moment is not None:
                found.append((v.get("version", ""), moment))
        return found

    def allowed_version(self, ident: str) -> tuple[str | None, str]:
        """The newest version public before the cutoff, and its date (None: none is)."""
        if self.cutoff is None:
            return None, ""
        pre = [(v, d) for v, d in self.versions(ident) if before(d, self.cutoff)]
        if not pre:
            return None, "first submitted on or after the cutoff"
        version, moment = max(pre, key=lambda vd: int(vd[0].lstrip("v") or 0))
        return version, moment.date().isoformat()

    def entry(self, ident: str, version: str | None) -> dict:
        entries = _entries(
            self.http.get(
                self.api.url, "", {"id_list": ident + (version or ""), "max_results": "1"}
            )
        )
        if not entries:
            raise RetrievalError(f"arXiv has no entry {ident}{version or ''}")
        if version is not None and entries[0]["version"] != version:
            # Another version's text (the latest, say) must never stand in for the one asked.
            raise RetrievalError(f"arXiv did not return version {version} of {ident}")
        return entries[0]

    def search(self, query: str, limit: int) -> SearchResult:
        result = SearchResult()
        raw = _entries(
            self.http.get(
                self.api.url,
                "",
                {"search_query": f"all:{query}", "start": "0", "max_results": str(limit * 3)},
            )
        )
        for e in raw:
            if len(result.hits) >= limit:
                break
            if not before(e["published"], self.cutoff):
                result.dropped.append({"ref": f"arxiv:{e['id']}", "reason": "after the cutoff"})
                continue
            version, shown_date = (
                e["version"],
                (e["published"].date().isoformat() if e["published"] else ""),
            )
            shown = e
            if self.cutoff is not None:
                version, shown_date = self.allowed_version(e["id"])
                if version is None:
                    result.dropped.append({"ref": f"arxiv:{e['id']}", "reason": shown_date})
                    continue
                try:
                    shown = self.entry(e["id"], version)
                except RetrievalError as exc:
                    result.dropped.append({"ref": f"arxiv:{e['id']}{version}", "reason": str(exc)})
                    continue
            text = shown["title"] + " " + shown["summary"]
            ref = f"arxiv:{e['id']}{version or ''}"
            if not recheck(query, text):
                result.dropped.append({"ref": ref, "reason": "the shown version does not match"})
                continue
            result.hits.append(
                Hit(
                    "arxiv",
                    ref,
                    shown["title"],
                    shown_date,
                    shown["summary"][:400],
                    f"https://arxiv.org/abs/{e['id']}{version or ''}",
                )
            )
        return result

    def fetch(self, ref: str) -> Document:
        m = REF.fullmatch(ref.strip())
        if m is None:
            raise RetrievalError(f"not an arXiv reference: {ref!r} (e.g. arxiv:2101.00001)")
        ident, asked = m.group(1), m.group(2)
        version, shown_date = asked, ""
        note = ""
        if self.cutoff is not None:
            allowed, shown_date = self.allowed_version(ident)
            if allowed is None:
                raise RetrievalError(f"arXiv {ident} is not available before the cutoff")
            if asked and int(asked[1:]) > int(allowed[1:]):
                note = f"({asked} is after the cutoff; showing {allowed})"
            version = allowed if not asked or int(asked[1:]) > int(allowed[1:]) else asked
        e = self.entry(ident, version)
        if not shown_date and e["published"]:
            shown_date = e["published"].date().isoformat()
        text = f"Authors: {', '.join(e['authors'])}\n\nAbstract: {e['summary']}"
        return Document(
            "arxiv",
            f"arxiv:{ident}{version or ''}",
            e["title"],
            shown_date,
            text,
            f"https://arxiv.org/abs/{ident}{version or ''}",
            note or "(title, authors and abstract of this version)",
        )
