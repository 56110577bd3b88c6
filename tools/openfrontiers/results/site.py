"""`ofb report … --site DIR`: the report as a static site, from the same results as report.md.

DIR/index.html            Table 3, Table 7, open items, the solve matrix, pass@k (with
                          several attempts per item), the overlaps, the four figures (SVG)
DIR/models/NAME.html      per model: its configurations, runs, end reasons, clean subset
                          with each exclusion's reason
DIR/items/ID.html         per item: public fields only (title, area, split, the statement
                          file) and what each run's attempt at it became
DIR/figures/NAME.svg      the report's figures
DIR/assets/site.{css,js}  the style and the table sorting (results/site_assets.py)
DIR/site.json             the site's manifest: what wrote it, and every file with its sha256

Every page is built in memory first and scanned with `ofb check`'s public-text leak search
(check/public_text.py: the evaluator key's answers in answer-like context, its records,
record and evidence URLs and solution sources, phrases about the key): any hit refuses the
build, naming the file, line and text, and nothing is written. The same inputs give the same
bytes: nothing is dated, inputs are named by the run folder's name, not by where it lies,
and the provenance footer holds only the tool version, the repository commit and hashes.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..check.public_text import Leak, Passage, PublicTextScan
from ..errors import BadInput, UsageError
from ..evaluator.answers import ReferenceAnswer
from ..gitdiff import git_output
from ..register.load import Register
from .analysis import ConfigResult, Results, attempt_state
from .records import Run
from .report import Report
from .site_assets import CSS, JS
from .tables import Table, Value

FORMAT = "openfrontiers-site/1"
_ITEM_ID = re.compile(r"(?<![A-Za-z0-9_])[RENO]\d{2}(?![A-Za-z0-9_])")
_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class InputFile:
    what: str
    name: str  # as the footer shows it: RUN/file, or the file's name
    sha256: str


@dataclass(frozen=True)
class Provenance:
    version: str
    commit: str | None  # of the repository the report ran in; None: not a git checkout
    dirty: bool | None  # uncommitted changes in that checkout
    files: tuple[InputFile, ...]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def repository_state(root: Path) -> tuple[str | None, bool | None]:
    """The checkout's commit and whether it has uncommitted changes (None: unknown)."""
    commit = git_output(root, "rev-parse", "HEAD")
    if commit is None:
        return None, None
    status = git_output(root, "status", "--porcelain", "--untracked-files=no")
    return commit, (bool(status) if status is not None else None)


def run_digest(run: Run) -> str:
    """One sha256 for what the report read of a run: its manifest, and each planned
    attempt's attempt.json and Solution.lean where present — the sha256 of the lines
    `sha256sum` prints for those files (sorted by path, relative to the run folder)."""
    names = ["manifest.json"]
    for packet in sorted(run.packets):
        names += [f"{packet}/{f}" for f in ("Solution.lean", "attempt.json")]
    lines = "".join(
        f"{_sha256(run.path / name)}  {name}\n"
        for name in sorted(names)
        if (run.path / name).is_file()
    )
    return hashlib.sha256(lines.encode()).hexdigest()


def provenance(
    runs: Sequence[Run],
    named: Iterable[tuple[str, Path]],
    commit: str | None,
    dirty: bool | None,
    version: str = __version__,
) -> Provenance:
    """The footer's facts: each run (`run_digest`) and its verdict file, and the `named`
    inputs (what, path), each with its sha256."""
    files = [InputFile(what, path.name, _sha256(path)) for what, path in named]
    for run in runs:
        files.append(InputFile("run", f"{run.name}/", run_digest(run)))
        if run.verdicts_file is not None:
            files.append(
                InputFile(
                    "verdicts", f"{run.name}/{run.verdicts_file.name}", _sha256(run.verdicts_file)
                )
            )
    return Provenance(version, commit, dirty, tuple(files))


@dataclass(frozen=True)
class Site:
    out: Path
    files: dict[str, bytes]  # relative path → bytes, as written

    @property
    def index(self) -> Path:
        return self.out / "index.html"


# --- HTML pieces ------------------------------------------------------------------------------


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)


def model_page(name: str) -> str:
    return f"models/{_slug(name)}.html"


