"""MathOverflow and Math.SE (the Stack Exchange API): questions, answers and comments
posted before the cutoff, each shown at its last pre-cutoff revision."""

from __future__ import annotations

from datetime import UTC, date, datetime

from ..config import SourceEndpoint
from .base import (
    Document,
    Hit,
    Http,
    RetrievalError,
    SearchResult,
    excerpt,
    recheck,
    strip_html,
)

SITES = {"mathoverflow": "mathoverflow", "math.se": "math"}
HOSTS = {"mathoverflow": "mathoverflow.net", "math.se": "math.stackexchange.com"}


def epoch(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp())


class StackExchange:
    def __init__(self, site: str, api: SourceEndpoint, http: Http, cutoff: date | None) -> None:
        self.name = site  # "mathoverflow" or "math.se"
        self.site = SITES[site]
        self.api, self.http, self.cutoff = api, http, cutoff

    def _params(self, **extra: str) -> dict[str, str]:
        params = {"site": self.site, **extra}
        if "key" in self.api.params:
            params["key"] = self.api.params["key"]
        return params

    def _before(self, created: object) -> bool:
        return self.cutoff is None or (
            isinstance(created, int | float) and created < epoch(self.cutoff)
        )

    def last_revision(self, post_id: int) -> dict | None:
        """The post's body (and title) as of its last revision before the cutoff."""
        data = self.http.get_json(
            self.api.url, f"/posts/{post_id}/revisions", self._params(filter="withbody")
        )
        revisions = [
            r
            for r in data.get("items") or []
            if self._before(r.get("creation_date")) and r.get("body") is not None
        ]
        if not revisions:
            return None
        newest = max(revisions, key=lambda r: r.get("creation_date", 0))
        titled = [r for r in revisions if r.get("title")]
        title = max(titled, key=lambda r: r.get("creation_date", 0))["title"] if titled else ""
        # No pre-cutoff revision names a title: the question is shown by its id only, never
        # under today's title.
        return {
            "body": newest["body"],
            "title": title or f"question {post_id}",
            "date": newest.get("creation_date"),
        }

    def search(self, query: str, limit: int) -> SearchResult:
        result = SearchResult()
        params = self._params(q=query, pagesize=str(limit * 2), order="desc", sort="relevance")
        if self.cutoff is not None:
            params["todate"] = str(epoch(self.cutoff) - 1)
        data = self.http.get_json(self.api.url, "/search/advanced", params)
        for q in data.get("items") or []:
            if len(result.hits) >= limit:
                break
            qid = int(q.get("question_id", 0))
            ref = f"{self.name}:{qid}"
            if not self._before(q.get("creation_date")):
                result.dropped.append({"ref": ref, "reason": "posted on or after the cutoff"})
                continue
            title, body, when = str(q.get("title", "")), "", q.get("creation_date")
            if self.cutoff is not None:
                rev = self.last_revision(qid)
                if rev is None:
                    result.dropped.append({"ref": ref, "reason": "no revision before"})
                    continue
                title, body, when = rev["title"], rev["body"], rev["date"]
            if not recheck(query, title + " " + strip_html(body)):
                result.dropped.append({"ref": ref, "reason": "the revision does not match"})
                continue
            result.hits.append(
                Hit(
                    self.name,
                    ref,
                    strip_html(title),
                    datetime.fromtimestamp(int(when or 0), UTC).date().isoformat(),
                    excerpt(query, strip_html(body)),
                    f"https://{HOSTS[self.name]}/questions/{qid}",
                )
            )
        return result

    def fetch(self, ref: str) -> Document:
        text_id = ref.strip().rsplit(":", 1)[-1]
        if not text_id.isdigit():
            raise RetrievalError(f"not a question id: {ref!r} (e.g. {self.name}:12345)")
        qid = int(text_id)
        data = self.http.get_json(
            self.api.url, f"/questions/{qid}", self._params(filter="withbody")
        )
        items = data.get("items") or []
        if not items or not self._before(items[0].get("creation_date")):
            raise RetrievalError(f"{self.name} question {qid} is not available before the cutoff")
        question = items[0]
        title, body = str(question.get("title", "")), str(question.get("body", ""))
        if self.cutoff is not None:
            rev = self.last_revision(qid)
            if rev is None:
                raise RetrievalError(f"{self.name} question {qid} has no revision before")
            title, body = rev["title"], rev["body"]
        parts = [f"Question: {strip_html(body)}"]
        answers = self.http.get_json(
            self.api.url, f"/questions/{qid}/answers", self._params(filter="withbody")
        )
        post_ids = [qid]
        for a in answers.get("items") or []:
            if not self._before(a.get("creation_date")):
                continue
            aid = int(a.get("answer_id", 0))
            abody = str(a.get("body", ""))
            if self.cutoff is not None:
                rev = self.last_revision(aid)
                if rev is None:
                    continue
                abody = rev["body"]
            post_ids.append(aid)
            parts.append(f"Answer {aid}: {strip_html(abody)}")
        comments = self.http.get_json(
            self.api.url,
            "/posts/" + ";".join(map(str, post_ids)) + "/comments",
            self._params(filter="withbody"),
        )
        for c in comments.get("items") or []:
            if self._before(c.get("creation_date")):
                parts.append(f"Comment on {c.get('post_id')}: {strip_html(str(c.get('body', '')))}")
        return Document(
            self.name,
            f"{self.name}:{qid}",
            strip_html(title),
            datetime.fromtimestamp(int(question.get("creation_date", 0)), UTC).date().isoformat(),
            "\n\n".join(parts),
            f"https://{HOSTS[self.name]}/questions/{qid}",
        )
