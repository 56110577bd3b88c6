"""The statement rules of STATEMENTS.md that tokens can decide.

A file rule is a function of a `FileContext` that yields `(where, message)` pairs, `where`
being a token, a character offset or None (the file as a whole). A tree rule is a function
of a `TreeContext` that yields `(path, line, message)`. `RULES` lists every rule with its
id, severity, scope and a one-line summary (`ofb check --rules`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from ..evaluator.answers import OPEN_FIELDS, SOLVED_FIELDS
from ..lean.decls import Declaration
from ..lean.lexer import Kind, Token, group_end
from ..register import Register
from ..register.load import CANDIDATE_EMPTY
from ..register.model import AnswerKind, Focus, Item, SourceRole, Split, Status, Verdict
from ..submission.static import has_yes_no_form
from ..tomlpos import KeyLines
from . import leaks
from .context import FileContext, FileKind, TreeContext
from .findings import Severity
from .public_text import Passage, markdown_passages, register_passages

Where = Token | int | None
FileReport = Iterator[tuple[Where, str]]
TreeReport = Iterator[tuple[Path, int, str]]


class Scope(StrEnum):
    ITEM = "item"  # statement files FrontierBench/<ID>.lean
    UTIL = "util"  # statement files and the utility library
    MISPLACED = "misplaced"  # other Lean files under FrontierBench/
    TREE = "tree"  # the register and the tree as a whole


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    scope: Scope
    summary: str
    check: Callable[..., Iterable]

    def applies_to(self, kind: FileKind) -> bool:
        if self.scope is Scope.ITEM:
            return kind is FileKind.ITEM
        if self.scope is Scope.UTIL:
            return kind in (FileKind.ITEM, FileKind.UTIL)
        if self.scope is Scope.MISPLACED:
            return kind is FileKind.OTHER
        return False


ALLOWED_OPTIONS = {
    "autoImplicit",
    "relaxedAutoImplicit",
    "maxHeartbeats",
    "synthInstance.maxHeartbeats",
    "maxRecDepth",
}
FORBIDDEN_WORDS = {
    "axiom": "an axiom would make anything provable",
    "axioms": "an axiom would make anything provable",
    "opaque": "an opaque constant hides its value",
    "native_decide": "native_decide trusts the compiler",
    "implemented_by": "implemented_by swaps in unchecked code",
    "extern": "extern swaps in unchecked code",
    "unsafe": "unsafe code is not checked",
    "partial": "a partial function is opaque to proofs",
    "prelude": "prelude drops the standard library and allows redefining it",
    "sorryAx": "sorryAx is sorry by another name",
    "Lean.ofReduceBool": "ofReduceBool trusts the compiler",
    "ofReduceBool": "ofReduceBool trusts the compiler",
    "Lean.trustCompiler": "trustCompiler trusts the compiler",
    "trustCompiler": "trustCompiler trusts the compiler",
}
FORBIDDEN_COMMANDS = {
    "#eval": "runs code while the file is elaborated",
    "#exit": "stops elaboration, hiding the rest of the file",
    "#compile": "runs the compiler",
    "run_cmd": "runs meta code",
    "run_elab": "runs meta code",
    "run_meta": "runs meta code",
    "run_tac": "runs meta code",
    "initialize": "runs code when the module is imported",
    "builtin_initialize": "runs code when the module is imported",
    "module": "statement files are plain Lean files: `module` changes what is visible",
}
META_KEYWORDS = {
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
    "binop%",
    "notation3",
}
META_ATTRIBUTES = {
    "term_elab",
    "command_elab",
    "tactic",
    "macro",
    "delab",
    "app_unexpander",
    "builtin_term_elab",
    "builtin_command_elab",
    "builtin_tactic",
    "builtin_macro",
    "init",
    "builtin_init",
    "env_extension",
    "builtin_delab",
}
_HEADING = re.compile(r"^\s*#\s+(?P<id>[RENO]\d{2})\b\s*(?:[—–:-]\s*)?(?P<title>.*)$")


# --- helpers ---------------------------------------------------------------------------


def _group_end(code: list[Token], i: int) -> int:
    """Index of the token closing the bracket opened at `code[i]` (the last token if none)."""
    close = group_end(code, i)
    return len(code) - 1 if close is None else close


def answer_slots(ctx: FileContext) -> list[tuple[int, int]]:
    """(index of `answer(`, index of its `)`) for every answer placeholder, in code order."""
    code = ctx.code
    return [
        (i, _group_end(code, i))
        for i, t in enumerate(code)
        if t.kind is Kind.SYMBOL and t.text == "answer("
    ]


def _in(decl: Declaration | None, tok: Token, part: str) -> bool:
    if decl is None:
        return False
    span = decl.type if part == "type" else decl.body
    return span is not None and span.start <= tok.start and tok.end <= span.end


def main_body(ctx: FileContext) -> list[Token]:
    main = ctx.main
    if main is None or main.body is None:
        return []
    return ctx.code_in(main.body.start, main.body.end)


def heading(ctx: FileContext) -> tuple[Token, re.Match[str] | None] | None:
    docs = ctx.lean.module_docs
    if not docs:
        return None
    first = docs[0]
    body = first.text[3:-2] if first.terminated else first.text[3:]
    line = next((ln for ln in body.splitlines() if ln.strip()), "")
    return first, _HEADING.match(line)


# --- structure ---------------------------------------------------------------------------


def misplaced_file(ctx: FileContext) -> FileReport:
    yield (
        None,
        (
            "a statement file is FrontierBench/<ID>.lean with an item id (R, E, N or O "
            "and two digits); move or rename this file"
        ),
    )


def from_formal_conjectures(module: str) -> bool:
    """Whether `module` belongs to formal-conjectures (its libraries FormalConjectures,
    FormalConjecturesUtil, FormalConjecturesForMathlib, FormalConjecturesTest)."""
    return module.split(".")[0].startswith("FormalConjectures")


def formal_conjectures_import(ctx: FileContext) -> FileReport:
    for name, tok in ctx.lean.imports:
        if from_formal_conjectures(name):
            why = (
                f"import {name}: formal-conjectures declares its own `answer(` syntax "
                "(`Google.answer`); next to FrontierBench.Util.Answer every `answer(…)` "
                "parses two ways and elaborates as an ambiguity (docs/statements.md)"
            )
            yield tok, why


def imports(ctx: FileContext) -> FileReport:
    found = ctx.lean.imports
    names = [name for name, _ in found]
    for name, tok in found:
        if from_formal_conjectures(name):
            continue  # formal-conjectures-import says why
        if name != "Mathlib" and not name.startswith("FrontierBench.Util."):
            yield tok, f"import {name}: only `Mathlib` and `FrontierBench.Util.*` may be imported"
    if "Mathlib" not in names:
        yield None, "missing `import Mathlib` (statements import the whole of Mathlib)"
    if answer_slots(ctx) and "FrontierBench.Util.Answer" not in names:
        yield None, "answer(·) is used but `import FrontierBench.Util.Answer` is missing"


def auto_implicit(ctx: FileContext) -> FileReport:
    first_decl = min((d.start for d in ctx.lean.declarations), default=len(ctx.lean.source))
    for cmd in ctx.lean.commands:
        toks = cmd.tokens
        if (
            cmd.kind == "set_option"
            and not cmd.prefixes
            and len(toks) >= 3
            and toks[1].text == "autoImplicit"
            and toks[2].text == "false"
            and cmd.start < first_decl
        ):
            return
    yield None, "missing `set_option autoImplicit false` before the first declaration"


def module_docstring(ctx: FileContext) -> FileReport:
    found = heading(ctx)
    if found is None:
        yield None, "missing the module docstring `/-! # <ID> — <question> … -/`"
        return
    tok, m = found
    if m is None:
        yield (
            tok,
            f"the module docstring must start with the heading `# {ctx.item_id} — <question>`",
        )
    elif m.group("id") != ctx.item_id:
        yield tok, f"the heading names {m.group('id')}, but this file is {ctx.item_id}"


def namespace(ctx: FileContext) -> FileReport:
    want = ctx.namespace
    for decl in ctx.lean.declarations:
        if decl.namespace != want or (decl.name or "").startswith("_root_"):
            yield (
                decl.keyword,
                (
                    f"declarations belong in `namespace {want}` "
                    f"(this one is in `{decl.namespace or '(root)'}`)"
                ),
            )
    ends = [
        c
        for c in ctx.lean.commands
        if c.kind == "end" and len(c.tokens) > 1 and c.tokens[1].text == want
    ]
    if ctx.lean.declarations and not ends:
        yield None, f"missing `end {want}`"


def single_theorem(ctx: FileContext) -> FileReport:
    theorems = ctx.theorems
    if not theorems:
        yield None, "no theorem: a statement file declares exactly one theorem, `main`"
    for extra in theorems[1:]:
        yield extra.keyword, "a statement file declares exactly one theorem (`main`)"
    for decl in ctx.lean.declarations:
        if decl.kind == "example":
            yield decl.keyword, "no `example` in a statement file"


def main_name(ctx: FileContext) -> FileReport:
    if len(ctx.theorems) == 1 and ctx.theorems[0].name != "main":
        t = ctx.theorems[0]
        yield t.name_token or t.keyword, f"the theorem must be called `main`, not `{t.name}`"


def main_docstring(ctx: FileContext) -> FileReport:
    if ctx.main is not None and ctx.main.docstring is None:
        yield ctx.main.keyword, "`main` needs a docstring restating the question precisely"


def def_docstring(ctx: FileContext) -> FileReport:
    for decl in ctx.lean.declarations:
        if decl.kind not in ("theorem", "lemma", "example") and decl.docstring is None:
            yield (
                decl.keyword,
                f"document `{decl.name or decl.kind}`: say what it is and why it is right",
            )


def binders_before_colon(ctx: FileContext) -> FileReport:
    main = ctx.main
    if main is not None and ctx.code_in(main.binders.start, main.binders.end):
        first = ctx.code_in(main.binders.start, main.binders.end)[0]
        yield first, "`main` takes no binders before the colon: quantify inside the statement"


def main_proof(ctx: FileContext) -> FileReport:
    main = ctx.main
    if main is None:
        return
    body = [t.text for t in main_body(ctx)]
    if main.body_marker != ":=" or body not in (["by", "sorry"], ["sorry"]):
        yield main.keyword, "the proof of `main` in a statement file is `by sorry`"


# --- placeholders and forbidden constructs ---------------------------------------------------


def sorry_placement(ctx: FileContext) -> FileReport:
    code = ctx.code
    allowed: set[int] = set()
    if ctx.kind is FileKind.ITEM:
        for i, close in answer_slots(ctx):
            if close == i + 2 and code[i + 1].text == "sorry" and _in(ctx.main, code[i], "type"):
                allowed.add(code[i + 1].start)
        body = main_body(ctx)
        if body and body[-1].text == "sorry":
            allowed.add(body[-1].start)
    for tok in code:
        if tok.kind is Kind.IDENT and tok.text == "sorry" and tok.start not in allowed:
            yield (
                tok,
                (
                    "`sorry` may appear only as `answer(sorry)` and as the proof of `main`"
                    if ctx.kind is FileKind.ITEM
                    else "no `sorry` in the utility library"
                ),
            )


def admit(ctx: FileContext) -> FileReport:
    for tok in ctx.code:
        if tok.kind is Kind.IDENT and tok.text == "admit":
            yield tok, "`admit` is `sorry` by another name"


# Meta code in the utility library may recurse without a termination proof: no statement
# depends on its definitional behaviour.
UTIL_ALLOWED = {"partial"}


def forbidden_keyword(ctx: FileContext) -> FileReport:
    allowed = UTIL_ALLOWED if ctx.kind is FileKind.UTIL else set()
    for tok in ctx.code:
        if tok.kind is Kind.IDENT and tok.text in FORBIDDEN_WORDS and tok.text not in allowed:
            yield tok, f"`{tok.text}` is forbidden: {FORBIDDEN_WORDS[tok.text]}"


def open_classical(ctx: FileContext) -> FileReport:
    for cmd in ctx.lean.commands:
        if cmd.kind == "open" and not cmd.prefixes:
            for tok in cmd.tokens[1:]:
                if tok.kind is Kind.IDENT and tok.text == "Classical":
                    yield (
                        cmd.keyword,
                        (
                            "no file-level `open Classical`: it changes how every "
                            "later statement elaborates; use `open Classical in`"
                        ),
                    )


def set_option(ctx: FileContext) -> FileReport:
    code = ctx.code
    for i, tok in enumerate(code):
        if tok.kind is not Kind.IDENT or tok.text != "set_option" or i + 1 >= len(code):
            continue
        name = code[i + 1].text
        value = code[i + 2].text if i + 2 < len(code) else ""
        if name not in ALLOWED_OPTIONS:
            yield (
                code[i + 1],
                (
                    f"set_option {name}: only {', '.join(sorted(ALLOWED_OPTIONS))} "
                    "may be set (debug and kernel options change what is checked)"
                ),
            )
        elif name in ("autoImplicit", "relaxedAutoImplicit") and value != "false":
            yield code[i + 1], f"{name} must stay false"


def forbidden_command(ctx: FileContext) -> FileReport:
    for tok in ctx.code:
        if tok.text in FORBIDDEN_COMMANDS and tok.kind in (Kind.IDENT, Kind.SYMBOL):
            if tok.text == "module" and ctx.kind is FileKind.UTIL:
                continue
            yield tok, f"`{tok.text}` is forbidden: {FORBIDDEN_COMMANDS[tok.text]}"


def stray_command(ctx: FileContext) -> FileReport:
    for tok in ctx.code:
        if (
            tok.kind is Kind.SYMBOL
            and tok.text.startswith("#")
            and tok.text != "#["
            and tok.text not in FORBIDDEN_COMMANDS
        ):
            yield tok, f"remove `{tok.text}`: statement files hold declarations only"


def metaprogramming(ctx: FileContext) -> FileReport:
    for cmd in ctx.lean.commands:
        if cmd.kind in META_KEYWORDS:
            yield cmd.keyword, f"no `{cmd.kind}` in a statement: new syntax hides what is stated"
    code = ctx.code
    for i, tok in enumerate(code):
        if (tok.kind is Kind.SYMBOL and tok.text == "@[") or (
            tok.text == "attribute" and i + 1 < len(code) and code[i + 1].text == "["
        ):
            start = i if tok.text == "@[" else i + 1
            for inner in code[start : _group_end(code, start) + 1]:
                if inner.kind is Kind.IDENT and inner.text in META_ATTRIBUTES:
                    yield inner, f"the attribute `{inner.text}` installs meta code"


def answer_placeholder(ctx: FileContext) -> FileReport:
    slots = answer_slots(ctx)
    main = ctx.main
    if not slots:
        yield main.keyword if main else None, "`main` has no `answer(sorry)` placeholder"
        return
    for i, _close in slots:
        tok = ctx.code[i]
        if not _in(main, tok, "type"):
            yield tok, "`answer(·)` belongs in the statement of `main` and nowhere else"
    if len(slots) > 1:
        yield ctx.code[slots[1][0]], "a statement has exactly one `answer(sorry)`"


def leak_answer(ctx: FileContext) -> FileReport:
    """A filled answer: in the marker of the code, or written in a comment, a docstring or a
    string literal (`answer(` followed by anything but `sorry)`)."""
    code = ctx.code
    for i, close in answer_slots(ctx):
        inner = code[i + 1 : close]
        if [t.text for t in inner] != ["sorry"]:
            text = " ".join(t.text for t in inner)
            yield code[i], f"the answer is filled in (`answer({text})`): publish `answer(sorry)`"
    for offset, m in ctx.answer_hits(leaks.FILLED_ANSWER):
        end = m.string.find(")", m.end())
        shown = m.string[m.start() : end + 1 if 0 <= end < m.end() + 80 else m.end() + 20]
        yield (
            offset,
            f"a filled answer in the text (`{shown}`): only `answer(sorry)` may be written",
        )


def answer_text_rule(pattern: leaks.Pattern) -> Callable[[FileContext], FileReport]:
    """One of the answer patterns over the comments, docstrings and string literals."""

    def check(ctx: FileContext) -> FileReport:
        for offset, m in ctx.answer_hits(pattern):
            yield offset, f"{pattern.what}: {m.group()!r}"

    check.__name__ = pattern.rule.replace("-", "_")
    return check


def answer_shape(ctx: FileContext) -> FileReport:
    item, main = ctx.item, ctx.main
    if item is None or main is None or main.type is None:
        return
    is_yes_no_form = has_yes_no_form(ctx.code, main)
    if item.answer_kind is AnswerKind.YES_NO and not is_yes_no_form:
        yield main.keyword, "a yes/no item states `main : answer(sorry) ↔ P`"
    if item.answer_kind is AnswerKind.VALUE and is_yes_no_form:
        yield main.keyword, "the register says value item, but `main` has the yes/no form"


# --- leakage in prose -----------------------------------------------------------------------


def _prose_hits(ctx: FileContext, rule: str) -> FileReport:
    for offset, hit in ctx.prose_hits:
        if hit.rule == rule:
            yield offset, f"{hit.what}: {hit.text!r}"


def prose_rule(rule: str) -> Callable[[FileContext], FileReport]:
    """The check of one leak pattern over the file's comments and docstrings."""

    def check(ctx: FileContext) -> FileReport:
        yield from _prose_hits(ctx, rule)

    check.__name__ = rule.replace("-", "_")
    return check


