"""The grader's static layer: rules on the tokens of a submission, and the comparison of
its statement with the reference.

This layer is a filter, not the verdict: it stops cheap attacks and honest mistakes early
(forbidden constructs, a changed statement, an answer that is not a literal), and the
compiled checkers decide. It depends only on the lexer and the scanner, so that solver
packets can carry it offline (`check_submission`) and apply exactly the rules the grader
applies — without any answer.

A submission is accepted by this layer when:
* it imports only `Mathlib` and `FrontierBench.Util.*`;
* it contains no `sorry`/`admit`, axioms, trust escapes (`native_decide`, `ofReduceBool`,
  `implemented_by`, `extern`, `unsafe`, `partial`, `opaque`, `prelude`), metaprogramming
  (`macro`, `syntax`, `elab`, `notation`, …, elaborator attributes), code run at compile
  time (`#eval`, `run_cmd`, `initialize`, …), or debug/kernel options;
* before `main` it adds only theorems and lemmas (safe attributes only) whose names cannot
  capture a name the statement uses — no definitions, instances, attribute changes,
  `open`, `variable` or namespaces beyond the reference's own;
* the reference's definitions appear unchanged and `main`'s signature equals the
  reference's with only the answer filled in: the literal `True` or `False` for yes/no
  items, an explicit term (no `sInf`/`Classical.choose`/…) for value items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..lean.decls import Command, Declaration, LeanFile
from ..lean.lexer import Kind, Token, group_end

# Option names a submission may set; everything else (debug.*, backward.*, compiler.*,
# bootstrap.*, interpreter.*, …) can change what the kernel or the elaborator accepts.
SAFE_OPTIONS = re.compile(
    r"^(?:maxHeartbeats|maxRecDepth|synthInstance\.maxHeartbeats|synthInstance\.maxSize"
    r"|autoImplicit|relaxedAutoImplicit|linter\..+|pp\..+|trace\..+|profiler(?:\..+)?"
    r"|exponentiation\.threshold)$"
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
}
SORRY_WORDS = {"sorry": "a proof hole", "admit": "a proof hole", "sorryAx": "a proof hole"}
RUN_CODE = {
    "#eval",
    "#exit",
    "#compile",
    "#reduce",
    "run_cmd",
    "run_elab",
    "run_meta",
    "run_tac",
    "initialize",
    "builtin_initialize",
    "#print_axioms_of_all",
}
META_COMMANDS = {
    "macro",
    "macro_rules",
    "syntax",
    "elab",
    "elab_rules",
    "notation",
    "notation3",
    "infix",
    "infixl",
    "infixr",
    "prefix",
    "postfix",
    "declare_syntax_cat",
    "binder_predicate",
    "simproc",
    "dsimproc",
    "register_option",
    "module",
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
    "implemented_by",
    "extern",
    "csimp",
    "export",
    "never_extract",
    "positivity",
    "norm_num",
    "simproc",
    "command_parser",
    "term_parser",
}
# Attributes a helper lemma before `main` may carry: they steer tactics in the proof and
# cannot change how the statement elaborates.
SAFE_LEMMA_ATTRIBUTES = {
    "simp",
    "grind",
    "fun_prop",
    "gcongr",
    "mono",
    "continuity",
    "measurability",
    "nolint",
    "local simp",
    "aesop",
}
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
}
_SPELLINGS = {
    "->": "→",
    "<->": "↔",
    "<=": "≤",
    ">=": "≥",
    "!=": "≠",
    "=>": "↦",
    "fun": "λ",
    "forall": "∀",
    "exists": "∃",
}

RULES = {
    "imports": "only `import Mathlib` and `import FrontierBench.Util.*`",
    "sorry": "no sorry, admit or sorryAx",
    "axiom": "no axiom declarations",
    "trust": "no native_decide, ofReduceBool, trustCompiler, implemented_by, extern, unsafe, "
    "partial, opaque, prelude, addDeclCore",
    "metaprogramming": "no macro, syntax, elab, notation, infix, macro_rules, elab_rules, "
    "simprocs or elaborator attributes",
    "run-code": "no #eval, #exit, run_cmd, run_elab, run_meta, initialize",
    "set-option": "no debug, kernel or compiler options (only maxHeartbeats, maxRecDepth, "
    "synthInstance.*, linter.*, pp.*, trace.*)",
    "before-main": "before `main`, only the reference's own declarations and extra "
    "theorems/lemmas with safe attributes: no def, instance, class, attribute, open, variable "
    "or namespace changes",
    "shadowing": "no declaration whose name could capture a name used by the statement",
    "definitions": "the reference's definitions appear unchanged",
    "main": "exactly one theorem `main`, in the packet's namespace",
    "statement": "`main`'s signature equals the reference's, with only the answer filled in",
    "answer": "a yes/no answer is the literal True or False; a value answer is an explicit term",
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
    issues: list[Issue] = field(default_factory=list)
    answer: str | None = None  # the submitted answer's tokens, joined by spaces
    answer_source: str | None = None  # the submitted answer exactly as written
    namespace: str | None = None  # the allowed namespace the submission's `main` is in

    @property
    def passed(self) -> bool:
        return not self.issues


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
        out.append(_SPELLINGS.get(text, text))
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


class _Checker:
    def __init__(
        self, submission: str, reference: str, namespaces: dict[str, str], yes_no: bool | None
    ) -> None:
        self.sub = _Source.parse(submission)
        self.ref = _Source.parse(reference)
        self.rename = namespaces  # submission namespace → reference namespace
        self.yes_no = yes_no
        self.result = StaticResult()

    def issue(self, rule: str, where: Token | int | None, message: str) -> None:
        if where is None:
            line, col = 1, 1
        else:
            line, col = self.sub.lean.line_col(where if isinstance(where, int) else where.start)
        self.result.issues.append(Issue(rule, line, col, message))

    def run(self) -> StaticResult:
        self.tokens()
        self.imports()
        main = self.main()
        if main is not None:
            self.before_main(main)
            self.definitions(main)
            self.statement(main)
        self.result.issues.sort(key=lambda i: (i.line, i.column, i.rule))
        return self.result

    # -- everywhere ---------------------------------------------------------------------
    def tokens(self) -> None:
        code = self.sub.code
        for i, tok in enumerate(code):
            text = tok.text
            if tok.kind is Kind.IDENT and text in SORRY_WORDS:
                self.issue("sorry", tok, f"`{text}` is {SORRY_WORDS[text]}")
            elif tok.kind is Kind.IDENT and text in ("axiom", "axioms"):
                self.issue("axiom", tok, "axioms are not allowed")
            elif tok.kind is Kind.IDENT and (
                text in TRUST_ESCAPES
                or text.split(".")[-1]
                in ("addDeclCore", "ofReduceBool", "trustCompiler", "unsafeCast")
            ):
                reason = TRUST_ESCAPES.get(text) or TRUST_ESCAPES[text.split(".")[-1]]
                self.issue("trust", tok, f"`{text}` {reason}")
            elif (
                tok.kind is Kind.IDENT
                and text == "native"
                and (
                    (i > 0 and code[i - 1].text == "+")
                    or (i + 1 < len(code) and code[i + 1].text == ":=")
                )
            ):
                self.issue("trust", tok, "`native` decision procedures trust compiled code")
            elif text in RUN_CODE and tok.kind in (Kind.IDENT, Kind.SYMBOL):
                self.issue("run-code", tok, f"`{text}` runs code while the file is compiled")
            elif tok.kind is Kind.IDENT and text == "set_option" and i + 1 < len(code):
                name = code[i + 1].text
                if not SAFE_OPTIONS.match(name):
                    self.issue("set-option", code[i + 1], f"set_option {name} is not allowed")
                elif (
                    name in ("autoImplicit", "relaxedAutoImplicit")
                    and i + 2 < len(code)
                    and code[i + 2].text != "false"
                ):
                    self.issue("set-option", code[i + 1], f"{name} must stay false")
        for cmd in self.sub.lean.commands:
            if cmd.kind in META_COMMANDS:
                self.issue(
                    "metaprogramming",
                    cmd.keyword,
                    f"`{cmd.kind}` extends the syntax or the elaborator",
                )
        for attr, tok in self.attributes(self.sub.lean.commands):
            if attr.split()[0] in META_ATTRIBUTES or attr in META_ATTRIBUTES:
                self.issue("metaprogramming", tok, f"the attribute `{attr}` installs meta code")

    @staticmethod
    def attributes(commands: list[Command]) -> list[tuple[str, Token]]:
        """Every attribute, from `@[…]` on declarations and from `attribute […]` commands."""
        found = []
        for cmd in commands:
            if cmd.declaration is not None:
                found.extend(
                    (a.replace("local ", "").replace("scoped ", ""), cmd.declaration.keyword)
                    for a in cmd.declaration.attributes
                )
            if cmd.kind == "attribute":
                toks = cmd.tokens
                inner, depth = [], 0
                for tok in toks[1:]:
                    if tok.text == "[":
                        depth += 1
                        if depth == 1:
                            continue
                    if tok.text == "]":
                        depth -= 1
                        if depth == 0:
                            break
                    inner.append(tok.text)
                for part in " ".join(inner).split(","):
                    words = [w for w in part.split() if w not in ("local", "scoped", "-")]
                    if words:
                        found.append((" ".join(words), cmd.keyword))
        return found

    def imports(self) -> None:
        for name, tok in self.sub.lean.imports:
            if (
                name != "Mathlib"
                and not name.startswith("Mathlib.")
                and not name.startswith("FrontierBench.Util.")
            ):
                self.issue("imports", tok, f"import {name} is not allowed")

    # -- main and what precedes it -------------------------------------------------------
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
        return main

    def reference_commands(self) -> list[list[str]]:
        """Normalized token texts of the reference's commands before its `main`."""
        (ref_main,) = self.ref.mains()[:1] or [None]
        limit = ref_main.start if ref_main else len(self.ref.lean.source)
        return [
            normalize([t for t in c.tokens if not t.is_comment], {})
            for c in self.ref.lean.commands
            if c.start < limit and c.kind != "module-doc"
        ]

    def before_main(self, main: Declaration) -> None:
        reference = self.reference_commands()
        used = self.reference_identifiers()
        for cmd in self.sub.lean.commands:
            if cmd.start >= main.start or cmd.kind in ("module-doc", "import"):
                continue
            texts = normalize([t for t in cmd.tokens if not t.is_comment], self.rename)
            if texts in reference:
                continue
            decl = cmd.declaration
            if decl is None or decl.kind not in ("theorem", "lemma"):
                what = decl.kind if decl is not None else cmd.kind
                self.issue(
                    "before-main",
                    cmd.keyword,
                    f"`{what}` before `main` is not in the reference: only extra theorems "
                    "and lemmas may precede `main`",
                )
                continue
            unsafe = [a for a in decl.attributes if a not in SAFE_LEMMA_ATTRIBUTES]
            if unsafe:
                self.issue(
                    "before-main",
                    decl.keyword,
                    f"attribute(s) {', '.join(unsafe)} on a lemma before `main`",
                )
            for prefix in cmd.prefixes:
                if not (prefix.startswith(("open ", "set_option", "/--"))):
                    self.issue("before-main", decl.keyword, f"prefix `{prefix}` before `main`")
            if decl.name:
                last = decl.name.split(".")[-1]
                hits = sorted(
                    u
                    for u in used
                    if u == decl.name or u.split(".")[-1] == last or u.endswith("." + decl.name)
                )
                if hits:
                    self.issue(
                        "shadowing",
                        decl.name_token or decl.keyword,
                        f"`{decl.name}` could capture `{hits[0]}`, which the statement uses",
                    )

    def reference_identifiers(self) -> set[str]:
        """Identifiers the reference's definitions and statement use."""
        (ref_main,) = self.ref.mains()[:1] or [None]
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
                {t for t in texts if t in NOT_EXPLICIT or t.split(".")[-1] in NOT_EXPLICIT}
            )
            if bad:
                self.issue(
                    "answer", where, f"the answer must be explicit, not built with {', '.join(bad)}"
                )


def check(
    submission: str, reference: str, *, namespaces: dict[str, str], yes_no: bool | None
) -> StaticResult:
    """Apply the static layer to `submission` against `reference`.

    `namespaces` maps each namespace the submission may use to the reference's namespace
    (a packet id to itself; for the grader, also the item's own namespace). `yes_no` is
    True for yes/no items, False for value items and None when unknown.
    """
    return _Checker(submission, reference, namespaces, yes_no).run()
