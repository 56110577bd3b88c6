"""The live table of a run: attempts queued, running (with their round) and ended."""

from __future__ import annotations

import threading
import time
from typing import Any

from rich.console import Console
from rich.live import Live
from rich.table import Table


class LiveTable:
    def __init__(self, packets: list[str], console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.state: dict[str, dict[str, Any]] = {p: {"state": "queued"} for p in packets}
        self.started: dict[str, float] = {}
        self._lock = threading.Lock()
        self._live: Live | None = None

    def update(self, packet: str, info: dict) -> None:
        with self._lock:
            entry = self.state.setdefault(packet, {})
            entry.update(info)
            if info.get("state") in ("starting", "running") and packet not in self.started:
                self.started[packet] = time.monotonic()
            if info.get("state") in ("ended", "failed") and packet in self.started:
                entry["minutes"] = (time.monotonic() - self.started[packet]) / 60
        if self._live is not None:
            self._live.update(self.render())
        elif not self.console.is_terminal and info.get("state") in ("ended", "failed"):
            detail = info.get("end_reason") or info.get("error") or ""
            self.console.print(f"{packet}: {info['state']} {detail}", highlight=False)

    def render(self) -> Table:
        table = Table(title="attempts", expand=False)
        for column in ("packet", "state", "round", "minutes", "end reason"):
            table.add_column(column)
        with self._lock:
            for packet, entry in self.state.items():
                minutes = entry.get("minutes")
                if minutes is None and packet in self.started:
                    minutes = (time.monotonic() - self.started[packet]) / 60
                table.add_row(
                    packet,
                    str(entry.get("state")) + (" (earlier)" if entry.get("resumed") else ""),
                    str(entry.get("round", "")),
                    f"{minutes:.1f}" if minutes is not None else "",
                    str(entry.get("end_reason") or entry.get("error") or ""),
                )
        return table

    def __enter__(self) -> LiveTable:
        if self.console.is_terminal:
            self._live = Live(self.render(), console=self.console, refresh_per_second=2)
            self._live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.update(self.render())
            self._live.__exit__(None, None, None)
            self._live = None
