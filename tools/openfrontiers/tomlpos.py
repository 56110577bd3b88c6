"""Where keys are defined in a TOML file, so errors can name a line; and the schema check
every configuration file's structure goes through (`schema_errors`).

`tomllib` returns values without positions. This scanner reads the file once more and maps
each key path — `("items", "R01", "title")`, or `("items", "R01", "reviews", 0, "verdict")`
for the first `[[items.R01.reviews]]` table — to the line that defines it. Keys inside
inline tables and multi-line arrays resolve to the line of the enclosing key.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from .errors import BadInput, InputError, Location

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
    """The line of every key path in one TOML text, read the first time a line is asked
    for: most loads find no error, and the scan costs as much as parsing the file."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: dict[Path_, int] | None = None

    @property
    def lines(self) -> dict[Path_, int]:
        if self._lines is None:
            self._lines = self._scan(self._text)
        return self._lines

    @staticmethod
    def _scan(text: str) -> dict[Path_, int]:
        lines: dict[Path_, int] = {}
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
                lines.setdefault(table, lineno)
            elif line.startswith("["):
                table = _split_key(line[1 : line.find("]")])
                lines.setdefault(table, lineno)
            elif "=" in line:
                key, _, value = line.partition("=")
                lines.setdefault(table + _split_key(key), lineno)
                open_string, depth = _value_state(value.strip())
        return lines

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


# -- schemas -------------------------------------------------------------------------------

# The rule each kind of schema failure is reported under (a caller may rename them).
SCHEMA_RULES = {
    "additionalProperties": "unknown-key",
    "required": "missing-key",
    "type": "type",
    "enum": "enum",
    "date": "type",
}
_TYPE_WORDS = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "object": "a table",
    "array": "a list",
    "date": "a date (YYYY-MM-DD)",
}


def _is_date(_checker: object, value: object) -> bool:
    return isinstance(value, date) and not isinstance(value, datetime)


@cache
def _validator() -> Any:
    """JSON Schema 2020-12 over TOML values: also the type "date" (a TOML local date).
    Made on first use: importing jsonschema costs a third of a small command's start."""
    import jsonschema

    return jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("date", _is_date),
    )


def schema_errors(
    path: Path,
    lines: KeyLines,
    data: object,
    schema: dict[str, Any],
    at: Path_ = (),
    rules: Mapping[str, str] | None = None,
) -> list[InputError]:
    """Every way `data` (found at key path `at` of the TOML file `path`) departs from
    `schema`, each an `InputError` at the line of its key, under the rule `SCHEMA_RULES`
    (or `rules`) names: unknown and missing keys, wrong types, values outside an enum, and
    anything else a schema says (a subschema's `description` says what the value must be).
    The one validation of the project's TOML configuration files."""
    names = {**SCHEMA_RULES, **(rules or {})}
    found: dict[tuple[int, str, str], InputError] = {}

    def add(key: Path_, rule: str, message: str) -> None:
        error = InputError(Location(path, lines.line(key)), names.get(rule, rule), message)
        found.setdefault((error.where.line or 0, error.rule, message), error)

    for error in _validator()(schema).iter_errors(data):
        key = (*at, *error.absolute_path)
        where = ".".join(map(str, key)) or "the file"
        value, sub, kind = error.instance, error.schema, error.validator
        if kind == "additionalProperties" and isinstance(value, dict):
            allowed = sorted(sub.get("properties", {}))
            patterns = list(sub.get("patternProperties", {}))
            for name in sorted(value):
                if name not in allowed and not any(re.search(p, name) for p in patterns):
                    shown = f" (allowed: {', '.join(allowed)})" if allowed else ""
                    add((*key, name), kind, f"unknown key `{name}` in `{where}`{shown}")
        elif kind == "required" and isinstance(value, dict):
            for name in error.validator_value:
                if name not in value:
                    add(key, kind, f"`{where}` needs `{name}`")
        elif kind == "type":
            wanted = error.validator_value
            words = " or ".join(
                _TYPE_WORDS.get(t, t) for t in ([wanted] if isinstance(wanted, str) else wanted)
            )
            add(key, "date" if wanted == "date" else kind, f"`{where}` must be {words}")
        elif kind == "enum":
            choices = ", ".join(map(str, error.validator_value))
            add(key, kind, f"`{where}` = {value!r} is not one of {choices}")
        elif isinstance(sub, dict) and sub.get("description"):
            add(key, "value", f"`{where}` = {value!r}: must be {sub['description']}")
        else:
            add(key, "value", f"`{where}`: {error.message}")
    return sorted(found.values(), key=lambda e: (e.where.line or 0, e.rule, e.message))


def raise_errors(errors: list[InputError]) -> None:
    """Raise what `schema_errors` (and a caller's own checks) found: nothing, the one error,
    or every one in a single `BadInput`, one line each."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise BadInput(f"{len(errors)} problems:\n" + "\n".join(map(str, errors)))
