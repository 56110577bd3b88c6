"""`ofb corpus`: build, validate, describe, export and compare the corpus of open problems."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..errors import UsageError
from .common import Format, TextFormat, dumps
from .progress import QUIET, progress
from .tables import Col, console, table

if TYPE_CHECKING:  # imported where used: the corpus's libraries are slow to load
    from ..corpus.config import CorpusConfig
    from ..corpus.importers.base import Snapshot

app = typer.Typer(
    help="The corpus of open problems: build from sources, validate, stats, export, diff.",
    no_args_is_help=True,
)

CORPUS_DIR = typer.Option(
    None, "--corpus-dir", help="The corpus configuration (default: Corpus/ of this checkout)."
)
FORCE = typer.Option(
    False, "--force", help="Replace OUT even when it holds something other than this verb's output."
)


def _config(corpus_dir: Path | None) -> CorpusConfig:
    from ..corpus.config import CorpusConfig

    return CorpusConfig.find(corpus_dir)


def _snapshot(text: str | None) -> Snapshot:
    from ..corpus.importers.base import Snapshot

    if text:
        return Snapshot.parse(text)
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        if not epoch.isdigit():
            raise UsageError(f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds")
        return Snapshot(datetime.fromtimestamp(int(epoch), tz=UTC))
    return Snapshot(datetime.now(UTC).replace(microsecond=0))


@app.command("build")
def build(
    source: list[str] = typer.Option(
        ...,
        "--source",
        help="KEY=PATH[@REV]: an importer and its input (erdos-problems, formal-conjectures, "
        "optimization-constants, alphaevolve, petrunin-gallery, colt-open-problems, "
        "generic=MAPPING.toml). REV = COMMIT[:YYYY-MM-DD], the input's commit and commit "
        "date, for a tree that is not a git checkout. Repeatable.",
    ),
    out: Path = typer.Option(..., "--out", help="The build directory to write."),
    snapshot_at: str | None = typer.Option(
        None,
        "--snapshot-at",
        help="The snapshot time written into every record (ISO date or "
        "time, UTC). Default: $SOURCE_DATE_EPOCH, else now. Fix it for byte-identical rebuilds.",
    ),
    corpus_dir: Path | None = CORPUS_DIR,
    force: bool = FORCE,
    quiet: bool = QUIET,
) -> None:
    """Import sources into records.jsonl, records.parquet, SKIPPED.jsonl, REPORT.md and
    MANIFEST.json. Run again, it replaces its own earlier build in OUT."""
    from ..corpus.build import build as run_build
    from ..corpus.build import parse_sources
    from ..outputs import check_target, check_writable, has_manifest_with

    config = _config(corpus_dir)
    requests = parse_sources(source, config)
    check_target(out, has_manifest_with("sources", "totals"), "an earlier corpus build", force)
    check_writable(out, "--out", into=True)
    snapshot = _snapshot(snapshot_at)
    started = time.perf_counter()
    with progress(quiet) as shown:
        manifest = run_build(config, requests, out, snapshot, shown)
    took = time.perf_counter() - started
    for s in manifest["sources"]:
        c = s["counts"]
        reasons = ", ".join(f"{r} {n}" for r, n in c["skipped_by_reason"].items())
        print(
            f"{s['key']}: {c['input_records']} input records → {c['problem_records']} problem, "
            f"{c['catalogue_records']} catalogue, {c['sub_questions']} sub-questions, "
            f"{c['skipped']} skipped" + (f" ({reasons})" if reasons else "")
        )
    t = manifest["totals"]
    print(
        f"wrote {out}: {t['records']} records ({t['problem_records']} problem, "
        f"{t['catalogue_records']} catalogue) in {took:.1f} s; see {out / 'REPORT.md'}"
    )


@app.command("validate")
def validate(
    path: Path = typer.Argument(..., help="A build directory or a records .jsonl file."),
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
    max_errors: int = typer.Option(50, "--max-errors", help="How many errors to list."),
    corpus_dir: Path | None = CORPUS_DIR,
) -> None:
    """Check every record against the schema, the registry, the fields and the MSC table."""
    from ..corpus.schema import RecordChecker
    from ..corpus.validate import records_path, validate_file

    config = _config(corpus_dir)
    checker = RecordChecker(config.schema, config.registry, config.taxonomy)
    report = validate_file(records_path(path), checker, max_errors)
    if format is TextFormat.json:
        print(dumps(report.as_dict()))
    else:
        for e in report.errors:
            print(str(e))
        if report.error_count > len(report.errors):
            print(f"… {report.error_count - len(report.errors)} more error(s)")
        verdict = (
            "valid"
            if report.ok
            else f"{report.invalid_records} invalid, {report.error_count} error(s)"
        )
        print(f"{report.file}: {report.records} records, {verdict}")
    if not report.ok:
        raise typer.Exit(1)


@app.command("stats")
def stats(
    path: Path = typer.Argument(..., help="A build directory or a records .jsonl file."),
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
    corpus_dir: Path | None = CORPUS_DIR,
) -> None:
    """Table 1 of the paper, row by row, for this build beside the paper's figures, with
    breakdowns by source and MSC class."""
    from rich.markup import escape

    from ..corpus.schema import RecordChecker, valid_records
    from ..corpus.stats import CorpusStats
    from ..corpus.validate import records_path

    config = _config(corpus_dir)
    file = records_path(path)
    acc = CorpusStats()
    checker = RecordChecker(config.schema, config.registry, config.taxonomy)
    for _, record in valid_records(file, checker):
        acc.add(record)
    summary = acc.summary(config.registry)
    if format is Format.json:
        print(dumps(summary))
        return
    out = console()
    figures = table(
        Col("Quantity", wrap=True),
        Col("This build", "build"),
        "Paper",
        title=escape(f"Key figures (Table 1 layout; problem partition unless stated): {file}"),
    )
    figures.caption = "paper: Table 1 of the paper (snapshot 2026-10-10), for comparison"
    for row in summary["table1"]:
        figures.add_row(escape(row["quantity"]), escape(row["build"]), escape(row["paper"]))
    out.print(figures)
    catalogue = ", ".join(f"{k} {n}" for k, n in summary["catalogue_status"].items())
    out.print(f"Catalogue partition by status: {catalogue or 'empty'}")
    by_source = table(
        Col("source", wrap=True),
        "records",
        Col("status", wrap=True),
        title="Problem records by source",
    )
    for key, count in summary["records_by_source"].items():
        st = summary["status_by_source"].get(key, {})
        by_source.add_row(escape(key), str(count), ", ".join(f"{s} {n}" for s, n in st.items()))
    out.print(by_source)
    names = config.taxonomy.classes
    top = ", ".join(
        f"{c} {names[c][0] if c in names else '?'} ({n})"
        for c, n in summary["top_msc_classes"].items()
    )
    out.print(f"Top MSC classes: {escape(top) or 'none'}")


@app.command("export")
def export(
    path: Path = typer.Argument(..., help="A build directory or a records .jsonl file."),
    out: Path = typer.Option(..., "--out", help="The export directory to write."),
    license_filter: str | None = typer.Option(
        None,
        "--license-filter",
        help="Keep sources of these license classes, comma-separated: "
        "cc0, permissive, share-alike, non-commercial, none-established.",
    ),
    sources: str | None = typer.Option(None, "--sources", help="Keep only these source keys."),
    exclude_sources: str | None = typer.Option(
        None, "--exclude-sources", help="Drop these source keys."
    ),
    kind: str = typer.Option("all", "--kind", help="problem, catalogue or all."),
    formats: str = typer.Option("jsonl,parquet", "--format", help="jsonl, parquet or both."),
    corpus_dir: Path | None = CORPUS_DIR,
    force: bool = FORCE,
) -> None:
    """Write a filtered copy of a build (records.jsonl / records.parquet and MANIFEST.json).
    Run again, it replaces its own earlier export in OUT."""
    from ..corpus.export import ExportFilter
    from ..corpus.export import export as run_export
    from ..corpus.schema import RecordChecker
    from ..corpus.validate import records_path
    from ..outputs import check_target, check_writable, has_manifest_with

    check_target(out, has_manifest_with("from", "filter"), "an earlier corpus export", force)
    check_writable(out, "--out", into=True)
    config = _config(corpus_dir)
    filt = ExportFilter.parse(config.registry, license_filter, sources, exclude_sources, kind)
    wanted = frozenset(f.strip() for f in formats.split(",") if f.strip())
    checker = RecordChecker(config.schema, config.registry, config.taxonomy)
    manifest = run_export(records_path(path), out, filt, config.registry, wanted, checker)
    by_class = manifest["records_by_license_class"].items()
    classes = ", ".join(f"{k} {n}" for k, n in by_class) or "none"
    print(
        f"wrote {out}: {manifest['records']} of {manifest['from']['records']} records ({classes})"
    )


@app.command("diff")
def diff(
    old: Path = typer.Argument(..., help="The earlier build (directory or records .jsonl)."),
    new: Path = typer.Argument(..., help="The later build."),
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
) -> None:
    """Records whose status changed between two builds (`candidates` turns them into the
    curators' worklist of Section 4.1)."""
    from ..corpus.diff import diff as run_diff
    from ..corpus.validate import records_path

    result = run_diff(records_path(old), records_path(new))
    if format is TextFormat.json:
        print(dumps(result))
        return
    for c in result["status_changes"]:
        moved = f" (was {c['old_id']})" if c["old_id"] != c["id"] else ""
        print(f"{c['id']}: {c['old_status']} → {c['new_status']}{moved}  ({c['title']})")
    for c in result["claim_changes"]:
        print(
            f"{c['id']}: {c['old_status']} (source claim changed: {c['old_claim']} → "
            f"{c['new_claim']})"
        )
    print(
        f"{len(result['status_changes'])} status change(s), {len(result['claim_changes'])} "
        f"source-claim change(s), {len(result['added'])} added, {len(result['removed'])} removed "
        f"({result['old_records']} → {result['new_records']} records)"
    )


@app.command("candidates")
def candidates(
    inputs: list[str] = typer.Argument(
        ...,
        metavar="OLD NEW [OLD NEW]...",
        help="Pairs of the earlier and the later side: a corpus build (directory or records "
        ".jsonl), or a source snapshot built here — an erdosproblems tree (data/problems.yaml) "
        "or a formal-conjectures tree (FormalConjectures/), as PATH[@COMMIT[:YYYY-MM-DD]] for "
        "a tree that is not a git checkout. Give one pair per source.",
    ),
    since_day: str | None = typer.Option(
        None, "--since", help="Only candidates whose new claim is dated on or after this day."
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Write candidates.jsonl, CANDIDATES.md and MANIFEST.json here (default: print "
        "the Markdown).",
    ),
    draft: bool = typer.Option(
        False,
        "--draft",
        help="Also write drafts.toml in OUT: a register entry (status `candidate`) per new "
        "candidate not in the register.",
    ),
    register: Path | None = typer.Option(
        None, "--register", help="The item register to match (default: this checkout's)."
    ),
    corpus_dir: Path | None = CORPUS_DIR,
    force: bool = FORCE,
) -> None:
    """Problems whose source's status moved between two revisions, as a curators' worklist
    (the candidate stream of Section 4.1): new candidates, reversals and disputes."""
    from datetime import date

    from ..corpus.candidate_stream import stream, write
    from ..outputs import check_target, check_writable, has_manifest_with
    from ..project import Project
    from ..register import load_register

    if len(inputs) % 2:
        raise UsageError(
            f"give OLD NEW pairs: {len(inputs)} path(s) given ({' '.join(inputs)}); "
            "e.g. `ofb corpus candidates old-build new-build`"
        )
    if since_day is not None:
        try:
            date.fromisoformat(since_day)
        except ValueError:
            raise UsageError(f"--since {since_day!r}: give a day as YYYY-MM-DD") from None
    if draft and out is None:
        raise UsageError("--draft writes drafts.toml into --out: give --out DIR")
    if out is not None:
        check_target(out, has_manifest_with("candidates", "counts"), "a candidate stream", force)
        check_writable(out, "--out", into=True)
    config = _config(corpus_dir)
    items = load_register(register or Project.find().register_path)
    started = time.perf_counter()
    result = stream(inputs[0::2], inputs[1::2], config, list(items), since_day)
    took = time.perf_counter() - started
    c = result.counts
    summary = (
        f"{c['new']} new candidate(s), {c['new_in_register']} already in the register; "
        f"{c['reversal']} reversal(s), {c['dispute']} dispute(s) in {took:.1f} s"
    )
    if out is None:
        print(result.markdown(), end="")
        return
    extra = {}
    if draft:
        from ..corpus.candidate_drafts import drafts

        extra["drafts.toml"] = drafts(result.rows)
    written = write(result, out, extra)
    print(f"{summary}; wrote {', '.join(str(p) for p in written)}")


@app.command("sources")
def sources(
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
    corpus_dir: Path | None = CORPUS_DIR,
) -> None:
    """List the source registry (Corpus/sources.toml)."""
    config = _config(corpus_dir)
    entries = list(config.registry.sources.values())
    if format is Format.json:
        print(dumps([vars(s) for s in entries]))
        return
    contributing = len(config.registry.contributing)
    # Narrow, the importer goes first (its name is the key's, where there is one).
    listed = table(
        Col("key", wrap=True),
        Col("type", drop=2),
        Col("license class", "license"),
        Col("status policy", "policy", drop=1),
        Col("importer", wrap=True, drop=3),
        "paper",
        title=f"{len(entries)} sources ({contributing} contributing problem records)",
    )
    for s in entries:
        listed.add_row(
            s.key,
            s.type,
            s.license_class,
            s.status_policy,
            s.importer or "-",
            str(s.records_in_paper) if s.records_in_paper is not None else "-",
        )
    console().print(listed)