def _distinctive(component: str) -> bool:
    """`erdos_152`, `Erdos152`, `LehmerTotient` name a declaration; `Kourovka`, `parts`
    and `i` are ordinary words."""
    return len(component) >= 6 and (
        "_" in component
        or any(c.isdigit() for c in component)
        or any(c.isupper() for c in component[1:])
    )


def upstream_names(ctx: FileContext) -> set[str]:
    """Names of the item's upstream declarations that would identify them: the full name
    and its distinctive components."""
    names: set[str] = set()
    if ctx.item is not None:
        for up in ctx.item.upstream:
            if up.declaration:
                names.add(up.declaration)
                names.update(c for c in up.declaration.split(".") if _distinctive(c))
    return names


def leak_upstream_name(ctx: FileContext) -> FileReport:
    yield from _prose_hits(ctx, "leak-upstream-name")
    declared = upstream_names(ctx)
    for tok in ctx.code:
        if tok.kind is Kind.IDENT and (
            leaks.UPSTREAM_NAMES.regex.search(tok.text)
            or declared.intersection(tok.text.split("."))
            or tok.text in declared
        ):
            yield tok, f"an upstream name in the code: `{tok.text}` (it belongs in the register)"
    for tok in ctx.comments:
        for name in sorted(declared):
            for m in re.finditer(rf"(?<![\w.]){re.escape(name)}(?![\w])", tok.text):
                yield tok.start + m.start(), f"an upstream declaration name: {name!r}"


