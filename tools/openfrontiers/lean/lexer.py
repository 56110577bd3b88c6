"""A Lean 4 lexer that is never fooled by comments, strings or odd names.

Every rule in `ofb check` and `ofb grade` reads tokens, never raw text, so the lexer must
know exactly where comments, string literals and names begin and end:

* nested block comments `/- … -/`, doc comments `/-- … -/`, module docs `/-! … -/` and
  line comments `-- …` (a block comment ends at the first unnested `-/`, even inside what
  looks like a string — Lean does not read strings in comments either);
* string literals with escapes, raw strings `r"…"` / `r#"…"#`, and interpolated strings
  after `s!`, `m!`, `f!`, `throwError` and `println!`, whose `{…}` parts are lexed as code
  (a `sorry` hidden in `s!"{sorry}"` is a real `sorry` token); `readings_agree` tells
  whether a string read plainly would end at the same place read interpolated;
* character literals (`'"'`, `'\\''`, `'\\x41'`, `'\\u{3b1}'`, and, as Lean reads them, one
  holding a line break) as opposed to primes in names (`f'`);
* identifiers with Lean's character classes, dotted names and `«guillemet»` components
  (which may hold spaces and keywords), name literals `` `foo ``, numbers, and symbols;
* the `answer(` token of our own `answer(·)` syntax, which Lean reads as one atom.

The lexer covers the source without gaps: the tokens' texts concatenated give back the
source, whitespace and comments included, and it never raises — text it cannot classify
becomes a one-character `SYMBOL`, and an unterminated comment or string runs to the end of
the file with `terminated` set to false.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from enum import StrEnum
from functools import cached_property


class Kind(StrEnum):
    """What a token is."""

    WHITESPACE = "whitespace"
    LINE_COMMENT = "line-comment"
    BLOCK_COMMENT = "block-comment"
    DOC_COMMENT = "doc-comment"
    MODULE_DOC = "module-doc"
    IDENT = "ident"
    NUMBER = "number"
    STRING = "string"
    RAW_STRING = "raw-string"
    INTERP_STRING = "interp-string"  # a literal piece of an interpolated string
    CHAR = "char"
    NAME_LITERAL = "name-literal"
    SYMBOL = "symbol"

    def __str__(self) -> str:
        return self.value


COMMENT_KINDS = frozenset(
    {Kind.LINE_COMMENT, Kind.BLOCK_COMMENT, Kind.DOC_COMMENT, Kind.MODULE_DOC}
)
TRIVIA_KINDS = COMMENT_KINDS | {Kind.WHITESPACE}


class Token:
    """One token: its kind, its text and its character offsets in the source."""

    __slots__ = ("end", "kind", "start", "terminated", "text")

    def __init__(
        self, kind: Kind, text: str, start: int, end: int, terminated: bool = True
    ) -> None:
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end
        self.terminated = terminated

    @property
    def is_trivia(self) -> bool:
        return self.kind in TRIVIA_KINDS

    @property
    def is_comment(self) -> bool:
        return self.kind in COMMENT_KINDS

    def __repr__(self) -> str:
        flag = "" if self.terminated else ", unterminated"
        return f"Token({self.kind.value}, {self.text!r}, {self.start}..{self.end}{flag})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Token):
            return NotImplemented
        return (self.kind, self.text, self.start, self.end, self.terminated) == (
            other.kind,
            other.text,
            other.start,
            other.end,
            other.terminated,
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.start, self.end))


# Lean's identifier characters (Lean.isLetterLike, isSubScriptAlnum): ASCII letters and `_`,
# Greek except λ Π Σ, Coptic, polytonic Greek, the letter-like block (ℕ ℝ …) and the
# mathematical alphanumerics; digits, `'`, `!`, `?` and subscripts may follow.
_ID_FIRST = (
    "A-Za-z_"
    "\u03b1-\u03ba\u03bc-\u03c9"  # α-ω without λ (U+03BB)
    "\u0391-\u039f\u03a1\u03a2\u03a4-\u03a9"  # Α-Ω without Π (U+03A0) and Σ (U+03A3)
    "\u03ca-\u03fb"
    "\u1f00-\u1ffe"
    "\u2100-\u214f"
    "\U0001d49c-\U0001d59f"
)
_ID_REST = _ID_FIRST + "0-9'!?\u2080-\u2089\u2090-\u209c\u1d62-\u1d6a\u2c7c"
_ID_PART = rf"(?:«[^»]*»|[{_ID_FIRST}][{_ID_REST}]*)"
_IDENT = rf"{_ID_PART}(?:\.{_ID_PART})*"
# For rules that look at a token's neighbour: one character that can continue a name (so
# no token of Lean's table can end right before what follows it).
ID_CHAR = re.compile(rf"[{_ID_REST}]")

# Multi-character symbols, longest first; every other character is a symbol of its own.
_SYMBOLS = sorted(
    [
        ":=",
        "::",
        "...",
        "..",
        "->",
        "<-",
        "<->",
        "=>",
        "<=",
        ">=",
        "!=",
        "==",
        "&&",
        "||",
        "++",
        "<|>",
        "<|",
        "|>.",
        "|>",
        "<;>",
        "<*>",
        "<*",
        "*>",
        ">>=",
        ">>",
        "<$>",
        "^^^",
        "@[",
        "#[",
        "%[",
        "`(",
        "⁻¹",
        "∃!",
        "..<",
        "|||",
        "&&&",
        "<<<",
        ">>>",
        "≠",
        "=?=",
    ],
    key=len,
    reverse=True,
)
_SYMBOL = "|".join(re.escape(s) for s in _SYMBOLS)

# The master pattern: the first alternative that matches at a position wins. Comments and
# strings are only *recognised* here; their ends are found by hand (nesting, interpolation).
_MASTER = re.compile(
    "|".join(
        [
            r"(?P<ws>[ \t\r\n]+)",
            r"(?P<line_comment>--[^\n]*)",
            r"(?P<block_open>/-)",
            r"(?P<raw_open>r#*\")",
            r"(?P<answer>answer\()",
            rf"(?P<hash_cmd>#{_IDENT})",
            rf"(?P<ident>{_IDENT})",
            (
                r"(?P<number>0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+"
                r"|[0-9][0-9_]*(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)"
            ),
            r"(?P<string_open>\")",
            # Lean's character literal holds any one character after the quote, a line
            # break too (`'` ⏎ `'`); reading it otherwise would put the next `"` out of step.
            r"(?P<char>'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}|[^\n])|[^\\'])')",
            rf"(?P<name_lit>``?{_IDENT})",
            rf"(?P<symbol>{_SYMBOL})",
            r"(?P<other>.)",
        ]
    ),
    re.DOTALL,
)
_FIELD_INDEX = re.compile(r"[0-9]+")
_PLAIN_STRING_REST = re.compile(r'(?:[^"\\]|\\.)*', re.DOTALL)
_BLOCK_DELIM = re.compile(r"/-|-/")

# Tokens after which Lean always reads a string literal as interpolated (`{…}` holds code),
# read in the sources of the pinned Lean (Lean.Parser.interpolatedStrFn, Lean/Parser/
# StrInterpolation.lean, and the syntaxes that use it): `s!` (Init/Data/ToString/Macro.lean),
# `m!` (Lean/Message.lean), `f!` (Lean/Data/Format/Macro.lean) take `interpolatedStr(term)`;
# `throwError` (Lean/Exception.lean) and `println!` (Init/System/IO.lean) take
# `interpolatedStr(term) <|> term`, which reads any string literal as interpolated. Other
# syntaxes interpolate a string that does not follow their keyword (`throwErrorAt ref "…"`,
# `trace[cls] "…"`) or only in one of their forms (`dbg_trace`: the term interpolates, the
# tactic does not), and any library may add one: so a string read plainly here must read the
# same interpolated (`readings_agree`), or the static layer refuses it.
INTERPOLATING = frozenset({"s!", "m!", "f!", "throwError", "println!"})
# How deep strings inside the `{…}` of strings are followed when both readings are compared
# (`readings_agree`); no honest file nests them, and past it the readings count as different.
MAX_READING_DEPTH = 4


# Brackets, for matching groups in a token list (`answer(` opens a parenthesis too).
OPENERS = {
    "(": ")",
    "[": "]",
    "{": "}",
    "⟨": "⟩",
    "⦃": "⦄",
    "@[": "]",
    "#[": "]",
    "%[": "]",
    "`(": ")",
    "answer(": ")",
    "⟪": "⟫",
    "⁅": "⁆",
}
CLOSERS = frozenset(OPENERS.values())
# ASCII spellings Lean reads as the same notation. Not `!=` (that is `bne`, a Bool, where
# `≠` is `Ne`) and not `exists` (a tactic keyword, no binder in terms).
SPELLINGS = {
    "->": "→",
    "<->": "↔",
    "<=": "≤",
    ">=": "≥",
    "=>": "↦",
    "fun": "λ",
    "forall": "∀",
}


def nesting(tokens: list[Token], start: int = 0) -> Iterator[tuple[int, int | None, int | None]]:
    """The one rule of bracket matching, for each token from `start`: its index, the
    innermost bracket open around it, and the opener it closes (None if none). Only symbols
    count (comments, strings and whitespace are never brackets); a closer closes the
    innermost open bracket whatever its kind, and one with none open is ignored."""
    stack: list[int] = []
    for j in range(start, len(tokens)):
        tok = tokens[j]
        around = stack[-1] if stack else None
        closed = None
        if tok.kind is Kind.SYMBOL:
            if tok.text in OPENERS:
                stack.append(j)
            elif tok.text in CLOSERS and stack:
                closed = stack.pop()
        yield j, around, closed


def group_end(tokens: list[Token], i: int) -> int | None:
    """Index of the token that closes the bracket opened at `tokens[i]`, or None if it never
    closes (or `tokens[i]` opens none)."""
    tok = tokens[i]
    if tok.kind is not Kind.SYMBOL or tok.text not in OPENERS:
        return None
    for j, _, closed in nesting(tokens, i):
        if closed == i:
            return j
    return None


def brackets(tokens: list[Token]) -> tuple[dict[int, int], list[int | None]]:
    """One pass over `tokens`: the index of the token closing each opener (as `group_end`
    finds it), and for each token the index of the innermost opener around it. For rules
    that look at many brackets: calling `group_end` for each is quadratic on hostile input."""
    closing: dict[int, int] = {}
    enclosing: list[int | None] = []
    for j, around, closed in nesting(tokens):
        enclosing.append(around)
        if closed is not None:
            closing[closed] = j
    return closing, enclosing


def tokenize(source: str) -> list[Token]:
    """All tokens of `source`, trivia included, covering it without gaps."""
    return _Lexer(source).run()


def readings_agree(text: str, depth: int = 0) -> bool:
    """Does the string literal `text` (a `STRING` token: `"…"` read plainly) end at the same
    place when it is read as an interpolated string, where each `{…}` holds a term?

    Lean reads a string interpolated wherever the syntax around it says so, which a lexer
    cannot always know (`throwErrorAt ref "…"`, `trace[c] "…"`, a library's own syntax). Read
    so, `"{" -- "}"` is one string holding the term `" -- "`, and what follows is code; read
    plainly it is `"{"` and a comment. If both readings end where the plain one does, every
    token after the string is the same either way. Strings inside the braces are compared the
    same way (up to `MAX_READING_DEPTH`); only `text` itself is read, so the cost is linear in
    its length for each level."""
    if "{" not in text:
        return True  # both readings are the same character by character
    if depth >= MAX_READING_DEPTH:
        return False
    lexer = _Lexer(text)
    lexer.last_significant = "s!"  # the opening `"` starts an interpolated string
    tokens = lexer.run()
    if lexer.outer_end != len(text):
        return False
    return all(
        readings_agree(t.text, depth + 1)
        for t in tokens
        if t.kind is Kind.STRING and t.terminated and "{" in t.text
    )


class _Lexer:
    """One pass over one source; the state is the position and the interpolation stack."""

    def __init__(self, source: str) -> None:
        self.src = source
        self.tokens: list[Token] = []
        # One entry per open `{` of an interpolated string: the nesting depth of ordinary
        # braces opened since, so we know which `}` returns to the string.
        self.interp: list[int] = []
        self.last_significant = ""
        # Where the first interpolated string that closed outside every `{…}` ended: for
        # `readings_agree`, where the string that opens the text ends when read interpolated.
        self.outer_end: int | None = None

    def emit(self, kind: Kind, start: int, end: int, terminated: bool = True) -> None:
        text = self.src[start:end]
        self.tokens.append(Token(kind, text, start, end, terminated))
        if kind not in TRIVIA_KINDS:
            self.last_significant = text

    def run(self) -> list[Token]:
        src, n, pos = self.src, len(self.src), 0
        match = _MASTER.match
        while pos < n:
            if self.interp:
                ch = src[pos]
                if ch == "{":
                    self.interp[-1] += 1
                elif ch == "}":
                    if self.interp[-1] == 0:
                        self.interp.pop()
                        pos = self.string_body(pos + 1, pos, interpolated=True)
                        continue
                    self.interp[-1] -= 1
            m = match(src, pos)
            assert m is not None  # `(?P<other>.)` with DOTALL matches any character
            group = m.lastgroup
            end = m.end()
            if group == "ws":
                self.emit(Kind.WHITESPACE, pos, end)
            elif group == "line_comment":
                self.emit(Kind.LINE_COMMENT, pos, end)
            elif group == "block_open":
                end = self.block_comment(pos)
            elif group == "raw_open":
                end = self.raw_string(pos, end)
            elif group == "answer" or group == "hash_cmd":
                self.emit(Kind.SYMBOL, pos, end)
            elif group == "ident":
                self.emit(Kind.IDENT, pos, end)
            elif group == "number":
                if pos > 0 and src[pos - 1] == ".":
                    # `x.1.2` is a chain of field indices, not the decimal `1.2`.
                    end = _FIELD_INDEX.match(src, pos).end()  # type: ignore[union-attr]
                self.emit(Kind.NUMBER, pos, end)
            elif group == "string_open":
                interpolated = self.last_significant in INTERPOLATING
                end = self.string_body(pos + 1, pos, interpolated=interpolated)
            elif group == "char":
                self.emit(Kind.CHAR, pos, end)
            elif group == "name_lit":
                self.emit(Kind.NAME_LITERAL, pos, end)
            else:  # "symbol" or "other"
                self.emit(Kind.SYMBOL, pos, end)
            pos = end
        return self.tokens

    def block_comment(self, start: int) -> int:
        """Lex the comment opened at `start` (`/-`, `/--` or `/-!`); return its end."""
        src = self.src
        if src.startswith("/--", start):
            kind, body = Kind.DOC_COMMENT, start + 3
        elif src.startswith("/-!", start):
            kind, body = Kind.MODULE_DOC, start + 3
        else:
            kind, body = Kind.BLOCK_COMMENT, start + 2
        depth = 1
        for m in _BLOCK_DELIM.finditer(src, body):
            if m.group() == "/-":
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    self.emit(kind, start, m.end())
                    return m.end()
        self.emit(kind, start, len(src), terminated=False)
        return len(src)

    def raw_string(self, start: int, body: int) -> int:
        """Lex `r#…#"…"#…#` opened at `start`, its text beginning at `body`; return its end."""
        hashes = body - start - 2
        closing = '"' + "#" * hashes
        close = self.src.find(closing, body)
        if close < 0:
            self.emit(Kind.RAW_STRING, start, len(self.src), terminated=False)
            return len(self.src)
        end = close + len(closing)
        self.emit(Kind.RAW_STRING, start, end)
        return end

    def string_body(self, pos: int, start: int, *, interpolated: bool) -> int:
        """Lex a string (or the piece of an interpolated one) from `start`; `pos` is just
        after its opening `"` or `}`. Return where lexing continues."""
        src, n = self.src, len(self.src)
        if not interpolated:
            end = _PLAIN_STRING_REST.match(src, pos).end()  # type: ignore[union-attr]
            if end < n and src[end] == '"':
                self.emit(Kind.STRING, start, end + 1)
                return end + 1
            self.emit(Kind.STRING, start, n, terminated=False)
            return n
        while pos < n:
            ch = src[pos]
            if ch == "\\":
                pos += 2
            elif ch == '"':
                self.emit(Kind.INTERP_STRING, start, pos + 1)
                if not self.interp and self.outer_end is None:
                    self.outer_end = pos + 1
                return pos + 1
            elif ch == "{":
                self.emit(Kind.INTERP_STRING, start, pos + 1)
                self.interp.append(0)
                return pos + 1
            else:
                pos += 1
        self.emit(Kind.INTERP_STRING, start, n, terminated=False)
        return n


class SourceMap:
    """Turns character offsets into 1-based lines and 1-based columns (in code points, as
    Lean counts them, plus one)."""

    def __init__(self, source: str) -> None:
        self.source = source

    @cached_property
    def _line_starts(self) -> list[int]:
        starts = [0]
        find = self.source.find
        i = find("\n")
        while i >= 0:
            starts.append(i + 1)
            i = find("\n", i + 1)
        return starts

    def line_col(self, offset: int) -> tuple[int, int]:
        starts = self._line_starts
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._line_starts, offset)

    def line_text(self, line: int) -> str:
        starts = self._line_starts
        begin = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(self.source)
        return self.source[begin:end]
