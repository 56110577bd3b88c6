"""A TOML file with its key lines, so a bad value is reported at its line; its checks go
through the project's one schema check (`tomlpos.schema_errors`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError, Location, OfbError
from ..tomlpos import KeyLines, load_toml, schema_errors


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

    def validate(
        self, key: tuple[str | int, ...], value: object, schema: dict[str, Any]
    ) -> list[InputError]:
        """What `value`, found at `key`, breaks of `schema` (`tomlpos.schema_errors`)."""
        return schema_errors(self.path, self.lines, value, schema, at=key)

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
    errors += doc.validate(
        key,
        table,
        {
            "type": "object",
            "properties": {name: {} for name in sorted(allowed)},
            "required": sorted(required),
            "additionalProperties": False,
        },
    )


_NON_EMPTY = {"type": "string", "minLength": 1, "description": "a non-empty string"}


def expect_str(
    doc: TomlDoc,
    key: tuple[str | int, ...],
    value: Any,
    errors: list[InputError],
    choices: frozenset[str] | None = None,
) -> str | None:
    """`value` if it is a non-empty string (one of `choices`, when given), else None with
    the problem reported."""
    found = doc.validate(key, value, _NON_EMPTY)
    if not found and choices is not None:
        found = doc.validate(key, value, {"enum": sorted(choices)})
    errors += found
    return None if found else value
