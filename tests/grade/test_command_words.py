"""Every command keyword added to COMMAND_WORDS from the sources of Lean, Batteries, Aesop
and Mathlib is rejected where Lean would start a command at it: hidden after a proof, on
the proof's own line — by the static layer and by `ofb grade static`, with name and line."""

from __future__ import annotations

import json

import pytest
from grading_helpers import GradingCheckout, submission
from typer.testing import CliRunner

from openfrontiers.cli import app
from openfrontiers.submission import allowlist, static

# The words added when the list was completed from the sources (allowlist.py groups them
# by origin); each must stay rejected.
ADDED = [
    "docs_to_verso",
    "end_local_scope",
    "gen_injective_theorems",
    "init_quot",
    "recommended_spelling",
    "tactic_extension",
    "with_weak_namespace",
    "builtin_dsimproc_decl",
    "builtin_grind_propagator",
    "builtin_simproc_decl",
    "register_try?_tactic",
    "set_library_suggestions",
    "show_panel_widgets",
    "def_wanted",
    "instance_wanted",
    "theorem_wanted",
    "declare_aesop_exception",
    "register_aesop_check_option",
    "count_heartbeats",
]
REFERENCE = submission("honest_yes_no")
NS = {"P901": "P901"}


def hidden(word: str, name: str = "helper") -> str:
    """`word` where Lean would start a command: right after a complete proof, same line."""
    return f"theorem {name} : True := by trivial {word} foo"


def with_lines(lines: list[str]) -> str:
    return REFERENCE.replace("\ntheorem main", "\n" + "\n".join(lines) + "\n\ntheorem main")


def test_every_added_word_is_on_the_list():
    assert set(ADDED) <= allowlist.COMMAND_WORDS
    assert len(set(ADDED)) == len(ADDED)


@pytest.mark.parametrize("word", ADDED)
def test_added_word_hidden_after_a_proof_is_rejected_with_its_name_and_line(word):
    sub = with_lines([hidden(word)])
    line = sub.splitlines().index(hidden(word)) + 1
    issues = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
    hits = [i for i in issues if i.rule == "command" and f"`{word}`" in i.message]
    assert hits, issues
    assert hits[0].line == line
    assert hits[0].column == hidden(word).index(word) + 1


@pytest.fixture
def repo(tmp_path, monkeypatch):
    monkeypatch.delenv("OFB_ROOT", raising=False)
    checkout = GradingCheckout(tmp_path / "repo")
    monkeypatch.chdir(checkout.root)
    return checkout


def test_ofb_grade_static_names_every_added_word_and_its_line(repo, tmp_path):
    lines = [hidden(word, f"helper{n}") for n, word in enumerate(ADDED)]
    sub = with_lines(lines)
    path = tmp_path / "hidden.lean"
    path.write_text(sub)
    result = CliRunner().invoke(
        app, ["grade", "static", str(path), "--item", "R97", "--format", "json"]
    )
    assert result.exit_code == 1, result.output
    issues = [i for i in json.loads(result.output)["issues"] if i["rule"] == "command"]
    source_lines = sub.splitlines()
    for word, text in zip(ADDED, lines, strict=True):
        line = source_lines.index(text) + 1
        assert any(i["line"] == line and f"`{word}`" in i["message"] for i in issues), word
