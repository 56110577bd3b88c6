"""Tables and text for people: as wide as the terminal (in a pipe or a log, `$COLUMNS` or
`PIPE_WIDTH`), with cells that wrap at word boundaries. URLs and commands never go into
wrapping cells: a verb prints them whole on lines of their own (`soft_wrap`), so they can
be copied. LaTeX in titles is shown as plain text (`plain_title`)."""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

# Without a terminal (a pipe, a log) and without $COLUMNS, tables are laid out this wide.
PIPE_WIDTH = 120


def console(stderr: bool = False) -> Console:
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None
    if not stream.isatty():
        columns = os.environ.get("COLUMNS", "")
        width = int(columns) if columns.isdigit() and int(columns) > 0 else PIPE_WIDTH
    return Console(file=stream, width=width, highlight=False)


def table(*columns: str, title: str | None = None) -> Table:
    """A table whose columns share the width; the last column (the free text) wraps first."""
    from rich.table import Table

    out = Table(title=title, show_header=True, header_style="bold")
    for n, name in enumerate(columns):
        last = n == len(columns) - 1
        out.add_column(name, overflow="fold" if last else "ellipsis", ratio=1 if last else None)
    return out


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
