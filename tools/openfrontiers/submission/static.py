"""The grader's static layer: rules on the tokens of a submission, and the comparison of
its statement with the reference.

This layer is a filter, not the verdict: it stops cheap attacks and honest mistakes early
(forbidden constructs, a changed statement, an answer that is not a literal), and the
compiled checkers decide. It depends only on the lexer, the scanner and its allow-lists
(`allowlist.py`), so that solver packets can carry it offline (`check_submission`) and
apply exactly the rules the grader applies — without any answer.

A submission is accepted by this layer when:
* it imports only `Mathlib` and `FrontierBench.Util.*`;
* every command is on the allow-list — theorems, lemmas, definitions, structures,
  inductives and examples; `namespace`, `section`, `end`, `open`, `variable`, `universe`,
  `set_option` with a harmless option — with allowed modifiers, attributes and `deriving`
  classes only; everything else (any `#`-command, `instance`, `class`, `attribute`,
  `macro`, `syntax`, `notation`, `elab`, `initialize`, `axiom`, `opaque`, …) is rejected
  with its name and line;
* it contains no `sorry`/`admit`/`stop`, trust escapes (`native_decide`, `ofReduceBool`,
  `implemented_by`, `extern`, `unsafe`, `partial`, `prelude`, …), syntax that runs code at
  compile time (`by_elab`, `run_tac`, `#eval!`, an aesop rule without a builder, …),
  meta-level names (`Lean.…`, `TacticM`, `IO`, `System.…`, `open Mathlib.Tactic`,
  quotations), or debug/kernel options — anywhere, also inside proofs;
* it reads the same to Lean as to this layer (the lexing rule): no invisible, direction
  or control character and no space but ASCII's, no token runs to the end of the file,
  no comment or character literal is glued to a symbol, no command keyword stands inside
  a string or a «name», and no name ends in a code-running command keyword (Lean's error
  recovery restarts inside them);
* its own declarations live in its namespace under names that capture nothing the
  statement uses; the reference's definitions appear unchanged, before `main`; no `open`
  or `variable` of its own is in effect at `main`, and `main` has no `… in` prefix;
* `main`'s signature equals the reference's with only the answer filled in: the literal
  `True` or `False` for yes/no items, an explicit plain term (no `sInf`/`Classical.choose`,
  no tactic block, none of the submission's own declarations) for value items.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ..lean.decls import (
    COMMAND_KEYWORDS,
    DECL_KEYWORDS,
    LINE_START_KEYWORDS,
    MAX_SCOPE_DEPTH,
    TOO_DEEP,
    Command,
    Declaration,
    LeanFile,
    is_hash_command,
    split_attributes,
)
from ..lean.decls import MODIFIERS as DECL_MODIFIERS
from ..lean.lexer import (
    CLOSERS,
    ID_CHAR,
    OPENERS,
    SPELLINGS,
    Kind,
    Token,
    brackets,
    group_end,
    readings_agree,
    tokenize,
)
from . import allowlist

# Option names a submission may set; everything else (debug.*, backward.*, compiler.*,
# bootstrap.*, interpreter.*, …) can change what the kernel or the elaborator accepts, and
# `trace.profiler.output` makes Lean write a file wherever the submission says.
SAFE_OPTIONS = re.compile(
    r"(?:maxHeartbeats|maxRecDepth|synthInstance\.maxHeartbeats|synthInstance\.maxSize"
    r"|autoImplicit|relaxedAutoImplicit|linter\..+|pp\..+|trace\.(?!profiler\.output).+"
    r"|profiler(?:\..+)?"
    r"|exponentiation\.threshold)"
)
TRUST_ESCAPES = {
    "native_decide": "trusts compiled code",
    "Lean.ofReduceBool": "trusts compiled code",
    "ofReduceBool": "trusts compiled code",
    "Lean.trustCompiler": "trusts the compiler",
    "trustCompiler": "trusts the compiler",
    "implemented_by": "swaps in unchecked code",
    "extern": "swaps in unchecked code",
    "unsafe": "is not checked by the kernel",
    "partial": "hides a definition behind an opaque constant",
    "opaque": "hides its value",
    "prelude": "drops the standard library",
    "unsafeCast": "is not checked",
    "unsafeBaseIO": "runs IO unchecked",
    "unsafeIO": "runs IO unchecked",
    "unsafeEIO": "runs IO unchecked",
    "addDecl": "adds declarations from meta code",
    "addDeclCore": "adds declarations without the kernel",
    "Environment.addDeclCore": "adds declarations without the kernel",
    "bv_decide": "admits its SAT certificate through Lean.ofReduceBool (compiled code)",
    "bv_decide?": "admits its SAT certificate through Lean.ofReduceBool (compiled code)",
    "bv_check": "reads a certificate file and admits it through Lean.ofReduceBool",
}
SORRY_WORDS = {"sorry": "a proof hole", "admit": "a proof hole", "sorryAx": "a proof hole"}
NOT_EXPLICIT = {
    "sInf",
    "sSup",
    "iInf",
    "iSup",
    "Classical.choose",
    "Classical.epsilon",
    "Exists.choose",
    "Classical.choice",
    "Nat.find",
    "Classical.indefiniteDescription",
    "Function.invFun",
    "epsilon",
    "choose",
    "Set.Nonempty.some",
    "Nonempty.some",
    "⨅",  # iInf / sInf of a set, as notation
    "⨆",
    "WellFounded.min",
    "argmin",
    "argminOn",
    "Exists.some",
    "PNat.find",
    "Classical.strongIndefiniteDescription",
    "Classical.ofNonempty",
    "Classical.arbitrary",
}
# Explicit functions whose last name component is one of the above: `Nat.choose n k` is a
# binomial coefficient, not a choice. (Dot notation `h.choose` cannot be told apart from
# `n.choose k` by its tokens and stays refused; the message names the way to write it.)
EXPLICIT_NAMES = frozenset({"Nat.choose", "_root_.Nat.choose"})
# Words that start a command. After a parse error Lean restarts one character at a time,
# also inside a string or a «name», and runs the first command it can read there; so none
# of these may stand anywhere inside such a token.
STARTER_WORDS = (
    DECL_KEYWORDS
    | COMMAND_KEYWORDS
    | LINE_START_KEYWORDS
    | DECL_MODIFIERS
    | allowlist.COMMAND_WORDS
)
_STARTERS_BY_LAST = {
    last: tuple(w for w in sorted(STARTER_WORDS) if w[-1] == last)
    for last in {w[-1] for w in STARTER_WORDS}
}
# Command keywords that run or install code; a name may not end in one (the same restart
# reads `xrun_cmd` from its second character on as `run_cmd`). Keywords that run nothing
# and often end ordinary names (`prefix`, `module`, `instance`, …) are left out, so that
# `List.take_prefix` stays usable.
SUFFIX_WORDS = allowlist.COMMAND_WORDS - {
    "alias",
    "axiom",
    "class",
    "export",
    "include",
    "infix",
    "infixl",
    "infixr",
    "instance",
    "meta",
    "module",
    "mutual",
    "nonrec",
    "notation",
    "notation3",
    "omit",
    "opaque",
    "postfix",
    "prefix",
    "seal",
    "unseal",
}
# Characters a comment or a character literal may directly follow: anything else may end a
# token of Lean's or Mathlib's with the `/`, `-` or `'` that opens it (`\/` is `Or`, `×'`
# is `PProd`, `''` is `Set.image`), and Lean would read on from there as code.
_BEFORE_COMMENT = frozenset(" \t\r\n)]}⟩»")
_BEFORE_CHAR = frozenset(" \t\r\n([{⟨,»")
# A tactic configuration written as a `{ field := value }` literal: a positional or
# computed one (`⟨false, true, …⟩`, `.mk …`) can switch on `native` without naming it.
_CONFIG_SYMBOLS = frozenset({"{", "}", ",", ":=", "+", "-", "*", "^", "/"})

# Names (without guillemets) and the other openers of a command, for `interior`.
_WORD = re.compile(r"[A-Za-z_\u0370-\u03ff\u1f00-\u1fff\u2100-\u214f][\w'!?.]*")
_OTHER_STARTS = re.compile(r"#(?=[A-Za-z_«])[^\s]*|@\[|/--|/-!")


def _starter_suffixes(word: str) -> list[str]:
    """The command keywords a name ends with (itself included): Lean's restart reads a
    name from each of its characters."""
    return [w for w in _STARTERS_BY_LAST.get(word[-1], ()) if word.endswith(w)]


# Characters Lean reads as neither whitespace nor part of a token — a byte order mark,
# zero-width and direction controls, spaces other than ASCII's, control and separator
# characters — or that make the text read differently to a person than to Lean (Trojan
# Source). The lexer would read them as stray symbols and every later rule would report
# on a file Lean reads otherwise, so they are reported alone, where they stand.
_UNSEEN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xa0\xad\u061c\u1680\u180e"
    "\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ufeff\ufff9-\ufffb]"
)


# A carriage return not followed by a line feed. Lean turns each CRLF into LF before it
# reads a file, and rejects a CR left over between tokens ("isolated carriage returns are
# not allowed") while a comment or string swallows it; a reader that turns it into a line
# break (Python's text mode) would end a `--` comment there and read code Lean never reads.
_LONE_CR = re.compile("\r(?!\n)")


def read_source(data: bytes) -> str:
    """The one reading of a submission's bytes that every check shares — the grader, `ofb
    grade static` and the packets' `check_submission`: strict UTF-8, nothing translated (no
    newline conversion, a byte order mark kept so that the lexing rule reports it).
    Raises `UnicodeDecodeError` for bytes that are not UTF-8, which Lean refuses too."""
    return data.decode("utf-8")


def _char_name(ch: str) -> str:
    """`U+FEFF (ZERO WIDTH NO-BREAK SPACE)`; control characters have no Unicode name."""
    return f"U+{ord(ch):04X}" + (f" ({unicodedata.name(ch)})" if unicodedata.name(ch, "") else "")


# Bounds on what the layer reports about one file: the findings kept (the rest counted),
# the findings a verdict line lists, and the characters of one message (which may quote a
# token of the submission, up to its 8 MiB).
MAX_KEPT_ISSUES = 1000
MAX_LISTED_ISSUES = 50
MAX_SHOWN_CHARS = 500

RULES = {
    "imports": "only `import Mathlib` and `import FrontierBench.Util.*`",
    "lexing": "the file reads the same to Lean as to this layer: no invisible, direction or "
    "control character (a carriage return not followed by a line feed included) and no space "
    "but ASCII's (a byte order mark included), nothing runs to the end of the file, no "
    "comment or character literal glued to a symbol (`\\/-`, `×'\"'`), no string that "
    "ends elsewhere when read as an interpolated string, no command keyword inside a string "
    "or a «name», no name ending in a code-running command keyword (Lean's error recovery "
    "restarts inside them)",
    "sorry": "no sorry, admit, sorryAx or stop (Lean's `repeat sorry`)",
    "axiom": "no axiom declarations",
    "trust": "no native_decide, decide +native, bv_decide, ofReduceBool, trustCompiler, "
    "implemented_by, extern, unsafe, partial, opaque, prelude, addDeclCore; a tactic's "
    "(config := …) is a { field := value } literal",
    "command": "only the commands a proof needs: theorem, lemma, def, abbrev, structure, "
    "inductive, example, namespace, section, end, open, variable, universe, set_option "
    "(no `… in` on section or namespace); "
    "modifiers noncomputable, private, protected; deriving DecidableEq, Repr, Inhabited, "
    "Nonempty, BEq, Hashable, Ord, Fintype — anything else (instance, class, attribute, "
    "macro, syntax, notation, elab, initialize, mutual, …) is rejected",
    "attribute": "only the attributes simp, norm_cast, push_cast, gcongr, fun_prop, ext, "
    "reducible, irreducible, grind (=, →, ←), on the submission's own declarations",
    "run-code": "no code run at compile time: no #-command (#eval, #eval!, #guard, #check, "
    "…; write Mathlib's `#s` as `# s`), by_elab, run_tac, run_cmd, initialize, plausible, "
    "eval%, trace, from_lrat, include_str, polyrith, with_panel_widgets, …; "
    "every rule of aesop's (add …) names a builder other than tactic (apply, simp, …); no "
    "configuration field that holds code (linarith's discharger, oracle, preprocessors)",
    "metaprogramming": "no meta-level names (Lean.…, Qq.…, TacticM, MetaM, IO, IO.…, "
    "System.…, Mathlib.Tactic.…, …) and no namespace that holds them named alone (open "
    "Mathlib.Tactic, open Mathlib), no syntax quotations or name literals",
    "set-option": "no debug, kernel or compiler options (only maxHeartbeats, maxRecDepth, "
    "synthInstance.*, linter.*, pp.*, trace.* but trace.profiler.output)",
    "shadowing": "the submission's declarations live in its namespace under fresh names: "
    "none may capture a name the statement uses or a notation stands for",
    "definitions": "the reference's definitions appear unchanged, before `main`",
    "main": "exactly one theorem `main`, in the packet's namespace, without modifiers, "
    "attributes or an `… in` prefix",
    "statement": "`main`'s signature equals the reference's, with only the answer filled in, "
    "and no `open` or `variable` of the submission is in effect at `main` (put them in a "
    "`section … end` before it, or write `open … in` on the declarations that need them)",
    "answer": "a yes/no answer is the literal True or False; a value answer is an explicit "
    "plain term (no sInf, Classical.choose, …, no tactic block, none of the submission's own "
    "declarations)",
}