def item_page(item_id: str) -> str:
    return f"items/{item_id}.html"


def _sort_key(value: Value) -> str | None:
    if value is None:
        return ""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return f"{value:g}" if isinstance(value, float) else str(value)
    return None


def _fraction_cell(part: Sequence[str] | None, whole: Sequence[str] | None) -> str:
    if part is None or whole is None:
        return '<td class="num" data-sort="">–</td>'
    return f'<td class="num" data-sort="{len(part)}">{len(part)}/{len(whole)}</td>'


def _cell(value: Value, link: str | None = None, state: bool = False) -> str:
    if value is None:
        return '<td data-sort="">–</td>'
    key = _sort_key(value)
    shown = f"{value:g}" if isinstance(value, float) else str(value)
    text = f'<a href="{esc(link)}">{esc(shown)}</a>' if link else esc(shown)
    classes = []
    if key is not None:
        classes.append("num")
    if state:
        classes.append(f"state-{_slug(shown).replace('.', '')}")
    attrs = f' class="{" ".join(classes)}"' if classes else ""
    if key is not None:
        attrs += f' data-sort="{esc(key)}"'
    return f"<td{attrs}>{text}</td>"


def table_html(
    table_id: str,
    caption: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[str]],
    notes: Sequence[str] = (),
) -> str:
    """A sortable table whose rows are already rendered cells (`<td>…</td>`)."""
    head = "".join(f'<th scope="col">{esc(c)}</th>' for c in columns)
    body = "\n".join(f"<tr>{''.join(cells)}</tr>" for cells in rows)
    notes_html = "".join(f'<p class="note">{esc(n)}</p>' for n in notes)
    return (
        f'<div class="scroll" role="region" aria-labelledby="{table_id}-caption" tabindex="0">\n'
        f'<table class="sortable" id="{table_id}">\n'
        f'<caption id="{table_id}-caption">{esc(caption)}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>\n</div>\n"
        f"{notes_html}\n"
    )


def _generic(table: Table, root: str, link_items: Sequence[str] = (), states: bool = False) -> str:
    rows = []
    for row in table.rows:
        cells = []
        for column, value in zip(table.columns, row, strict=True):
            link = None
            if column in link_items and isinstance(value, str) and _ITEM_ID.fullmatch(value):
                link = root + item_page(value)
            cells.append(_cell(value, link, state=states and column != "item"))
        rows.append(cells)
    return table_html(table.name, table.title, table.columns, rows, table.notes)


def _config_cells(r: ConfigResult, root: str) -> list[str]:
    link = root + model_page(r.model.name)
    return [
        f'<td><a href="{esc(link)}">{esc(r.model.label)}</a></td>',
        f"<td>{esc(r.config.protocol)}</td>",
        f"<td>{esc(r.config.condition)}</td>",
    ]


def table3_html(results: Results, table: Table, root: str) -> str:
    columns = [
        "model",
        "protocol",
        "condition",
        "lineage, cutoff",
        "solved / denominator",
        "clean solved / eligible",
        "attempts per item",
        "runs",
    ]
    rows = []
    for r in results.configs:
        low, high = r.attempts_per_item
        rows.append(
            [
                *_config_cells(r, root),
                f"<td>{esc(r.model.describe())}</td>",
                _fraction_cell(r.solved_items, r.solved_denominator),
                _fraction_cell(r.clean_solved, r.eligible),
                _cell(low if low == high else f"{low}–{high}"),
                f"<td>{esc(', '.join(r.runs))}</td>",
            ]
        )
    return table_html("table3", table.title, columns, rows, table.notes)


def page(title: str, root: str, body: str, nav: str, footer: str) -> str:
    return (
        "<!doctype html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{esc(title)}</title>\n"
        f'<link rel="stylesheet" href="{root}assets/site.css">\n'
        "</head>\n<body>\n"
        '<a class="skip" href="#main">Skip to the content</a>\n'
        f'<header><nav aria-label="Site">{nav}</nav></header>\n'
        f'<main id="main">\n<h1>{esc(title)}</h1>\n{body}</main>\n'
        f"{footer}"
        f'<script src="{root}assets/site.js"></script>\n'
        "</body>\n</html>\n"
    )