def leak_evaluator_data(ctx: FileContext) -> FileReport:
    """Anything of the evaluator key in the file: any item's solution sources, records and
    their URLs, and the item's own reference answer (a value term verbatim, an answer in
    answer-like context)."""
    scan = ctx.public_scan
    if scan is None:
        return
    passage = Passage(ctx.path, 1, ctx.path.name, ctx.lean.source, (ctx.item_id or "",))
    for leak in scan.secret_hits(passage):
        yield leak.offset, f"evaluator data in a statement file: {leak.text!r} ({leak.what})"
    context = scan.contexts.get(ctx.item_id or "")
    if context is not None:
        for m in context.hits(ctx.lean.source):
            yield (
                m.start(),
                f"evaluator data in a statement file: the reference answer ({m.group()!r})",
            )


def leak_title(ctx: FileContext) -> FileReport:
    item = ctx.item
    if item is None or len(item.title) < 8:
        return
    words = item.title.split()
    pattern = re.compile(r"\s+".join(map(re.escape, words)), re.IGNORECASE)
    for m in pattern.finditer(ctx.lean.source):
        yield (
            m.start(),
            (
                "the register title appears in the file; packets may not contain it "
                "(describe the problem in other words)"
            ),
        )


def declarative_title(ctx: FileContext) -> FileReport:
    found = heading(ctx)
    item = ctx.item
    if found and found[1] and item is not None and item.answer_kind is AnswerKind.YES_NO:
        title = found[1].group("title").strip()
        if title and not title.endswith("?"):
            yield found[0], 'title a yes/no question as a question ("Is X true?"), not a claim'


