"""Where keys are defined in a TOML file, so errors can name a line.

`tomllib` returns values without positions. This scanner reads the file once more and maps
each key path — `("items", "R01", "title")`, or `("items", "R01", "reviews", 0, "verdict")`
for the first `[[items.R01.reviews]]` table — to the line that defines it. Keys inside
inline tables and multi-line arrays resolve to the line of the enclosing key.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from .errors import InputError, Location

Path_ = tuple[str | int, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _split_key(text: str) -> tuple[str, ...]:
    parts: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t.":
            i += 1
        elif ch in "\"'":
            close = text.find(ch, i + 1)
            close = n if close < 0 else close
            parts.append(text[i + 1 : close])
            i = close + 1
        else:
            m = _BARE_KEY.match(text, i)
            if not m:
                break
            parts.append(m.group())
            i = m.end()
    return tuple(parts)


def _value_state(value: str) -> tuple[str | None, int]:
    """After a value's first line: an open multi-line string delimiter, and open brackets."""
    for delim in ('"""', "'''"):
        if value.startswith(delim) and value.count(delim) == 1:
            return delim, 0
    depth = 0
    in_str: str | None = None
    i = 0
    while i < len(value):
        ch = value[i]
        if in_str:
            if ch == "\\" and in_str == '"':
                i += 1
            elif ch == in_str:
                in_str = None
        elif ch in "\"'":
            in_str = ch
        elif ch == "#":
            break
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        i += 1
    return None, max(depth, 0)


class KeyLines:
    """The line of every key path in one TOML text."""

    def __init__(self, text: str) -> None:
        self.lines: dict[Path_, int] = {}
        table: Path_ = ()
        counts: dict[Path_, int] = {}
        open_string: str | None = None
        depth = 0
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if open_string:
                if open_string in line:
                    open_string = None
                continue
            if depth:
                _, delta = _value_state("[" * depth + line)
                depth = delta
                continue
            if not line or line.startswith("#"):
                continue
            if line.startswith("[["):
                path = _split_key(line[2 : line.find("]]")])
                counts[path] = counts.get(path, -1) + 1
                table = path + (counts[path],)
                self.lines.setdefault(table, lineno)
            elif line.startswith("["):
                table = _split_key(line[1 : line.find("]")])
                self.lines.setdefault(table, lineno)
            elif "=" in line:
                key, _, value = line.partition("=")
                self.lines.setdefault(table + _split_key(key), lineno)
                open_string, depth = _value_state(value.strip())

    def line(self, path: Path_) -> int:
        """The line of `path`, or of its nearest defined ancestor (0 if none)."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return 0


def load_toml(path: Path) -> tuple[dict[str, Any], KeyLines]:
    """Parse a TOML file; a syntax error becomes an `InputError` naming the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(Location(path), "file-missing", "no such file") from None
    except UnicodeDecodeError as exc:
        raise InputError(Location(path), "encoding", f"not UTF-8 ({exc.reason})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        where = Location(path, int(m.group(1)), int(m.group(2))) if m else Location(path)
        raise InputError(where, "toml-syntax", str(exc).split(" (at line")[0]) from None
    return data, KeyLines(text)