def _nav(results: Results, root: str) -> str:
    links = [f'<a href="{root}index.html">Results</a>']
    for name, label in dict.fromkeys((r.model.name, r.model.label) for r in results.configs):
        links.append(f'<a href="{root}{esc(model_page(name))}">{esc(label)}</a>')
    return " ".join(links)


def footer_html(prov: Provenance) -> str:
    if prov.commit is None:
        commit = "not a git checkout"
    else:
        commit = f"<code>{esc(prov.commit)}</code>" + (
            " (with uncommitted changes)" if prov.dirty else ""
        )
    files = "\n".join(
        f"<li>{esc(f.what)}: <code>{esc(f.name)}</code> sha256 <code>{f.sha256}</code></li>"
        for f in prov.files
    )
    return (
        "<footer>\n<h2>Provenance</h2>\n"
        f"<p>Written by <code>ofb report --site</code> (ofb {esc(prov.version)}) at repository "
        f"commit {commit}, from these inputs:</p>\n<ul>\n{files}\n</ul>\n</footer>\n"
    )


# --- the pages --------------------------------------------------------------------------------


def _runs_list(runs: Sequence[Run]) -> str:
    entries = []
    for run in runs:
        graded = f"verdicts {run.verdicts_file.name}" if run.verdicts_file else "not graded"
        lacks = f"; allowed to lack: {', '.join(run.exceptions)}" if run.exceptions else ""
        entries.append(
            f"<li><code>{esc(run.name)}</code>: {esc(run.config.model)}, "
            f"{esc(run.config.protocol)}, condition {esc(run.config.condition)}; "
            f"{len(run.finished)} of {len(run.packets)} attempts finished, {esc(graded)}"
            f"{esc(lacks)}</li>"
        )
    return "<ul>\n" + "\n".join(entries) + "\n</ul>\n"


def index_html(report: Report, nav: str, footer: str) -> str:
    results = report.results
    tables = {t.name: t for t in report.tables}
    parts = [
        (
            "<p>Counts carry their denominators. An item is solved only when both checkers "
            "accept a Lean proof with the reference answer; open items are reported apart, and "
            "answer accuracy is never reported. Press a column header to sort a table.</p>\n"
        ),
        '<h2 id="runs">Runs</h2>\n',
        _runs_list(results.runs),
        '<h2 id="solved">Solved items (Table 3)</h2>\n',
        table3_html(results, tables["table3"], ""),
        '<h2 id="details">Per-run details (Table 7)</h2>\n',
        _generic(tables["table7"], ""),
        '<h2 id="open">Open and frozen items</h2>\n',
        _generic(tables["open_items"], ""),
        '<h2 id="matrix">Solve matrix</h2>\n',
        _generic(tables["solve_matrix"], "", link_items=("item",), states=True),
        '<h2 id="pass-at-k">pass@k</h2>\n',
    ]
    if any(r.attempts_per_item[1] > 1 for r in results.configs):
        parts.append(_generic(tables["pass_at_k"], ""))
    else:
        parts.append(
            "<p>Every configuration made one attempt per item: pass@k needs several runs of "
            "a configuration (Table 3's solved share is pass@1).</p>\n"
        )
    parts += ['<h2 id="overlap">Overlaps between models</h2>\n', _generic(tables["overlaps"], "")]
    parts.append('<h2 id="figures">Figures</h2>\n')
    for figure in report.figures:
        parts.append(
            f'<figure>\n<img src="figures/{esc(figure.svg.name)}" alt="{esc(figure.title)}" '
            f'width="{figure.width_px}" height="{figure.height_px}">\n'
            f"<figcaption>{esc(figure.title)}</figcaption>\n</figure>\n"
        )
    items = sorted({a.item for run in results.runs for a in run.attempts})
    parts.append('<h2 id="items">Items</h2>\n<p>')
    parts.append(" ".join(f'<a href="{item_page(i)}">{i}</a>' for i in items) or "none")
    parts.append("</p>\n")
    return page("Results", "", "".join(parts), nav, footer)


