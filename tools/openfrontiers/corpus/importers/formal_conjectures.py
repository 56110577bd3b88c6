"""Importer `formal-conjectures`: Lean files of a formal-conjectures checkout → records.

Reads `FormalConjectures/**/*.lean` in path order with `LeanFile.parse` (the project's lexer
and declaration scanner; no regular expression touches raw Lean text). Every declaration
whose `@[category …]` is a research category (`Corpus/importers/formal-conjectures.toml`) is
an input record; they are counted per problem (`problems`): one record per main declaration,
its variants and parts (`….variants.…`, `….parts.…`, and other names extending it in the
same file) kept as sub-questions of that record. Per record:

* the main declaration's docstring is the statement (verbatim Markdown; a docstring that
  only names the problem is not full text, see `is_label`), the file's module docstring the
  background, its heading the title, its `*Reference(s):*` the references;
* the `AMS N M` attributes of all members become MSC classes with basis `source-map`;
* each member's source is attached as a Lean 4 formalization, with the lexical
  `sorry`/`admit` and `axiom` flags from its tokens;
* the category, the `answer(·)` forms and the `formal_proof` links of every member are the
  source's claim (`source_status_json`); the registry keeps the records `unassessed`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import InputError, Location
from ...lean.decls import Declaration, LeanFile
from ...lean.lexer import Kind, Token, group_end
from ..msc import ams_codes, msc_entry
from ..record import field_value, link_kind, make_record, record_id, reference, status_json
from ..text import BARE_URL as _BARE_URL
from ..text import MD_LINK as _LINK
from ..tomldoc import ConfigError
from .base import ImportContext, Importer, ImportResult, status_table

NAME = "formal-conjectures"
VERSION = "1"
TREE = "FormalConjectures"
_FORMAL_PROOF = re.compile(r'formal_proof using (\S+) at "(.*)"', re.DOTALL)
# `*Reference:*`, `*References:*`, `**References**`, `References:` at the start of a line.
_REFERENCE_MARK = re.compile(
    r"^\s*[*_]*\s*references?\s*(?::\s*[*_]*|[*_]+\s*:?)\s*", re.IGNORECASE
)
_LEAN4_PROOF_KINDS = frozenset({"lean4", "formal_conjectures"})
_CODE_LICENSE = "Apache-2.0 (formal-conjectures code)"


@dataclass(frozen=True)
class _Decl:
    """A research declaration of a file: one input record."""

    decl: Declaration
    name: str
    line: int
    category: str


def run(path: Path, ctx: ImportContext) -> ImportResult:
    tree = path / TREE
    if not tree.is_dir():
        raise InputError(
            Location(path),
            "not-a-checkout",
            f"no {TREE}/ folder: give the path of a formal-conjectures checkout",
        )
    result = ImportResult(path, NAME, VERSION)
    categories, skipped = _config(ctx)
    toolchain = None
    if (path / "lean-toolchain").is_file():
        toolchain = result.read_text(path / "lean-toolchain").strip() or None
    support = 0
    taken: set[str] = set()
    problem_keys: set[str] = set()
    for file in sorted(tree.rglob("*.lean"), key=lambda p: p.relative_to(path).as_posix()):
        source = result.read_text(file)
        rel = result.rel(file)
        lean = LeanFile.parse(source)
        module = _module_info(lean)
        research: list[_Decl] = []
        for decl in lean.declarations:
            cats = [a for a in decl.attributes if a.split()[:1] == ["category"]]
            if not cats and decl.kind not in ("theorem", "lemma", "example"):
                support += 1
                continue
            result.seen += 1
            line = lean.line_col(decl.keyword.start)[0]
            locator = f"{rel}:{line} {decl.full_name or decl.kind}"
            if not cats:
                result.skip(rel, locator, "no-category", "a statement without @[category …]")
                continue
            if len(cats) > 1:
                result.skip(rel, locator, "several-categories", "; ".join(cats))
                continue
            category = cats[0][len("category ") :].strip()
            if category in skipped:
                result.skip(rel, locator, "category-" + category.lower(), skipped[category])
                continue
            if category not in categories:
                result.skip(
                    rel,
                    locator,
                    "unknown-category",
                    f"category {category!r} is in neither [category] nor [skip]",
                )
                continue
            if decl.full_name is None:
                result.skip(
                    rel, locator, "anonymous-declaration", "a research statement needs a name"
                )
                continue
            if decl.full_name in taken:
                result.skip(rel, locator, "duplicate-name", f"{decl.full_name} is declared twice")
                continue
            taken.add(decl.full_name)
            research.append(_Decl(decl, decl.full_name, line, category))
        for key, members in problems(research):
            if key in problem_keys:
                for m in members:
                    result.skip(
                        rel,
                        f"{rel}:{m.line} {m.name}",
                        "duplicate-name",
                        f"problem {key} is already stated in another file",
                    )
                continue
            problem_keys.add(key)
            result.records.append(
                _record(ctx, result, lean, key, members, rel, module, categories, toolchain)
            )
            # One record stands for the whole group: its other members are sub-questions.
            result.merged += len(members) - 1
    if support:
        result.notes.append(
            f"{support} support declarations (definitions, instances, structures "
            "without a category) are not problem candidates and were not counted"
        )
    return result


def _extends(name: str, owner: str) -> bool:
    """`name` is `owner.…`, or `owner_…` in the same namespace (`Erdos18.erdos_18_vose`)."""
    if name.startswith(owner + "."):
        return True
    space, _, last = name.rpartition(".")
    owner_space, _, owner_last = owner.rpartition(".")
    return space == owner_space and last.startswith(owner_last + "_")


_SUB_MARK = re.compile(r"\.(?:variants?|parts?)\.")


def problems(decls: list[_Decl]) -> list[tuple[str, list[_Decl]]]:
    """The file's research declarations grouped by problem, in file order: (the main
    declaration's name, [its members, the main first when declared]).

    A declaration named after another one (`erdos_7.variants.x`, `erdos_7.parts.i`,
    `erdos_507.lower`, and in the same namespace `erdos_18_vose`) is a sub-question of it;
    `….variants.…`/`….parts.…` names also imply their main name when that is not declared
    itself (a problem stated only in parts). The repository keeps one problem per file,
    with its variants and special cases."""
    names = [d.name for d in decls]
    candidates = set(names)
    for name in names:
        m = _SUB_MARK.search(name)
        if m:
            candidates.add(name[: m.start()])
    groups: dict[str, list[_Decl]] = {}
    for d in decls:
        owners = [c for c in candidates if c != d.name and _extends(d.name, c)]
        key = min(owners, key=len) if owners else d.name
        groups.setdefault(key, []).append(d)
    out = []
    for key, members in groups.items():
        members.sort(key=lambda m: (m.name != key, m.line))
        out.append((key, members))
    return out


def _config(ctx: ImportContext) -> tuple[dict[str, str], dict[str, str]]:
    doc = ctx.config(NAME)
    categories = status_table(doc, "category")
    skipped = doc.data.get("skip", {})
    errors = [
        doc.error(("skip", cat), "type", "the reason must be a non-empty string")
        for cat, reason in skipped.items()
        if not isinstance(reason, str) or not reason
    ]
    if errors:
        raise ConfigError(errors)
    return categories, dict(skipped)


# --- module docstrings -------------------------------------------------------------------


class _Module:
    def __init__(self, heading: str | None, background: str | None, refs: list[dict]) -> None:
        self.heading = heading
        self.background = background
        self.references = refs


def _module_info(lean: LeanFile) -> _Module:
    docs = [comment_text(t.text) for t in lean.module_docs]
    heading = None
    body_parts = []
    refs: list[dict] = []
    for i, doc in enumerate(docs):
        lines = doc.splitlines()
        if i == 0 and lines and lines[0].startswith("# "):
            heading = lines[0][2:].strip() or None
            lines = lines[1:]
        body = "\n".join(lines).strip()
        if body:
            body_parts.append(body)
        refs.extend(_references(doc))
    seen: set[tuple] = set()
    unique = []
    for r in refs:
        key = (r["citation"], r["url"])
        if key not in seen:
            seen.add(key)
            unique.append(r)
    return _Module(heading, "\n\n".join(body_parts) or None, unique)


def comment_text(text: str) -> str:
    """The text of a `/-- … -/` or `/-! … -/` comment, delimiters removed, dedented."""
    inner = text[3:]
    inner = inner.removesuffix("-/")
    lines = inner.splitlines()
    indents = [len(ln) - len(ln.lstrip()) for ln in lines[1:] if ln.strip()]
    cut = min(indents) if indents else 0
    out = [lines[0].strip()] + [ln[cut:].rstrip() for ln in lines[1:]] if lines else []
    return "\n".join(out).strip()


def _references(doc: str) -> list[dict]:
    """References of a module docstring: the items after `*Reference(s):*`, else its links."""
    lines = doc.splitlines()
    items: list[str] = []
    for i, line in enumerate(lines):
        m = _REFERENCE_MARK.match(line)
        if not m:
            continue
        rest = line[m.end() :].strip()
        if rest:
            items.append(rest)
        current: list[str] = []
        for follow in lines[i + 1 :]:
            if not follow.strip():
                if current or items:
                    break
                continue
            if follow.lstrip().startswith(("- ", "* ")):
                if current:
                    items.append(" ".join(current))
                current = [follow.lstrip()[2:].strip()]
            elif current:
                current.append(follow.strip())
            else:
                break
        if current:
            items.append(" ".join(current))
        break
    if not items:
        items = [m.group(0) for m in _LINK.finditer(doc)] + _BARE_URL.findall(_LINK.sub("", doc))
    return [r for item in items for r in _item_references(item)]


def _item_references(item: str) -> list[dict]:
    links = list(_LINK.finditer(item))
    if len(links) > 1 and not _LINK.sub("", item).strip(" ,;"):
        # "[a](u), [b](v)" on one line: one reference per link.
        return [reference(link_kind(m.group(2)), m.group(1), m.group(2)) for m in links]
    if links:
        url = links[0].group(2)
        citation = _LINK.sub(lambda m: m.group(1), item).strip()
        return [reference(link_kind(url), citation or url, url)]
    bare = _BARE_URL.search(item)
    if bare:
        return [reference(link_kind(bare.group(0)), item.strip(), bare.group(0).rstrip(".,;"))]
    return [reference("paper", item.strip())] if item.strip() else []


# --- declarations ------------------------------------------------------------------------


def _answers(decl: Declaration, source: str) -> list[str]:
    """The inner text of every `answer(…)` in the declaration's signature, in order."""
    found = []
    toks = [t for t in decl.tokens if decl.signature.start <= t.start < decl.signature.end]
    for i, tok in enumerate(toks):
        if tok.kind is Kind.SYMBOL and tok.text == "answer(":
            close = group_end(toks, i)
            end = decl.signature.end if close is None else toks[close].start
            found.append(" ".join(source[tok.end : end].split()))
    return found


