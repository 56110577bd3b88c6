"""Condition B's date rules against fixture servers emulating each source's API, and C
without a date limit."""

from __future__ import annotations

import asyncio
import json
from datetime import date

import pytest

from harness.fixtures import SourceFixtures
from openfrontiers.harness.config import Condition, load_config
from openfrontiers.harness.retrieval.service import Retrieval

CUTOFF = date(2026, 1, 6)


@pytest.fixture
def sources(tmp_path):
    with SourceFixtures() as fixtures:
        path = tmp_path / "harness.toml"
        path.write_text(fixtures.config_toml())
        yield fixtures, load_config(path)


def retrieval(tmp_path, config, condition=Condition.B) -> Retrieval:
    return Retrieval(condition, config, CUTOFF, tmp_path / f"retrieval-{condition}.jsonl")


def log(tmp_path, condition=Condition.B) -> list[dict]:
    path = tmp_path / f"retrieval-{condition}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def dropped_by(tmp_path, source: str) -> dict[str, str]:
    (entry,) = [s for s in log(tmp_path)[0]["sources"] if s["source"] == source]
    return {d["ref"]: d["reason"] for d in entry["dropped"]}


def test_arxiv_shows_the_latest_pre_cutoff_version_and_rechecks_hits(tmp_path, sources):
    _, config = sources
    r = retrieval(tmp_path, config)
    text = r.search("Collatz cycles", "arxiv")
    assert "arxiv:2101.00001v2" in text and "improved bounds" in text
    assert "resolved" not in text and "2603.00002" not in text
    dropped = dropped_by(tmp_path, "arxiv")
    assert dropped["arxiv:2603.00002"] == "after the cutoff"
    # The API returned the latest version for v1: that text is never shown in its place.
    assert dropped["arxiv:2104.00004v1"] == "arXiv did not return version v1 of 2104.00004"
    # Matched only by its 2026 version's abstract; the version shown does not match.
    assert dropped["arxiv:2102.00003v1"] == "the shown version does not match"
    doc = r.fetch("arxiv:2101.00001v3")
    assert "arxiv:2101.00001v2" in doc and "v3 is after the cutoff" in doc
    assert "resolved" not in doc
    assert "not available before the cutoff" in r.fetch("arxiv:2603.00002")


def test_wikipedia_shows_the_last_revision_before_the_cutoff(tmp_path, sources):
    _, config = sources
    r = retrieval(tmp_path, config)
    text = r.search("Collatz conjecture", "wikipedia")
    assert "wikipedia:Collatz conjecture (2025-12-01)" in text
    # The snippet is cut from that revision, not the search engine's (today's) snippet.
    assert "is open" in text and "proved in 2026" not in text
    doc = r.fetch("wikipedia:Collatz conjecture")
    assert "is open" in doc and "proved in 2026" not in doc
    assert "no revision" in r.fetch("wikipedia:Collatz cycles (2026)")


def test_openalex_keeps_journal_records_before_the_cutoff_only(tmp_path, sources):
    _, config = sources
    r = retrieval(tmp_path, config)
    text = r.search("Collatz cycles", "openalex")
    assert "openalex:W1" in text and "W2" not in text and "W3" not in text
    # No history exists for a record: B shows its title and venue, never the abstract.
    assert "journal: J. Number Theory" in text and "settled" not in text
    doc = r.fetch("openalex:W1")
    assert "10.1000/jnt.1" in doc and "settled" not in doc and "no abstract" in doc
    assert "settled" in retrieval(tmp_path, config, Condition.C).fetch("openalex:W1")
    dropped = dropped_by(tmp_path, "openalex")
    assert "not a journal or proceedings record" in dropped["openalex:W2"]
    assert dropped["openalex:W3"] == "published on or after the cutoff"
    assert "not available" in r.fetch("openalex:W2")


def test_stack_exchange_shows_posts_before_the_cutoff_at_their_old_revision(tmp_path, sources):
    _, config = sources
    r = retrieval(tmp_path, config)
    text = r.search("Collatz cycles", "mathoverflow")
    assert "mathoverflow:11" in text and "mathoverflow:12" not in text
    assert "bounded" in text and "solved in 2026" not in text
    doc = r.fetch("mathoverflow:11")
    assert "Are Collatz cycles bounded?" in doc and "A partial answer on cycles." in doc
    assert "An old comment." in doc
    for later in ("solved in 2026", "2026 proof", "now edited"):
        assert later not in doc


def test_other_sites_are_refused(tmp_path, sources):
    fixtures, config = sources
    r = retrieval(tmp_path, config)
    before = len(fixtures.requests)
    assert "other sites are refused" in r.fetch("https://example.org/paper")
    assert len(fixtures.requests) == before  # nothing was fetched
    assert "fetch_url is available only with live web access" in asyncio.run(
        r.fetch_url("http://example.org/")
    )


def test_live_web_has_no_date_limit(tmp_path, sources):
    _, config = sources
    r = retrieval(tmp_path, config, Condition.C)
    text = r.search("Collatz cycles", "arxiv")
    assert "arxiv:2101.00001v3" in text and "arxiv:2603.00002" in text
    assert "proved in 2026" in r.fetch("wikipedia:Collatz conjecture")
    assert any(u["key"] == "wikipedia:en:Collatz conjecture" for u in r.urls)


def test_mcp_tools_by_condition(tmp_path, sources):
    from openfrontiers.harness.checking import SubmissionChecker
    from openfrontiers.harness.mcp_server import ToolLog, build_server

    _, config = sources
    checker = SubmissionChecker(tmp_path, tmp_path, tmp_path / "checks.jsonl")
    names = {}
    for condition in Condition:
        r = None if condition is Condition.A else retrieval(tmp_path, config, condition)
        server = build_server(condition, checker, r, ToolLog(tmp_path / "mcp.jsonl"))
        names[condition.value] = sorted(t.name for t in asyncio.run(server.list_tools()))
    assert names == {
        "A": ["check_submission"],
        "B": ["check_submission", "fetch", "search"],
        "C": ["check_submission", "fetch", "fetch_url", "search"],
    }


def test_no_text_dated_after_the_cutoff_reaches_the_agent(tmp_path, sources):
    """Every source's fixture plants post-cutoff text (marked SECRET) in what its search
    API answers; nothing of it reaches the agent, through search or fetch, and the log
    holds exactly what the agent was given."""
    _, config = sources
    r = retrieval(tmp_path, config)
    given = []
    for query in ("Collatz", "Collatz cycles", "Collatz conjecture", "SECRET method"):
        given.append(r.search(query, "all"))
    shown_sources = {s["source"] for entry in log(tmp_path) for s in entry["sources"] if s["hits"]}
    assert shown_sources == {"arxiv", "wikipedia", "openalex", "mathoverflow", "math.se"}
    refs = [h["ref"] for entry in log(tmp_path) for s in entry["sources"] for h in s["hits"]]
    for ref in dict.fromkeys(refs):
        given.append(r.fetch(ref))
    for text in given:
        assert "SECRET" not in text
        assert "Collatz theorem" not in text  # a title given after the cutoff
    # Renamed after the cutoff: shown by page id; retitled with no old title: by id.
    assert "wikipedia:#3" in "\n".join(given)
    assert "mathoverflow:13 (2024-03-01) question 13" in given[0]
    assert [e["returned"] for e in log(tmp_path)] == given
    # The planted text was there to leak: the live condition shows it.
    live = retrieval(tmp_path, config, Condition.C)
    assert "SECRET" in live.search("Collatz", "all")