def model_html(results: Results, configs: Sequence[ConfigResult], nav: str, footer: str) -> str:
    model = configs[0].model
    root = "../"
    facts = [
        ("name in runs", model.name),
        ("provider", model.provider or "–"),
        ("lineage excluded from the clean subset", model.lineage or "none"),
        ("cutoff", f"{model.cutoff} ({model.cutoff_basis})" if model.cutoff else "none recorded"),
        ("agent profile", model.agent),
    ]
    if model.note:
        facts.append(("note", model.note))
    parts = [
        "<dl>\n" + "\n".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in facts) + "\n</dl>\n"
    ]
    by_name = {run.name: run for run in results.runs}
    for r in configs:
        anchor = f"{r.config.protocol}-{r.config.condition}"
        named = f"{r.config.protocol} {r.config.condition}"
        parts.append(
            f'<h2 id="{esc(anchor)}">{esc(r.config.protocol)} protocol, condition '
            f"{esc(r.config.condition)}</h2>\n"
        )
        clean = (
            f"{len(r.clean_solved)}/{len(r.eligible)}"
            if r.clean_solved is not None and r.eligible is not None
            else "– (no cutoff: no clean subset)"
        )
        parts.append(
            f"<p>Solved {len(r.solved_items)}/{len(r.solved_denominator)}; clean solved "
            f"{esc(clean)}; {len(r.attempts)} attempts, {r.unfinished} unfinished, "
            f"{r.ungraded} .lean not graded.</p>\n"
        )
        parts.append(_runs_list([by_name[name] for name in r.runs]))
        reasons = [[_cell(reason), _cell(n)] for reason, n in r.end_reasons]
        parts.append(
            table_html(
                f"end-reasons-{anchor}",
                f"End reasons of finished attempts, {named}",
                ["end reason", "attempts"],
                reasons,
            )
        )
        if r.eligible is None:
            parts.append(
                "<p>The model registry has no cutoff for this model: no clean subset.</p>\n"
            )
            continue
        eligible = " ".join(f'<a href="{root}{item_page(i)}">{i}</a>' for i in r.eligible)
        parts.append(
            f"<p>Clean subset: {len(r.eligible)} eligible of {len(r.solved_denominator)} "
            f"solved items planned: {eligible or 'none'}.</p>\n"
        )
        excluded = [
            [_cell(item, root + item_page(item)), _cell(reason)]
            for item, reason in sorted(r.excluded.items())
        ]
        parts.append(
            table_html(
                f"excluded-{anchor}",
                f"Excluded from the clean subset, {named}",
                ["item", "why"],
                excluded,
            )
        )
    return page(model.label, root, "".join(parts), nav, footer)


def item_html(
    item_id: str,
    register: Register,
    results: Results,
    statement: str | None,
    nav: str,
    footer: str,
) -> str:
    item = register.get(item_id)
    root = "../"
    parts = [
        (
            "<dl>\n"
            f"<dt>area</dt><dd>{esc(item.area)}</dd>\n"
            f"<dt>split</dt><dd>{esc(item.split)}</dd>\n"
            "</dl>\n"
        )
    ]
    rows = []
    solved_by = []
    for r in results.configs:
        for a in r.attempts:
            if a.item != item_id:
                continue
            state = attempt_state(a)
            if state == "solved":
                solved_by.append(a.run)
            rows.append(
                [
                    f"<td>{esc(a.run)}</td>",
                    *_config_cells(r, root),
                    _cell(state, state=True),
                    _cell(None if a.wall_minutes is None else round(a.wall_minutes, 1)),
                    _cell(a.end_reason),
                ]
            )
    parts.append(
        "<p>Solved in: "
        + (esc(", ".join(dict.fromkeys(solved_by))) if solved_by else "no run")
        + ".</p>\n"
    )
    parts.append(
        table_html(
            "attempts",
            "Attempts at this item",
            ["run", "model", "protocol", "condition", "result", "minutes", "end reason"],
            rows,
        )
    )
    parts.append('<h2 id="statement">Statement</h2>\n')
    if statement is None:
        parts.append("<p>No statement file.</p>\n")
    else:
        parts.append(f'<pre><code class="language-lean">{esc(statement)}</code></pre>\n')
    return page(f"{item_id}: {item.title}", root, "".join(parts), nav, footer)


