"""Filling the answer placeholder through the lexer."""

from __future__ import annotations

import pytest

from ofb_testing import GOOD_STATEMENT
from openfrontiers.errors import OfbError
from openfrontiers.lean.answer import fill_answer, placeholders


def test_fill_replaces_only_the_placeholder():
    filled = fill_answer(GOOD_STATEMENT, "True")
    assert "answer(True) ↔ ∃ n : ℕ" in filled
    assert filled.replace("answer(True)", "answer(sorry)") == GOOD_STATEMENT


def test_nested_parentheses_inside_the_answer():
    src = "theorem main : f (answer((fun x => (x, 1)) 2)) = 3 := by\n  sorry\n"
    (p,) = placeholders(src)
    assert p.inner == "(fun x => (x, 1)) 2" and not p.is_sorry


def test_placeholders_in_comments_and_strings_are_ignored():
    src = (
        '-- answer(True)\ndef s := "answer(x)"\n'
        "theorem main : answer(sorry) ↔ True := by\n  sorry\n"
    )
    assert [p.inner for p in placeholders(src)] == ["sorry"]


@pytest.mark.parametrize(
    "src",
    [
        "theorem main : True := by sorry",
        "theorem main : answer(True) ↔ True := by sorry",
        "theorem main : answer(sorry) ↔ answer(sorry) := by sorry",
    ],
)
def test_fill_needs_exactly_one_unfilled_placeholder(src):
    with pytest.raises(OfbError, match="expected exactly one"):
        fill_answer(src, "False")
