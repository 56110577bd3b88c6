"""`tomlpos.schema_errors`: the one structural check of the TOML configuration files —
every departure from the schema, each at its key's line under a named rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from openfrontiers.tomlpos import KeyLines, schema_errors

TEXT = """\
[tool]
name = "x"
when = 2026-01-02
[tool.limits]
cpus = 2
"""
SCHEMA = {
    "type": "object",
    "properties": {
        "tool": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "kind": {"enum": ["a", "b"]},
                "when": {"type": "date"},
                "url": {"type": "string", "pattern": "^https?://", "description": "a URL"},
                "limits": {
                    "type": "object",
                    "properties": {"cpus": {"type": "integer"}},
                    "additionalProperties": False,
                },
            },
            "required": ["name"],
            "additionalProperties": False,
        }
    },
}


@pytest.mark.parametrize(
    "change, expected",
    [
        (None, []),
        (('name = "x"', "name = 3"), [(2, "type", "`tool.name` must be a string")]),
        (('name = "x"', 'nme = "x"'), [
            (1, "missing-key", "`tool` needs `name`"),
            (2, "unknown-key", ("unknown key `nme` in `tool` (allowed: kind, limits, name, "
                                "url, when)")),
        ]),
        (("when = 2026-01-02", 'when = "soon"'),
         [(3, "type", "`tool.when` must be a date (YYYY-MM-DD)")]),
        (("when = 2026-01-02", "when = 2026-01-02T10:00:00"),
         [(3, "type", "`tool.when` must be a date (YYYY-MM-DD)")]),
        (('name = "x"', 'name = "x"\nkind = "c"'),
         [(3, "enum", "`tool.kind` = 'c' is not one of a, b")]),
        (('name = "x"', 'name = "x"\nurl = "ftp://h"'),
         [(3, "value", "`tool.url` = 'ftp://h': must be a URL")]),
        (("cpus = 2", "cpus = true"), [(5, "type", "`tool.limits.cpus` must be an integer")]),
    ],
)  # fmt: skip
def test_each_departure_is_reported_at_its_line(tmp_path: Path, change, expected):
    import tomllib

    text = TEXT if change is None else TEXT.replace(*change)
    found = schema_errors(tmp_path / "c.toml", KeyLines(text), tomllib.loads(text), SCHEMA)
    assert [(e.where.line, e.rule, e.detail) for e in found] == expected


def test_a_caller_names_its_rules_and_the_place_of_a_subtable(tmp_path: Path):
    import tomllib

    text = TEXT.replace("cpus = 2", "cpus = 2\ngpus = 1")
    data = tomllib.loads(text)
    limits = SCHEMA["properties"]["tool"]["properties"]["limits"]
    (error,) = schema_errors(
        tmp_path / "c.toml", KeyLines(text), data["tool"]["limits"], limits,
        at=("tool", "limits"), rules={"additionalProperties": "unknown-field"},
    )  # fmt: skip
    assert (error.where.line, error.rule) == (6, "unknown-field")
    assert str(error).startswith(f"{tmp_path / 'c.toml'}:6: unknown-field: unknown key `gpus`")