# --- the leak scan and writing -----------------------------------------------------------------


def scan_site(
    files: Mapping[str, bytes], register: Register, key: Mapping[str, ReferenceAnswer]
) -> list[Leak]:
    """What of the evaluator key the site's files show: every text file is read whole and
    as its visible text (tags removed), entities decoded, each as a passage about the items
    it names."""
    repos = {up.repo for item in register for up in item.upstream}
    scanner = PublicTextScan(key.values(), repos)
    known = set(register.items)
    found: list[Leak] = []
    for name, data in sorted(files.items()):
        text = data.decode("utf-8")
        named = tuple(dict.fromkeys(i for i in _ITEM_ID.findall(text) if i in known))
        for shown in dict.fromkeys((html.unescape(text), html.unescape(_TAG.sub(" ", text)))):
            found += scanner.scan(Passage(Path(name), 1, name, shown, named))
    unique = {(leak.passage.field, leak.text, leak.what): leak for leak in found}
    return [unique[k] for k in sorted(unique)]


def site_files(
    report: Report,
    register: Register,
    statements: Path | None,
    prov: Provenance,
) -> dict[str, bytes]:
    """Every file of the site, relative path → bytes."""
    results = report.results
    footer = footer_html(prov)
    files: dict[str, str] = {"assets/site.css": CSS, "assets/site.js": JS}
    files["index.html"] = index_html(report, _nav(results, ""), footer)
    nav = _nav(results, "../")
    by_model: dict[str, list[ConfigResult]] = {}
    for r in results.configs:
        by_model.setdefault(r.model.name, []).append(r)
    for name, configs in by_model.items():
        files[model_page(name)] = model_html(results, configs, nav, footer)
    for item_id in sorted({a.item for run in results.runs for a in run.attempts}):
        path = statements / f"{item_id}.lean" if statements is not None else None
        text = path.read_text(encoding="utf-8") if path is not None and path.is_file() else None
        files[item_page(item_id)] = item_html(item_id, register, results, text, nav, footer)
    out = {name: text.encode("utf-8") for name, text in files.items()}
    for figure in report.figures:
        out[f"figures/{figure.svg.name}"] = figure.svg.read_bytes()
    manifest = {
        "format": FORMAT,
        "ofb": prov.version,
        "commit": prov.commit,
        "inputs": [{"what": f.what, "name": f.name, "sha256": f.sha256} for f in prov.files],
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in sorted(out.items())},
    }
    out["site.json"] = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
    return dict(sorted(out.items()))


def _ours(folder: Path) -> bool:
    try:
        doc = json.loads((folder / "site.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def check_site_target(out: Path, report: Path | None = None) -> None:
    """Refuse a --site folder the build would have to destroy: one holding anything but a
    site ofb report wrote, or the report folder (--out) or a folder around it."""
    if report is not None:
        site, inner = out.resolve(), report.resolve()
        if site == inner or site in inner.parents:
            raise UsageError(
                f"--site {out} would replace the report folder --out {report}: give the site "
                "a folder of its own"
            )
    if out.exists() and not (out.is_dir() and (not any(out.iterdir()) or _ours(out))):
        raise UsageError(
            f"--site {out} exists and is not a site ofb report wrote: move it away or choose "
            "another folder"
        )


def build_site(
    report: Report,
    register: Register,
    key: Mapping[str, ReferenceAnswer],
    out: Path,
    prov: Provenance,
    statements: Path | None = None,
) -> Site:
    """Build, scan, then write the site into `out`: an empty or missing folder, or a site
    this command wrote before (replaced whole, so no page of an older report stays)."""
    check_site_target(out)
    files = site_files(report, register, statements, prov)
    leaks = scan_site(files, register, key)
    if leaks:
        shown = "\n".join(
            f"  {leak.passage.field}:{leak.line}: {leak.what}: {leak.text!r}" for leak in leaks
        )
        raise BadInput(
            f"refusing to write the site to {out}: its files would show evaluator data\n{shown}"
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        staging.chmod(0o755)  # mkdtemp's 0700 would hide the site from a web server
        for name, data in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        if out.exists():
            shutil.rmtree(out)
        os.replace(staging, out)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return Site(out, files)