def _has_ident(tokens: list[Token], names: frozenset[str]) -> bool:
    return any(t.kind is Kind.IDENT and t.text in names for t in tokens)


_MATHISH = re.compile(r"[$`?=<>≤≥≠∞∈⊆]|\\\(|\\\[")
# Finite verbs (and the imperatives of tasks) that make a short text a statement.
_VERBS = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "has",
        "have",
        "holds",
        "hold",
        "exists",
        "exist",
        "does",
        "do",
        "can",
        "cannot",
        "must",
        "may",
        "equals",
        "equal",
        "implies",
        "imply",
        "occurs",
        "occur",
        "contains",
        "contain",
        "reaches",
        "reach",
        "attains",
        "admits",
        "admit",
        "satisfies",
        "satisfy",
        "lies",
        "lie",
        "tends",
        "converges",
        "diverges",
        "grows",
        "divides",
        "generates",
        "vanishes",
        "belongs",
        "proved",
        "proves",
        "showed",
        "shows",
        "shown",
        "conjectured",
        "believed",
        "known",
        "found",
        "states",
        "stating",
        "remains",
        "remain",
        "solved",
        "follows",
        "gives",
        "determine",
        "find",
        "estimate",
        "prove",
        "show",
        "propose",
        "decide",
        "compute",
    ]
)


