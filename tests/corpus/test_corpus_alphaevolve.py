"""Importer `alphaevolve`: the page object literal, HTML → Markdown, and the real pages."""

from __future__ import annotations

import contextlib
import json

import pytest
from corpus_helpers import run_importer, shared_source
from hypothesis import given, settings
from hypothesis import strategies as st

from openfrontiers.corpus.importers.alphaevolve import JsSyntaxError, parse_object_literal
from openfrontiers.corpus.text import html_tables, html_to_markdown


def test_object_literal_strings_are_decoded_as_a_browser_would():
    src = r"""const problemData = {
        title: "2. A \"quoted\" title", // a comment
        /* another comment */
        statement: `
            <p>$\\max_{t} f(t)\ dx$ \x41\u0042\u{43} done</p>
        `,
        paperURL: 'https://arxiv.org/abs/1',
    };"""
    data = parse_object_literal(src, src.index("{"))
    assert data["title"] == '2. A "quoted" title'
    assert data["statement"].strip() == r"<p>$\max_{t} f(t) dx$ ABC done</p>"
    assert data["paperURL"] == "https://arxiv.org/abs/1"


@pytest.mark.parametrize(
    "src",
    [
        "{ title: `${x}` }",
        "{ title: 3 }",
        '{ title: "open',
        '{ title: "a\nb" }',
        "{ : 1 }",
        '{ title: "\\u{110000}" }',
        '{ title: "\\u{12" }',
    ],
)
def test_object_literal_errors(src):
    with pytest.raises(JsSyntaxError):
        parse_object_literal(src, 0)


def test_html_to_markdown_keeps_links_lists_tables_and_latex():
    html = """<p>Let $x &lt; 1$ and <b>bold</b> <a href="https://a.org/x">a link</a>.</p>
    <ul><li>one</li><li>two $y$</li></ul>
    <table><caption>Upper bounds for $C$</caption>
    <thead><tr><th>Bound</th><th>Source</th></tr></thead>
    <tbody><tr><td>$2$</td><td><a href="https://b.org">B</a></td></tr></tbody></table>"""
    assert html_to_markdown(html) == (
        "Let $x < 1$ and **bold** [a link](https://a.org/x).\n\n- one\n\n- two $y$\n\n"
        "Upper bounds for $C$\n\n| Bound | Source |\n| --- | --- |\n| $2$ | [B](https://b.org) |"
    )
    assert html_tables(html) == [
        ("Upper bounds for $C$", [[("$2$", None), ("B", "https://b.org")]])
    ]


@pytest.fixture(scope="module")
def pages(config):
    return run_importer(config, "alphaevolve", shared_source("alphaevolve"))


def test_every_page_is_accounted_for(pages):
    html = list((shared_source("alphaevolve") / "problems").glob("*.html"))
    assert pages.seen == len(html)
    kinds = [r["record_kind"] for r in pages.records]
    assert kinds.count("catalogue") == 8
    assert len(pages.records) + len(pages.skips) == len(html)
    assert [(s.locator, s.reason) for s in pages.skips] == [("68", "duplicate-page")]
    assert kinds.count("problem") == 59  # Appendix B: 59 of the pages are problem records


def test_page_content(pages):
    by_id = {r["id"]: r for r in pages.records}
    two = by_id["problem:alphaevolve/2"]
    assert two["status"] == "unassessed"
    assert json.loads(two["source_status_json"]) == {"status_json_class": "world_record"}
    assert two["problem_statement"].startswith("Let $C$ denote the largest constant")
    assert r"\max_{-1/2 \leq t \leq 1/2}" in two["problem_statement"]
    bounds = two["progress"]["bounds"]
    assert [b["direction"] for b in bounds].count("upper") == 3
    assert bounds[0] == {
        "direction": "upper",
        "value": "$\\pi/2 = 1.57059$",
        "reference": "Schinzel-Schmidt",
        "url": "https://eudml.org/doc/278445",
        "date": "2002",
        "comment": None,
    }
    assert "title-number-mismatch" in by_id["problem:alphaevolve/31"]["quality_flags"]
    catalogue = by_id["catalogue:alphaevolve/27"]
    assert catalogue["problem_statement"] is None and catalogue["notes"]
    assert catalogue["quality_flags"] == ["catalogue-only"]
    statuses = json.loads((shared_source("alphaevolve") / "status.json").read_text())
    assert json.loads(by_id["problem:alphaevolve/3"]["source_status_json"]) == {
        "status_json_class": next(k for k, v in statuses.items() if 3 in v)
    }


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="{}:,\"'`\\$ux0123456789abcdef/*\n title", max_size=40))
def test_object_literal_parser_fails_only_with_its_own_error(body):
    with contextlib.suppress(JsSyntaxError):
        assert isinstance(parse_object_literal("{" + body, 0), dict)
