"""What `ofb items --clean-for`, `ofb items scores` and `ofb items select` print."""

from __future__ import annotations

from pathlib import Path

from ..errors import UsageError
from ..evaluator.answers import ReferenceAnswer
from ..project import Project
from ..register import Item, Subset
from ..results.models import ModelRegistry
from ..results.selection import Selection
from .common import Format, dumps
from .tables import Col, console, plain_title, table

_SHORT_SCORE = {
    "importance": "imp.",
    "clarity": "clar.",
    "formalization_cost": "form.",
    "proof_cost": "proof",
}


def _key(project: Project) -> dict[str, ReferenceAnswer]:
    from ..evaluator import load_answers

    path = project.evaluator_dir / "answers.toml"
    if not path.exists():
        raise UsageError(f"{path}: no evaluator key; clean subsets read its credits and dates")
    return load_answers(path)


def load_registry(project: Project, models: Path | None) -> ModelRegistry:
    from ..results.models import load_models

    return load_models(models or project.models_path)


def print_clean_listing(
    project: Project,
    label: str,
    chosen: list[Item],
    model_name: str,
    models: Path | None,
    format: Format,
) -> None:
    from rich.markup import escape

    from ..results.eligibility import clean_listing

    registry = load_registry(project, models)
    model = registry.get(model_name)
    listing = clean_listing(
        project.register,
        _key(project),
        model,
        [i.id for i in chosen],
        source=str(registry.path),
    )
    if format is Format.json:
        print(dumps({"selection": label, **listing.as_dict()}))
        return
    subset = listing.subset
    solved = len(subset.eligible) + len(subset.excluded)
    shown = console()
    shown.print(
        f"{model.label} ({model.describe()}, {model.cutoff_basis}) on {label}: "
        f"{len(subset.eligible)} eligible of {solved} solved items"
    )
    register = project.register
    eligible = table(
        "id",
        Col("area", drop=1),
        Col("split group", "group", drop=2),
        Col("title", wrap=True),
        title="eligible",
    )
    for item_id in subset.eligible:
        item = register.get(item_id)
        group = register.group_of(item_id)
        eligible.add_row(
            item_id,
            escape(item.area),
            escape(group.name if group else ""),
            escape(plain_title(item.title)),
        )
    shown.print(eligible)
    excluded = table("id", Col("reasons", wrap=True), Col("why", wrap=True), title="excluded")
    for exclusion in subset.excluded:
        excluded.add_row(
            exclusion.item_id,
            escape(", ".join(str(r) for r in exclusion.reasons)),
            escape(exclusion.detail),
        )
    shown.print(excluded)
    if listing.groups:
        shown.print("split groups (reported together):")
        for report in listing.groups:
            mark = "  [split across the subset]" if report.split else ""
            shown.print(f"  {report.group.name} ({report.group.kind}){mark}", markup=False)
            for member in report.members:
                detail = f": {member.detail}" if member.detail else ""
                shown.print(f"    {member.item_id} {member.state}{detail}", markup=False)


def print_scores(project: Project, label: str, chosen: list[Item], format: Format) -> None:
    from ..register.model import SCORE_NAMES
    from ..register.scores import stale

    rows = []
    for item in chosen:
        row: dict = {"id": item.id, "stale": stale(item)}
        for name in SCORE_NAMES:
            score = item.score(name)
            row[name] = (
                None
                if score is None
                else {"value": score.value, "judged": score.judged, "reason": score.reason}
            )
        rows.append(row)
    if format is Format.json:
        print(dumps({"selection": label, "items": rows}))
        return
    judged = sum(1 for r in rows for n in SCORE_NAMES if r[n] and r[n]["judged"])
    total = sum(1 for r in rows for n in SCORE_NAMES if r[n])
    # The judged mark (*) and the stale names say where a score came from; narrow, the
    # score headers shorten and the stale list wraps.
    scores = table(
        "id",
        *(Col(name.replace("_", " "), _SHORT_SCORE[name]) for name in SCORE_NAMES),
        Col("stale", wrap=True),
        title=f"{label}: curator scores (* judged, else the documented default)",
    )
    for r in rows:
        cells = []
        for name in SCORE_NAMES:
            s = r[name]
            cells.append("–" if s is None else f"{s['value']}{'*' if s['judged'] else ''}")
        scores.add_row(r["id"], *cells, ", ".join(r["stale"]))
    shown = console()
    shown.print(scores)
    shown.print(f"{judged} of {total} scores are curator judgments; the rest are defaults")


def fill_default_scores(project: Project) -> int:
    """Rewrite the register with every non-judged score at its default; how many changed."""
    from ..register.dump import dump_register
    from ..register.scores import stale, with_defaults

    register = project.register
    changed = sum(len(stale(i)) for i in register)
    if changed:
        items = [with_defaults(i) for i in register]
        project.register_path.write_text(
            dump_register(items, register.groups.values()), encoding="utf-8"
        )
    return changed


def check_errors_by_item(project: Project) -> dict[str, list[str]]:
    """`ofb check`'s error findings in each written statement, by item id."""
    from ..check.engine import check_files
    from ..check.findings import Severity

    register = project.register
    files = [project.item_file(i.id) for i in register.written()]
    files = [f for f in files if f.exists()]
    result = check_files(project, files, complete=False)
    found: dict[str, list[str]] = {}
    for finding in result.findings:
        if finding.severity is not Severity.ERROR:
            continue
        stem = Path(finding.path).stem
        if stem in register:
            found.setdefault(stem, []).append(f"{finding.rule}: {finding.message}")
    return found


def run_selection(project: Project, against: str) -> tuple[Selection, Subset]:
    """The selection on the project's register, and the frozen subset it is compared with."""
    from ..results.selection import select

    register = project.register
    frozen = project.subsets.resolve(against, register)
    if not frozen.version:
        raise UsageError(f"--against needs a frozen subset (NAME@vN), not {against!r}")
    selection = select(register, _key(project), check_errors_by_item(project))
    return selection, frozen


def freeze(project: Project, label: str, ids: tuple[str, ...], description: str) -> str:
    """Add `label` (NAME@vN, a version not yet published) to subsets.toml."""
    import re

    from ..register.subsets import dump_subsets

    m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9_.-]*)@(v[0-9]+)", label)
    if m is None:
        raise UsageError(f"--freeze needs NAME@vN (for example HQ-50@v2), not {label!r}")
    name, version = m.groups()
    catalog = project.subsets
    if (name, version) in catalog.frozen:
        raise UsageError(
            f"{label} is already published and never changes; freeze a new version instead "
            f"(published: {', '.join(catalog.versions(name))})"
        )
    subsets = [catalog.frozen[k] for k in catalog.frozen]
    subsets.append(Subset(name, version, ids, description))
    project.subsets_path.write_text(dump_subsets(subsets), encoding="utf-8")
    return f"{name}@{version}"
