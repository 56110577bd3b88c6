# ruff: noqa: E501 -- fixture tables read best one record a line
"""Loopback fixture servers emulating the APIs condition B reads (arXiv's Atom API and
OAI-PMH arXivRaw, MediaWiki, OpenAlex, Stack Exchange), with records on both sides of the
cutoff 2026-01-06 and later edits that must never be shown: every text dated after the
cutoff carries the word `SECRET` (the search results the fixtures serve carry it too, as a
live index does), and no text before the cutoff does."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


def ts(day: str) -> int:
    return int(datetime.fromisoformat(day).replace(tzinfo=UTC).timestamp())


ARXIV = {
    # id: [(version, date (RFC 2822), title, abstract)]
    "2101.00001": [
        ("v1", "Fri, 1 Jan 2021 10:00:00 GMT", "Cycles in the Collatz map", "We study Collatz cycles."),
        ("v2", "Sun, 1 Jun 2025 10:00:00 GMT", "Cycles in the Collatz map", "Collatz cycles, improved bounds."),
        ("v3", "Sun, 1 Mar 2026 10:00:00 GMT", "Cycles in the Collatz map", "Collatz conjecture resolved by the SECRET method."),
    ],
    "2102.00003": [
        ("v1", "Mon, 1 Feb 2021 10:00:00 GMT", "Unrelated dynamics", "Mixing of flows."),
        ("v2", "Sun, 1 Feb 2026 10:00:00 GMT", "Unrelated dynamics", "Now also the Collatz cycles."),
    ],
    # An API that answers every version with the latest (as a cache might): never shown.
    "2104.00004": [
        ("v1", "Thu, 1 Apr 2021 10:00:00 GMT", "Collatz cycles in flows", "Collatz cycles in flows."),
        ("v2", "Sun, 1 Mar 2026 10:00:00 GMT", "Collatz cycles in flows", "Collatz cycles: the SECRET proof."),
    ],
    "2603.00002": [
        ("v1", "Mon, 2 Mar 2026 10:00:00 GMT", "Collatz cycles settled", "A proof of the Collatz bound."),
    ],
}  # fmt: skip
WIKI = {
    "Collatz conjecture": [
        ("2025-12-01T00:00:00Z", 100, "The Collatz conjecture is open. Cycles are studied."),
        (
            "2026-02-01T00:00:00Z",
            200,
            "The Collatz conjecture was proved in 2026 by the SECRET method.",
        ),
    ],
    "Collatz cycles (2026)": [("2026-02-10T00:00:00Z", 300, "Collatz cycles: new page, SECRET.")],
    # Moved after the cutoff (today's title is news): shown by its page id only.
    "Collatz theorem": [
        (
            "2025-11-01T00:00:00Z",
            400,
            "The '''3x+1 problem''' asks whether every Collatz orbit reaches 1.",
        ),
        ("2026-03-01T00:00:00Z", 500, "The Collatz theorem, proved in 2026 by the SECRET method."),
    ],
}
WIKI_IDS = {title: n for n, title in enumerate(WIKI, start=1)}
BROKEN_VERSIONS = {"2104.00004"}
OPENALEX = [
    {"id": "https://openalex.org/W1", "title": "Collatz cycles in journals", "publication_date": "2024-05-01",
     "primary_location": {"source": {"type": "journal", "display_name": "J. Number Theory"}},
     "doi": "https://doi.org/10.1000/jnt.1",
     # today's record: its abstract was replaced after the cutoff
     "abstract_inverted_index": {"Collatz": [0], "cycles": [1], "settled": [2], "by": [3], "SECRET": [4]}},
    {"id": "https://openalex.org/W2", "title": "Collatz cycles preprint", "publication_date": "2024-06-01",
     "primary_location": {"source": {"type": "repository", "display_name": "arXiv"}},
     "abstract_inverted_index": {"Collatz": [0], "cycles": [1], "resolved": [2]}},
    {"id": "https://openalex.org/W3", "title": "Collatz cycles, 2026", "publication_date": "2026-02-01",
     "primary_location": {"source": {"type": "journal", "display_name": "Annals"}},
     "abstract_inverted_index": {"Collatz": [0], "cycles": [1]}},
]  # fmt: skip
SE_QUESTIONS = {
    11: {"question_id": 11, "title": "Collatz cycles bound?", "creation_date": ts("2024-01-01"),
         "body": "<p>Collatz cycles: solved in 2026 by the SECRET method (edited)</p>"},
    12: {"question_id": 12, "title": "Collatz cycles after the news", "creation_date": ts("2026-02-01"),
         "body": "<p>Collatz cycles again</p>"},
    # Retitled after the cutoff; no pre-cutoff revision names a title.
    13: {"question_id": 13, "title": "Collatz cycles: the SECRET answer (2026)", "creation_date": ts("2024-03-01"),
         "body": "<p>Collatz cycles of length two?</p>"},
}  # fmt: skip
SE_REVISIONS = {
    11: [
        {"creation_date": ts("2024-01-01"), "title": "Collatz cycles bound?", "body": "<p>Are Collatz cycles bounded?</p>"},
        {"creation_date": ts("2026-03-01"), "body": "<p>Collatz cycles: solved in 2026 (edited)</p>"},
    ],
    13: [{"creation_date": ts("2024-03-01"), "body": "<p>Collatz cycles of length two?</p>"}],
    21: [{"creation_date": ts("2024-02-01"), "body": "<p>A partial answer on cycles.</p>"}],
    22: [{"creation_date": ts("2026-03-02"), "body": "<p>The 2026 proof settles it.</p>"}],
}  # fmt: skip
SE_ANSWERS = [
    {"answer_id": 21, "creation_date": ts("2024-02-01"), "body": "<p>now edited</p>"},
    {"answer_id": 22, "creation_date": ts("2026-03-02"), "body": "<p>The 2026 proof.</p>"},
]
SE_COMMENTS = [
    {"post_id": 11, "creation_date": ts("2025-01-01"), "body": "An old comment."},
    {"post_id": 11, "creation_date": ts("2026-02-02"), "body": "A comment linking the 2026 proof."},
]


def _atom(entries: list[tuple[str, str, str, str, str]]) -> bytes:
    body = "".join(
        f"<entry><id>http://arxiv.org/abs/{i}{v}</id><published>{pub}</published>"
        f"<title>{t}</title><summary>{s}</summary><author><name>A. Author</name></author></entry>"
        for i, v, pub, t, s in entries
    )
    return f'<feed xmlns="http://www.w3.org/2005/Atom">{body}</feed>'.encode()


def _iso(rfc: str) -> str:
    from email.utils import parsedate_to_datetime

    return parsedate_to_datetime(rfc).isoformat().replace("+00:00", "Z")


def arxiv(path: str, q: dict) -> tuple[int, bytes, str]:
    if path == "/arxiv/oai":
        ident = q["identifier"][0].removeprefix("oai:arXiv.org:")
        versions = "".join(
            f'<version version="{v}"><date>{d}</date></version>' for v, d, *_ in ARXIV[ident]
        )
        xml = (
            '<OAI-PMH><GetRecord><record><metadata><arXivRaw xmlns="http://arxiv.org/OAI/arXivRaw/">'
            f"<id>{ident}</id>{versions}</arXivRaw></metadata></record></GetRecord></OAI-PMH>"
        )
        return 200, xml.encode(), "application/xml"
    if "id_list" in q:
        ident = q["id_list"][0]
        base, _, version = ident.partition("v")
        rows = ARXIV[base]
        if base in BROKEN_VERSIONS:
            version = ""
        v, _, t, s = next(r for r in rows if r[0] == "v" + version) if version else rows[-1]
        return 200, _atom([(base, v, _iso(rows[0][1]), t, s)]), "application/atom+xml"
    # Search matches today's text (the latest version), as the real index does.
    words = q["search_query"][0].removeprefix("all:").lower().split()
    hits = [
        (i, rows[-1][0], _iso(rows[0][1]), rows[-1][2], rows[-1][3])
        for i, rows in ARXIV.items()
        if all(w in (rows[-1][2] + rows[-1][3]).lower() for w in words)
    ]
    return 200, _atom(hits), "application/atom+xml"


def wikipedia(q: dict) -> tuple[int, bytes, str]:
    if q.get("list") == ["search"]:
        words = q["srsearch"][0].lower().split()
        titles = [
            t for t, revs in WIKI.items() if all(w in (t + revs[-1][2]).lower() for w in words)
        ]
        doc = {"query": {"search": [{"title": t, "snippet": WIKI[t][-1][2]} for t in titles]}}
        return 200, json.dumps(doc).encode(), "application/json"
    if "pageids" in q:
        title = next((t for t, n in WIKI_IDS.items() if str(n) == q["pageids"][0]), "")
    else:
        title = q["titles"][0]
    revs = WIKI.get(title, [])
    if "rvstart" in q:
        revs = [r for r in revs if r[0] <= q["rvstart"][0]]
    if not revs:
        page = {"title": title, "missing": True} if title not in WIKI else {"title": title}
        return 200, json.dumps({"query": {"pages": [page]}}).encode(), "application/json"
    when, revid, content = revs[-1]
    page = {"title": title, "pageid": WIKI_IDS[title], "revisions": [{"revid": revid, "timestamp": when, "slots": {"main": {"content": content}}}]}  # fmt: skip
    return 200, json.dumps({"query": {"pages": [page]}}).encode(), "application/json"


def openalex(path: str) -> tuple[int, bytes, str]:
    if path.startswith("/openalex/works/"):
        ident = path.rsplit("/", 1)[-1]
        work = next((w for w in OPENALEX if w["id"].endswith("/" + ident)), None)
        if work is None:
            return 404, b"{}", "application/json"
        return 200, json.dumps(work).encode(), "application/json"
    # The filter parameter is ignored here: the harness must not rely on the endpoint.
    return 200, json.dumps({"results": OPENALEX}).encode(), "application/json"


def stackexchange(path: str, q: dict) -> tuple[int, bytes, str]:
    def out(items: list) -> tuple[int, bytes, str]:
        return 200, json.dumps({"items": items}).encode(), "application/json"

    if path == "/se/search/advanced":
        return out(list(SE_QUESTIONS.values()))
    parts = path.split("/")
    if parts[2] == "posts" and parts[4] == "revisions":
        return out(SE_REVISIONS.get(int(parts[3]), []))
    if parts[2] == "posts" and parts[4] == "comments":
        ids = {int(x) for x in parts[3].split(";")}
        return out([c for c in SE_COMMENTS if c["post_id"] in ids])
    if parts[2] == "questions" and len(parts) == 5:
        return out(SE_ANSWERS)
    if parts[2] == "questions":
        question = SE_QUESTIONS.get(int(parts[3]))
        return out([question] if question else [])
    return 404, b"{}", "application/json"


class SourceFixtures:
    """All four APIs on one loopback server; `requests` lists every path asked for."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                outer.requests.append(self.path)
                split = urlsplit(self.path)
                q = parse_qs(split.query)
                path = split.path
                if path.startswith("/arxiv"):
                    status, body, media = arxiv(path, q)
                elif path.startswith("/wiki"):
                    status, body, media = wikipedia(q)
                elif path.startswith("/openalex"):
                    status, body, media = openalex(path)
                else:
                    status, body, media = stackexchange(path, q)
                self.send_response(status)
                self.send_header("content-type", media)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def config_toml(self) -> str:
        return "\n".join(
            [
                f'[sources.arxiv]\nurl = "{self.url}/arxiv/api"',
                f'[sources.arxiv_oai]\nurl = "{self.url}/arxiv/oai"',
                f'[sources.wikipedia]\nurl = "{self.url}/wiki/api.php"',
                f'[sources.openalex]\nurl = "{self.url}/openalex"\nmailto = "t@example.org"',
                f'[sources.stackexchange]\nurl = "{self.url}/se"',
            ]
        )

    def __enter__(self) -> SourceFixtures:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
