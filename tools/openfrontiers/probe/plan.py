"""Which probes run for which item (Appendix D): both answers for every yes/no item — for a
solved item that is the correct and a wrong answer — and the reference answer for value
items, whose reference comes from the evaluator's answers file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..evaluator import ReferenceAnswer
from ..project import Project
from ..register import AnswerKind, Item
from .generate import DEFAULT_HEARTBEATS, generate, value_variants, yes_no_variants
from .run import ItemReport, ProbeJob


@dataclass
class Plan:
    jobs: list[ProbeJob] = field(default_factory=list)
    skipped: list[ItemReport] = field(default_factory=list)  # verdict "skipped" or "error"


def plan_probes(
    project: Project,
    items: Sequence[Item],
    answers: dict[str, ReferenceAnswer],
    tactics: tuple[str, ...],
    heartbeats: int = DEFAULT_HEARTBEATS,
) -> Plan:
    plan = Plan()
    for item in items:
        path = project.item_file(item.id)
        if not path.is_file():
            plan.skipped.append(
                ItemReport(item.id, "skipped", detail=f"no statement file {path.name}")
            )
            continue
        reference = answers[item.id].answer if item.id in answers else None
        if item.answer_kind is AnswerKind.YES_NO:
            variants = yes_no_variants()
            if reference not in ("True", "False"):
                reference = None
        elif item.answer_kind is AnswerKind.VALUE:
            if reference is None:
                plan.skipped.append(
                    ItemReport(item.id, "skipped", detail="value item without a reference answer")
                )
                continue
            variants = value_variants(reference)
        else:
            plan.skipped.append(
                ItemReport(item.id, "skipped", detail="answer_kind is not set in the register")
            )
            continue
        try:
            probe_file = generate(
                item.id,
                path.read_text(encoding="utf-8"),
                variants,
                tactics,
                heartbeats,
                path=_display(project, path),
            )
        except InputError as exc:
            plan.skipped.append(ItemReport(item.id, "error", detail=str(exc)))
            continue
        plan.jobs.append(ProbeJob(probe_file, reference))
    return plan


def _display(project: Project, path: Path) -> Path:
    try:
        return path.relative_to(project.root)
    except ValueError:
        return path