@dataclass(frozen=True)
class Issue:
    rule: str
    line: int
    column: int
    message: str

    def text(self, path: str) -> str:
        return f"{path}:{self.line}:{self.column}: {self.rule}: {self.message}"

    def as_dict(self) -> dict:
        return {
            "rule": self.rule,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }


@dataclass
class StaticResult:
    issues: list[Issue] = field(default_factory=list)  # the first MAX_KEPT_ISSUES findings
    answer: str | None = None  # the submitted answer's tokens, joined by spaces
    answer_source: str | None = None  # the submitted answer exactly as written
    namespace: str | None = None  # the allowed namespace the submission's `main` is in
    omitted: int = 0  # findings past MAX_KEPT_ISSUES: counted, not kept

    @property
    def passed(self) -> bool:
        return not self.issues

    @property
    def total(self) -> int:
        return len(self.issues) + self.omitted

    def listed(self) -> dict:
        """What a published verdict line says of this layer: whether it passed, the first
        MAX_LISTED_ISSUES findings and how many there are in all — a hostile file can make
        millions, and a verdict line must stay a line."""
        return {
            "passed": self.passed,
            "issues": [i.as_dict() for i in self.issues[:MAX_LISTED_ISSUES]],
            "issues_total": self.total,
        }


def clipped(text: str | None, limit: int = MAX_SHOWN_CHARS) -> str | None:
    """`text` cut to `limit` characters, saying how long it was (for what a verdict line or a
    message quotes from a submission)."""
    if text is None or len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def normalize(tokens: list[Token], rename: dict[str, str]) -> list[str]:
    """Token texts with namespace prefixes renamed and ASCII spellings unified."""
    out = []
    for tok in tokens:
        text = tok.text
        if tok.kind is Kind.IDENT:
            for old, new in rename.items():
                if text == old or text.startswith(old + "."):
                    text = new + text[len(old) :]
                    break
        out.append(SPELLINGS.get(text, text))
    return out


