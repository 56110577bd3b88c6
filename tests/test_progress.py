"""Progress on long work: a rich bar on a terminal, plain lines in a pipe or a log,
nothing with --quiet; results stay on stdout either way."""

from __future__ import annotations

import io
import re

from cli_helpers import ofb
from openfrontiers.commands.progress import Bar, Lines, duration, progress, time_label
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
    assert "elapsed" in text and "left 0:" not in text


def test_packet_export_reports_its_phases_on_stderr(checkout, capsys):
    run = ofb(capsys, "packet", "export")
    assert run.code == 0
    assert "checking 1 statement(s) …" in run.err and "building packets (1) …" in run.err
    assert re.search(r"\[1/1\] P[0-9]{3} ", run.err) and "[1/1]" not in run.out
    quiet = ofb(capsys, "packet", "export", "--quiet")
    assert quiet.code == 0 and "building packets" not in quiet.err


def test_spans_read_as_people_say_them():
    assert [duration(s) for s in (0, 1.4, 59.6, 61, 3599, 3600, 7805)] == [
        "0 s",
        "1 s",
        "1 min 00 s",
        "1 min 01 s",
        "59 min 59 s",
        "1 h 00 min",
        "2 h 10 min",
    ]


def test_the_time_label_says_what_is_elapsed_and_what_is_left():
    assert time_label(1.2, 2.0) == "1 s elapsed, ≈ 2 s left"
    assert time_label(0.0, None) == "0 s elapsed"  # no estimate before the first item
    assert time_label(95, 0.0, finished=True) == "1 min 35 s elapsed"


def test_the_bar_estimates_the_time_left_from_the_pace():
    from rich.progress import Progress as RichProgress

    from openfrontiers.commands.progress import _time_column

    now = [0.0]
    bar = RichProgress(get_time=lambda: now[0], console=None, auto_refresh=False)
    task_id = bar.add_task("probing", total=6)
    column = _time_column()
    assert column.render(bar.tasks[0]).plain == "0 s elapsed"  # no pace yet, no guess
    for second in (1.0, 2.0, 3.0):
        now[0] = second
        bar.advance(task_id)
    # one a second: the three left take about three seconds more
    assert column.render(bar.tasks[0]).plain == "3 s elapsed, ≈ 3 s left"
