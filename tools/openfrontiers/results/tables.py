"""Table 3, Table 7, open items, the solve matrix, pass@k and overlaps — as Markdown, CSV
and JSON. CSV and JSON hold one row per configuration (or item); the Markdown of Table 3
also shows the paper's layout, conditions side by side."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .analysis import ConfigResult, Results, attempt_state
from .records import CONDITIONS, PROTOCOLS

Value = str | int | float | None


@dataclass
class Table:
    name: str  # file stem
    title: str
    columns: list[str]
    rows: list[list[Value]]
    notes: list[str] = field(default_factory=list)
    markdown: str = ""  # a layout of its own for Markdown; "" renders the rows

    def as_dict(self) -> dict:
        return {
            "title": self.title,
            "columns": self.columns,
            "rows": [dict(zip(self.columns, row, strict=True)) for row in self.rows],
            "notes": self.notes,
        }

    def csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.columns)
        for row in self.rows:
            writer.writerow(["" if v is None else v for v in row])
        return out.getvalue()

    def md(self) -> str:
        body = self.markdown or markdown_table(self.columns, self.rows)
        notes = "".join(f"\n{note}\n" for note in self.notes)
        return f"### {self.title}\n\n{body}{notes}"

    def write(self, folder: Path) -> list[Path]:
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for suffix, text in (
            ("md", self.md()),
            ("csv", self.csv()),
            ("json", json.dumps(self.as_dict(), indent=2, ensure_ascii=False) + "\n"),
        ):
            path = folder / f"{self.name}.{suffix}"
            path.write_text(text, encoding="utf-8")
            paths.append(path)
        return paths


def _cell(value: Value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value).replace("|", "\\|")


def markdown_table(columns: Sequence[str], rows: Sequence[Sequence[Value]]) -> str:
    if not rows:
        return "(no rows)\n"
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _fraction(part: Sequence[str] | None, whole: Sequence[str] | None) -> str:
    if part is None or whole is None:
        return "–"
    return f"{len(part)}/{len(whole)}"


def table3(results: Results) -> Table:
    columns = [
        "model",
        "lineage, cutoff",
        "protocol",
        "condition",
        "solved",
        "denominator",
        "clean solved",
        "eligible",
        "attempts per item",
        "runs",
    ]
    rows: list[list[Value]] = []
    for r in results.configs:
        low, high = r.attempts_per_item
        clean = r.clean_solved
        rows.append(
            [
                r.model.label,
                r.model.describe(),
                r.config.protocol,
                r.config.condition,
                len(r.solved_items),
                len(r.solved_denominator),
                None if clean is None else len(clean),
                None if r.eligible is None else len(r.eligible),
                str(low) if low == high else f"{low}–{high}",
                ", ".join(r.runs),
            ]
        )
    notes = [
        (
            "solved: items solved — a Lean proof with the reference answer accepted by both "
            "checkers — in at least one attempt, out of the solved items the runs planned "
            "(denominator); clean: solved / eligible after removing items credited to the "
            "model's lineage and items with solution evidence on or before its cutoff (– where "
            "the model registry has no cutoff). Open items are reported separately; answer "
            "accuracy is never reported."
        )
    ]
    if any(r.attempts_per_item[1] > 1 for r in results.configs):
        notes.append("With several attempts per item, pass@k is in the pass@k table.")
    return Table("table3", "Table 3: solved items", columns, rows, notes, _table3_wide(results))


def _table3_wide(results: Results) -> str:
    if not results.configs:
        return "(no runs)\n"
    out = []
    for protocol in PROTOCOLS:
        chosen = [r for r in results.configs if r.config.protocol == protocol]
        if not chosen:
            continue
        conditions = [c for c in CONDITIONS if any(r.config.condition == c for r in chosen)]
        columns = ["model", "lineage, cutoff"]
        for c in conditions:
            columns += [f"{c} all", f"{c} clean"]
        rows: list[list[Value]] = []
        for name in dict.fromkeys(r.model.name for r in chosen):
            mine = {r.config.condition: r for r in chosen if r.model.name == name}
            model = next(iter(mine.values())).model
            row: list[Value] = [model.label, model.describe()]
            for c in conditions:
                r = mine.get(c)
                if r is None:
                    row += [None, None]
                else:
                    row += [
                        _fraction(r.solved_items, r.solved_denominator),
                        _fraction(r.clean_solved, r.eligible),
                    ]
            rows.append(row)
        out.append(f"{protocol.capitalize()} protocol\n\n" + markdown_table(columns, rows))
    return "\n".join(out)


def _minutes(value: float | None) -> Value:
    return None if value is None else round(value, 1)


def table7(results: Results) -> Table:
    columns = [
        "model",
        "protocol",
        "condition",
        "attempts",
        "unfinished",
        "median minutes",
        ".lean",
        "ungraded .lean",
        "open accepted",
        "end reasons",
        "fetched a solution source",
        "solves after such a fetch",
        "not the paper's protocol",
    ]
    rows: list[list[Value]] = []
    for r in results.configs:
        retrieval = results.retrieval.get(r.config)
        rows.append(
            [
                r.model.label,
                r.config.protocol,
                r.config.condition,
                len(r.attempts),
                r.unfinished,
                _minutes(r.median_minutes),
                r.left_lean,
                r.ungraded,
                len(r.open_accepted),
                ", ".join(f"{reason} {n}" for reason, n in r.end_reasons) or None,
                retrieval.fetched if retrieval else None,
                f"{retrieval.solves_after_fetch}/{retrieval.solves}" if retrieval else None,
                ", ".join(f"{name} {n}" for name, n in r.exceptions) or None,
            ]
        )
    notes = [
        (
            "median minutes: median wall-clock minutes of finished attempts; .lean: attempts that "
            "left a formal submission (ungraded: no verdict decided it); open accepted: open "
            "items accepted by both checkers, before review; fetched: in C, finished attempts "
            "that fetched one of their item's located solution sources (arXiv id, DOI, "
            "repository or problem page), and how many of the C solves came after such a fetch."
        ),
        (
            "not the paper's protocol: attempts the evaluator explicitly allowed to run without "
            "their retrieval sources (no-sources, B and C) or without Lean in the sandbox "
            "(no-lean: the agent could not compile, and a static pass ended the attempt as "
            "`submitted uncompiled`)."
        ),
    ]
    return Table("table7", "Table 7: per-run details", columns, rows, notes)


def open_items(results: Results) -> Table:
    columns = ["model", "protocol", "condition", "open items", "accepted before review", "frozen"]
    rows: list[list[Value]] = []
    for r in results.configs:
        frozen = [f"{item} ({reason})" for item, reason in r.frozen]
        rows.append(
            [
                r.model.label,
                r.config.protocol,
                r.config.condition,
                len(r.open_items),
                ", ".join(r.open_accepted) or None,
                ", ".join(frozen) or None,
            ]
        )
    notes = [
        (
            "An open item accepted by both checkers is frozen for statement review before any "
            "claim; so is a solved item proved with the opposite answer. Neither counts as solved."
        )
    ]
    return Table("open_items", "Open items and frozen items", columns, rows, notes)


_SHORT = {"native": "nat.", "continuation": "cont."}


def _config_label(r: ConfigResult) -> str:
    return f"{r.model.label} {_SHORT[r.config.protocol]} {r.config.condition}"


SYMBOLS = {
    "solved": "✓",
    "unsolved": "·",
    "no .lean": "·",
    "frozen": "F",
    "ungraded": "?",
    "unfinished": "u",
}


def solve_matrix(results: Results, register_order: Sequence[str]) -> Table:
    """Item × run: what became of each attempt (CSV and JSON in words, Markdown in symbols)."""
    position = {item: n for n, item in enumerate(register_order)}
    runs = results.ordered_runs()
    items = sorted({a.item for run in runs for a in run.attempts}, key=position.__getitem__)
    states = {(run.name, a.item): attempt_state(a) for run in runs for a in run.attempts}
    columns = ["item", *(run.name for run in runs)]
    rows: list[list[Value]] = [
        [item, *(states.get((run.name, item)) for run in runs)] for item in items
    ]
    symbols = [
        [item, *(SYMBOLS[v] if isinstance(v, str) else None for v in row[1:])]
        for item, row in zip(items, rows, strict=True)
    ]
    legend = ", ".join(f"{symbol} {state}" for state, symbol in SYMBOLS.items())
    notes = [
        (
            "Each cell: the verdict of the run's attempt at the item — solved, unsolved, frozen "
            "for review — or why there is none: no .lean left (not solved), a .lean no verdict "
            "decided (ungraded), an attempt that did not finish; empty (–) where the run did not "
            f"plan the item. Markdown: {legend}, – not planned."
        ),
        "Runs of one configuration: "
        + "; ".join(f"{_config_label(r)}: {', '.join(r.runs)}" for r in results.configs)
        + ".",
    ]
    return Table(
        "solve_matrix", "Solve matrix", columns, rows, notes, markdown_table(columns, symbols)
    )


def pass_at_k_table(results: Results) -> Table:
    top = max((r.attempts_per_item[1] for r in results.configs), default=0)
    ks = list(range(1, top + 1))
    columns = ["model", "protocol", "condition", "items", *(f"pass@{k}" for k in ks)]
    rows: list[list[Value]] = []
    for r in results.configs:
        row: list[Value] = [r.model.label, r.config.protocol, r.config.condition]
        row.append(len(r.solved_denominator))
        for k in ks:
            found = r.pass_at(k)
            row.append(None if found is None else round(found[0], 4))
        rows.append(row)
    notes = [
        (
            "pass@k = 1 − C(n−c, k)/C(n, k) per solved item (n attempts, c solved), averaged over "
            "the solved items with at least k attempts (– where none has)."
        )
    ]
    return Table("pass_at_k", "pass@k (unbiased estimator)", columns, rows, notes)


def overlaps(results: Results, register_order: Sequence[str]) -> Table:
    position = {item: n for n, item in enumerate(register_order)}
    columns = ["protocol", "condition", "model", "solved", "solved by no other model", "shared"]
    rows: list[list[Value]] = []
    for (protocol, condition), by_model in sorted(
        results.by_condition().items(),
        key=lambda kv: (PROTOCOLS.index(kv[0][0]), kv[0][1]),
    ):
        labels = {r.model.name: r.model.label for r in results.configs}
        for name, solved in by_model.items():
            others = set().union(*(s for n, s in by_model.items() if n != name))
            only = sorted(solved - others, key=position.__getitem__)
            shared = [f"{labels[n]} {len(solved & s)}" for n, s in by_model.items() if n != name]
            rows.append(
                [
                    protocol,
                    condition,
                    labels[name],
                    len(solved),
                    ", ".join(only) or None,
                    ", ".join(shared) or None,
                ]
            )
    notes = [("Per protocol and condition: the items each model solved, those no other "
             "model solved, and how many it shares with each other model.")]  # fmt: skip
    return Table("overlaps", "Overlaps between models", columns, rows, notes)


def all_tables(results: Results, register_order: Sequence[str]) -> list[Table]:
    return [
        table3(results),
        table7(results),
        open_items(results),
        solve_matrix(results, register_order),
        pass_at_k_table(results),
        overlaps(results, register_order),
    ]