@dataclass
class _Source:
    lean: LeanFile
    code: list[Token]

    @classmethod
    def parse(cls, text: str) -> _Source:
        lean = LeanFile.parse(text)
        return cls(lean, [t for t in lean.stream if not t.is_comment])

    def tokens(self, start: int, end: int) -> list[Token]:
        return [t for t in self.code if start <= t.start and t.end <= end]

    def mains(self) -> list[Declaration]:
        return [
            d
            for d in self.lean.declarations
            if d.kind in ("theorem", "lemma")
            and d.name is not None
            and d.name.split(".")[-1] == "main"
        ]


def answer_span(code: list[Token], start: int, end: int) -> tuple[int, int] | None:
    """Indices of the first `answer(` within [start, end) and of its `)`."""
    for i, tok in enumerate(code):
        if tok.start >= start and tok.end <= end and tok.text == "answer(":
            close = group_end(code, i)
            return None if close is None else (i, close)
    return None


def has_yes_no_form(code: list[Token], main: Declaration) -> bool:
    """Is `main`'s type `answer(…) ↔ P` (the form of a yes/no item)? `code` is the file's
    tokens without trivia."""
    if main.type is None:
        return False
    span = answer_span(code, main.type.start, main.type.end)
    if span is None:
        return False
    first = next((i for i, t in enumerate(code) if t.start >= main.type.start), None)
    return span[0] == first and span[1] + 1 < len(code) and code[span[1] + 1].text in ("↔", "<->")


def _plain_name(text: str) -> str:
    """An identifier without `_root_.` and guillemets: the name Lean resolves."""
    text = text.replace("«", "").replace("»", "")
    return text.removeprefix("_root_.")


def _add_clauses(code: list[Token], closing: dict[int, int], add_is_a_name: bool) -> set[int]:
    """The indices of the `(` that open aesop's `(add …)` clauses: after a tactic named
    `aesop…` (`aesop`, `aesop?`, `aesop_cat`) or after another of its clauses. Elsewhere
    `(add …)` is a clause too — a tactic may pass clauses on to aesop — unless the
    submission declares a name `add`, whose applications it then is."""
    opener = {c: o for o, c in closing.items()}
    chained: set[int] = set()
    clauses: set[int] = set()
    for i, tok in enumerate(code):
        if tok.text != "(":
            continue
        prev = code[i - 1] if i > 0 else None
        after_aesop = prev is not None and (
            (prev.kind is Kind.IDENT and _plain_name(prev.text).startswith("aesop"))
            or (prev.text == ")" and opener.get(i - 1) in chained)
        )
        if after_aesop:
            chained.add(i)
        if i + 1 < len(code) and code[i + 1].text == "add" and (after_aesop or not add_is_a_name):
            clauses.add(i)
    return clauses


def _inside_add(enclosing: list[int | None], clauses: set[int]) -> list[bool]:
    """For each token: is it inside an `(add …)` clause of aesop's, at any depth?"""
    inside: list[bool] = []
    for j in enclosing:
        inside.append(j is not None and (inside[j] or j in clauses))
    return inside


def _rules_without_builder(
    code: list[Token], start: int, end: int, closing: dict[int, int]
) -> list[Token]:
    """The rules of an aesop `(add …)` clause (its tokens `code[start:end]`) that name no
    builder other than `tactic`, each by its first token. Rules are split at top-level
    commas; a builder written before a `[…]` list holds for every rule in it."""

    def split(lo: int, hi: int) -> list[tuple[int, int]]:
        parts, first, j = [], lo, lo
        while j < hi:
            tok = code[j]
            if tok.kind is Kind.SYMBOL and tok.text in OPENERS:
                j = min(closing.get(j, hi - 1), hi - 1) + 1
                continue
            if tok.text == ",":
                parts.append((first, j))
                first = j + 1
            j += 1
        parts.append((first, hi))
        return [(a, b) for a, b in parts if a < b]

    missing: list[Token] = []
    # Rules still to read: (first token, end, a builder named before them). A stack, not
    # recursion: `[[[…]]]` nests as deep as the file is long.
    todo = [(a, b, False) for a, b in reversed(split(start, end))]
    while todo:
        lo, hi, named = todo.pop()
        j, nested = lo, False
        while j < hi:
            tok = code[j]
            if tok.kind is Kind.IDENT and tok.text in allowlist.AESOP_BUILDERS:
                named = True
            if tok.kind is Kind.SYMBOL and tok.text in OPENERS:
                close = min(closing.get(j, hi - 1), hi - 1)
                if tok.text == "[":
                    todo.extend((a, b, named) for a, b in reversed(split(j + 1, close)))
                    nested = True
                    break
                j = close + 1
                continue
            j += 1
        if not nested and not named:
            missing.append(code[lo])
    return missing


def _before_header(src: _Source, decl: Declaration) -> str | None:
    """The code token right before `decl`'s docstring (or keyword), if any."""
    start = (decl.docstring or decl.keyword).start
    before = [t for t in src.code if t.end <= start]
    return before[-1].text if before else None