def is_label(text: str) -> bool:
    """True when a docstring names its problem without stating it ("The third Cuboid
    conjecture", "Problem 10.6, intermediate-growth variant."): short, no mathematics, no
    question, and no verb a statement or a task would have."""
    words = re.findall(r"[A-Za-z]+", text.lower())
    return len(words) <= 20 and not _MATHISH.search(text) and not _VERBS.intersection(words)


@dataclass(frozen=True)
class _Facts:
    """What one declaration says: statement, claim, AMS attributes, Lean attachment."""

    statement: str | None
    claim: dict[str, Any]
    ams: list[str]
    proofs: list[dict[str, str]]
    has_sorry: bool
    has_axiom: bool
    records_answer: bool
    proof: str | None
    formalization: dict[str, Any]


def _facts(lean: LeanFile, m: _Decl, rel: str, commit: str | None, toolchain: str | None) -> _Facts:
    source = lean.source
    decl = m.decl
    statement = comment_text(decl.docstring.text) if decl.docstring is not None else None
    answers = _answers(decl, source)
    proofs = []
    for attr in decl.attributes:
        fp = _FORMAL_PROOF.fullmatch(attr)
        if fp:
            proofs.append({"using": fp.group(1), "at": fp.group(2)})
    has_sorry = _has_ident(decl.tokens, frozenset({"sorry", "admit"}))
    claim: dict[str, Any] = {"category": m.category, "declaration": m.name}
    if answers:
        claim["answers"] = answers
    if proofs:
        claim["formal_proofs"] = proofs
    proof = None
    # A declaration whose body has no placeholder carries its proof in the source itself.
    if decl.body is not None and not has_sorry:
        proof = source[decl.body.start : decl.body.end].strip() or None
    return _Facts(
        statement=statement or None,
        claim=claim,
        ams=[a for a in decl.attributes if a.split()[:1] == ["AMS"]],
        proofs=proofs,
        has_sorry=has_sorry,
        has_axiom=_has_ident(decl.tokens, frozenset({"axiom"})),
        records_answer=any(a != "sorry" for a in answers),
        proof=proof,
        formalization={
            "language": "Lean 4",
            "format": "declaration",
            "path": rel,
            "declaration": m.name,
            "commit": commit,
            "toolchain": toolchain,
            "license": _CODE_LICENSE,
            "has_sorry_or_admit": has_sorry,
            "has_axiom": _has_ident(decl.tokens, frozenset({"axiom"})),
            "verification_status": "not-checked",
            "code": source[decl.start : decl.end],
        },
    )