# --- the register -------------------------------------------------------------------------


def register_entry(ctx: FileContext) -> FileReport:
    if ctx.register is None:
        return
    item = ctx.item
    if item is None:
        yield None, f"{ctx.item_id} is not in the register ({ctx.register.path.name})"
    elif item.status is not Status.WRITTEN:
        yield (
            None,
            (
                f"the register marks {item.id} as {item.status}; a file with a statement "
                'needs status = "written"'
            ),
        )


def register_schema(tree: TreeContext) -> TreeReport:
    for error in tree.load_errors:
        yield Path(error.where.path), error.where.line, f"{error.rule}: {error.detail}"


def _on_register(
    check: Callable[[TreeContext, Register, KeyLines], TreeReport],
) -> Callable[[TreeContext], TreeReport]:
    """A rule about the register's content: it has nothing to say when the register did
    not load (register-schema reports why)."""

    def rule(tree: TreeContext) -> TreeReport:
        if tree.register is None or tree.register_lines is None:
            return
        yield from check(tree, tree.register, tree.register_lines)

    rule.__name__ = check.__name__
    return rule


@_on_register
def register_files(tree: TreeContext, register: Register, lines: KeyLines) -> TreeReport:
    if not tree.complete:
        return
    for item in register:
        if item.is_written and item.id not in tree.item_files:
            yield (
                register.path,
                lines.line(("items", item.id, "status")),
                f"{item.id} is marked written but {item.id}.lean does not exist",
            )


