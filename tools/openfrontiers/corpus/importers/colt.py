"""Importer `colt-open-problems`: COLT open-problem papers from PMLR's volume repositories.

The input folder holds one folder per volume (`v23`, `v30`, …), each with the volume's
`_config.yml` (conference, year, publication date, address of the proceedings) and the
Jekyll post of every paper to import (`<id>.md`: YAML front matter with title, authors,
abstract, pages, date, pdf). Per paper, by `Corpus/importers/colt-open-problems.toml`:

* an abstract that poses a question → a problem record: statement = the abstract, verbatim
  (LaTeX as PMLR writes it), flagged `statement-is-abstract`, `has_full_text` false;
* no abstract, or one that poses nothing, or a `[catalogue]` entry → a catalogue pointer;
* the paper's page, PDF and citation → references; its date → `status_as_of`, its year →
  `posed_year`; the volume → `source.collection` (e.g. `COLT 2014`).

A post whose title is not an open problem or question ("Open Problem: …") is skipped with
the reason. A volume folder that is a git checkout gives its records its own commit.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from ...errors import InputError, Location
from ..record import field_value, make_record, record_id, reference
from ..revision import git_revision
from ..tomldoc import ConfigError
from .base import ImportContext, Importer, ImportResult, editorial_msc

NAME = "colt-open-problems"
VERSION = "1"
_VOLUME = re.compile(r"v([0-9]+)")
_OPEN = re.compile(r"^\s*open\s+(problem|question)s?\b", re.IGNORECASE)
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def run(path: Path, ctx: ImportContext) -> ImportResult:
    volumes = (
        sorted(
            (p for p in path.iterdir() if p.is_dir() and _VOLUME.fullmatch(p.name)),
            key=lambda p: int(p.name[1:]),
        )
        if path.is_dir()
        else []
    )
    if not volumes:
        raise InputError(
            Location(path),
            "not-a-checkout",
            "expected volume folders v<N>/ with _config.yml and the papers' <id>.md",
        )
    result = ImportResult(path, NAME, VERSION)
    poses, field, catalogue = _config(ctx)
    editorial = editorial_msc(ctx.config(NAME), ctx.taxonomy).get("*")
    for volume in volumes:
        config_file = volume / "_config.yml"
        conf = _front(result, config_file, whole=True) if config_file.is_file() else {}
        commit = (git_revision(volume) or ctx.revision).commit
        for post in sorted(volume.glob("*.md")):
            result.seen += 1
            rel = result.rel(post)
            meta = _front(result, post)
            title = " ".join(str(meta.get("title") or "").split())
            if not _OPEN.match(title):
                result.skip(rel, rel, "not-an-open-problem", f"title {title!r}")
                continue
            record = _record(ctx, result, rel, volume.name, conf, meta, title, poses, field)
            reason = catalogue.get(str(meta.get("id") or post.stem))
            if reason is not None and record["record_kind"] == "problem":
                _to_catalogue(record, reason)
            if editorial is not None:
                record["msc2020"] = list(editorial.msc)
            record["provenance"]["revision"] = commit
            result.records.append(record)
    return result


def _config(ctx: ImportContext) -> tuple[list[re.Pattern[str]], str | None, dict[str, str]]:
    doc = ctx.config(NAME)
    errors = []
    patterns: list[re.Pattern[str]] = []
    for i, text in enumerate(doc.data.get("poses", [])):
        try:
            patterns.append(re.compile(text, re.IGNORECASE))
        except (re.error, TypeError) as exc:
            errors.append(doc.error(("poses", i), "regex", f"not a regular expression: {exc}"))
    if not patterns:
        errors.append(doc.error(("poses",), "missing-key", "`poses` needs at least one phrase"))
    field = doc.data.get("field")
    if field is not None and (not isinstance(field, str) or not _known_field(ctx, field)):
        errors.append(doc.error(("field",), "unknown-field", f"{field!r} is not in fields.toml"))
    catalogue = doc.data.get("catalogue", {})
    bad = [k for k, v in catalogue.items() if not isinstance(v, str) or not v]
    errors += [doc.error(("catalogue", k), "type", "give the reason as text") for k in bad]
    if errors:
        raise ConfigError(errors)
    return patterns, field, dict(catalogue)


def _known_field(ctx: ImportContext, spec: str) -> bool:
    try:
        ctx.taxonomy.field(spec)
    except KeyError:
        return False
    return True


def _front(result: ImportResult, path: Path, *, whole: bool = False) -> dict[str, Any]:
    """The YAML of a Jekyll post's front matter (or of a whole `_config.yml`)."""
    text = result.read_text(path)
    if not whole:
        parts = text.split("---", 2)
        if len(parts) < 3 or parts[0].strip():
            raise InputError(Location(path, 1), "front-matter", "no `---` YAML front matter")
        text = parts[1]
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = Location(path, mark.line + 1 + (0 if whole else 1)) if mark else Location(path)
        raise InputError(where, "yaml-syntax", str(getattr(exc, "problem", exc))) from None
    if not isinstance(data, dict):
        raise InputError(Location(path), "front-matter", "the YAML is not a mapping")
    return data


