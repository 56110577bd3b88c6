"""The static layer's command keywords against a toolchain's command table: the comparison
on fixture tables here, the real table of the pinned toolchain in the `lean`-marked test."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from openfrontiers.errors import OfbError
from openfrontiers.submission import allowlist, keywords

REPO = Path(__file__).resolve().parents[2]


# The term/tactic tables of a toolchain that has every evaluating keyword (`trace ` as Lean
# keys a token with its trailing space trimmed; a few ordinary ones around them).
EVERY_EVALUATING = {
    "term": ["fun", "eval%", "from_lrat", "include_str"],
    "tactic": ["exact", "trace", "success_if_fail_with_msg", "polyrith", "with_panel_widgets"],
    "conv": ["rw", "run_conv"],
}


def table_file(
    tmp_path: Path,
    tokens: list[str],
    unindexed: int = 0,
    categories: dict[str, list[str]] | None = EVERY_EVALUATING,
) -> Path:
    path = tmp_path / "table.json"
    data: dict = {"lean": "4.99.0", "tokens": tokens, "unindexed": unindexed}
    if categories is not None:
        data["categories"] = categories
    path.write_text(json.dumps(data))
    return path


def test_the_fixture_tables_hold_every_evaluating_keyword():
    listed = {t for tokens in EVERY_EVALUATING.values() for t in tokens}
    assert set(allowlist.EVALUATING) <= listed


def test_an_evaluating_keyword_the_toolchain_lacks_fails_by_name(tmp_path):
    categories = {k: [t for t in v if t != "from_lrat"] for k, v in EVERY_EVALUATING.items()}
    table = keywords.read_table(table_file(tmp_path, ["theorem"], categories=categories))
    (problem,) = keywords.check_evaluating(table)
    assert "`from_lrat`" in problem and "Mathlib/Tactic/Sat/FromLRAT.lean" in problem
    assert keywords.main([str(table_file(tmp_path, ["theorem"], categories=categories))]) == 1


def test_a_table_without_categories_fails_the_evaluating_check(tmp_path):
    table = keywords.read_table(table_file(tmp_path, ["theorem"], categories=None))
    assert keywords.check(table) == []
    assert len(keywords.check_evaluating(table)) == 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"tokens": [], "unindexed": 0, "categories": {"term": "x"}}))
    with pytest.raises(OfbError, match="categories"):
        keywords.read_table(bad)


def test_allowed_and_rejected_commands_are_covered(tmp_path):
    tokens = ["theorem", "def", "namespace", "set_option", "noncomputable", "instance", "syntax"]
    tokens += ["add_aesop_rules", "run_cmd", "opaque", "axiom", "with_weak_namespace"]
    table = keywords.read_table(table_file(tmp_path, tokens))
    assert keywords.check(table) == []


def test_a_token_missing_from_the_lists_fails_with_its_name(tmp_path):
    table = keywords.read_table(table_file(tmp_path, ["theorem", "frobnicate_cmd", "zap_decl"]))
    problems = keywords.check(table)
    assert len(problems) == 2
    assert "`frobnicate_cmd`" in problems[0] and "COMMAND_WORDS" in problems[0]
    assert "`zap_decl`" in problems[1] and "4.99.0" in problems[1]


def test_hash_commands_are_covered_by_the_hash_rule(tmp_path):
    table = keywords.read_table(table_file(tmp_path, ["#eval", "#print", "#brand_new_cmd"]))
    assert keywords.check(table) == []
    assert "#" in (keywords.coverage("#brand_new_cmd") or "")


def test_tokens_are_judged_as_the_lexer_reads_them():
    # `gen_injective_theorems%` lexes as the word and a `%`; `register_try?_tactic` is one
    # keyword to Lean.
    assert keywords.coverage("gen_injective_theorems%") is not None
    assert keywords.coverage("register_try?_tactic") is not None
    assert keywords.coverage("variable") == "an allowed command"
    assert keywords.coverage("brand_new%") is None


def test_prefixes_of_other_keywords_are_covered_and_other_symbols_are_not():
    for token in ("@[", "/--", "/-!", "local", "scoped", "public", "deriving"):
        assert keywords.coverage(token) is not None, token
    assert keywords.coverage("⟪") is None
    assert keywords.coverage("ident") is None  # a command led by an identifier: unseen


def test_parsers_without_a_leading_token_fail(tmp_path):
    problems = keywords.check(keywords.read_table(table_file(tmp_path, ["theorem"], 2)))
    assert len(problems) == 1 and "2 command parser(s)" in problems[0]


@pytest.mark.parametrize(
    "text", ["not json", "[]", '{"tokens": "theorem", "unindexed": 0}', '{"tokens": []}']
)
def test_a_bad_table_is_refused_naming_the_file(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(OfbError, match=r"bad\.json"):
        keywords.read_table(path)
    assert keywords.main([str(path)]) == 2


def test_main_exit_codes(tmp_path, capsys):
    assert keywords.main([str(table_file(tmp_path, ["theorem", "#check"]))]) == 0
    assert "all 2 leading tokens" in capsys.readouterr().out
    assert keywords.main([str(table_file(tmp_path, ["theorem", "brand_new"]))]) == 1
    assert "`brand_new`" in capsys.readouterr().err
    assert keywords.main([]) == 2


@pytest.mark.lean
def test_the_pinned_toolchain_s_command_table_is_covered():
    """The real check: Lean, with Mathlib imported, lists its command parsers' tokens."""
    assert shutil.which("lake")
    run = subprocess.run(
        ["bash", "ci/check-command-keywords.sh"],
        check=False,
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "are covered by the static layer" in run.stdout