def _argument(cmd: Command) -> str:
    """The name after `namespace`, `section` or `end` (or "")."""
    toks = [t for t in cmd.tokens if not t.is_comment]
    k = next((i for i, t in enumerate(toks) if t.text == cmd.kind), 0)
    nxt = toks[k + 1] if k + 1 < len(toks) else None
    return _plain_name(nxt.text) if nxt is not None and nxt.kind is Kind.IDENT else ""


def _opens_in(code: list[Token], i: int) -> bool:
    """Is the `open` at `code[i]` the prefix `open … in` (of a command, a tactic or a term)
    rather than a command of its own? Its arguments are names, `scoped`, `hiding`,
    `renaming`, parenthesised name lists and arrows; `in` follows them."""
    j = i + 1
    # The scan stops at the next `open` (whose arguments are its own): each token is read
    # once, however many `open`s a line holds.
    while j < len(code) and (
        (code[j].kind is Kind.IDENT and code[j].text not in ("in", "open"))
        or code[j].text in ("(", ")", "→", "->", ",")
    ):
        j += 1
    return j < len(code) and code[j].text == "in"


class _Checker:
    def __init__(
        self, submission: str, reference: str, namespaces: dict[str, str], yes_no: bool | None
    ) -> None:
        self.sub = _Source.parse(submission)
        self.ref = _Source.parse(reference)
        self.rename = namespaces  # submission namespace → reference namespace
        self.yes_no = yes_no
        self.result = StaticResult()
        self._reported: set[tuple[str, int]] = set()
        # Commands of the submission that repeat the reference's own (before `main`): the
        # allow-lists do not apply to them; the definitions rule checks them.
        self.reference_spans: list[tuple[int, int]] = []
        self.closing, self.enclosing = brackets(self.sub.code)
        self.add_is_a_name = "add" in self.own_names()
        self.add_clauses = _add_clauses(self.sub.code, self.closing, self.add_is_a_name)

    def issue(self, rule: str, where: Token | int | None, message: str) -> None:
        offset = None if where is None else where if isinstance(where, int) else where.start
        if offset is not None:
            if (rule, offset) in self._reported:
                return  # one finding per rule and place (two passes may see the same token)
            self._reported.add((rule, offset))
            line, col = self.sub.lean.line_col(offset)
        else:
            line, col = 1, 1
        if len(self.result.issues) >= MAX_KEPT_ISSUES:
            self.result.omitted += 1
            return
        self.result.issues.append(Issue(rule, line, col, clipped(message) or ""))

    def run(self) -> StaticResult:
        main = self.main()
        self.commands(main)
        self.lexing()
        self.tokens()
        self.configs(self.sub.code, self.closing)
        self.aesop_rules(self.sub.code, self.closing, self.add_clauses)
        self.attribute_groups()
        self.imports()
        if main is not None:
            self.definitions(main)
            self.statement(main)
            self.scope_at_main(main)
        self.result.issues.sort(key=lambda i: (i.line, i.column, i.rule))
        return self.result

    def in_reference_command(self, tok: Token) -> bool:
        return any(start <= tok.start < end for start, end in self.reference_spans)

    # -- everywhere ---------------------------------------------------------------------
    def lexing(self) -> None:
        """The file must read the same to Lean as to this layer. Lean's token table is
        larger than the lexer's (`\\/`, `×'`, `''` …), and after a parse error Lean restarts
        one character at a time — inside strings, «names» and names too — and runs the
        first command it can read. So: nothing may run to the end of the file, no comment or
        character literal may be glued to a symbol, no command keyword may stand inside a
        string or a «name» (their insides are also swept like code, for interpolations the
        lexer does not know), and no name may end in a code-running command keyword."""
        source = self.sub.lean.source
        # No exemption for the reference's own commands: a copy may differ from it in its
        # comments, and a comment glued to one of its symbols (`1 </- … -/ n` for `1 < n`)
        # passes as the reference's text to the other rules while Lean may read code there.
        for tok in self.sub.lean.tokens:
            if not tok.terminated:
                self.issue(
                    "lexing",
                    tok,
                    f"this {tok.kind} is never closed: it runs to the end of the file, where "
                    "Lean stops reading it differently",
                )
                continue
            before = source[tok.start - 1] if tok.start > 0 else " "
            glued = (tok.is_comment and before not in _BEFORE_COMMENT) or (
                tok.kind is Kind.CHAR and before not in _BEFORE_CHAR
            )
            # Right after a name character Lean ends the name and reads on as the lexer
            # does — except after `'`, which may be a lone symbol: Lean reads `''` as one
            # token (`Set.image`), where the lexer would read `'` and a character literal.
            if glued and not (ID_CHAR.match(before) and before != "'"):
                self.issue(
                    "lexing",
                    tok,
                    f"`{tok.text if tok.kind is Kind.CHAR else tok.text[:2]}` directly after "
                    f"`{before}`: Lean may read `{before}"
                    f"{tok.text[0]}` as one token and the rest as code; put a space between",
                )
            elif tok.kind in (Kind.STRING, Kind.INTERP_STRING, Kind.RAW_STRING):
                if tok.kind is Kind.STRING and not readings_agree(tok.text):
                    self.issue(
                        "lexing",
                        tok,
                        "this string ends elsewhere when read as an interpolated string (as "
                        "Lean reads it after `s!`, `println!`, `dbg_trace`, `throwErrorAt "
                        "ref`, …, where `{…}` holds a term), and what follows it would be "
                        "read otherwise: write a brace in a string as `\\x7b`",
                    )
                start = len(tok.text) - len(tok.text.lstrip("r#")) + 1
                inner = tok.text[start:]
                inner = inner.rstrip("#")[:-1] if inner.endswith(('"', "#")) else inner[:-1]
                self.interior(inner, tok.start + start)
            elif tok.kind is Kind.IDENT:
                for part in re.finditer(r"«([^»]*)»", tok.text):
                    self.interior(part.group(1), tok.start + part.start(1))
                plain = re.sub(r"«[^»]*»", "", tok.text)
                word = next(
                    (w for w in SUFFIX_WORDS if plain.endswith(w) and len(plain) > len(w)), None
                )
                if word is not None:
                    self.issue(
                        "lexing",
                        tok,
                        f"`{tok.text}` ends in the command keyword `{word}`: after a parse "
                        "error Lean restarts inside the name and runs that command; rename it",
                    )

    def interior(self, text: str, base: int) -> None:
        """The inside of a string or a «name»: no command starts anywhere in it, and read
        as code it breaks no token rule."""
        # Lean's restart tries every position, so a keyword counts wherever a name in the
        # text ends with it (`xrun_cmd`, `«x run_cmd»`); one pass over the words found.
        hits = [
            (m.start() + len(m.group()) - len(w), w)
            for m in _WORD.finditer(text)
            for w in _starter_suffixes(m.group())
        ]
        hits += [(m.start(), m.group()) for m in _OTHER_STARTS.finditer(text)]
        for offset, word in sorted(hits):
            self.issue(
                "lexing",
                base + offset,
                f"`{word}` inside a string or a «name»: after a parse error Lean reads a "
                "command there",
            )
        code = [
            Token(t.kind, t.text, t.start + base, t.end + base)
            for t in tokenize(text)
            if not t.is_trivia
        ]
        closing, enclosing = brackets(code)
        clauses = _add_clauses(code, closing, self.add_is_a_name)
        in_add = _inside_add(enclosing, clauses)
        self.aesop_rules(code, closing, clauses)
        self.configs(code, closing)
        for i, tok in enumerate(code):
            if tok.kind is Kind.IDENT:
                self.identifier(code, i, in_add)
            elif is_hash_command(tok):
                self.issue(
                    "run-code", tok, f"`{tok.text}` inside a string or a «name» is a `#`-command"
                )

    def configs(self, code: list[Token], closing: dict[int, int]) -> None:
        """`(config := …)` is a `{ field := value }` literal: a positional (`⟨false, true,
        …⟩`) or computed (`.mk …`, a definition) configuration can switch on `decide`'s
        `native` without naming it."""
        for i, tok in enumerate(code):
            if not (
                tok.text == "("
                and i + 2 < len(code)
                and _plain_name(code[i + 1].text) == "config"
                and code[i + 2].text == ":="
            ):
                continue
            close = closing.get(i, len(code))
            for j in range(i + 3, close):
                t = code[j]
                field_name = t.kind is Kind.IDENT and j + 1 < close and code[j + 1].text == ":="
                if not (
                    t.kind is Kind.NUMBER
                    or t.text in _CONFIG_SYMBOLS
                    or t.text in ("true", "false")
                    or (field_name and "." not in t.text)
                ):
                    self.issue(
                        "trust",
                        t,
                        f"`{t.text}` in a tactic configuration: write it as `{{ field := value }}` "
                        "with literal values (or `+option`), so that no option is set unseen",
                    )
                    break

    def aesop_rules(self, code: list[Token], closing: dict[int, int], clauses: set[int]) -> None:
        """Every rule of aesop's `(add …)` clause names its builder: without one, aesop's
        default builder tries `tactic` first (for safe, unsafe and norm rules), which runs a
        declaration of type `TacticM Unit` — one of the submission's — as a tactic."""
        for i in sorted(clauses):
            close = closing.get(i, len(code))
            for first in _rules_without_builder(code, i + 2, close, closing):
                self.issue(
                    "run-code",
                    first,
                    "this rule of aesop's `(add …)` names no builder, and aesop's default "
                    "builder runs a declaration of type `TacticM Unit` as a tactic: name one "
                    f"({', '.join(sorted(allowlist.AESOP_BUILDERS))}), e.g. `(add safe apply h)`",
                )

    def tokens(self) -> None:
        """Rules on single tokens, wherever they stand: Lean starts a command at a command
        keyword even inside what looks like a proof, so none of these waits for the
        scanner to split the file the way Lean would."""
        code = self.sub.code
        in_add = _inside_add(self.enclosing, self.add_clauses)
        reference_hashes = {t.text for t in self.ref.code if is_hash_command(t)}
        # Names in an import are modules (`Mathlib.Tactic.Ring`), not constants: the imports
        # rule judges every one of them.
        imported = {t.start for c in self.sub.lean.commands if c.kind == "import" for t in c.tokens}
        for i, tok in enumerate(code):
            text = tok.text
            if tok.kind is Kind.IDENT and tok.start in imported:
                continue
            if tok.kind is Kind.IDENT:
                self.identifier(code, i, in_add)
                if _plain_name(text) in allowlist.META_ANCESTORS:
                    self.issue(
                        "metaprogramming",
                        tok,
                        f"`{text}` holds meta-level namespaces (Lean's tactics, their monads "
                        "and utilities): opened or entered, it brings their names in under "
                        "short names; a proof never needs it",
                    )
            elif is_hash_command(tok) and text not in reference_hashes:
                self.issue(
                    "run-code",
                    tok,
                    f"`{text}` is a `#`-command: none is allowed (they run code or print "
                    "through extensible delaborators while the file is compiled); for "
                    "Mathlib's cardinality notation write `# s` or `s.card`",
                )
            elif tok.kind is Kind.NAME_LITERAL or text == "`(":
                self.issue(
                    "metaprogramming",
                    tok,
                    f"`{text}` quotes syntax or names: only meta-level code needs it",
                )

    def identifier(self, code: list[Token], i: int, in_add: list[bool]) -> None:
        tok = code[i]
        text = tok.text
        name = _plain_name(text)
        last = name.split(".")[-1]
        if name in SORRY_WORDS:
            self.issue("sorry", tok, f"`{text}` is {SORRY_WORDS[name]}")
        elif text == "stop":  # the keyword; `«stop»` is a name
            self.issue("sorry", tok, "`stop` is Lean's `repeat sorry`: a proof hole")
        elif text in ("axiom", "axioms"):
            self.issue("axiom", tok, "axioms are not allowed")
        elif name in TRUST_ESCAPES or last in (
            "addDeclCore",
            "ofReduceBool",
            "trustCompiler",
            "unsafeCast",
        ):
            reason = TRUST_ESCAPES.get(name) or TRUST_ESCAPES[last]
            self.issue("trust", tok, f"`{text}` {reason}")
        elif name == "native" and (
            (i > 0 and code[i - 1].text == "+") or (i + 1 < len(code) and code[i + 1].text == ":=")
        ):
            self.issue("trust", tok, "`native` decision procedures trust compiled code")
        elif text in allowlist.RUN_CODE_WORDS:
            self.issue("run-code", tok, f"`{text}` {allowlist.RUN_CODE_WORDS[text]}")
        elif text in allowlist.EVALUATING:
            self.issue("run-code", tok, f"`{text}` {allowlist.EVALUATING[text]}")
        elif (
            text == "eval"
            and i + 1 < len(code)
            and code[i + 1].text == "%"
            and code[i + 1].start == tok.end
        ):
            self.issue("run-code", tok, f"`eval%` {allowlist.EVALUATING['eval%']}")
        elif text in allowlist.COMMAND_WORDS:
            self.issue(
                "command",
                tok,
                f"`{text}` starts a command that is not allowed (a proof needs only "
                f"{', '.join(allowlist.DECLARATIONS)} and {', '.join(allowlist.COMMANDS)})",
            )
        elif (
            name in allowlist.CODE_CONFIG_FIELDS
            and i + 1 < len(code)
            and code[i + 1].text == ":="
            # `(discharger := tactics)` right after `(` is the discharger clause of simp,
            # field_simp, use, …, which takes tactic syntax: Lean never reads it as a
            # configuration item. Inside `{ … }` it is linarith's field.
            and not (name == "discharger" and i >= 1 and code[i - 1].text == "(")
        ):
            self.issue(
                "run-code",
                tok,
                f"`{text} := …` sets code that the tactic runs: it "
                f"{allowlist.CODE_CONFIG_FIELDS[name]}; keep the default",
            )
        elif text == "tactic" and in_add[i]:
            self.issue(
                "run-code",
                tok,
                "aesop's `(add … tactic t)` runs the submission's `t` as a tactic "
                "(add lemmas with `(add simp …)`, `(add safe apply …)`, …)",
            )
        elif (
            name.split(".")[0] in allowlist.META_ROOTS
            or name.split(".")[0] in allowlist.META_NAMES
            or name.startswith(allowlist.META_PREFIXES)
        ):
            self.issue(
                "metaprogramming",
                tok,
                f"`{text}` is meta-level code (Lean's implementation, its monads or IO): "
                "a proof does not need it",
            )
        elif text == "set_option" and i + 1 < len(code):
            option = _plain_name(code[i + 1].text)  # `trace.«profiler».output` too
            if not SAFE_OPTIONS.fullmatch(option):
                self.issue("set-option", code[i + 1], f"set_option {option} is not allowed")
            elif (
                option in ("autoImplicit", "relaxedAutoImplicit")
                and i + 2 < len(code)
                and code[i + 2].text != "false"
            ):
                self.issue("set-option", code[i + 1], f"{option} must stay false")

    def attribute_groups(self) -> None:
        """Every `@[…]` group in the file (not only those the scanner attaches to a
        declaration) holds allowed attributes only."""
        code = self.sub.code
        for i, tok in enumerate(code):
            if tok.text != "@[" or self.in_reference_command(tok):
                continue
            close = self.closing.get(i)
            if close is None:
                self.issue("attribute", tok, "this `@[` is never closed")
                continue
            inner = code[i + 1 : close]
            for attr in split_attributes(inner):
                if attr not in allowlist.ATTRIBUTES:
                    self.issue(
                        "attribute",
                        tok,
                        f"the attribute `{attr}` is not allowed (allowed: "
                        f"{', '.join(allowlist.ATTRIBUTES)})",
                    )

    def imports(self) -> None:
        for name, tok in self.sub.lean.imports:
            if (
                name != "Mathlib"
                and not name.startswith("Mathlib.")
                and not name.startswith("FrontierBench.Util.")
            ):
                self.issue("imports", tok, f"import {name} is not allowed")

    # -- commands -----------------------------------------------------------------------
    def main(self) -> Declaration | None:
        mains = self.sub.mains()
        want = set(self.rename)
        if len(mains) != 1:
            self.issue(
                "main",
                mains[1].keyword if len(mains) > 1 else None,
                "the submission must declare exactly one theorem `main`",
            )
            return None
        main = mains[0]
        full = main.full_name or ""
        if (main.kind != "theorem" and main.kind != "lemma") or not any(
            full == f"{ns}.main" for ns in want
        ):
            self.issue("main", main.keyword, f"`main` must be `{min(want)}.main` (found `{full}`)")
        else:
            self.result.namespace = full[: -len(".main")]
        if main.modifiers or main.attributes:
            extra = ", ".join([*main.modifiers, *(f"@[{a}]" for a in main.attributes)])
            self.issue("main", main.keyword, f"`main` carries {extra}: leave it as stated")
        # Any `… in` right before `main` scopes it, whether or not the scanner split it off
        # (`trivial open Classical in` on the line before is not at a line start).
        if _before_header(self.sub, main) == "in" and not any(
            _before_header(self.ref, m) == "in" for m in self.ref.mains()
        ):
            self.issue(
                "main",
                main.keyword,
                "`main` is preceded by an `… in` prefix (`open … in`, `set_option … in`, "
                "`variable … in`): it changes how the statement reads; leave it as stated",
            )
        return main

    def scope_at_main(self, main: Declaration) -> None:
        """No `open` or `variable` of the submission is in effect at `main`: an opened
        namespace brings notations, instances and names that change how the statement
        reads, and a variable can take the place of a name it uses. Inside a `section …
        end` (or with `… in`) before `main` they are fine."""
        scopes: list[tuple[list[str], list[tuple[Token, str]]]] = [([], [])]
        for cmd in self.sub.lean.commands:
            if cmd.start >= main.start:
                break
            if cmd.kind in ("namespace", "section"):
                name = _argument(cmd)
                scopes.append((name.split(".") if name else [], []))
            elif cmd.kind == "end":
                want = _argument(cmd).split(".") if _argument(cmd) else []
                if not want and len(scopes) > 1:
                    scopes.pop()
                while want and len(scopes) > 1:
                    parts = scopes[-1][0]
                    if not parts or want[-len(parts) :] != parts:
                        break
                    want = want[: -len(parts)]
                    scopes.pop()
            if any(start <= cmd.start < end for start, end in self.reference_spans):
                continue
            if cmd.kind == "variable" and cmd.tokens[-1].text != "in":
                scopes[-1][1].append((cmd.tokens[0], "variable"))
            # Every `open` without `… in` is a command to Lean, also where the scanner did
            # not split it off (indented, or after a finished term on the same line).
            code = [t for t in cmd.tokens if not t.is_comment]
            for i, tok in enumerate(code):
                if tok.kind is Kind.IDENT and tok.text == "open" and not _opens_in(code, i):
                    scopes[-1][1].append((tok, "open"))
        for _, effects in scopes:
            for tok, kind in effects:
                self.issue(
                    "statement",
                    tok,
                    f"`{kind}` here is still in effect at `main` and can change how its "
                    f"statement reads: put it in a `section … end` before `main`, or write "
                    f"`{kind} … in` on the declarations that need it",
                )

    def reference_commands(self) -> list[list[str]]:
        """Normalized token texts of the reference's commands before its `main`."""
        ref_main = next(iter(self.ref.mains()), None)
        limit = ref_main.start if ref_main else len(self.ref.lean.source)
        return [
            normalize([t for t in c.tokens if not t.is_comment], {})
            for c in self.ref.lean.commands
            if c.start < limit and c.kind != "module-doc"
        ]

    def commands(self, main: Declaration | None) -> None:
        """Every command against the allow-lists (allowlist.py); the reference's own
        commands, repeated before `main`, are exempt."""
        reference = self.reference_commands()
        used = self.reference_identifiers()
        limit = main.start if main is not None else len(self.sub.lean.source)
        previous: Command | None = None
        too_deep = False
        for cmd in self.sub.lean.commands:
            if cmd.kind in ("import", "module-doc"):
                continue
            after, previous = previous, cmd
            if cmd.namespace == TOO_DEEP and not too_deep:
                too_deep = True
                self.issue(
                    "command",
                    cmd.tokens[0],
                    f"namespaces and sections nested more than {MAX_SCOPE_DEPTH} deep: no "
                    "proof needs that many, and the layer stops following them",
                )
            if cmd.kind in ("section", "namespace") and (
                cmd.prefixes or (after is not None and after.tokens[-1].text == "in")
            ):
                # Lean reads `X in cmd` as `section X cmd end`: with `cmd` a `section`, the
                # `end` closes that one, and `X` stays in effect until the file's own `end`.
                keyword = next(t for t in cmd.tokens if t.text == cmd.kind)
                self.issue(
                    "command",
                    keyword,
                    f"an `… in` prefix on `{cmd.kind}` is not allowed: Lean reads `X in "
                    f"{cmd.kind}` as `section X {cmd.kind} end`, so `X` (an `open`, a "
                    "`variable`) stays in effect for everything up to the next `end`; write "
                    f"`X` inside the {cmd.kind} instead",
                )
            texts = normalize([t for t in cmd.tokens if not t.is_comment], self.rename)
            if cmd.start < limit and texts in reference:
                self.reference_spans.append((cmd.start, cmd.end))
                continue
            if cmd.declaration is not None:
                self.declaration(cmd, cmd.declaration, main, used)
            elif not cmd.kind.startswith("#"):  # `#`-commands: the run-code rule
                self.other_command(cmd)

    def other_command(self, cmd: Command) -> None:
        own = self.own_tokens(cmd)
        keyword = next((t for t in own if t.text == cmd.kind), own[0])
        if cmd.kind not in allowlist.COMMANDS:
            name = cmd.kind if cmd.kind != "other" else keyword.text
            self.issue(
                "command",
                keyword,
                f"`{name}` is not an allowed command (allowed: "
                f"{', '.join(allowlist.DECLARATIONS)}, {', '.join(allowlist.COMMANDS)})",
            )
            return
        allowed = {"noncomputable"} if cmd.kind == "section" else set()
        for tok in own[: own.index(keyword)]:
            if tok.kind is Kind.IDENT and tok.text not in allowed:
                self.issue("command", tok, f"`{tok.text} {cmd.kind}` is not allowed")

    @staticmethod
    def own_tokens(cmd: Command) -> list[Token]:
        """The command's tokens after its `open … in` / `set_option … in` prefixes (each
        prefix ends with a top-level `in`)."""
        tokens = [t for t in cmd.tokens if not t.is_comment]
        remaining, depth = len(cmd.prefixes), 0
        for i, tok in enumerate(tokens):
            if not remaining:
                return tokens[i:]
            if tok.kind is Kind.SYMBOL and tok.text in OPENERS:
                depth += 1
            elif tok.kind is Kind.SYMBOL and tok.text in CLOSERS:
                depth -= 1
            elif tok.text == "in" and depth == 0:
                remaining -= 1
        return tokens[-1:] if tokens else cmd.tokens

    def declaration(
        self, cmd: Command, decl: Declaration, main: Declaration | None, used: set[str]
    ) -> None:
        if decl.kind not in allowlist.DECLARATIONS:
            self.issue(
                "command",
                decl.keyword,
                f"`{decl.kind}` is not an allowed declaration (allowed: "
                f"{', '.join(allowlist.DECLARATIONS)})",
            )
            return
        for modifier in decl.modifiers:
            if modifier not in allowlist.MODIFIERS:
                self.issue(
                    "command",
                    decl.keyword,
                    f"the modifier `{modifier}` is not allowed (allowed: "
                    f"{', '.join(allowlist.MODIFIERS)})",
                )
        self.deriving(decl)
        if decl is main or decl.kind == "example" or not decl.name:
            return
        self.fresh_name(decl, used)

    def deriving(self, decl: Declaration) -> None:
        tokens = [t for t in decl.tokens if not t.is_comment]
        for i, tok in enumerate(tokens):
            if tok.text != "deriving":
                continue
            for cls in tokens[i + 1 :]:
                if cls.text == ",":
                    continue
                if cls.kind is not Kind.IDENT or cls.text not in allowlist.DERIVING:
                    self.issue(
                        "command",
                        cls,
                        f"deriving `{cls.text}` is not allowed (allowed: "
                        f"{', '.join(allowlist.DERIVING)})",
                    )

    def fresh_name(self, decl: Declaration, used: set[str]) -> None:
        """A declaration of the submission lives in its namespace and captures no name the
        statement uses (or that its notation stands for)."""
        full = _plain_name(decl.full_name or decl.name or "")
        namespaces = [self.result.namespace] if self.result.namespace else list(self.rename)
        where = decl.name_token or decl.keyword
        if not any(full.startswith(ns + ".") for ns in namespaces):
            self.issue(
                "shadowing",
                where,
                f"`{full}` is declared outside the namespace {' or '.join(namespaces)}: the "
                "submission's declarations live in it",
            )
            return
        name = _plain_name(decl.name or "")
        last = name.split(".")[-1]
        hits = sorted(
            u for u in used if u == name or u.split(".")[-1] == last or u.endswith("." + name)
        )
        if hits:
            self.issue(
                "shadowing", where, f"`{name}` could capture `{hits[0]}`, which the statement uses"
            )
        elif last in allowlist.NOTATION_NAMES:
            self.issue(
                "shadowing",
                where,
                f"`{name}` could capture `{last}`, which the statement's notation may stand for",
            )

    def reference_identifiers(self) -> set[str]:
        """Identifiers the reference's definitions and statement use."""
        ref_main = next(iter(self.ref.mains()), None)
        end = ref_main.end if ref_main else len(self.ref.lean.source)
        return {t.text for t in self.ref.code if t.kind is Kind.IDENT and t.end <= end}

    def definitions(self, main: Declaration) -> None:
        ref_decls = {
            self.short(d): d
            for d in self.ref.lean.declarations
            if d.kind not in ("theorem", "lemma") and d.name
        }
        sub_decls = {self.short(d): d for d in self.sub.lean.declarations if d.name}
        for name, ref_decl in ref_decls.items():
            sub_decl = sub_decls.get(name)
            if sub_decl is None:
                self.issue("definitions", None, f"the reference's `{name}` is missing")
                continue
            want = normalize(self.ref.tokens(ref_decl.keyword.start, ref_decl.end), {})
            have = normalize(self.sub.tokens(sub_decl.keyword.start, sub_decl.end), self.rename)
            if (
                want != have
                or sub_decl.attributes != ref_decl.attributes
                or sub_decl.start > main.start
            ):
                self.issue(
                    "definitions", sub_decl.keyword, f"`{name}` differs from the reference's"
                )

    def short(self, decl: Declaration) -> str:
        """The declaration's name relative to its problem namespace."""
        full = decl.full_name or decl.name or ""
        for ns in (*self.rename, *self.rename.values()):
            if full.startswith(ns + "."):
                return full[len(ns) + 1 :]
        return full

    def statement(self, main: Declaration) -> None:
        ref_mains = self.ref.mains()
        if len(ref_mains) != 1:
            self.issue("statement", None, "the reference has no single `main` (a packet error)")
            return
        ref_main = ref_mains[0]
        ref_sig = (
            ref_main.name_token.end if ref_main.name_token else ref_main.keyword.end,
            ref_main.body.start if ref_main.body else ref_main.end,
        )
        sub_sig = (
            main.name_token.end if main.name_token else main.keyword.end,
            main.body.start if main.body else main.end,
        )
        ref_code = self.ref.code
        sub_code = self.sub.code
        ref_slot = answer_span(ref_code, *ref_sig)
        sub_slot = answer_span(sub_code, *sub_sig)
        if ref_slot is None:
            self.issue(
                "statement", None, "the reference has no answer placeholder (a packet error)"
            )
            return
        if sub_slot is None:
            self.issue("statement", main.keyword, "keep `answer(…)` around your answer in `main`")
            return
        answer_tokens = sub_code[sub_slot[0] + 1 : sub_slot[1]]
        answer = " ".join(t.text for t in answer_tokens)
        self.result.answer = answer
        self.result.answer_source = self.sub.lean.source[
            sub_code[sub_slot[0]].end : sub_code[sub_slot[1]].start
        ].strip()
        ref_before = [t for t in ref_code[: ref_slot[0] + 1] if t.start >= ref_sig[0]]
        ref_after = [t for t in ref_code[ref_slot[1] :] if t.end <= ref_sig[1]]
        sub_before = [t for t in sub_code[: sub_slot[0] + 1] if t.start >= sub_sig[0]]
        sub_after = [t for t in sub_code[sub_slot[1] :] if t.end <= sub_sig[1]]
        if normalize(ref_before, {}) != normalize(sub_before, self.rename) or normalize(
            ref_after, {}
        ) != normalize(sub_after, self.rename):
            self.issue(
                "statement",
                main.keyword,
                "the statement of `main` differs from the reference (only the answer may change)",
            )
        self.check_answer(answer_tokens, sub_code[sub_slot[0]])
        opened, closed = sub_code[sub_slot[0]].end, sub_code[sub_slot[1]].start
        comment = next(
            (t for t in self.sub.lean.tokens if t.is_comment and opened <= t.start < closed),
            None,
        )
        if comment is not None:
            # The answer's text is pasted into the Challenge, on the reference's line: a
            # comment there would swallow the reference's own `) := by`.
            self.issue("answer", comment, "no comment inside `answer(…)`: write the term alone")

    def check_answer(self, tokens: list[Token], where: Token) -> None:
        texts = [t.text for t in tokens]
        if not texts or texts == ["sorry"]:
            self.issue("answer", where, "fill in the answer")
        elif self.yes_no is True and texts not in (["True"], ["False"]):
            self.issue(
                "answer",
                where,
                f"a yes/no answer is the literal True or False, not `{' '.join(texts)}`",
            )
        elif self.yes_no is False:
            bad = sorted(
                {
                    t
                    for t in texts
                    if t not in EXPLICIT_NAMES
                    and (t in NOT_EXPLICIT or t.split(".")[-1] in NOT_EXPLICIT)
                }
            )
            if bad:
                hint = (
                    " (a binomial coefficient is written `Nat.choose n k`)"
                    if any(t.split(".")[-1] == "choose" for t in bad)
                    else ""
                )
                self.issue(
                    "answer",
                    where,
                    f"the answer must be explicit, not built with {', '.join(bad)}{hint}",
                )
            keywords = sorted({t for t in texts if t in allowlist.ANSWER_KEYWORDS})
            if keywords:
                self.issue(
                    "answer",
                    where,
                    f"a value answer is a plain term, without {', '.join(keywords)}: it is "
                    "elaborated on its own, beside the statement",
                )
            own = self.own_names()
            mine = sorted(
                {
                    t.text
                    for t in tokens
                    if t.kind is Kind.IDENT and self.short_name(_plain_name(t.text)) in own
                }
            )
            if mine:
                self.issue(
                    "answer",
                    where,
                    f"the answer uses {', '.join(mine)}, declared by the submission: the "
                    "answer is built with the statement alone, so spell the value out",
                )

    def own_names(self) -> set[str]:
        """Short names of the submission's declarations that the reference does not have."""
        reference = {self.short(d) for d in self.ref.lean.declarations if d.name}
        return {
            self.short(d)
            for d in self.sub.lean.declarations
            if d.name and d.kind != "example" and self.short(d) not in reference
        } - {"main"}

    def short_name(self, name: str) -> str:
        for ns in (*self.rename, *self.rename.values()):
            if name.startswith(ns + "."):
                return name[len(ns) + 1 :]
        return name