def _authors(meta: dict[str, Any]) -> str:
    names = []
    for a in meta.get("author") or []:
        if isinstance(a, dict):
            names.append(" ".join(str(a[k]) for k in ("given", "family") if a.get(k)))
    return ", ".join(n for n in names if n)


def _record(
    ctx: ImportContext,
    result: ImportResult,
    rel: str,
    volume: str,
    conf: dict[str, Any],
    meta: dict[str, Any],
    title: str,
    poses: list[re.Pattern[str]],
    field_spec: str | None,
) -> dict[str, Any]:
    abstract = str(meta.get("abstract") or "").strip() or None
    pid = str(meta.get("id") or Path(rel).stem)
    base = str(conf.get("url") or "").rstrip("/")
    page = f"{base}/{volume}/{pid}.html" if base.startswith("https://") else None
    pdf_text = str(meta.get("pdf") or "")
    pdf = pdf_text if pdf_text.startswith(("http://", "https://")) else None
    raw_day = meta.get("date")
    day = str(raw_day) if raw_day is not None and _DATE.fullmatch(str(raw_day)) else None
    year = int(day[:4]) if day else None
    collection = str(conf.get("shortname") or "") or None
    venue = str(meta.get("container-title") or conf.get("booktitle") or "").strip()
    pages = str(meta.get("page") or "").strip()
    authors = _authors(meta)
    citation = (
        f"{authors}. {title}. {venue}"
        + (f", PMLR {meta.get('volume') or volume[1:]}" + (f":{pages}" if pages else ""))
        + (f", {year}." if year else ".")
    )
    references = [reference("paper", citation, page or pdf)]
    if pdf and page:
        references.append(reference("paper", f"{title} (PDF)", pdf))
    poses_question = abstract is not None and (
        "?" in abstract or any(p.search(abstract) for p in poses)
    )
    kind = "problem" if poses_question else "catalogue"
    flags = ["statement-is-abstract"] if kind == "problem" else ["catalogue-only"]
    field = ctx.taxonomy.field(field_spec) if field_spec else ctx.default_field()
    record = make_record(
        id=record_id(kind, ctx.source.key, f"{volume}/{pid}"),
        record_kind=kind,
        title=f"{collection or volume} · {title}",
        problem_statement=abstract if kind == "problem" else None,
        field=field_value(field, ["learning theory"]),
        status="unassessed",
        source_status_json=None,
        source=ctx.source_value(url=page, collection=collection),
        provenance=result.provenance(ctx, rel, page or rel, has_full_text=False, status_as_of=day),
        references=references,
        posed_year=year if kind == "problem" else None,
        notes=None
        if kind == "problem"
        else (
            "PMLR gives no abstract for this paper: kept as a pointer to it."
            if abstract is None
            else "The abstract does not pose the question: kept as a pointer to the paper."
        ),
        quality_flags=flags,
        snapshot_at=ctx.snapshot.iso,
    )
    if kind == "catalogue" and abstract is not None:
        record["background"] = abstract
    return record


def _to_catalogue(record: dict[str, Any], reason: str) -> None:
    record["record_kind"] = "catalogue"
    record["id"] = "catalogue:" + record["id"].partition(":")[2]
    record["background"] = record["problem_statement"]
    record["problem_statement"] = None
    record["posed_year"] = None
    record["notes"] = reason
    record["quality_flags"] = sorted(
        (set(record["quality_flags"]) - {"statement-is-abstract"}) | {"catalogue-only"}
    )


IMPORTER = Importer(NAME, VERSION, run, "PMLR COLT volumes: vNN/_config.yml and vNN/<id>.md")
