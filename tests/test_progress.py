"""Progress on long work: a rich bar on a terminal, plain lines in a pipe or a log,
nothing with --quiet; results stay on stdout either way."""

from __future__ import annotations

import io
import re

from cli_helpers import ofb
from openfrontiers.commands.progress import Bar, Lines, progress
from openfrontiers.progress import SILENT


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_plain_lines_when_not_a_terminal():
    stream = io.StringIO()
    with progress(stream=stream) as shown:
        assert isinstance(shown, Lines)
        shown.start("probing", 3)
        shown.done("O02", "clean")
        shown.done("E03", "PROVES", ok=False)
        shown.done("N01", "clean")
    lines = stream.getvalue().splitlines()
    assert lines[0] == "probing (3) …"
    assert [line.split(" (")[0] for line in lines[1:]] == [
        "[1/3] O02 clean",
        "[2/3] E03 PROVES",
        "[3/3] N01 clean",
    ]


def test_items_without_an_outcome_are_counted_every_tenth_of_the_way():
    stream = io.StringIO()
    with progress(stream=stream) as shown:
        shown.start("building packets", 100)
        for n in range(100):
            shown.done(f"P{n:03d}")
    counted = [line.split("]")[0] for line in stream.getvalue().splitlines()[1:]]
    assert counted == [f"[{n}/100" for n in range(10, 101, 10)]


def test_quiet_shows_nothing():
    stream = Terminal()
    with progress(quiet=True, stream=stream) as shown:
        assert shown is SILENT
        shown.start("x", 1)
        shown.done("y", "z")
    assert stream.getvalue() == ""


def test_a_bar_with_a_line_per_item_on_a_terminal():
    stream = Terminal()
    with progress(stream=stream) as shown:
        assert isinstance(shown, Bar)
        shown.start("probing", 2)
        shown.done("O02", "clean")
        shown.done("E03", "PROVES", ok=False)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())  # colours and cursor moves
    assert "✓ O02  clean" in text and "✗ E03  PROVES" in text
    assert "2/2" in text  # done / total, as the bar last showed it


def test_packet_export_reports_its_phases_on_stderr(checkout, capsys):
    run = ofb(capsys, "packet", "export")
    assert run.code == 0
    assert "checking 1 statement(s) …" in run.err and "building packets (1) …" in run.err
    assert re.search(r"\[1/1\] P[0-9]{3} ", run.err) and "[1/1]" not in run.out
    quiet = ofb(capsys, "packet", "export", "--quiet")
    assert quiet.code == 0 and "building packets" not in quiet.err
