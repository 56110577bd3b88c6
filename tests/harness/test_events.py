"""The event-stream readers read an agent's output in bounded pieces (issue 28, item 4): a
newline-free "line" of any size is skipped to its end and counted, never held whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from openfrontiers.harness import events


def claude_line(**fields) -> bytes:
    return json.dumps({"type": "system", "session_id": "s-1", **fields}).encode() + b"\n"


def test_lines_are_read_whatever_the_chunk_boundaries(tmp_path, monkeypatch):
    monkeypatch.setattr(events, "CHUNK", 7)
    path = tmp_path / "round.jsonl"
    path.write_bytes(claude_line() + b"\n  \n" + b"not json\n" + claude_line(x=1)[:-1])
    summary = events.read_claude(path)
    assert (summary.events, summary.unparsed_lines, summary.oversized_lines) == (2, 1, 0)
    assert summary.session_id == "s-1"


def test_an_oversized_line_is_skipped_and_counted(tmp_path, monkeypatch):
    monkeypatch.setattr(events, "MAX_EVENT_LINE", 100)
    monkeypatch.setattr(events, "CHUNK", 64)
    path = tmp_path / "round.jsonl"
    path.write_bytes(b"x" * 1000 + b"\n" + claude_line() + b"y" * 500)
    summary = events.read_claude(path)
    assert summary.oversized_lines == 2 and summary.events == 1 and summary.session_id == "s-1"
    assert summary.as_dict()["oversized_lines"] == 2


def _peak_mib_reading(path) -> float:
    """Peak memory of a fresh interpreter that reads `path` as a Claude stream."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from openfrontiers.harness.events import read_claude\n"
        "s = read_claude(Path(sys.argv[1]))\n"
        "import openfrontiers.harness.events as e\n"
        "hwm = [l for l in Path('/proc/self/status').read_text().splitlines()"
        " if l.startswith('VmHWM:')][0].split()[1]\n"
        "print(s.oversized_lines, s.events, hwm, e.__file__)\n"
    )
    # A fresh interpreter that imports this checkout's package and nothing else of ours.
    # Its peak is VmHWM, which exec resets; ru_maxrss keeps the forking pytest's own peak.
    tools = Path(events.__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-s", "-c", code, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=path.parent,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tools)},
    )
    oversized, n_events, rss_kib, where = done.stdout.split()
    assert where == events.__file__  # the reader under test, not an installed copy
    assert (int(oversized), int(n_events)) == (1, 1)
    rss_kib = int(rss_kib)
    return rss_kib / 1024


def test_a_sparse_newline_free_stream_does_not_grow_the_reader(tmp_path):
    """The red team's stream: seek to 256 MiB, write one byte, then one event."""
    path = tmp_path / "round.jsonl"
    with path.open("wb") as fh:
        fh.seek(256 << 20)
        fh.write(b"!\n" + claude_line())
    peak = _peak_mib_reading(path)
    # Reading the line whole would need its 256 MiB at least; in pieces the interpreter
    # with its imports stays far below that.
    assert peak < 160, f"{peak:.0f} MiB"


@pytest.mark.parametrize("reader", sorted(events.READERS))
def test_every_reader_counts_oversized_lines(tmp_path, monkeypatch, reader):
    monkeypatch.setattr(events, "MAX_EVENT_LINE", 10)
    path = tmp_path / "round.jsonl"
    path.write_bytes(b"z" * 50 + b"\n")
    assert events.READERS[reader](path).oversized_lines == 1