def _lean_link(proofs: list[dict[str, str]]) -> str | None:
    for p in proofs:
        if p["using"] in _LEAN4_PROOF_KINDS and p["at"].startswith(("http://", "https://")):
            return p["at"]
    return None


def _record(
    ctx: ImportContext,
    result: ImportResult,
    lean: LeanFile,
    key: str,
    members: list[_Decl],
    rel: str,
    module: _Module,
    categories: dict[str, str],
    toolchain: str | None,
) -> dict[str, Any]:
    commit = ctx.revision.commit
    facts = [_facts(lean, m, rel, commit, toolchain) for m in members]
    declared = members[0].name == key
    main = facts[0] if declared else None
    subs = (
        list(zip(members[1:], facts[1:], strict=True))
        if declared
        else list(zip(members, facts, strict=True))
    )
    codes: list[str] = []
    evidence: dict[str, str] = {}
    labels: list[str] = []
    for m, f in zip(members, facts, strict=True):
        for attr in f.ams:
            label = " ".join(attr.split())
            if label not in labels:
                labels.append(label)
            for c in ams_codes(attr):
                if c not in codes:
                    codes.append(c)
                    evidence[c] = f"AMS attribute `{label}` at {rel}:{m.line}"
    known = [c for c in codes if c in ctx.taxonomy.classes]
    if len(known) < len(codes):
        result.notes.append(
            f"{rel}:{members[0].line}: AMS class(es) {', '.join(sorted(set(codes) - set(known)))} "
            "are not MSC 2020 classes and were dropped"
        )
    msc = [msc_entry(c, "source-map", evidence[c]) for c in known]
    field = ctx.taxonomy.class_field(known[0]) if known else None
    references = list(module.references)
    for m, f in zip(members, facts, strict=True):
        for p in f.proofs:
            who = "" if declared and m is members[0] else f" ({m.name})"
            references.append(
                reference(
                    "formal-proof",
                    f"formal_proof using {p['using']}{who}",
                    p["at"] if p["at"].startswith(("http://", "https://")) else None,
                )
            )
    statement = main.statement if main else None
    label_only = statement is not None and is_label(statement)
    flags = ["formalization-not-compiled-during-export"]
    if any(f.has_sorry for f in facts):
        flags.append("formalization-contains-placeholder")
    if any(f.has_axiom for f in facts):
        flags.append("formalization-contains-axiom")
    if any(f.records_answer for f in facts):
        flags.append("formalization-records-answer")
    if not declared:
        flags.append("statement-in-sub-questions")
    if statement is None and (declared or not any(f.statement for _, f in subs)):
        flags.append("no-statement-text")
    if label_only:
        flags.append("statement-is-label")
    if not references:
        flags.append("no-references")
    proof, proof_status = None, "not-recorded"
    if main is not None and main.proof is not None:
        proof, proof_status = main.proof, "attached-not-checked"
    elif main is not None and _lean_link(main.proofs):
        proof_status = "linked"
    if declared:
        claim = dict(facts[0].claim)
        status = categories[members[0].category]
    else:
        claim = {"declaration": key}
        sub_status = [categories[m.category] for m in members]
        status = "open" if "open" in sub_status else sub_status[0]
    if subs:
        claim["sub_questions"] = [f.claim for _, f in subs]
    first = members[0]
    collection = Path(rel).parts[1] if len(Path(rel).parts) > 2 else None
    url = (
        f"{ctx.source.url}/blob/{commit}/{rel}#L{first.line}" if commit and ctx.source.url else None
    )
    title = f"{module.heading or Path(rel).stem} · {key.rsplit('.', 1)[-1]}"
    return make_record(
        id=record_id("problem", ctx.source.key, key),
        record_kind="problem",
        title=title,
        problem_statement=statement,
        background=module.background,
        sub_questions=[
            {
                "label": m.name[len(key) + 1 :]
                if m.name.startswith(key + ".")
                else m.name.rpartition(".")[2],
                "kind": "part" if _PART.search(m.name[len(key) :]) else "variant",
                "declaration": m.name,
                "statement": f.statement,
                "source_record": f"{rel}#L{m.line}",
            }
            for m, f in subs
        ],
        field=field_value(field or ctx.default_field(), labels),
        msc2020=msc,
        status=status,
        source_status_json=status_json(claim),
        source=ctx.source_value(url=url, collection=collection),
        provenance=result.provenance(
            ctx,
            rel,
            f"{rel}#L{first.line}",
            has_full_text=statement is not None and not label_only,
        ),
        references=references,
        formalizations=[f.formalization for f in facts],
        lean4_proof=proof,
        lean4_proof_status=proof_status,
        quality_flags=flags,
        snapshot_at=ctx.snapshot.iso,
    )


_PART = re.compile(r"\.parts?(\.|$)")


IMPORTER = Importer(NAME, VERSION, run, "formal-conjectures checkout: FormalConjectures/**/*.lean")
