"""`ofb report`: runs and verdicts in, tables, figures and a Markdown report out.

OUT/report.md          the report: every table, every figure, the inputs
OUT/report.json        the same numbers, and the inputs with their sha256
OUT/tables/NAME.{md,csv,json}
OUT/figures/NAME.{png,svg}
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..errors import UsageError
from ..evaluator.answers import ReferenceAnswer
from ..register.load import Register
from .analysis import Results, analyse
from .models import ModelRegistry
from .plots import FigureFile, all_figures
from .records import Run, load_runs, packet_items
from .tables import Table, all_tables

# What an attempt may lack of the paper's protocol when the evaluator allows it explicitly
# (`ofb run --allow-no-sources/--allow-no-lean`; attempt.json and the manifest record it).
EXCEPTIONS = {
    "no-sources": "run without (some of) its retrieval sources",
    "no-lean": "no Lean in the sandbox (nothing compiled)",
}


@dataclass(frozen=True)
class Inputs:
    runs: list[Path]
    packet_key: Path
    answers: Path
    models: Path
    register: Path


@dataclass
class Report:
    results: Results
    tables: list[Table]
    figures: list[FigureFile]
    out: Path

    @property
    def markdown_path(self) -> Path:
        return self.out / "report.md"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_report(
    inputs: Inputs,
    register: Register,
    key: Mapping[str, ReferenceAnswer],
    registry: ModelRegistry,
    out: Path,
) -> Report:
    if not inputs.runs:
        raise UsageError("give at least one run folder (ofb run --out RUN)")
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} exists and is not a folder")
    items = packet_items(inputs.packet_key)
    runs = load_runs(inputs.runs, items)
    results = analyse(runs, register, key, registry)
    order = list(register.items)
    tables = all_tables(results, order)
    for table in tables:
        table.write(out / "tables")
    figures = all_figures(results, order, out / "figures")
    report = Report(results, tables, figures, out)
    report.markdown_path.write_text(render(report, runs, inputs), encoding="utf-8")
    (out / "report.json").write_text(
        json.dumps(as_dict(report, runs, inputs), indent=2, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    return report


def _inputs(runs: list[Run], inputs: Inputs) -> list[dict]:
    files = [
        ("packet key", inputs.packet_key),
        ("evaluator answers", inputs.answers),
        ("model registry", inputs.models),
        ("register", inputs.register),
    ]
    found = [{"what": w, "path": str(p), "sha256": _sha256(p)} for w, p in files]
    for run in runs:
        entry: dict = {
            "what": "run",
            "path": str(run.path),
            "model": run.config.model,
            "protocol": run.config.protocol,
            "condition": run.config.condition,
            "planned": len(run.packets),
            "finished": len(run.finished),
            "verdicts": str(run.verdicts_file) if run.verdicts_file else None,
            "exceptions": list(run.exceptions),
        }
        found.append(entry)
    return found


def as_dict(report: Report, runs: list[Run], inputs: Inputs) -> dict:
    return {
        "format": "openfrontiers-report/1",
        "ofb": __version__,
        "inputs": _inputs(runs, inputs),
        "tables": {t.name: t.as_dict() for t in report.tables},
        "figures": [f.as_dict() for f in report.figures],
        "exceptions": [
            {"run": a.run, "packet": a.packet, "item": a.item, "exceptions": list(a.exceptions)}
            for r in report.results.configs
            for a in r.attempts
            if a.exceptions
        ],
        "mismatched_verdicts": [
            {"run": a.run, "packet": a.packet, "item": a.item, "why": a.mismatch}
            for r in report.results.configs
            for a in r.mismatched
        ],
        "retrieval": [
            {
                "model": c.model,
                "protocol": c.protocol,
                "condition": c.condition,
                "attempts": r.attempts,
                "fetched": r.fetched,
                "solves": r.solves,
                "solves_after_fetch": r.solves_after_fetch,
                "fetches": [
                    {"run": run, "item": item, "sources": list(keys)}
                    for run, item, keys in r.examples
                ],
            }
            for c, r in report.results.retrieval.items()
        ],
    }


def render(report: Report, runs: list[Run], inputs: Inputs) -> str:
    results = report.results
    lines = [
        "# Results",
        "",
        (
            f"Written by `ofb report` (ofb {__version__}) from {len(runs)} run(s). Counts are "
            "given with their denominators; an item is solved only when both checkers accept a "
            "Lean proof with the reference answer. Open items are reported apart, and answer "
            "accuracy is never reported (a yes/no guess is right half the time)."
        ),
        "",
        "## Runs",
        "",
    ]
    for run in runs:
        graded = f", verdicts {run.verdicts_file.name}" if run.verdicts_file else ", not graded"
        lines.append(
            f"- `{run.name}`: {run.config.model}, {run.config.protocol}, condition "
            f"{run.config.condition}; {len(run.finished)} of {len(run.packets)} attempts "
            f"finished{graded}"
            + (f"; allowed to lack: {', '.join(run.exceptions)}" if run.exceptions else "")
        )
    problems = [
        f"- {r.model.label} {r.config.protocol} {r.config.condition}: "
        + ", ".join(
            text
            for text, n in (
                (f"{r.unfinished} attempt(s) unfinished", r.unfinished),
                (f"{r.ungraded} .lean file(s) not graded", r.ungraded),
            )
            if n
        )
        for r in results.configs
        if r.unfinished or r.ungraded
    ]
    if problems:
        lines += ["", "Not yet complete (counted as not solved):", "", *problems]
    flagged = [r for r in results.configs if r.exceptions]
    if flagged:
        lines += [
            "",
            "**Not the paper's protocol** (explicitly allowed by the evaluator; see Table 7):",
            "",
            *(
                f"- {r.model.label} {r.config.protocol} {r.config.condition}: "
                + ", ".join(f"{EXCEPTIONS.get(name, name)} in {n} of {len(r.attempts)} attempts"
                            for name, n in r.exceptions)
                for r in flagged
            ),
        ]  # fmt: skip
    mismatched = [(r, a) for r in results.configs for a in r.mismatched]
    if mismatched:
        lines += [
            "",
            "Verdicts that do not belong to their attempt (not counted; the attempt is ungraded):",
            "",
            *(
                f"- {r.model.label} {r.config.protocol} {r.config.condition}: `{a.run}/"
                f"{a.packet}` ({a.item}): {a.mismatch}"
                for r, a in mismatched
            ),
        ]
    no_cutoff = sorted({r.model.label for r in results.configs if r.model.cutoff is None})
    if no_cutoff:
        lines += [
            "",
            (
                f"No cutoff in the model registry for {', '.join(no_cutoff)}: no clean subset "
                "(– in the clean columns)."
            ),
        ]
    lines += ["", "## Tables", ""]
    for table in report.tables:
        lines += [table.md(), f"(`tables/{table.name}.md`, `.csv`, `.json`)", ""]
    lines += ["## Figures", ""]
    for figure in report.figures:
        lines += [
            f"### {figure.title}",
            "",
            f"![{figure.title}](figures/{figure.png.name})",
            "",
            (
                f"`figures/{figure.png.name}` ({figure.width_px}×{figure.height_px} px), "
                f"`figures/{figure.svg.name}` ({figure.width_pt:g}×{figure.height_pt:g} pt)"
            ),
            "",
        ]
    lines += ["## Inputs", ""]
    for entry in _inputs(runs, inputs):
        if entry["what"] != "run":
            lines.append(f"- {entry['what']}: `{entry['path']}` (sha256 {entry['sha256'][:16]}…)")
    return "\n".join(lines) + "\n"
