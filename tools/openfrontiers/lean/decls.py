"""The command and declaration scanner: Lean source → commands, declarations and scopes.

It reads the token stream of `lexer.tokenize` and splits it into commands the way Lean's
command parser would for well-formed files — `import`, `open`, `namespace`/`section`/`end`,
`set_option`, declarations with their docstring, attributes and modifiers, `#`-commands —
and tracks namespaces and sections to give every declaration its full name. A declaration
is cut into its signature (binders and type) and its body (after `:=`, `where` or the first
`|` of a pattern-matching definition).

Splitting relies on keywords that only start commands (`theorem`, `def`, `namespace`, …),
wherever they stand, so an indented or badly bracketed declaration is still found. Keywords
that are also tactics or terms (`open`, `set_option`, `#check`) start a command only in the
first column of a line (`#V` is also Mathlib's cardinality notation, which can open an
indented continuation line). `open … in` and `set_option … in` become prefixes of the
command they scope.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .lexer import (
    CLOSERS,
    OPENERS,
    SPELLINGS,
    Kind,
    SourceMap,
    Token,
    group_end,
    nesting,
    tokenize,
)

# Keywords that introduce a declaration.
DECL_KEYWORDS = frozenset(
    {
        "theorem",
        "lemma",
        "def",
        "abbrev",
        "instance",
        "structure",
        "class",
        "inductive",
        "coinductive",
        "axiom",
        "opaque",
        "example",
        "irreducible_def",
        "proof_wanted",
    }
)
# Keywords that introduce another command and appear nowhere else.
COMMAND_KEYWORDS = frozenset(
    {
        "import",
        "namespace",
        "section",
        "end",
        "universe",
        "variable",
        "attribute",
        "mutual",
        "export",
        "initialize",
        "builtin_initialize",
        "macro",
        "macro_rules",
        "syntax",
        "elab",
        "elab_rules",
        "notation",
        "infix",
        "infixl",
        "infixr",
        "prefix",
        "postfix",
        "declare_syntax_cat",
        "register_option",
        "run_cmd",
        "run_elab",
        "run_meta",
        "add_decl_doc",
        "module",
        "deriving",
        "omit",
        "include",
        "assert_not_exists",
        "suppress_compilation",
        "library_note",
        "alias",
        "compile_inductive",
        "unseal",
        "seal",
    }
)
# Keywords that start a command only in the first column (they are tactics too).
LINE_START_KEYWORDS = frozenset({"open", "set_option"})
# Declaration modifiers, in any order before the keyword.
MODIFIERS = frozenset(
    {
        "private",
        "protected",
        "noncomputable",
        "unsafe",
        "partial",
        "nonrec",
        "local",
        "scoped",
        "public",
        "meta",
    }
)
_STARTERS = DECL_KEYWORDS | COMMAND_KEYWORDS | LINE_START_KEYWORDS | MODIFIERS
# Keywords whose pattern-matching body starts with a `|` at the start of a line.
_PATTERN_BODY = frozenset({"def", "instance", "abbrev", "opaque", "theorem", "lemma"})


# Words after which a term must go on; a `|` there opens an absolute value `|x|`.
_CONTINUING_WORDS = frozenset({"fun", "λ", "if", "then", "else", "at", "from", "by", "with"})


def _ends_a_term(tok: Token) -> bool:
    """Whether a term can end at `tok`, so that a `|` starting the next line opens match
    arms (as Lean's parser reads it) rather than an absolute value: not after an operator,
    a separator or an opening bracket, which need more term."""
    if tok.kind is Kind.SYMBOL:
        # A bar at the end of a line most often closes `|x|` or `‖x‖`.
        return tok.text in CLOSERS or tok.text in ("|", "‖")
    return not (tok.kind is Kind.IDENT and tok.text in _CONTINUING_WORDS)


@dataclass(frozen=True)
class Span:
    """A half-open range of character offsets."""

    start: int
    end: int

    def text(self, source: str) -> str:
        return source[self.start : self.end]


@dataclass
class Declaration:
    """One declaration: what it is, what it is called, and where its parts are."""

    kind: str
    name: str | None
    full_name: str | None
    namespace: str
    modifiers: tuple[str, ...]
    attributes: tuple[str, ...]
    docstring: Token | None
    keyword: Token
    name_token: Token | None
    signature: Span
    binders: Span
    type: Span | None
    body: Span | None
    body_marker: str | None
    prefixes: tuple[str, ...]
    start: int
    end: int
    tokens: list[Token] = field(repr=False)


@dataclass
class Command:
    """One command: its kind (the keyword, `declaration`, `module-doc`, …) and tokens."""

    kind: str
    tokens: list[Token] = field(repr=False)
    start: int
    end: int
    prefixes: tuple[str, ...] = ()
    declaration: Declaration | None = None
    namespace: str = ""

    @property
    def keyword(self) -> Token:
        return self.tokens[0]


# Nested `namespace`/`section` scopes the scanner follows; deeper, a command's namespace is
# `TOO_DEEP`, and the static layer refuses the file.
MAX_SCOPE_DEPTH = 256
TOO_DEEP = "«namespaces nested too deep»"


@dataclass
class LeanFile:
    """A scanned Lean source: tokens, commands, declarations and the header."""

    source: str
    tokens: list[Token]
    stream: list[Token]
    commands: list[Command]
    map: SourceMap

    @classmethod
    def parse(cls, source: str) -> LeanFile:
        tokens = tokenize(source)
        source_map = SourceMap(source)
        stream = [t for t in tokens if t.kind not in _SKIPPED]
        commands = _Scanner(stream, source_map).run()
        return cls(source, tokens, stream, commands, source_map)

    @property
    def declarations(self) -> list[Declaration]:
        return [c.declaration for c in self.commands if c.declaration is not None]

    @property
    def imports(self) -> list[tuple[str, Token]]:
        """The imported module names with their tokens, in order."""
        found: list[tuple[str, Token]] = []
        for c in self.commands:
            if c.kind == "import":
                found.extend(
                    (t.text, t)
                    for t in c.tokens[1:]
                    if t.kind is Kind.IDENT and t.text not in ("all", "public", "meta")
                )
        return found

    @property
    def module_docs(self) -> list[Token]:
        return [c.tokens[0] for c in self.commands if c.kind == "module-doc"]

    def line_col(self, offset: int) -> tuple[int, int]:
        return self.map.line_col(offset)


_SKIPPED = frozenset({Kind.WHITESPACE, Kind.LINE_COMMENT, Kind.BLOCK_COMMENT})


class _Scanner:
    def __init__(self, stream: list[Token], source_map: SourceMap) -> None:
        self.stream = stream
        self.map = source_map

    def at_column_zero(self, tok: Token) -> bool:
        """Is `tok` the first character of its line (commands are not indented; tactics are)?"""
        return tok.start == 0 or self.map.source[tok.start - 1] == "\n"

    def line_start(self, tok: Token, prev: Token | None) -> bool:
        return prev is None or self.newline_between(prev, tok)

    def newline_between(self, a: Token, b: Token) -> bool:
        """Does `b` start on a later line than `a` ends?"""
        return self.map.line_of(b.start) > self.map.line_of(max(a.start, a.end - 1))

    # --- splitting -------------------------------------------------------------------
    def run(self) -> list[Command]:
        commands = [self.classify(seg) for seg in self.split()]
        commands = self.merge_prefixes(commands)
        self.resolve_scopes(commands)
        return commands

    def split(self) -> list[list[Token]]:
        segments: list[list[Token]] = []
        current: list[Token] = []
        depth = 0
        header = False  # inside the docstring, attributes and modifiers of a command
        prev: Token | None = None
        for i, tok in enumerate(self.stream):
            if header:
                if depth == 0 and not _is_header_token(tok):
                    header = False  # the command keyword: it stays in this command
            elif self.starts_command(i, depth, prev):
                if current:
                    segments.append(current)
                current = []
                depth = 0
                header = _is_header_token(tok)
            current.append(tok)
            if tok.kind is Kind.SYMBOL:
                if tok.text in OPENERS:
                    depth += 1
                elif tok.text in CLOSERS and depth > 0:
                    depth -= 1
            prev = tok
        if current:
            segments.append(current)
        return segments

    def starts_command(self, i: int, depth: int, prev: Token | None) -> bool:
        tok = self.stream[i]
        text = tok.text
        if tok.kind is Kind.IDENT and text not in _STARTERS:
            return False  # the common case: an ordinary name
        if tok.kind is Kind.MODULE_DOC:
            return True
        if tok.kind is Kind.DOC_COMMENT:
            nxt = self.stream[i + 1] if i + 1 < len(self.stream) else None
            # A docstring opens a command only before a declaration or a `#`-command (for
            # `#guard_msgs`); before a field or constructor it belongs to the current one.
            return nxt is not None and (
                nxt.text in DECL_KEYWORDS
                or nxt.text in MODIFIERS
                or nxt.text == "@["
                or is_hash_command(nxt)
            )
        if tok.kind is Kind.SYMBOL:
            if text == "@[":
                return depth == 0 or self.line_start(tok, prev)
            if is_hash_command(tok):
                return self.at_column_zero(tok)
            return False
        if tok.kind is not Kind.IDENT:
            return False
        if text in ("instance", "class"):
            after_deriving = prev is not None and prev.text == "deriving"
            return (depth == 0 or self.line_start(tok, prev)) and not after_deriving
        if text in DECL_KEYWORDS or text in COMMAND_KEYWORDS:
            if text == "deriving":
                # `deriving instance …` is a command; `… deriving Repr` ends a structure.
                nxt = self.stream[i + 1] if i + 1 < len(self.stream) else None
                return nxt is not None and nxt.text == "instance"
            return True
        if text in MODIFIERS:
            # `open scoped X` / `open private x`: a modifier word inside a command.
            after_open = prev is not None and prev.text == "open"
            return (depth == 0 or self.line_start(tok, prev)) and not after_open
        if text in LINE_START_KEYWORDS:
            return self.at_column_zero(tok)
        return False

    # --- classification ---------------------------------------------------------------
    def classify(self, seg: list[Token]) -> Command:
        start, end = seg[0].start, seg[-1].end
        first = seg[0]
        if first.kind is Kind.MODULE_DOC:
            return Command("module-doc", seg, start, end)
        keyword = self.header_keyword(seg)
        if keyword is None:
            return Command("other", seg, start, end)
        kw_tok = seg[keyword]
        if kw_tok.text in DECL_KEYWORDS:
            decl = self.declaration(seg, keyword)
            return Command("declaration", seg, start, end, declaration=decl)
        return Command(kw_tok.text, seg, start, end)

    @staticmethod
    def header_keyword(seg: list[Token]) -> int | None:
        """Index of the command keyword after docstring, attributes and modifiers."""
        i, n = 0, len(seg)
        while i < n:
            tok = seg[i]
            if tok.kind is Kind.DOC_COMMENT or tok.text in MODIFIERS:
                i += 1
            elif tok.text == "@[":
                i = _skip_group(seg, i)
            else:
                break
        if i >= n:
            return None
        tok = seg[i]
        if tok.kind is Kind.IDENT and (
            tok.text in DECL_KEYWORDS
            or tok.text in COMMAND_KEYWORDS
            or tok.text in LINE_START_KEYWORDS
        ):
            # `class inductive` / `class abbrev` are declarations of the second keyword.
            if tok.text == "class" and i + 1 < n and seg[i + 1].text in ("inductive", "abbrev"):
                return i
            return i
        if is_hash_command(tok):
            return i
        return None

    def declaration(self, seg: list[Token], k: int) -> Declaration:
        kw = seg[k]
        docstring = None
        attributes: list[str] = []
        modifiers: list[str] = []
        i = 0
        while i < k:
            tok = seg[i]
            if tok.kind is Kind.DOC_COMMENT:
                docstring = tok
                i += 1
            elif tok.text == "@[":
                j = _skip_group(seg, i)
                attributes.extend(split_attributes(seg[i + 1 : j - 1]))
                i = j
            else:
                modifiers.append(tok.text)
                i += 1
        kind = kw.text
        j = k + 1
        if kind == "class" and j < len(seg) and seg[j].text in ("inductive", "abbrev"):
            kind = "class " + seg[j].text
            j += 1
        if (
            kind == "instance"
            and j + 1 < len(seg)
            and seg[j].text == "("
            and seg[j + 1].text == "priority"
        ):
            j = _skip_group(seg, j)
        name_token = None
        if (
            kind != "example"
            and j < len(seg)
            and seg[j].kind is Kind.IDENT
            and seg[j].text not in ("where", "extends", "deriving")
        ):
            name_token = seg[j]
            j += 1
        sig_start = seg[j].start if j < len(seg) else (name_token or kw).end
        depth = 0
        colon: int | None = None
        marker: int | None = None
        prev = seg[j - 1]
        for idx in range(j, len(seg)):
            tok = seg[idx]
            text = tok.text
            if tok.kind is Kind.SYMBOL:
                if text in OPENERS:
                    depth += 1
                elif text in CLOSERS and depth > 0:
                    depth -= 1
                elif depth == 0:
                    if text == ":" and colon is None:
                        colon = idx
                    elif text == ":=" or (
                        text == "|"
                        and (
                            kind in ("inductive", "class inductive", "coinductive")
                            or (
                                kind in _PATTERN_BODY
                                and self.newline_between(prev, tok)
                                and _ends_a_term(prev)
                            )
                        )
                    ):
                        marker = idx
                        break
            elif depth == 0 and tok.kind is Kind.IDENT and text in ("where", "deriving"):
                marker = idx
                break
            prev = tok
        end = seg[-1].end
        if marker is None:
            sig_end = end
            body = None
            body_marker = None
        else:
            sig_end = seg[marker].start
            body_marker = seg[marker].text
            body_start = seg[marker].end if body_marker != "|" else seg[marker].start
            body = Span(body_start, end)
        binders_end = seg[colon].start if colon is not None else sig_end
        type_span = Span(seg[colon].end, sig_end) if colon is not None else None
        return Declaration(
            kind=kind,
            name=name_token.text if name_token else None,
            full_name=None,
            namespace="",
            modifiers=tuple(modifiers),
            attributes=tuple(attributes),
            docstring=docstring,
            keyword=kw,
            name_token=name_token,
            signature=Span(sig_start, max(sig_start, sig_end)),
            binders=Span(sig_start, max(sig_start, binders_end)),
            type=type_span,
            body=body,
            body_marker=body_marker,
            prefixes=(),
            start=seg[0].start,
            end=end,
            tokens=seg,
        )

    # --- prefixes and scopes -------------------------------------------------------------
    @staticmethod
    def merge_prefixes(commands: list[Command]) -> list[Command]:
        """Fold `open … in`, `set_option … in` and `#guard_msgs … in` into the next command."""
        merged: list[Command] = []
        pending: list[Command] = []
        for cmd in commands:
            is_prefix = (
                cmd.kind in ("open", "set_option", "omit", "include") or cmd.kind.startswith("#")
            ) and cmd.tokens[-1].text == "in"
            if is_prefix:
                pending.append(cmd)
                continue
            if pending:
                texts = tuple(" ".join(t.text for t in p.tokens) for p in pending)
                cmd.prefixes = texts + cmd.prefixes
                cmd.tokens = [t for p in pending for t in p.tokens] + cmd.tokens
                cmd.start = pending[0].start
                if cmd.declaration is not None:
                    cmd.declaration.prefixes = cmd.prefixes
                    cmd.declaration.start = cmd.start
                pending = []
            merged.append(cmd)
        if pending:
            merged.extend(pending)
        return merged

    @staticmethod
    def resolve_scopes(commands: list[Command]) -> None:
        # (kind, name parts, the namespace inside it): the namespace is kept with its
        # scope rather than joined again for every command, which is quadratic in depth.
        scopes: list[tuple[str, list[str], str]] = []
        mutual = 0
        for cmd in commands:
            ns = scopes[-1][2] if scopes else ""
            cmd.namespace = ns
            if cmd.kind == "namespace":
                parts = _name_parts(_command_argument(cmd))
                # Each scope keeps its whole namespace: past the cap a hostile file would
                # cost quadratic memory, and no file needs that depth.
                joined = (
                    TOO_DEEP
                    if len(scopes) >= MAX_SCOPE_DEPTH or ns == TOO_DEEP
                    else ".".join([ns, *parts] if ns else parts)
                )
                scopes.append(("namespace", parts, joined))
            elif cmd.kind == "section":
                name = _command_argument(cmd)
                scopes.append(("section", _name_parts(name) if name else [], ns))
            elif cmd.kind == "mutual":
                mutual += 1
            elif cmd.kind == "end":
                if mutual:
                    mutual -= 1
                else:
                    want = _name_parts(_command_argument(cmd))
                    if not want and scopes:
                        scopes.pop()
                    # `end A.B` closes `namespace A.B`, or `namespace A` then `namespace B`.
                    while want and scopes:
                        parts = scopes[-1][1]
                        if not parts or want[-len(parts) :] != parts:
                            break
                        want = want[: -len(parts)]
                        scopes.pop()
            decl = cmd.declaration
            if decl is not None:
                decl.namespace = ns
                if decl.name is not None:
                    if decl.name.startswith("_root_."):
                        decl.full_name = decl.name[len("_root_.") :]
                    else:
                        decl.full_name = f"{ns}.{decl.name}" if ns else decl.name


def is_hash_command(tok: Token) -> bool:
    """`#eval`, `#check`, `#s`: `#` directly followed by a name (Lean reads a declared
    `#`-keyword there; `# s`, `#[` and `#{` are not this)."""
    return (
        tok.kind is Kind.SYMBOL
        and tok.text.startswith("#")
        and len(tok.text) > 1
        and tok.text[1] not in "[{("
    )


def _is_header_token(tok: Token) -> bool:
    return tok.kind is Kind.DOC_COMMENT or tok.text in MODIFIERS or tok.text == "@["


def _command_argument(cmd: Command) -> str:
    """The name after the keyword of `namespace X`, `section X`, `end X` (or "")."""
    toks = cmd.tokens
    k = next((i for i, t in enumerate(toks) if t.text == cmd.kind), 0)
    if k + 1 < len(toks) and toks[k + 1].kind is Kind.IDENT:
        return toks[k + 1].text
    return ""


def _skip_group(seg: list[Token], i: int) -> int:
    """Index just after the bracket group opened at `seg[i]` (the end if it never closes)."""
    close = group_end(seg, i)
    return len(seg) if close is None else close + 1


def split_attributes(tokens: list[Token]) -> list[str]:
    """The attributes of one `@[…]` group (its tokens without the brackets), split at its
    top-level commas: `simp, category research open, AMS 11` → one text per attribute, its
    token texts joined by spaces, ASCII spellings as Lean prints them (`grind ->` is
    `grind →`)."""
    out: list[str] = []
    current: list[str] = []
    for j, around, _ in nesting(tokens):
        text = tokens[j].text
        if text == "," and around is None:
            out.append(" ".join(current))
            current = []
        else:
            current.append(SPELLINGS.get(text, text))
    out.append(" ".join(current))
    return [a for a in out if a]


def _name_parts(name: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    in_guillemet = False
    for ch in name:
        if ch == "«":
            in_guillemet = True
        elif ch == "»":
            in_guillemet = False
        if ch == "." and not in_guillemet:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return [p for p in parts if p]
