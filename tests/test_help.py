"""`--help` for people: click's readable metavars (TEXT, INTEGER, PATH ..., table|json) in
place of typer's Python types (`<str>`, `<list[Path]>`), nothing after a flag, and help
paragraphs that flow instead of breaking where the docstring's lines did."""

from __future__ import annotations

import re

import pytest
import typer

from cli_helpers import ofb
from openfrontiers.cli import app
from openfrontiers.commands.helptext import flowing, readable

# What typer writes for a value's type: <str>, <bool>, <list[Path]>, <int range>, <path> …
TYPER_LABEL = re.compile(r"<(?:str|bool|int|float|path|file|directory|list\[[^\]]*\])[^>]*>")


def _verbs() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []

    def walk(command, path: tuple[str, ...]) -> None:
        found.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return found


VERBS = _verbs()


def test_every_verb_is_covered():
    assert len(VERBS) > 30 and ("grade", "run") in VERBS and ("packet", "export") in VERBS


@pytest.mark.parametrize("verb", VERBS, ids=lambda v: " ".join(v) or "ofb")
def test_help_shows_no_python_type_names(capsys, monkeypatch, verb):
    monkeypatch.setenv("COLUMNS", "100")
    run = ofb(capsys, *verb, "--help")
    assert run.code == 0, run.err
    assert TYPER_LABEL.findall(run.out) == []
    help_row = next(line for line in run.out.splitlines() if "--help" in line)
    assert re.search(r"--help\s+Show this message", help_row), help_row  # a flag: no label


def test_values_are_named_as_click_names_them(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    check = ofb(capsys, "check", "--help").out
    assert re.search(r"PATHS\s+PATH \.\.\.\s+Files or folders", check)
    assert "[PATHS]..." in check  # the usage line
    assert re.search(r"--format\s+text\|json\s", check)
    grade = ofb(capsys, "grade", "run", "--help").out
    assert re.search(r"--jobs\s+INTEGER \[x>=1\]", grade)
    assert re.search(r"--key\s+PATH\s", grade) and re.search(r"--wall\s+NUMBER\s", grade)
    items = ofb(capsys, "items", "--help").out
    assert re.search(r"--clean-for\s+MODEL\s", items)  # a metavar the verb chose stays


def test_a_missing_argument_is_named_as_the_usage_line_names_it(capsys):
    run = ofb(capsys, "corpus", "stats")
    assert run.code == 2 and "Missing argument 'PATH'" in run.err


def test_a_verbs_help_flows_in_the_commands_list(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = ofb(capsys, "items", "--help").out
    # the docstrings break after "primary sources read," and "where the evaluator folder is"
    assert "primary sources read, evaluator coverage)" in out
    assert "where the evaluator folder is present, the evaluator's part of each" in out


@pytest.mark.parametrize(
    ("typer_label", "shown"),
    [
        ("<str>", "TEXT"),
        ("<bool>", None),
        ("<int range>", "INTEGER"),
        ("<float>", "NUMBER"),
        ("<path>", "PATH"),
        ("<file>", "FILE"),
        ("<list[Path]>", "PATH ..."),
        ("<list[str]>", "TEXT ..."),
        ("<table|json>", "table|json"),
        ("<uuid>", "UUID"),
        (None, None),
    ],
)
def test_typer_labels_become_readable(typer_label, shown):
    assert readable(typer_label) == shown


def test_paragraphs_flow_but_lists_and_blank_lines_stay():
    text = "One sentence\n    that goes on.\n\nA list:\n- first\n- second"
    assert flowing(text) == "One sentence that goes on.\n\nA list:\n- first\n- second"
