"""Every command keyword of COMMAND_WORDS (written from the sources of Lean, Batteries,
Aesop and Mathlib) is rejected where Lean would start a command at it: hidden after a proof,
on the proof's own line — by the static layer and by `ofb grade static`, with name and line."""

from __future__ import annotations

import json

import pytest
from grading_helpers import submission
from typer.testing import CliRunner

from openfrontiers.cli import app
from openfrontiers.submission import allowlist, static

# Every keyword on the list: each must be rejected wherever Lean would start a command.
WORDS = sorted(allowlist.COMMAND_WORDS)
REFERENCE = submission("honest_yes_no")
NS = {"P901": "P901"}


def hidden(word: str, name: str = "helper") -> str:
    """`word` where Lean would start a command: right after a complete proof, same line."""
    return f"theorem {name} : True := by trivial {word} foo"


def with_lines(lines: list[str]) -> str:
    return REFERENCE.replace("\ntheorem main", "\n" + "\n".join(lines) + "\n\ntheorem main")


@pytest.mark.parametrize("word", WORDS)
def test_a_command_word_hidden_after_a_proof_is_rejected_with_its_name_and_line(word):
    sub = with_lines([hidden(word)])
    line = sub.splitlines().index(hidden(word)) + 1
    issues = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
    hits = [i for i in issues if i.rule == "command" and f"`{word}`" in i.message]
    assert hits, issues
    assert hits[0].line == line
    assert hits[0].column == hidden(word).index(word) + 1


def test_ofb_grade_static_names_every_command_word_and_its_line(repo_here, tmp_path):
    lines = [hidden(word, f"helper{n}") for n, word in enumerate(WORDS)]
    sub = with_lines(lines)
    path = tmp_path / "hidden.lean"
    path.write_text(sub)
    result = CliRunner().invoke(
        app, ["grade", "static", str(path), "--item", "R97", "--format", "json"]
    )
    assert result.exit_code == 1, result.output
    issues = [i for i in json.loads(result.output)["issues"] if i["rule"] == "command"]
    source_lines = sub.splitlines()
    for word, text in zip(WORDS, lines, strict=True):
        line = source_lines.index(text) + 1
        assert any(i["line"] == line and f"`{word}`" in i["message"] for i in issues), word
