"""The item register's records: typed, immutable, and validated on load (see `load.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum


class _Choice(StrEnum):
    def __str__(self) -> str:
        return self.value

    @classmethod
    def values(cls) -> list[str]:
        return [m.value for m in cls]


class Split(_Choice):
    REDISCOVERY = "Rediscovery-110"
    OPEN = "Open-90"


class Tier(_Choice):
    A = "A"
    B = "B"
    C = "C"


class AiClass(_Choice):
    AI = "AI"
    ASSIST = "assist"
    NONE = "none"


class Priority(_Choice):
    PILOT = "pilot"
    CORE = "core"
    STRETCH = "stretch"


class Status(_Choice):
    PLANNED = "planned"  # in the register, no statement written yet
    WRITTEN = "written"
    NEEDS_SOURCE = "needs-source"


class AnswerKind(_Choice):
    YES_NO = "yes-no"
    VALUE = "value"


class Origin(_Choice):
    NEW = "new"
    ADAPTED = "adapted"


class Confidence(_Choice):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class Focus(_Choice):
    FIDELITY = "fidelity"
    SEMANTICS = "semantics"


class Verdict(_Choice):
    OK = "ok"
    MINOR = "minor"
    MUST_FIX = "must-fix"


class SourceRole(_Choice):
    POSING = "posing"  # the problem list or paper that posed the question
    STATEMENT = "statement"  # another place the question is stated before its resolution
    CONTEXT = "context"  # background the statement relies on (definitions, conventions)
    FORMALIZATION = "formalization"  # an upstream formal statement read for the mathematics


AREAS = (
    "Add. comb.",
    "Alg./matrix",
    "Anal./PDE",
    "Comb.",
    "Geom./top.",
    "Graph th.",
    "Group th.",
    "Number th.",
    "Probability",
    "TCS/logic",
)
ITEM_ID = re.compile(r"^[RENO][0-9]{2}$")
YEAR_MONTH = re.compile(r"^[0-9]{4}-(0[1-9]|1[0-2])$")


@dataclass(frozen=True)
class Source:
    citation: str
    url: str = ""
    role: SourceRole = SourceRole.POSING
    note: str = ""


@dataclass(frozen=True)
class Upstream:
    """An upstream formal statement of the same problem: metadata only, never its code."""

    repo: str
    path: str
    declaration: str = ""
    commit: str = ""
    tag: str = ""


@dataclass(frozen=True)
class Review:
    reviewer: str
    focus: Focus
    verdict: Verdict
    notes: str = ""
    round: int = 1


@dataclass(frozen=True)
class Item:
    id: str
    title: str
    area: str
    split: Split
    hq50: bool
    status: Status
    tier: Tier | None = None
    evidence_date: str = ""
    ai_class: AiClass | None = None
    priority: Priority | None = None
    certificate: bool = False
    answer_kind: AnswerKind | None = None
    answer_type: str = ""
    origin: Origin | None = None
    scope_differences: tuple[str, ...] = ()
    formalization_confidence: Confidence | None = None
    needs_source: str = ""
    writer: str = ""
    mathlib_names_checked: tuple[str, ...] = ()
    repair_rounds: int = 0
    sources: tuple[Source, ...] = ()
    upstream: tuple[Upstream, ...] = ()
    reviews: tuple[Review, ...] = field(default=())

    @property
    def is_written(self) -> bool:
        return self.status is Status.WRITTEN

    @property
    def module(self) -> str:
        return f"FrontierBench.{self.id}"

    def review(self, focus: Focus) -> Review | None:
        """The latest review with this focus."""
        found = [r for r in self.reviews if r.focus is focus]
        return max(found, key=lambda r: r.round) if found else None
