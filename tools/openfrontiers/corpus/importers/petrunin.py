"""Importer `petrunin-gallery`: Anton Petrunin's gallery of open geometry problems (LaTeX).

The input is a copy of anton-petrunin/puzzles with `open.tex` (the problems),
`open-problems.tex` (the document around them) and `list-of-files-open.txt`. `open.tex` has
one `\\subsection{Title}` per problem under `\\section*{Homemade}` and
`\\section*{Overheard}`; inside, `\\begin{pr} … \\end{pr}` states the problem. Per subsection:

* the first `pr` environment → the statement (LaTeX, verbatim), later ones → sub-questions;
* everything else in the subsection (the motivation before, the discussion after) →
  background, without the lines that are LaTeX comments;
* `\\cite{…}` keys → references (the bibliography file is not among the inputs, so the key
  is the citation);
* the section → `source.collection`; status by `Corpus/importers/petrunin-gallery.toml`.

A subsection without a `pr` environment states no problem: it is skipped with the reason.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...errors import InputError, Location
from ..record import field_value, make_record, record_id, reference, status_json
from .base import ImportContext, Importer, ImportResult, editorial_msc, status_table

NAME = "petrunin-gallery"
VERSION = "1"
PROBLEMS = "open.tex"
OTHERS = ("open-problems.tex", "list-of-files-open.txt")
_SECTION = re.compile(r"^\\section\*?\{(?P<title>[^}]*)\}")
_SUBSECTION = re.compile(r"\\subsection\*?\{(?P<title>.*)\}\s*")
_PR = re.compile(r"\\begin\{pr\}(?P<body>.*?)\\end\{pr\}", re.DOTALL)
_CITE = re.compile(r"\\cite(?:\[[^\]]*\])*\{(?P<keys>[^}]+)\}")
_LABEL = re.compile(r"\\label\{[^}]*\}\s*")
_LICENSE = re.compile(r"licensed under ([A-Z][A-Za-z -]*[0-9.]+)")


def run(path: Path, ctx: ImportContext) -> ImportResult:
    source_file = path / PROBLEMS
    if not source_file.is_file():
        raise InputError(
            Location(path),
            "not-a-checkout",
            f"no {PROBLEMS}: give the folder of anton-petrunin/puzzles with the gallery",
        )
    result = ImportResult(path, NAME, VERSION)
    config = ctx.config(NAME)
    statuses = status_table(config)
    if "listed" not in statuses:
        raise InputError(
            Location(config.path), "missing-key", "[status] needs `listed` (a listed problem)"
        )
    editorial = editorial_msc(config, ctx.taxonomy)
    stated = None
    for name in OTHERS:
        if (path / name).is_file():
            text = result.read_text(path / name)
            found = _LICENSE.search(text)
            if found and stated is None:
                stated = f"{name}: {found.group(0).rstrip('.')}"
    if stated:
        result.notes.append(
            f"the repository states its terms ({stated}); the registry's note for the "
            f"gallery says {ctx.source.license!r}: recorded as a conflict, not resolved"
        )
    lines = result.read_text(source_file).splitlines()
    rel = result.rel(source_file)
    section: str | None = None
    current: tuple[str, int, str | None] | None = None
    body: list[str] = []
    seen_titles: set[str] = set()

    def close() -> None:
        if current is None:
            return
        title, line, collection = current
        result.seen += 1
        if title in seen_titles:
            result.skip(rel, f"{rel}:{line} {title}", "duplicate-title", "a second subsection")
            return
        seen_titles.add(title)
        record = _record(ctx, result, rel, title, line, collection, body, statuses["listed"])
        if record is None:
            result.skip(
                rel, f"{rel}:{line} {title}", "no-problem-environment", "no \\begin{pr} in it"
            )
            return
        entry = editorial.get(title)
        if entry is not None:
            record["msc2020"] = list(entry.msc)
            if entry.field is not None:
                record["field"] = field_value(entry.field, ["Geometry"])
        else:
            result.notes.append(f"{rel}:{line}: no editorial MSC class for {title!r}")
        result.records.append(record)

    for number, line in enumerate(lines, 1):
        sec = _SECTION.match(line)
        sub = _SUBSECTION.fullmatch(line)
        if sec or sub:
            close()
            current, body = None, []
            if sec:
                section = sec.group("title").strip() or None
            else:
                assert sub is not None
                current = (sub.group("title").strip(), number, section)
            continue
        if current is not None:
            body.append(line)
    close()
    return result


def _record(
    ctx: ImportContext,
    result: ImportResult,
    rel: str,
    title: str,
    line: int,
    collection: str | None,
    body_lines: list[str],
    status: str,
) -> dict[str, Any] | None:
    kept = [ln for ln in body_lines if not ln.lstrip().startswith("%") and not _LABEL.fullmatch(ln)]
    body = "\n".join(kept)
    problems = [p.strip() for p in _PR.findall(body) if p.strip()]
    if not problems:
        return None
    context = _PR.sub("", body)
    background = re.sub(r"\n{3,}", "\n\n", context).strip() or None
    keys: list[str] = []
    for m in _CITE.finditer(body):
        for key in m.group("keys").split(","):
            if key.strip() and key.strip() not in keys:
                keys.append(key.strip())
    commit = ctx.revision.commit
    url = (
        f"{ctx.source.url}/blob/{commit}/{rel}#L{line}"
        if commit and ctx.source.url
        else ctx.source.url
    )
    references = [
        reference(
            "website",
            f"A. Petrunin, A gallery of open problems in geometry that keep me puzzled and "
            f"amused: {title}",
            url,
        )
    ] + [reference("paper", f"\\cite{{{key}}} in {rel}") for key in keys]
    flags = (
        ["license-terms-conflict"] if ctx.source.input_license_class == "none-established" else []
    )
    return make_record(
        id=record_id("problem", ctx.source.key, _slug(title)),
        record_kind="problem",
        title=f"Petrunin's gallery · {title}",
        problem_statement=problems[0],
        background=background,
        sub_questions=[
            {
                "label": str(i),
                "kind": "part",
                "declaration": None,
                "statement": text,
                "source_record": f"{rel}#L{line}",
            }
            for i, text in enumerate(problems[1:], 2)
        ],
        field=field_value(ctx.default_field(), ["Geometry"]),
        status=status,
        source_status_json=status_json({"listed_in": collection, "document": "open problems"}),
        source=ctx.source_value(url=url, collection=collection),
        provenance=result.provenance(ctx, rel, f"{rel}#L{line}", has_full_text=True),
        references=references,
        quality_flags=flags,
        snapshot_at=ctx.snapshot.iso,
    )


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower().replace("'", "")).strip("-")


IMPORTER = Importer(NAME, VERSION, run, "anton-petrunin/puzzles: open.tex (the gallery)")
