"""A TOML file with its key lines, so a bad value is reported at its line."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError, Location, OfbError
from ..tomlpos import KeyLines, load_toml


class ConfigError(OfbError):
    """One or more problems in a configuration file; the message lists them all."""

    def __init__(self, errors: list[InputError]) -> None:
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = errors


@dataclass
class TomlDoc:
    path: Path
    data: dict[str, Any]
    lines: KeyLines
    sha256: str

    @classmethod
    def load(cls, path: Path) -> TomlDoc:
        data, lines = load_toml(path)
        return cls(path, data, lines, hashlib.sha256(path.read_bytes()).hexdigest())

    def error(self, key: tuple[str | int, ...], rule: str, message: str) -> InputError:
        return InputError(Location(self.path, self.lines.line(key)), rule, message)

    def table(self, key: str, errors: list[InputError]) -> dict[str, Any]:
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            errors.append(self.error((key,), "type", f"`{key}` must be a table"))
            return {}
        return value


def check_keys(
    doc: TomlDoc,
    key: tuple[str | int, ...],
    table: dict[str, Any],
    allowed: set[str],
    required: set[str],
    errors: list[InputError],
) -> None:
    """Report keys that are unknown or missing in one table."""
    for name in sorted(set(table) - allowed):
        errors.append(
            doc.error(
                key + (name,),
                "unknown-key",
                f"unknown key `{name}` (allowed: {', '.join(sorted(allowed))})",
            )
        )
    for name in sorted(required - set(table)):
        errors.append(doc.error(key, "missing-key", f"`{'.'.join(map(str, key))}` needs `{name}`"))


def expect_str(
    doc: TomlDoc,
    key: tuple[str | int, ...],
    value: Any,
    errors: list[InputError],
    choices: frozenset[str] | None = None,
) -> str | None:
    if not isinstance(value, str) or not value:
        errors.append(doc.error(key, "type", f"`{key[-1]}` must be a non-empty string"))
        return None
    if choices is not None and value not in choices:
        errors.append(
            doc.error(
                key, "enum", f"`{key[-1]}` = {value!r} is not one of {', '.join(sorted(choices))}"
            )
        )
        return None
    return value
