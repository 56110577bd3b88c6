"""Parsing `lean --json` output and `#print axioms` answers, on fixtures written from the
format (one JSON object per message per line)."""

from __future__ import annotations

from pathlib import Path

from openfrontiers.lean.diagnostics import counts, parse_axioms, parse_json_output

FIXTURE = Path(__file__).parent / "fixtures" / "messages.jsonl"


def messages():
    return parse_json_output(FIXTURE.read_text(encoding="utf-8"))


def test_every_severity_and_position():
    found, _other = messages()
    assert [m.severity for m in found] == [
        "information",
        "warning",
        "warning",
        "error",
        "error",
        "information",
        "information",
        "information",
    ]
    first = found[0]
    assert (first.file, first.line, first.column, first.end_line, first.end_column) == (
        "FrontierBench/X.lean",
        3,
        0,
        3,
        7,
    )
    assert first.kind == "[anonymous]"
    assert first.as_dict()["column"] == 1  # reports count columns from 1
    assert first.text() == "FrontierBench/X.lean:3:1: information: 2"


def test_missing_or_null_end_position():
    found, _ = messages()
    assert found[2].end_line is None and found[2].end_column is None  # endPos missing
    assert found[3].end_line is None  # endPos null


def test_non_messages_are_kept_apart():
    _, other = messages()
    assert other == ["INTERNAL PANIC: out of memory", '{"not": "a message"}']


def test_both_sorry_spellings():
    found, _ = messages()
    assert [m.is_sorry for m in found[1:3]] == [True, True]
    assert counts(found) == {"information": 4, "warning": 2, "error": 2, "sorry": 2}


def test_heartbeat_timeout_is_recognised():
    found, _ = messages()
    assert [m.is_timeout for m in found] == [False, False, False, False, True, False, False, False]


def test_print_axioms_lists_that_wrap():
    found, _ = messages()
    assert parse_axioms(found[5].message) == {
        "FrontierBench.X.a_rather_long_declaration_name_that_wraps": (
            "propext",
            "Classical.choice",
            "Quot.sound",
        )
    }
    assert parse_axioms(found[6].message) == {"FrontierBench.X.b": ("sorryAx",)}
    assert parse_axioms(found[7].message) == {"FrontierBench.X.c": ()}
    assert parse_axioms("unknown constant 'x'") == {}


def test_garbage_never_raises():
    for text in (
        "",
        "{",
        '{"severity": "error"}',
        '{"severity": "error", "pos": {"line": "1"}}',
        "[1, 2]",
        '{"severity": "nope", "pos": {"line": 1, "column": 0}, "data": ""}',
    ):
        found, _other = parse_json_output(text)
        assert found == []
