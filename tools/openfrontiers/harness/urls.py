"""URL normalisation for condition C: every URL an attempt touched, in a form that can be
compared with an item's located solution sources (Appendix E: arXiv id, DOI, repository,
problem page). Pure functions; nothing is fetched."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit

ARXIV_NEW = re.compile(r"(\d{4}\.\d{4,5})(v\d+)?", re.IGNORECASE)
ARXIV_OLD = re.compile(r"([a-z\-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?", re.IGNORECASE)
DOI = re.compile(r"(10\.\d{4,9}/[^\s?#]+)", re.IGNORECASE)
TRACKING = re.compile(r"utm_.*|fbclid|gclid|ref|ref_src|source", re.IGNORECASE)
SE_SITES = {
    "mathoverflow.net": "mathoverflow",
    "math.stackexchange.com": "math.se",
}
REPO_HOSTS = {"github.com", "gitlab.com", "bitbucket.org", "codeberg.org"}


@dataclass(frozen=True)
class Normalised:
    url: str
    kind: str  # arxiv, doi, repository, problem-page, wikipedia, page
    key: str  # e.g. arxiv:2101.00001, doi:10.1000/x, repo:github.com/o/r, erdos:152
    version: str | None = None  # an arXiv version, where the URL named one

    def as_dict(self) -> dict:
        d = {"url": self.url, "kind": self.kind, "key": self.key}
        if self.version:
            d["version"] = self.version
        return d


def _arxiv(host: str, path: str) -> Normalised | None:
    if not (host.endswith("arxiv.org") or host == "alphaxiv.org"):
        return None
    m = re.fullmatch(r"/(?:abs|pdf|html|format|src)/(.+?)(?:\.pdf)?/?", path)
    if m is None:
        return None
    ident = m.group(1)
    for pattern in (ARXIV_NEW, ARXIV_OLD):
        found = pattern.fullmatch(ident)
        if found:
            return Normalised("", "arxiv", f"arxiv:{found.group(1).lower()}", found.group(2))
    return None


def normalise(url: str) -> Normalised:
    """The URL's kind and key; anything unrecognised is a page keyed by host and path."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return Normalised(url, "page", f"url:{url.strip()[:200]}")
    host = (parts.hostname or "").lower().removeprefix("www.").removeprefix("m.")
    path = unquote(parts.path or "/")
    found = _arxiv(host, path)
    if found is not None:
        return Normalised(url, found.kind, found.key, found.version)
    if host in ("doi.org", "dx.doi.org"):
        return Normalised(url, "doi", "doi:" + path.lstrip("/").lower())
    m = DOI.search(path)
    if m and ("/doi/" in path or host.startswith(("link.springer", "journals."))):
        return Normalised(url, "doi", "doi:" + m.group(1).rstrip("/").lower())
    segments = [s for s in path.split("/") if s]
    if host in REPO_HOSTS and len(segments) >= 2:
        repo = segments[1].removesuffix(".git")
        return Normalised(url, "repository", f"repo:{host}/{segments[0].lower()}/{repo.lower()}")
    if host == "raw.githubusercontent.com" and len(segments) >= 2:
        return Normalised(
            url, "repository", f"repo:github.com/{segments[0].lower()}/{segments[1].lower()}"
        )
    if host == "erdosproblems.com":
        numbers = [s for s in segments if s.isdigit()]
        if numbers:
            return Normalised(url, "problem-page", f"erdos:{numbers[-1]}")
    if (
        host in SE_SITES
        and len(segments) >= 2
        and segments[0] in ("questions", "q", "a")
        and segments[1].isdigit()
    ):
        return Normalised(url, "problem-page", f"{SE_SITES[host]}:{segments[1]}")
    if host.endswith("wikipedia.org") and len(segments) >= 2 and segments[0] == "wiki":
        title = "/".join(segments[1:]).replace("_", " ")
        return Normalised(url, "wikipedia", f"wikipedia:{host.split('.')[0]}:{title}")
    if host.endswith("wikipedia.org") and path == "/w/index.php":
        named = dict(parse_qsl(parts.query)).get("title")
        if named:
            return Normalised(
                url, "wikipedia", f"wikipedia:{host.split('.')[0]}:{named.replace('_', ' ')}"
            )
    query = urlencode(
        sorted((k, v) for k, v in parse_qsl(parts.query) if not TRACKING.fullmatch(k))
    )
    key = f"url:{host}{path.rstrip('/') or '/'}" + (f"?{query}" if query else "")
    return Normalised(url, "page", key)
