"""Progress as people see it: a rich bar (done / total, "1 s elapsed, ≈ 2 s left") with a line
per finished item on a terminal; plain `[done/total] item outcome` lines on stderr when it
is not a terminal (CI logs); nothing with `--quiet`. Results go to stdout either way."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

import typer

from ..progress import SILENT, Progress

if TYPE_CHECKING:
    from rich.progress import Progress as RichProgress
    from rich.progress import ProgressColumn, Task, TaskID

QUIET = typer.Option(False, "--quiet", "-q", help="No progress output (results only).")


class Lines:
    """One plain line per phase and per finished item."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()
        self.total: int | None = None
        self.count = 0
        self.started = time.monotonic()

    def start(self, what: str, total: int | None = None) -> None:
        with self.lock:
            self.total, self.count, self.started = total, 0, time.monotonic()
            self.stream.write(f"{what}" + (f" ({total})" if total is not None else "") + " …\n")
            self.stream.flush()

    def done(self, label: str, outcome: str = "", ok: bool = True) -> None:
        with self.lock:
            self.count += 1
            # An item with an outcome gets its line; others only every tenth of the way,
            # so a log shows the pace without a line per packet.
            step = max(1, -(-(self.total or 0) // 10))
            if not outcome and self.count % step and self.count != self.total:
                return
            of = f"/{self.total}" if self.total is not None else ""
            took = time.monotonic() - self.started
            tail = f" {outcome}" if outcome else ""
            self.stream.write(f"[{self.count}{of}] {label}{tail} ({took:.0f} s)\n")
            self.stream.flush()


class Bar:
    """A rich progress bar on stderr, with each item's outcome printed above it."""

    def __init__(self, bar: RichProgress) -> None:
        self.bar = bar
        self.task: TaskID | None = None

    def start(self, what: str, total: int | None = None) -> None:
        if self.task is not None:
            self.bar.update(self.task, visible=False)
            self.bar.stop_task(self.task)
        self.task = self.bar.add_task(what, total=total)

    def done(self, label: str, outcome: str = "", ok: bool = True) -> None:
        from rich.markup import escape

        if outcome:
            mark = "[green]✓[/]" if ok else "[bold red]✗[/]"
            self.bar.console.print(f"{mark} {escape(label)}  {escape(outcome)}", highlight=False)
        if self.task is not None:
            self.bar.advance(self.task)


@contextmanager
def progress(quiet: bool = False, stream: TextIO | None = None) -> Iterator[Progress]:
    """The progress display for one command run."""
    stream = stream or sys.stderr
    if quiet:
        yield SILENT
        return
    if not stream.isatty():
        yield Lines(stream)
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, SpinnerColumn, TextColumn
    from rich.progress import Progress as RichProgress

    columns = (
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _time_column(),
    )
    with RichProgress(*columns, console=Console(file=stream), transient=True) as bar:
        yield Bar(bar)


def duration(seconds: float) -> str:
    """`42 s`, `3 min 05 s`, `2 h 10 min`: a span as people say it, rounded to what matters."""
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def time_label(elapsed: float | None, left: float | None, finished: bool = False) -> str:
    """What the bar says about time: `1 s elapsed, ≈ 2 s left` (no estimate before the
    first item is done, none once all are)."""
    said = f"{duration(elapsed or 0)} elapsed"
    if left is None or finished:
        return said
    return f"{said}, ≈ {duration(left)} left"


def _time_column() -> ProgressColumn:
    # rich loads only when a bar is shown: `ofb --help` and the verbs' mounting never need it.
    from rich.progress import ProgressColumn
    from rich.text import Text

    class TimeColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            label = time_label(task.elapsed, task.time_remaining, task.finished)
            return Text(label, style="progress.elapsed")

    return TimeColumn()
