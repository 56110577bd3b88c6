"""Importer `formal-conjectures`: Lean files of a formal-conjectures checkout → records.

Reads `FormalConjectures/**/*.lean` in path order with `LeanFile.parse` (the project's lexer
and declaration scanner; no regular expression touches raw Lean text). One record per
declaration whose `@[category …]` is a research category (`Corpus/importers/
formal-conjectures.toml`):

* the declaration's docstring is the statement (verbatim Markdown), the file's module
  docstring the background, its heading the title, its `*Reference(s):*` the references;
* `AMS N M` attributes become MSC classes with basis `source-map`;
* the declaration's source is attached as a Lean 4 formalization, with the lexical
  `sorry`/`admit` and `axiom` flags from its tokens;
* the category, the `answer(·)` forms and the `formal_proof` links are the source's status
  claim. Names keep their namespaces, `«guillemet»` parts and `.variants.`/`.parts.`
  suffixes, so every variant is its own record.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

from ...errors import InputError, Location
from ...lean.decls import Declaration, LeanFile
from ...lean.lexer import Kind, Token
from ..msc import ams_codes, msc_entry
from ..record import field_value, link_kind, make_record, record_id, reference, status_json
from ..text import BARE_URL as _BARE_URL
from ..text import MD_LINK as _LINK
from ..tomldoc import ConfigError
from .base import ImportContext, Importer, ImportResult, status_table

NAME = "formal-conjectures"
VERSION = "1"
TREE = "FormalConjectures"
_FORMAL_PROOF = re.compile(r'^formal_proof using (\S+) at "(.*)"$', re.DOTALL)
# `*Reference:*`, `*References:*`, `**References**`, `References:` at the start of a line.
_REFERENCE_MARK = re.compile(
    r"^\s*[*_]*\s*references?\s*(?::\s*[*_]*|[*_]+\s*:?)\s*", re.IGNORECASE
)
_OPEN = frozenset({"(", "[", "{", "⟨", "⦃", "answer(", "@[", "#[", "%[", "`("})
_CLOSE = frozenset({")", "]", "}", "⟩", "⦄"})
_LEAN4_PROOF_KINDS = frozenset({"lean4", "formal_conjectures"})
_CODE_LICENSE = "Apache-2.0 (formal-conjectures code)"


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
    commit = _git_commit(path)
    toolchain = None
    if (path / "lean-toolchain").is_file():
        toolchain = result.read_text(path / "lean-toolchain").strip() or None
    support = 0
    taken: set[str] = set()
    for file in sorted(tree.rglob("*.lean"), key=lambda p: p.relative_to(path).as_posix()):
        source = result.read_text(file)
        rel = result.rel(file)
        lean = LeanFile.parse(source)
        module = _module_info(lean)
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
            result.records.append(
                _record(
                    ctx,
                    result,
                    lean,
                    decl,
                    rel,
                    line,
                    module,
                    category,
                    categories[category],
                    commit,
                    toolchain,
                )
            )
    if support:
        result.notes.append(
            f"{support} support declarations (definitions, instances, structures "
            "without a category) are not problem candidates and were not counted"
        )
    return result


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


def _git_commit(path: Path) -> str | None:
    """The checkout's HEAD commit, when it is a git work tree and git is there."""
    if not (path / ".git").exists():
        return None
    try:
        out = subprocess.run(
            ["git", "-C", str(path), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    commit = out.stdout.strip()
    return commit if out.returncode == 0 and re.fullmatch(r"[0-9a-f]{40}", commit) else None


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
            depth, j = 1, i + 1
            while j < len(toks) and depth:
                t = toks[j]
                if t.kind is Kind.SYMBOL and t.text in _OPEN:
                    depth += 1
                elif t.kind is Kind.SYMBOL and t.text in _CLOSE:
                    depth -= 1
                j += 1
            end = toks[j - 1].start if depth == 0 else decl.signature.end
            found.append(" ".join(source[tok.end : end].split()))
    return found


def _has_ident(tokens: list[Token], names: frozenset[str]) -> bool:
    return any(t.kind is Kind.IDENT and t.text in names for t in tokens)


def _record(
    ctx: ImportContext,
    result: ImportResult,
    lean: LeanFile,
    decl: Declaration,
    rel: str,
    line: int,
    module: _Module,
    category: str,
    status: str,
    commit: str | None,
    toolchain: str | None,
) -> dict[str, Any]:
    source = lean.source
    code = source[decl.start : decl.end]
    statement = comment_text(decl.docstring.text) if decl.docstring is not None else None
    answers = _answers(decl, source)
    proofs = []
    for attr in decl.attributes:
        m = _FORMAL_PROOF.match(attr)
        if m:
            proofs.append({"using": m.group(1), "at": m.group(2)})
    ams = [a for a in decl.attributes if a.split()[:1] == ["AMS"]]
    codes: list[str] = []
    for attr in ams:
        codes.extend(c for c in ams_codes(attr) if c not in codes)
    known = [c for c in codes if c in ctx.taxonomy.classes]
    if len(known) < len(codes):
        result.notes.append(
            f"{rel}:{line}: AMS class(es) {', '.join(set(codes) - set(known))} "
            "are not MSC 2020 classes and were dropped"
        )
    evidence = f"AMS attribute `{' '.join(ams)}` at {rel}:{line}" if ams else ""
    msc = [msc_entry(c, "source-map", evidence) for c in known]
    field = ctx.taxonomy.class_field(known[0]) if known else None
    references = list(module.references)
    for p in proofs:
        references.append(
            reference(
                "formal-proof",
                f"formal_proof using {p['using']}",
                p["at"] if p["at"].startswith(("http://", "https://")) else None,
            )
        )
    has_sorry = _has_ident(decl.tokens, frozenset({"sorry", "admit"}))
    has_axiom = _has_ident(decl.tokens, frozenset({"axiom"}))
    flags = ["formalization-not-compiled-during-export"]
    if has_sorry:
        flags.append("formalization-contains-placeholder")
    if has_axiom:
        flags.append("formalization-contains-axiom")
    if any(a != "sorry" for a in answers):
        flags.append("formalization-records-answer")
    if statement is None:
        flags.append("no-statement-text")
    if not references:
        flags.append("no-references")
    # A declaration whose body has no placeholder carries its proof in the source itself.
    proof = None
    proof_status = "not-recorded"
    if decl.body is not None and not has_sorry:
        proof = source[decl.body.start : decl.body.end].strip() or None
    if proof is not None:
        proof_status = "attached-not-checked"
    elif any(p["using"] in _LEAN4_PROOF_KINDS for p in proofs):
        proof_status = "linked"
    collection = Path(rel).parts[1] if len(Path(rel).parts) > 2 else None
    url = f"{ctx.source.url}/blob/{commit}/{rel}#L{line}" if commit and ctx.source.url else None
    claim: dict[str, Any] = {"category": category, "declaration": decl.full_name}
    if answers:
        claim["answers"] = answers
    if proofs:
        claim["formal_proofs"] = proofs
    title = f"{module.heading or Path(rel).stem} · {decl.name}"
    return make_record(
        id=record_id("problem", ctx.source.key, decl.full_name or ""),
        record_kind="problem",
        title=title,
        problem_statement=statement or None,
        background=module.background,
        field=field_value(field or ctx.default_field(), [" ".join(a.split()) for a in ams]),
        msc2020=msc,
        status=status,
        source_status_json=status_json(claim),
        source=ctx.source_value(url=url, collection=collection),
        provenance=result.provenance(
            ctx, rel, f"{rel}#L{line}", has_full_text=statement is not None
        ),
        references=references,
        formalizations=[
            {
                "language": "Lean 4",
                "format": "declaration",
                "path": rel,
                "declaration": decl.full_name,
                "commit": commit,
                "toolchain": toolchain,
                "license": _CODE_LICENSE,
                "has_sorry_or_admit": has_sorry,
                "has_axiom": has_axiom,
                "verification_status": "not-checked",
                "code": code,
            }
        ],
        lean4_proof=proof,
        lean4_proof_status=proof_status,
        quality_flags=flags,
        snapshot_at=ctx.snapshot.iso,
    )


IMPORTER = Importer(NAME, VERSION, run, "formal-conjectures checkout: FormalConjectures/**/*.lean")
