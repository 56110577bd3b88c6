"""Output for people: tables that fit any terminal from 60 columns up (headers shorten,
low-value columns go, free text wraps), commands and URLs whole, titles without LaTeX
markup."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest
from rich.cells import cell_len

from cli_helpers import ofb
from ofb_testing import REPO
from openfrontiers.commands.tables import WRAP_MIN, Col, plain_title, table


@pytest.mark.parametrize(
    ("title", "shown"),
    [
        ("walks in $\\mathbb{Z}$3", "walks in ℤ3"),
        ("is $|A+A| \\leq 2|A|$?", "is |A+A| ≤ 2|A|?"),
        ("$\\varphi(n) \\mid n-1$", "φ(n) ∣ n-1"),
        ("R(3;k)$^{1/k}$ as $k \\to \\infty$", "R(3;k)^(1/k) as k → ∞"),
        ("fractional parts {$\\alpha$ pn}", "fractional parts {α pn}"),  # braces of the text stay
        ("$\\operatorname{ex}(n, C_4)$", "ex(n, C_4)"),
        ("a prize of $500", "a prize of $500"),  # one dollar sign is not math
        ("no markup at all", "no markup at all"),
    ],
)
def test_titles_lose_their_latex_markup(title, shown):
    assert plain_title(title) == shown


WIDTHS = (60, 80, 120)

# Every table a verb prints that runs here (the evaluator key and the corpus registry are
# the repository's own), each of them at every width.
VERBS = {
    "items": ("items",),
    "items HQ-50": ("items", "--subset", "HQ-50"),
    "items --clean-for": ("items", "--clean-for", "gpt-6.1-sol"),
    "items scores": ("items", "scores"),
    "doctor": ("doctor",),
    "corpus sources": ("corpus", "sources"),
    "cert list": ("cert", "list"),
}


def _lines(text: str) -> list[str]:
    return text.splitlines()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("verb", VERBS)
def test_every_table_a_verb_prints_fits_the_terminal(capsys, monkeypatch, width, verb):
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # doctor: the same rows wherever it runs
    run = ofb(capsys, *VERBS[verb])
    assert run.code in (0, 1), run.err  # doctor exits 1 where Lean is missing
    # doctor's fixes are commands printed whole on purpose (they may run past the edge)
    table_part = run.out.split("\nTo fix:")[0]
    too_wide = [line for line in _lines(table_part) if cell_len(line) > width]
    assert too_wide == [], f"{verb} at {width} columns: {too_wide[:3]}"
    assert "┃" in table_part  # a table was printed, not an error


@pytest.fixture(scope="module")
def corpus_build(tmp_path_factory):
    """A small corpus build (the formal-conjectures fixture) for `ofb corpus stats`."""
    out = tmp_path_factory.mktemp("corpus") / "build"
    fixture = REPO / "tests" / "corpus" / "fixtures" / "fc"
    done = subprocess.run(
        [sys.executable, "-m", "openfrontiers", "corpus", "build", "--quiet", "--out", str(out)]
        + ["--source", f"formal-conjectures={fixture}", "--snapshot-at", "2026-10-10"],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO / "tools")},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("width", WIDTHS)
def test_corpus_stats_fits_the_terminal(capsys, monkeypatch, corpus_build, width):
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    monkeypatch.setenv("COLUMNS", str(width))
    run = ofb(capsys, "corpus", "stats", str(corpus_build))
    assert run.code == 0, run.err
    assert max(cell_len(line) for line in _lines(run.out)) <= width
    assert "12,151 / 4,751" in run.out  # the paper's figures stay whole, on one line


@pytest.mark.parametrize("width", WIDTHS)
def test_the_items_table_keeps_every_id_whole(capsys, monkeypatch, width):
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    monkeypatch.setenv("COLUMNS", str(width))
    run = ofb(capsys, "items", "--format", "table")
    ids = {line.split("│")[1].strip() for line in _lines(run.out) if line.startswith("│ ")}
    from openfrontiers.project import Project

    assert {i.id for i in Project.find().register} <= ids


def test_hq50_at_60_columns_takes_a_few_lines_an_item(capsys, monkeypatch):
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    monkeypatch.setenv("COLUMNS", "60")
    run = ofb(capsys, "items", "--subset", "HQ-50")
    assert run.code == 0
    assert len(_lines(run.out)) < 4 * 50  # it took 903 lines with every column kept
    header = next(line for line in _lines(run.out) if line.startswith("┃"))
    assert "id" in header and "title" in header and "split" not in header
    assert "not shown at this width: split, area, tier/prio, answer" in " ".join(run.out.split())


def test_wide_terminals_show_every_column(capsys, monkeypatch):
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    monkeypatch.setenv("COLUMNS", "200")
    run = ofb(capsys, "items", "--subset", "HQ-50")
    header = next(line for line in _lines(run.out) if line.startswith("┃"))
    assert "not shown" not in run.out
    assert [c.strip() for c in header.strip("┃").split("┃")] == [
        "id",
        "split",
        "area",
        "tier/prio",
        "status",
        "answer",
        "title",
    ]


# Tables of verbs that need Lean or a Ray cluster, built from rows as they would print them.
def _module_table():
    from openfrontiers.build import ModuleReport
    from openfrontiers.commands.build import module_table

    return module_table(
        [
            ModuleReport("FrontierBench.Util.Answer", "FrontierBench/Util/Answer.lean", "ok", 3.2),
            ModuleReport("FrontierBench.O02", "FrontierBench/O02.lean", "error", 41.7),
        ]
    )


def _probe_table():
    from openfrontiers.commands.probe import probe_table
    from openfrontiers.probe.run import ItemReport, ProbeResult

    proved = ProbeResult("True_decide", "True", "True", "decide", "main", "PROVES", "proved")
    return probe_table(
        [
            ItemReport("O02", "clean", seconds=12.5),
            ItemReport("E03", "PROVES", [proved], seconds=3.1),
            ItemReport("N04", "skipped", detail="no reference answer for a value item " * 2),
        ]
    )


def _verdict_table():
    from openfrontiers.commands.grade import verdict_table

    line = {
        "packet": "P017",
        "item": "O02",
        "verdict": "unsolved",
        "stage": "static",
        "certificate": {"verdict": "none"},
        "timings": {"total": 12.25},
        "reason": "the submission changes the statement: main's type differs from the packet's",
    }
    return verdict_table([line, {**line, "packet": "P018", "verdict": "solved", "reason": ""}])


def _nodes_table():
    from openfrontiers.commands.cluster import nodes_table

    node = {
        "id": "7f3a9c0d2b1e4f5a6b7c8d9e",
        "alive": True,
        "groups": ["grading", "attempts"],
        "jail_check": "passed",
        "cpus": 2.0,
        "memory_gib": 7.5,
    }
    return nodes_table([node, {**node, "alive": False, "groups": []}])


BUILT = {
    "build": _module_table,
    "probe": _probe_table,
    "grade": _verdict_table,
    "cluster status": _nodes_table,
}


def _render(listing, width: int) -> str:
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, highlight=False, color_system=None).print(listing)
    return out.getvalue()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("verb", BUILT)
def test_the_tables_of_lean_and_ray_verbs_fit(width, verb):
    text = _render(BUILT[verb](), width)
    assert max(cell_len(line) for line in _lines(text)) <= width
    assert "…" not in text  # nothing cut: the one-line columns fit whole, the rest wraps


def _listing():
    listing = table(
        "id",
        Col("split", drop=2),
        Col("answer", "ans", drop=1),
        Col("status"),
        Col("title", wrap=True),
    )
    listing.add_row("R01", "Rediscovery-110", "yes-no", "needs-source", "a title " * 12)
    return listing


def test_low_value_columns_go_first_and_headers_shorten():
    listing = _listing()
    assert listing.layout(200).headers == ["id", "split", "answer", "status", "title"]
    narrow = listing.layout(80)
    assert narrow.headers == ["id", "answer", "status", "title"] and narrow.fits
    assert listing.layout(60).headers == ["id", "status", "title"]


def test_free_text_keeps_half_the_width():
    shown = _listing().layout(60)
    assert shown.floors[-1] >= 30


def test_free_text_settles_for_less_before_anything_wraps():
    listing = table(Col("text", wrap=True), "build", "paper")
    listing.add_row("Records from problem / workshop lists", "12,151 / 4,751", "8,349 / 3,516")
    shown = listing.layout(60)  # half of 60 would leave the figures too little room
    assert shown.fits and shown.headers == ["text", "build", "paper"]
    assert WRAP_MIN <= shown.floors[0] < 30


def test_a_table_too_wide_for_the_terminal_wraps_every_column_rather_than_cut_it():
    listing = table("one", "two", "three", Col("text", wrap=True))
    listing.add_row("a" * 30, "b" * 30, "c" * 30, "some words")
    assert not listing.layout(60).fits
    text = _render(listing, 60)
    assert max(cell_len(line) for line in _lines(text)) <= 60
    assert "…" not in text and "".join(re.findall(r"a+", text)) == "a" * 30


def test_a_row_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match="a row of 2 cells for 3 columns"):
        table("a", "b", "c").add_row("x", "y")


def test_doctor_prints_each_fix_whole_on_a_narrow_terminal(checkout, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no elan here: its fix is a long command
    run = ofb(capsys, "doctor")
    fixes = [line for line in run.out.splitlines() if re.match(r"\s+elan: ", line)]
    assert fixes and "https://" in fixes[0] and fixes[0].rstrip().endswith("none")