def character_findings(source: str) -> StaticResult:
    """The `lexing` rule's first part, on the text alone: every lone carriage return and
    every character of `_UNSEEN`, one finding per line and character. Run before anything
    is lexed: the other rules would read a file Lean reads otherwise, and their findings
    there would only mislead — and a file of millions of such characters is never turned
    into millions of tokens."""
    result = StaticResult()
    seen: set[tuple[int, str]] = set()
    # Lines are counted as the matches come, in order (no table of every line start: a
    # file of millions of short lines would make it large).
    counted = [0, 1]  # the offset lines are counted up to, and its line

    def found(offset: int, ch: str, message: str) -> None:
        if len(result.issues) >= MAX_KEPT_ISSUES:
            result.omitted += 1  # past the kept findings, every further character is counted
            return
        if offset < counted[0]:
            counted[:] = [0, 1]
        counted[1] += source.count("\n", counted[0], offset)
        counted[0] = offset
        line, column = counted[1], offset - (source.rfind("\n", 0, offset) + 1) + 1
        if (line, ch) in seen:
            return
        seen.add((line, ch))
        result.issues.append(Issue("lexing", line, column, message))

    for m in _LONE_CR.finditer(source):
        found(
            m.start(),
            "\r",
            "U+000D (CARRIAGE RETURN) not followed by a line feed: Lean rejects it between "
            "tokens and reads it as part of a comment or string elsewhere, where other readers "
            "see a line break; save the file with LF (or CRLF) line endings",
        )
    for m in _UNSEEN.finditer(source):
        ch = m.group()
        where = " at the start of the file (a byte order mark)" if m.start() == 0 else ""
        found(
            m.start(),
            ch,
            f"{_char_name(ch)}{where}: Lean reads it as neither a space nor part of a token, "
            "or it hides what the text says; remove it (save the file as UTF-8 without a byte "
            "order mark, and use ASCII spaces). The other rules run once it is gone",
        )
    result.issues.sort(key=lambda i: (i.line, i.column, i.rule))
    return result


def check(
    submission: str, reference: str, *, namespaces: dict[str, str], yes_no: bool | None
) -> StaticResult:
    """Apply the static layer to `submission` against `reference`.

    `namespaces` maps each namespace the submission may use to the reference's namespace
    (a packet id to itself; for the grader, also the item's own namespace). `yes_no` is
    True for yes/no items, False for value items and None when unknown.
    """
    early = character_findings(submission)
    if not early.passed:
        return early
    return _Checker(submission, reference, namespaces, yes_no).run()
