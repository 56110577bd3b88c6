"""A model's clean subset as `ofb items --clean-for` lists it: eligible items, each
exclusion with its reasons, and the split groups (Appendix C) of the items shown, together.

The subset itself is `evaluator.clean.clean_subset`; this module adds the model registry's
cutoff and lineage and the register's split groups around it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from ..errors import UsageError
from ..evaluator.answers import ReferenceAnswer
from ..evaluator.clean import CleanSubset, clean_subset
from ..register.load import Register
from ..register.model import Split, SplitGroup
from .models import Model


@dataclass(frozen=True)
class GroupMember:
    item_id: str
    state: str  # eligible, excluded, open, not-selected
    detail: str = ""


@dataclass(frozen=True)
class GroupReport:
    group: SplitGroup
    members: tuple[GroupMember, ...]

    @property
    def split(self) -> bool:
        """True when the group's solved members are not all on one side of the subset."""
        states = {m.state for m in self.members if m.state in ("eligible", "excluded")}
        return len(states) > 1


@dataclass(frozen=True)
class CleanListing:
    model: Model
    cutoff: date
    subset: CleanSubset
    groups: tuple[GroupReport, ...]

    def as_dict(self) -> dict:
        return {
            "model": self.model.name,
            "label": self.model.label,
            "lineage": self.model.lineage,
            "cutoff": self.cutoff.isoformat(),
            "cutoff_basis": self.model.cutoff_basis,
            "eligible": list(self.subset.eligible),
            "excluded": [
                {"item": e.item_id, "reasons": [str(r) for r in e.reasons], "detail": e.detail}
                for e in self.subset.excluded
            ],
            "groups": [
                {
                    "name": g.group.name,
                    "kind": str(g.group.kind),
                    "description": g.group.description,
                    "split": g.split,
                    "members": [
                        {"item": m.item_id, "state": m.state, "detail": m.detail} for m in g.members
                    ],
                }
                for g in self.groups
            ],
        }


def model_cutoff(model: Model, source: str) -> date:
    """The model's cutoff, or a clear refusal: without one the clean subset is undefined."""
    if model.cutoff is None:
        raise UsageError(
            f"model {model.name} has no knowledge_cutoff or release_date in {source}: its "
            "clean subset is undefined; add the published cutoff (or the release date)"
        )
    return model.cutoff


def clean_listing(
    register: Register,
    key: Mapping[str, ReferenceAnswer],
    model: Model,
    ids: Iterable[str],
    *,
    source: str = "the model registry",
) -> CleanListing:
    chosen = list(ids)
    cutoff = model_cutoff(model, source)
    subset = clean_subset(register, key, model.lineage, cutoff, ids=chosen)
    details = {e.item_id: e.detail for e in subset.excluded}
    eligible = set(subset.eligible)
    shown = set(chosen)
    reports: list[GroupReport] = []
    for group in register.groups.values():
        if not shown & set(group.members):
            continue
        members = []
        for member in group.members:
            if member not in shown:
                members.append(GroupMember(member, "not-selected", "not in this selection"))
            elif register.get(member).split is Split.OPEN:
                members.append(GroupMember(member, "open", "open item: no clean subset"))
            elif member in eligible:
                members.append(GroupMember(member, "eligible"))
            else:
                members.append(GroupMember(member, "excluded", details.get(member, "")))
        reports.append(GroupReport(group, tuple(members)))
    return CleanListing(model, cutoff, subset, tuple(reports))