@_on_register
def register_complete(tree: TreeContext, register: Register, lines: KeyLines) -> TreeReport:
    for item in register:
        where = lines.line(("items", item.id))
        if item.status is Status.NEEDS_SOURCE and not item.needs_source.strip():
            yield (
                register.path,
                where,
                f"{item.id} needs-source: say what is missing (needs_source = …)",
            )
        if item.status is Status.CANDIDATE:
            yield from _candidate_entry(register, lines, item)
        if not item.is_written:
            continue
        missing = [
            name
            for name, value in (
                ("answer_kind", item.answer_kind),
                ("answer_type", item.answer_type),
                ("origin", item.origin),
                ("formalization_confidence", item.formalization_confidence),
                ("writer", item.writer),
            )
            if not value
        ]
        if not any(s.role is SourceRole.POSING for s in item.sources):
            missing.append("a posing source")
        if item.primary_source_read is None:
            missing.append("primary_source_read (whether the posing source itself was read)")
        if not item.primary_source_note.strip():
            missing.append("primary_source_note (what was read)")
        if missing:
            yield register.path, where, f"{item.id} is written but lacks {', '.join(missing)}"
        posing = [s for s in item.sources if s.role is SourceRole.POSING]
        if item.primary_source_read and posing and all(s.unread for s in posing):
            yield (
                register.path,
                lines.line(("items", item.id, "primary_source_read")) or where,
                (
                    f"{item.id}: primary_source_read = true, but the note of every posing "
                    "source says it was not opened or not read"
                ),
            )


def _candidate_entry(register: Register, lines: KeyLines, item: Item) -> TreeReport:
    """A candidate (from `ofb corpus candidates --draft`) names its problem and nothing a
    curator decides on admission."""
    where = lines.line(("items", item.id))
    if not item.sources and not item.upstream:
        yield register.path, where, f"{item.id} is a candidate without a source or upstream entry"
    for name in CANDIDATE_EMPTY:
        if getattr(item, name):
            yield (
                register.path,
                lines.line(("items", item.id, name)) or where,
                f"{item.id} is a candidate: {name} is set on admission, not before",
            )


