"""The lexer: tricky cases are right, and on any text it never raises and covers the
source exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openfrontiers.lean.lexer import TRIVIA_KINDS, Kind, SourceMap, Token, tokenize


def significant(tokens: list[Token]) -> list[Token]:
    """The tokens that are neither whitespace nor comments."""
    return [t for t in tokens if t.kind not in TRIVIA_KINDS]


def kinds(src: str) -> list[tuple[str, str]]:
    return [(t.kind.value, t.text) for t in significant(tokenize(src))]


def code_words(src: str) -> list[str]:
    return [t.text for t in significant(tokenize(src)) if t.kind is Kind.IDENT]


def test_nested_block_comment_hides_sorry_and_axiom():
    src = "/- outer /- inner sorry -/ axiom still comment -/ theorem t : True := trivial"
    toks = tokenize(src)
    assert toks[0].kind is Kind.BLOCK_COMMENT
    assert toks[0].text == "/- outer /- inner sorry -/ axiom still comment -/"
    assert "sorry" not in code_words(src) and "axiom" not in code_words(src)
    assert code_words(src)[:2] == ["theorem", "t"]


def test_comment_markers_inside_strings_are_string_text():
    src = 'def s := "-/ -- /-" ++ "x" -- real comment'
    sig = kinds(src)
    assert ("string", '"-/ -- /-"') in sig
    assert tokenize(src)[-1].kind is Kind.LINE_COMMENT
    assert tokenize(src)[-1].text == "-- real comment"


def test_block_comment_ends_at_first_close_even_in_a_quote():
    # Lean does not read strings inside comments: `"-/"` closes the comment.
    src = '/- "-/ sorry'
    assert tokenize(src)[0].text == '/- "-/'
    assert code_words(src) == ["sorry"]


def test_char_literals():
    src = """def q := '"' ; def e := '\\'' ; def x := '\\x41' ; def u := '\\u{3b1}'"""
    chars = [t.text for t in significant(tokenize(src)) if t.kind is Kind.CHAR]
    assert chars == ["'\"'", "'\\''", "'\\x41'", "'\\u{3b1}'"]


def test_a_char_literal_may_hold_a_line_break_as_in_lean():
    """Lean reads `'` ⏎ `'` as one character: otherwise the `"` after it would start a
    string here where Lean reads a character, and the strings after it fall out of step."""
    src = "f '\n'\"'a' \" (by exact 4) '\"'"
    assert kinds(src) == [
        ("ident", "f"),
        ("char", "'\n'"),
        ("string", "\"'a' \""),
        ("symbol", "("),
        ("ident", "by"),
        ("ident", "exact"),
        ("number", "4"),
        ("symbol", ")"),
        ("char", "'\"'"),
    ]


def test_primes_in_names_are_not_char_literals():
    assert kinds("f' x'' = 'a'") == [
        ("ident", "f'"),
        ("ident", "x''"),
        ("symbol", "="),
        ("char", "'a'"),
    ]


def test_guillemet_names_with_spaces_and_keywords():
    src = "theorem «my theorem with sorry» : True := trivial\n#check Foo.«bar baz».qux"
    sig = kinds(src)
    assert ("ident", "«my theorem with sorry»") in sig
    assert ("ident", "Foo.«bar baz».qux") in sig
    assert "sorry" not in code_words(src)


def test_interpolated_strings_lex_their_code():
    src = 's!"a {sorry} b {f "}" x} c"'
    toks = significant(tokenize(src))
    assert [t.kind for t in toks].count(Kind.INTERP_STRING) == 3
    assert "sorry" in [t.text for t in toks if t.kind is Kind.IDENT]
    assert ("string", '"}"') in [(t.kind.value, t.text) for t in toks]


def test_plain_strings_do_not_interpolate():
    assert kinds('"a {sorry} b"') == [("string", '"a {sorry} b"')]


def test_raw_strings():
    src = 'r#"has "quotes" and -- and /-"# r"plain"'
    assert kinds(src) == [
        ("raw-string", 'r#"has "quotes" and -- and /-"#'),
        ("raw-string", 'r"plain"'),
    ]


def test_doc_and_module_comments():
    toks = [
        t for t in tokenize("/-! module -/ /-- doc -/ def x := 1") if t.kind is not Kind.WHITESPACE
    ]
    assert [t.kind for t in toks[:2]] == [Kind.MODULE_DOC, Kind.DOC_COMMENT]


def test_attributes_numbers_and_answer_token():
    sig = kinds("@[simp, instance 100] theorem t : answer(sorry) ↔ x.1.2 = 1.5e3 + 0x1F")
    assert sig[0] == ("symbol", "@[")
    assert ("symbol", "answer(") in sig
    assert [t for k, t in sig if k == "number"] == ["100", "1", "2", "1.5e3", "0x1F"]


def test_hash_commands_and_name_literals():
    assert kinds("#eval `foo ``Bar.baz #[1]")[:3] == [
        ("symbol", "#eval"),
        ("name-literal", "`foo"),
        ("name-literal", "``Bar.baz"),
    ]


@pytest.mark.parametrize(
    "src,kind",
    [
        ("/- never closed", Kind.BLOCK_COMMENT),
        ('"never closed', Kind.STRING),
        ('r#"never closed"', Kind.RAW_STRING),
        ('s!"open {x', Kind.IDENT),
    ],
)
def test_unterminated_constructs_run_to_the_end(src, kind):
    toks = tokenize(src)
    assert "".join(t.text for t in toks) == src
    if kind is not Kind.IDENT:
        assert toks[-1].kind is kind and not toks[-1].terminated


def test_source_map_lines_and_columns():
    src = "ab\ncdé\n\nx"
    m = SourceMap(src)
    assert m.line_col(0) == (1, 1)
    assert m.line_col(3) == (2, 1)
    assert m.line_col(5) == (2, 3)
    assert m.line_col(len(src) - 1) == (4, 1)
    assert m.line_text(2) == "cdé"


LEAN_ALPHABET = st.sampled_from(
    list("abcxyz_'!?.0123456789 \n\t(){}[]⟨⟩:=<>-/\\\"#@`«»$s!rm")
    + [
        "--",
        "/-",
        "-/",
        "/--",
        "/-!",
        "answer(",
        "sorry",
        "theorem",
        "'\"'",
        's!"',
        'r#"',
        '"#',
        "«a b»",
        "ℕ",
        "λ",
        "α",
        "₁",
        "→",
        "↔",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(LEAN_ALPHABET, max_size=60).map("".join))
def test_fuzz_lean_like_text_round_trips(src):
    toks = tokenize(src)
    assert "".join(t.text for t in toks) == src
    pos = 0
    for t in toks:
        assert t.start == pos and t.end > t.start and src[t.start : t.end] == t.text
        pos = t.end
    assert pos == len(src)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_arbitrary_text_never_raises(src):
    toks = tokenize(src)
    assert "".join(t.text for t in toks) == src


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80))
def test_fuzz_words_inside_comments_are_never_code(body):
    body = body.replace("-/", "").replace("/-", "")
    src = f"/- {body} -/ theorem t"
    assert code_words(src) == ["theorem", "t"]
