"""Tables and text for people: as wide as the terminal (in a pipe or a log, `$COLUMNS` or
`PIPE_WIDTH`), from 60 columns up: a `Listing` shortens its headers and leaves out its
low-value columns (saying which) until the rest fits, and its free text wraps at word
boundaries. URLs and commands never go into
wrapping cells: a verb prints them whole on lines of their own (`soft_wrap`), so they can
be copied. LaTeX in titles is shown as plain text (`plain_title`)."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

# Without a terminal (a pipe, a log) and without $COLUMNS, tables are laid out this wide.
PIPE_WIDTH = 120
# A column of free text keeps at least this width, and the free text together at least half
# the table: narrower, a title takes a line a word and a listing hundreds of lines.
WRAP_MIN = 20
# What the borders and padding of a rich table take per column (│ x ), plus one closing │.
_RULES = 3


def console(stderr: bool = False) -> Console:
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None
    if not stream.isatty():
        columns = os.environ.get("COLUMNS", "")
        width = int(columns) if columns.isdigit() and int(columns) > 0 else PIPE_WIDTH
    return Console(file=stream, width=width, highlight=False)


@dataclass(frozen=True)
class Col:
    """A column: its header, a shorter header for narrow terminals, whether it holds free
    text that wraps (the others stay on one line), and when it may go: a column with `drop`
    n > 0 is left out where the table would not fit otherwise, the highest n first."""

    name: str
    short: str = ""
    wrap: bool = False
    drop: int = 0


@dataclass
class Listing:
    """A table laid out when it is printed, for the width it is printed at: headers shorten,
    then low-value columns go, until the one-line columns fit whole beside the free text's
    share; where even that cannot be, every column wraps rather than lose its text."""

    columns: list[Col]
    title: str | None = None
    caption: str | None = None
    rows: list[tuple[str, ...]] = field(default_factory=list)

    def add_row(self, *cells: str) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {len(cells)} cells for {len(self.columns)} columns")
        self.rows.append(cells)

    def layout(self, width: int) -> Layout:
        """What is shown at `width`: the columns kept, their headers, whether they fit. The
        free text asks for half the width first; where the one-line columns leave it less
        even with every low-value column gone, it settles for `WRAP_MIN`."""
        free = sum(1 for c in self.columns if c.wrap)
        generous = self._fit(width, max(WRAP_MIN, width // (2 * free)) if free else 0)
        return generous if generous.fits else self._fit(width, WRAP_MIN)

    def _fit(self, width: int, share: int) -> Layout:
        from rich.cells import cell_len

        content = [
            max((_cell_width(row[i]) for row in self.rows), default=0)
            for i in range(len(self.columns))
        ]

        def floor(i: int, names: list[str]) -> int:
            # One-line columns need their widest cell; free text its share, or less if short.
            natural = max(content[i], cell_len(names[i]))
            return min(natural, max(share, cell_len(names[i]))) if self.columns[i].wrap else natural

        def needed(kept: list[int], names: list[str]) -> int:
            return _RULES * len(kept) + 1 + sum(floor(i, names) for i in kept)

        kept = list(range(len(self.columns)))
        names = [c.name for c in self.columns]
        if needed(kept, names) > width:
            names = [c.short or c.name for c in self.columns]
        droppable = sorted((i for i in kept if self.columns[i].drop), key=self._drop_rank)
        while droppable and needed(kept, names) > width:
            kept.remove(droppable.pop(0))
        full = [c.name for c in self.columns]
        if needed(kept, full) <= width:  # with fewer columns the full headers may fit again
            names = full
        return Layout(
            kept,
            [names[i] for i in kept],
            [floor(i, names) for i in kept],
            needed(kept, names) <= width,
        )

    def _drop_rank(self, i: int) -> tuple[int, int]:
        return (-self.columns[i].drop, -i)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.table import Table

        shown = self.layout(options.max_width)
        left_out = [c.name for i, c in enumerate(self.columns) if i not in shown.kept]
        notes = [self.caption] if self.caption else []
        if left_out:  # say what a wider terminal would show, so nothing goes unnoticed
            notes.append(f"not shown at this width: {', '.join(left_out)}")
        caption = "; ".join(notes) or None
        out = Table(title=self.title, caption=caption, show_header=True, header_style="bold")
        for i, name, floor in zip(shown.kept, shown.headers, shown.floors, strict=True):
            if self.columns[i].wrap:
                out.add_column(name, overflow="fold", min_width=floor if shown.fits else None)
            else:
                out.add_column(name, overflow="fold", no_wrap=shown.fits)
        for row in self.rows:
            out.add_row(*(row[i] for i in shown.kept))
        yield out


@dataclass(frozen=True)
class Layout:
    kept: list[int]
    headers: list[str]
    floors: list[int]
    fits: bool


def _cell_width(cell: str) -> int:
    from rich.text import Text

    return max((line.cell_len for line in Text.from_markup(cell).split()), default=0)


def table(*columns: str | Col, title: str | None = None) -> Listing:
    """A table of these columns; where none is marked free text, the last one is."""
    cols = [c if isinstance(c, Col) else Col(c) for c in columns]
    if not any(c.wrap for c in cols):
        last = cols[-1]
        cols[-1] = Col(last.name, last.short, wrap=True, drop=last.drop)
    return Listing(cols, title=title)


# LaTeX that titles use, and what a reader sees for it.
_COMMANDS = {
    r"\mathbb{N}": "ℕ",
    r"\mathbb{Z}": "ℤ",
    r"\mathbb{Q}": "ℚ",
    r"\mathbb{R}": "ℝ",
    r"\mathbb{C}": "ℂ",
    r"\mathbb{F}": "𝔽",
    r"\mathbb{P}": "ℙ",
    r"\le": "≤",
    r"\leq": "≤",
    r"\ge": "≥",
    r"\geq": "≥",
    r"\ne": "≠",
    r"\neq": "≠",
    r"\times": "×",
    r"\cdot": "·",
    r"\infty": "∞",
    r"\to": "→",
    r"\mid": "∣",
    r"\pm": "±",
    r"\sqrt": "√",
    r"\log": "log",
    r"\sum": "∑",
    r"\prod": "∏",
    r"\in": "∈",
    r"\subset": "⊂",
    r"\subseteq": "⊆",
    r"\varphi": "φ",
    r"\phi": "φ",
    r"\pi": "π",
    r"\alpha": "α",
    r"\beta": "β",
    r"\gamma": "γ",
    r"\delta": "δ",
    r"\epsilon": "ε",
    r"\varepsilon": "ε",
    r"\lambda": "λ",
    r"\mu": "μ",
    r"\sigma": "σ",
    r"\omega": "ω",
    r"\ell": "ℓ",
    r"\zeta": "ζ",
    r"\theta": "θ",
    r"\nu": "ν",
    r"\chi": "χ",
    r"\Sigma": "Σ",
    r"\cap": "∩",
    r"\bigcap": "⋂",
    r"\cup": "∪",
    r"\gg": "≫",
    r"\ll": "≪",
    r"\langle": "⟨",
    r"\rangle": "⟩",
    r"\lfloor": "⌊",
    r"\rfloor": "⌋",
    r"\surd": "√",
    r"\prime": "′",
    r"\square": "□",
    r"\ldots": "…",
    r"\dots": "…",
    r"\cdots": "⋯",
}
_COMMAND = re.compile(r"\\mathbb\{[A-Z]\}|\\[A-Za-z]+")
_WRAPPERS = re.compile(r"\\(?:mathrm|mathit|mathbf|mathcal|operatorname|text|textrm)\{([^{}]*)\}")


def plain_title(text: str) -> str:
    """`$\\mathbb{Z}$3` → `ℤ3`: the text between `$…$` delimiters loses its markup (common
    commands become the symbols they stand for, font wrappers and grouping braces go,
    unknown commands lose only their backslash); the text outside is kept as written."""
    parts = text.split("$")
    if len(parts) % 2 == 0:  # an unpaired $ is a dollar sign, not math
        return text
    return " ".join("".join(_math(p) if i % 2 else p for i, p in enumerate(parts)).split())


def _math(text: str) -> str:
    out = _WRAPPERS.sub(r"\1", text)
    out = _COMMAND.sub(lambda m: _COMMANDS.get(m.group(0), m.group(0)[1:]), out)
    out = out.replace("^′", "′").replace("^{′}", "′").replace("\\{", "{").replace("\\}", "}")
    out = re.sub(r"([_^])\{([^{}]{2,})\}", r"\1(\2)", out)  # n^{3/2} → n^(3/2)
    return re.sub(r"(?<![\\])\{([^{}]*)\}", r"\1", out)