@_on_register
def reviews(tree: TreeContext, register: Register, lines: KeyLines) -> TreeReport:
    for item in register:
        if not item.is_written:
            continue
        where = lines.line(("items", item.id, "reviews")) or lines.line(("items", item.id))
        latest = {focus: item.review(focus) for focus in Focus}
        for focus, review in latest.items():
            if review is None:
                continue
            if item.writer and review.reviewer == item.writer:
                yield register.path, where, f"{item.id}: the {focus} review is by the writer"
            if review.verdict is Verdict.MUST_FIX:
                yield (
                    register.path,
                    where,
                    f"{item.id}: the {focus} review's must-fix is not repaired",
                )
        fid, sem = latest[Focus.FIDELITY], latest[Focus.SEMANTICS]
        if fid and sem and fid.reviewer == sem.reviewer:
            yield (
                register.path,
                where,
                f"{item.id}: both reviews are by {fid.reviewer}; they must be independent",
            )


@_on_register
def reviews_missing(tree: TreeContext, register: Register, lines: KeyLines) -> TreeReport:
    for item in register:
        if item.is_written:
            missing = [str(f) for f in Focus if item.review(f) is None]
            if missing:
                yield (
                    register.path,
                    lines.line(("items", item.id)),
                    f"{item.id} lacks its {' and '.join(missing)} review",
                )


# What a written item's evaluator-key entry must fill: a solved item an answer with its
# record, the solution evidence and the credit, or else the reason it is pending (what of
# it could not be read); an open item the status check and the certificate direction.
SOLVED_ANSWERED = ("record", "evidence_date", "evidence_basis", "credit", "credit_record")
SOLVED_PENDING = ("pending",)
OPEN_REQUIRED = ("status_checked", "status_record", "certificate_direction")


@_on_register
def evaluator_key(tree: TreeContext, register: Register, lines: KeyLines) -> TreeReport:
    path = tree.answers_path or register.path
    for item in register:
        if not item.is_written:
            continue
        entry = tree.answers.get(item.id)
        if entry is None:
            yield path, 0, f"{item.id} is written but has no entry in the evaluator key"
            continue
        solved = item.split is Split.REDISCOVERY
        need: tuple[str, ...]
        have = entry.present()
        if solved:
            need = SOLVED_ANSWERED if entry.answer is not None else SOLVED_PENDING
        else:
            need = OPEN_REQUIRED
        lacking = [name for name in need if name not in have]
        if lacking:
            yield path, entry.line, f"{item.id}: the evaluator key lacks {', '.join(lacking)}"
        foreign = sorted(have & (OPEN_FIELDS if solved else SOLVED_FIELDS))
        if foreign:
            kind = "a solved" if solved else "an open"
            yield path, entry.line, f"{item.id} is {kind} item: {', '.join(foreign)} do not apply"


@_on_register
def evaluator_reviews(tree: TreeContext, register: Register, lines: KeyLines) -> TreeReport:
    """Every evaluator part of a review names exactly one review of the register."""
    path = tree.reviews_path or register.path
    for item_id, entries in tree.evaluator_reviews.items():
        item = register.items.get(item_id)
        seen: set[tuple[str, str, int]] = set()
        for entry in entries:
            if entry.key in seen:
                yield path, entry.line, f"{item_id}: two evaluator parts for the review {entry.key}"
            seen.add(entry.key)
            public = [
                r
                for r in (item.reviews if item else ())
                if (r.reviewer, str(r.focus), r.round) == entry.key
            ]
            if len(public) != 1:
                reviewer, focus, rnd = entry.key
                what = "no review" if not public else f"{len(public)} reviews"
                yield (
                    path,
                    entry.line,
                    (
                        f"{item_id}: the register has {what} by {reviewer} ({focus}, round "
                        f"{rnd}) for this evaluator part to belong to"
                    ),
                )


# The public certificate verifiers in a checkout (read as files: `check` imports no `cert`).
PUBLIC_VERIFIERS = Path("tools") / "openfrontiers" / "cert" / "verifiers"


@_on_register
def leak_verifier(tree: TreeContext, register: Register, lines: KeyLines) -> TreeReport:
    """A solved item's verifier states the answer a valid certificate establishes, and so
    which way the item went: it belongs under the evaluator folder, not in the package."""
    for module in sorted((tree.project.root / PUBLIC_VERIFIERS).glob("[a-z][0-9][0-9].py")):
        item = register.items.get(module.stem.upper())
        if item is not None and item.split is not Split.OPEN:
            yield (
                module,
                1,
                (
                    f"{item.id} is a solved item: its verifier is evaluator data; move it to "
                    "FrontierBench/evaluator/certificates/verifiers/"
                ),
            )


def public_files(tree: TreeContext) -> list[Path]:
    """The public documents besides the register: the README and docs/**.md."""
    root = tree.project.root
    docs = sorted((root / "docs").rglob("*.md")) if (root / "docs").is_dir() else []
    readme = root / "README.md"
    return [readme, *docs] if readme.is_file() else docs


