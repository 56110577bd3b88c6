"""How long work reports how far it got. Stages call a `Progress`; the command decides how
it shows: a bar on a terminal, plain lines elsewhere, nothing with `--quiet`
(`openfrontiers.commands.progress`). Stages may call it from worker threads."""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    def start(self, what: str, total: int | None = None) -> None:
        """A new phase: `what` is done to `total` things (None: a count not known)."""
        ...

    def done(self, label: str, outcome: str = "", ok: bool = True) -> None:
        """One thing of the current phase finished; `outcome` is worth a line of its own."""
        ...


class Silent:
    """Progress that shows nothing: the default of every stage."""

    def start(self, what: str, total: int | None = None) -> None:
        pass

    def done(self, label: str, outcome: str = "", ok: bool = True) -> None:
        pass


SILENT = Silent()
