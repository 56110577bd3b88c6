"""The declaration scanner: kinds, full names, spans, docstrings, attributes, scopes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openfrontiers.lean.decls import LeanFile

SRC = """\
import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-! # A module doc -/

namespace FrontierBench.O02

/-- A helper. -/
@[simp, category research open]
noncomputable def helper (n : ℕ) : ℕ := n + 1

open Classical in
/-- The main statement. -/
theorem main : answer(sorry) ↔ ∀ n : ℕ, helper n ≠ 0 := by
  sorry

section Inner
instance : Inhabited ℕ := ⟨0⟩
private lemma _root_.top_level : True := trivial
end Inner

end FrontierBench.O02

theorem after : True := trivial
"""


def decls():
    f = LeanFile.parse(SRC)
    return f, {d.full_name or d.kind: d for d in f.declarations}


def test_imports_and_commands():
    f, _ = decls()
    assert [n for n, _ in f.imports] == ["Mathlib", "FrontierBench.Util.Answer"]
    kinds = [c.kind for c in f.commands]
    assert kinds[:4] == ["import", "import", "set_option", "module-doc"]
    assert kinds.count("declaration") == 5


def test_full_names_follow_namespaces_sections_and_root():
    _, d = decls()
    assert set(d) == {
        "FrontierBench.O02.helper",
        "FrontierBench.O02.main",
        "instance",
        "top_level",
        "after",
    }
    assert d["after"].namespace == ""


@pytest.mark.parametrize(
    "group, attributes",
    [
        ("simp, category research open, AMS 11", ["simp", "category research open", "AMS 11"]),
        ("grind ->, grind <-", ["grind →", "grind <-"]),  # Lean prints `->` as `→`
        ("aesop safe [a, b], ext", ["aesop safe [ a , b ]", "ext"]),  # inner commas stay
        ("foo (x := ⟨1, 2⟩), bar", ["foo ( x := ⟨ 1 , 2 ⟩ )", "bar"]),
        ("simp,, ext,", ["simp", "ext"]),  # empty entries dropped
        ("", []),
    ],
)
def test_one_attribute_splitter_for_the_scanner_and_the_static_layer(group, attributes):
    """`@[…]` groups are split in one place (issue 35): the scanner's declarations and the
    static layer's allow-list read the same attributes."""
    from openfrontiers.lean.decls import split_attributes
    from openfrontiers.lean.lexer import group_end, tokenize
    from openfrontiers.submission import static

    code = [t for t in tokenize(f"@[{group}] def f := 1") if not t.is_trivia]
    close = group_end(code, 0)
    assert split_attributes(code[1:close]) == attributes
    assert static.split_attributes is split_attributes
    (decl,) = LeanFile.parse(f"@[{group}] def f := 1").declarations
    assert list(decl.attributes) == attributes


def test_docstring_attributes_modifiers():
    _f, d = decls()
    helper = d["FrontierBench.O02.helper"]
    assert helper.kind == "def"
    assert helper.docstring is not None and "A helper" in helper.docstring.text
    assert helper.attributes == ("simp", "category research open")
    assert helper.modifiers == ("noncomputable",)
    assert d["top_level"].modifiers == ("private",)


def test_signature_type_and_body_spans():
    _, d = decls()
    main = d["FrontierBench.O02.main"]
    assert main.type.text(SRC).strip() == "answer(sorry) ↔ ∀ n : ℕ, helper n ≠ 0"
    assert main.binders.text(SRC).strip() == ""
    assert main.body.text(SRC).strip() == "by\n  sorry"
    assert main.body_marker == ":="
    assert main.prefixes == ("open Classical in",)
    helper = d["FrontierBench.O02.helper"]
    assert helper.binders.text(SRC).strip() == "(n : ℕ)"
    assert helper.type.text(SRC).strip() == "ℕ"


def test_indented_declaration_is_still_a_declaration():
    f = LeanFile.parse("theorem a : True := by\n  trivial\n  theorem b : False := sorry\n")
    assert [d.name for d in f.declarations] == ["a", "b"]