@_on_register
def leak_public_text(tree: TreeContext, register: Register, lines: KeyLines) -> TreeReport:
    """Evaluator data or key talk in the register's fields, the docs or the README."""
    scan = tree.public_scan
    if scan is None:
        return
    text = register.path.read_text(encoding="utf-8")
    solved = [i.id for i in register if i.split is Split.REDISCOVERY]
    passages = register_passages(register.path, tomllib.loads(text), text, solved)
    for path in public_files(tree):
        passages += markdown_passages(path, path.read_text(encoding="utf-8"), register.items)
    for passage in passages:
        for leak in scan.scan(passage):
            yield passage.path, leak.line, leak.message()


def root_imports(tree: TreeContext) -> TreeReport:
    from ..lake import expected_root, read_root_imports

    if not tree.complete:
        return
    root = tree.project.root_module
    want = expected_root(tree.project)
    if not root.exists():
        yield root, 0, f"{root.name} is missing: run `ofb sync`"
        return
    have = read_root_imports(root)
    if have != want:
        extra = sorted(set(have) - set(want))
        lacking = sorted(set(want) - set(have))
        detail = "; ".join(
            filter(
                None,
                [
                    f"imports missing: {', '.join(lacking)}" if lacking else "",
                    f"imports of no item file: {', '.join(extra)}" if extra else "",
                    "imports out of order" if not extra and not lacking else "",
                ],
            )
        )
        yield root, 1, f"{root.name} is out of sync with FrontierBench/ ({detail}): run `ofb sync`"