def test_tactic_level_open_and_set_option_stay_in_the_proof():
    f = LeanFile.parse(
        "theorem a : True := by\n  open Classical in\n  set_option maxRecDepth 10 in\n  trivial\n"
    )
    assert [c.kind for c in f.commands] == ["declaration"]


def test_structure_fields_with_docstrings_and_pattern_defs():
    src = (
        "/-- S -/\nstructure S where\n  /-- x -/\n  x : ℕ\n  /-- y -/\n  y : ℕ\n"
        "def f : ℕ → ℕ\n  | 0 => 1\n  | n + 1 => n\n"
        "inductive T | a | b\n"
        "theorem abs_ok : |(1 : ℤ)| = 1 := rfl\n"
    )
    f = LeanFile.parse(src)
    d = {x.name: x for x in f.declarations}
    assert list(d) == ["S", "f", "T", "abs_ok"]
    assert d["S"].body_marker == "where"
    assert d["f"].body_marker == "|" and d["f"].type.text(src).strip() == "ℕ → ℕ"
    assert d["T"].body_marker == "|"
    assert d["abs_ok"].type.text(src).strip() == "|(1 : ℤ)| = 1"


@pytest.mark.parametrize("before", ["↔", "∧", "<", ":", ",", "→", "≤ 1 +"])
def test_a_line_that_starts_with_an_absolute_value_is_not_a_match_arm(before):
    src = f"theorem main : ∀ x : ℤ, 0 ≤ x {before}\n    |x| ≤ 2 * |x| := by\n  sorry\n"
    (main,) = LeanFile.parse(src).declarations
    assert main.body_marker == ":="
    assert main.type.text(src).strip().endswith("|x| ≤ 2 * |x|")


@pytest.mark.parametrize(
    ("type_", "arms"),
    [
        ("∀ n : ℕ, n = n", "| 0 => rfl\n  | n + 1 => rfl"),
        ("∀ x : ℤ, 0 ≤ |x|", "| x => abs_nonneg x"),
        ("(n : ℕ) → Fin (n + 1)", "| n => 0"),
    ],
)
def test_a_line_that_starts_with_a_bar_after_a_complete_type_is_a_match_arm(type_, arms):
    src = f"theorem t : {type_}\n  {arms}\n"
    (t,) = LeanFile.parse(src).declarations
    assert t.body_marker == "|" and t.type.text(src).strip() == type_


def test_guard_msgs_docstring_is_a_prefix_not_part_of_the_previous_theorem():
    src = "theorem a : True := trivial\n/-- info: 1 -/\n#guard_msgs in\n#eval 1\n"
    f = LeanFile.parse(src)
    assert f.declarations[0].end == len("theorem a : True := trivial")
    assert f.commands[-1].kind == "#eval"
    assert f.commands[-1].prefixes[0].startswith("/-- info: 1 -/")


def test_mutual_end_does_not_close_a_namespace():
    src = "namespace A\nmutual\ndef f : ℕ := 0\ndef g : ℕ := 1\nend\ndef h : ℕ := 2\nend A\n"
    f = LeanFile.parse(src)
    assert [d.full_name for d in f.declarations] == ["A.f", "A.g", "A.h"]


def test_guillemet_namespace():
    f = LeanFile.parse("namespace «Erdős 1».Sub\ntheorem t : True := trivial\nend «Erdős 1».Sub\n")
    assert f.declarations[0].full_name == "«Erdős 1».Sub.t"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "theorem",
                "def",
                "namespace",
                "end",
                "section",
                "@[",
                "]",
                "(",
                ")",
                ":=",
                ":",
                "x",
                "\n",
                " ",
                "/--d-/",
                "open",
                "in",
                "|",
                "where",
                "#eval",
                "sorry",
                "mutual",
                "«a b»",
            ]
        ),
        max_size=40,
    ).map(" ".join)
)
def test_fuzz_scanner_never_raises(src):
    f = LeanFile.parse(src)
    covered = [t for c in f.commands for t in c.tokens]
    assert covered == f.stream