R = Rule
E, W = Severity.ERROR, Severity.WARNING
RULES: tuple[Rule, ...] = (
    R(
        "file-name",
        E,
        Scope.MISPLACED,
        "Lean files under FrontierBench/ are <ID>.lean items (or Util/)",
        misplaced_file,
    ),
    R("imports", E, Scope.ITEM, "only `import Mathlib` and `FrontierBench.Util.*`", imports),
    R(
        "formal-conjectures-import",
        E,
        Scope.UTIL,
        "no import of formal-conjectures: its `answer(` syntax clashes with ours",
        formal_conjectures_import,
    ),
    R(
        "auto-implicit",
        E,
        Scope.ITEM,
        "`set_option autoImplicit false` before the first declaration",
        auto_implicit,
    ),
    R(
        "module-docstring",
        E,
        Scope.ITEM,
        "a module docstring headed `# <ID> — <question>`",
        module_docstring,
    ),
    R(
        "namespace",
        E,
        Scope.ITEM,
        "every declaration inside `namespace FrontierBench.<ID>`, closed by `end`",
        namespace,
    ),
    R(
        "single-theorem",
        E,
        Scope.ITEM,
        "exactly one theorem or lemma, and no `example`",
        single_theorem,
    ),
    R("main-name", E, Scope.ITEM, "the theorem is called `main`", main_name),
    R("main-docstring", E, Scope.ITEM, "`main` has a docstring", main_docstring),
    R("def-docstring", W, Scope.ITEM, "auxiliary definitions have a docstring", def_docstring),
    R(
        "binders-before-colon",
        E,
        Scope.ITEM,
        "`main` has no binders before the colon",
        binders_before_colon,
    ),
    R("main-proof", E, Scope.ITEM, "the proof of `main` is `by sorry`", main_proof),
    R(
        "sorry-placement",
        E,
        Scope.UTIL,
        "`sorry` only in `answer(sorry)` and as the proof of `main`",
        sorry_placement,
    ),
    R("admit", E, Scope.UTIL, "no `admit`", admit),
    R(
        "forbidden-keyword",
        E,
        Scope.UTIL,
        "no axiom, opaque, native_decide, implemented_by, extern, unsafe, partial, prelude, "
        "sorryAx, ofReduceBool, trustCompiler",
        forbidden_keyword,
    ),
    R("open-classical", E, Scope.ITEM, "no file-level `open Classical`", open_classical),
    R(
        "set-option",
        E,
        Scope.UTIL,
        "set_option only for autoImplicit (false), maxHeartbeats, maxRecDepth",
        set_option,
    ),
    R(
        "forbidden-command",
        E,
        Scope.UTIL,
        "no #eval, #exit, run_cmd, run_elab, run_meta, initialize, module",
        forbidden_command,
    ),
    R(
        "stray-command",
        W,
        Scope.ITEM,
        "no #check, #print, #guard_msgs … in a statement file",
        stray_command,
    ),
    R(
        "metaprogramming",
        E,
        Scope.ITEM,
        "no macro, syntax, elab, notation, infix, macro_rules, elab_rules or elaborator attributes",
        metaprogramming,
    ),
    R(
        "answer-placeholder",
        E,
        Scope.ITEM,
        "exactly one `answer(…)`, in the statement of `main`",
        answer_placeholder,
    ),
    R(
        "answer-shape",
        E,
        Scope.ITEM,
        "yes/no items have the form `answer(sorry) ↔ P` (per the register)",
        answer_shape,
    ),
    R(
        "leak-answer",
        E,
        Scope.ITEM,
        "the answer is not filled in: `answer(sorry)` only, in the code and in every comment, "
        "docstring and string",
        leak_answer,
    ),
    R(
        "leak-answer-sentence",
        E,
        Scope.ITEM,
        "no sentence stating the answer (the answer is yes/no, the conjecture is false …), in "
        "comments, docstrings and strings",
        answer_text_rule(leaks.ANSWER_SENTENCE),
    ),
    R(
        "leak-key-phrase",
        E,
        Scope.ITEM,
        "no phrase about the evaluator key (the key's …, Key True, reference answer is …)",
        answer_text_rule(leaks.KEY_PHRASE),
    ),
    R(
        "leak-status-link",
        E,
        Scope.ITEM,
        "no live status links (erdosproblems.com, OEIS, MathOverflow, GitHub …; Wikipedia only "
        "with oldid=)",
        prose_rule("leak-status-link"),
    ),
    R(
        "link-review",
        W,
        Scope.ITEM,
        "links to unknown hosts are reviewed by hand",
        prose_rule("link-review"),
    ),
    R(
        "leak-arxiv-2026",
        E,
        Scope.ITEM,
        "no arXiv identifiers of 2026 papers",
        prose_rule("leak-arxiv-2026"),
    ),
    R(
        "leak-status-word",
        E,
        Scope.ITEM,
        "no status wording (solved, disproved, resolved, counterexample found, was proved by …)",
        prose_rule("leak-status-word"),
    ),
    R("leak-ai-name", E, Scope.ITEM, "no names of AI systems", prose_rule("leak-ai-name")),
    R(
        "leak-recent-year",
        E,
        Scope.ITEM,
        "no year from 2026 on in comments",
        prose_rule("leak-recent-year"),
    ),
    R(
        "leak-upstream-name",
        E,
        Scope.ITEM,
        "no upstream declaration or repository names (erdos_N, FormalConjectures …)",
        leak_upstream_name,
    ),
    R(
        "leak-title",
        E,
        Scope.ITEM,
        "the item's register title does not appear in the file (packets must not carry it)",
        leak_title,
    ),
    R(
        "leak-evaluator-data",
        E,
        Scope.ITEM,
        "nothing of the evaluator key in a statement: no item's solution sources, record or "
        "evidence URL, not the item's own answer",
        leak_evaluator_data,
    ),
    R(
        "declarative-title",
        W,
        Scope.ITEM,
        "a yes/no item's heading is a question",
        declarative_title,
    ),
    R(
        "register-entry",
        E,
        Scope.ITEM,
        "the file's id is in the register with status written",
        register_entry,
    ),
    R("register-files", E, Scope.TREE, "every item marked written has its file", register_files),
    R(
        "register-complete",
        E,
        Scope.TREE,
        "written items have answer kind/type, origin, confidence, writer, a posing source and "
        "primary_source_read with its note (true only if a posing source was read); "
        "needs-source items say what is missing",
        register_complete,
    ),
    R(
        "review-independence",
        E,
        Scope.TREE,
        "reviews are by others than the writer, the two by different reviewers, no open must-fix",
        reviews,
    ),
    R(
        "review-missing",
        W,
        Scope.TREE,
        "written items have a fidelity and a semantics review",
        reviews_missing,
    ),
    R(
        "evaluator-key",
        W,
        Scope.TREE,
        "written items have a complete evaluator-key entry: answer with record, or pending "
        "with the reason, plus evidence date and credit (solved); status check and "
        "certificate direction (open)",
        evaluator_key,
    ),
    R(
        "evaluator-reviews",
        E,
        Scope.TREE,
        "each entry of evaluator/reviews.toml belongs to exactly one review of the register",
        evaluator_reviews,
    ),
    R(
        "leak-public-text",
        E,
        Scope.TREE,
        "no evaluator data in public text (register fields, docs, README): no phrase about the "
        "key or sentence stating an answer; with the evaluator folder, no solution source, "
        "record or evidence URL, no item's reference answer; no status wording in a solved "
        "item's review",
        leak_public_text,
    ),
    R(
        "leak-verifier",
        E,
        Scope.TREE,
        "no solved item's certificate verifier in the public package (its direction is the "
        "item's answer)",
        leak_verifier,
    ),
    R(
        "root-imports",
        E,
        Scope.TREE,
        "FrontierBench.lean imports exactly the item files (`ofb sync`)",
        root_imports,
    ),
    R(
        "register-schema",
        E,
        Scope.TREE,
        "items.toml, subsets.toml and evaluator/answers.toml are well-formed (fields, types, "
        "enums, ids)",
        register_schema,
    ),
)
