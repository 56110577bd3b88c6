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
    # Proposed by the candidate stream (`ofb corpus candidates --draft`): the problem and its
    # sources, not yet admitted; no statement, and none of a solved item's curated evidence.
    CANDIDATE = "candidate"


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


class Reference(_Choice):
    """What a solved item's reference rests on (Appendix C, evidence tiers)."""

    LEAN_PROOF = "lean-proof"  # a complete Lean proof of the answered statement
    CERTIFICATE = "certificate"  # an exact finite certificate, recomputed


class GroupKind(_Choice):
    """Why items share a split group (Appendix C): they are reported together."""

    PAPER = "paper"  # one solution paper settles them
    RELEASE = "release"  # one public release of solutions
    SOURCE = "source"  # one posing source


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
# The ordinal 1–5 curator scores of Appendix C, in register order.
SCORE_NAMES = ("importance", "clarity", "formalization_cost", "proof_cost")
ITEM_ID = re.compile(r"[RENO][0-9]{2}")
YEAR_MONTH = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])")


_UNREAD = re.compile(r"\bnot (opened|read)\b")


@dataclass(frozen=True)
class Source:
    citation: str
    url: str = ""
    role: SourceRole = SourceRole.POSING
    note: str = ""

    @property
    def unread(self) -> bool:
        """The note begins by saying the source was not opened or not read (its first
        clause: "not opened; quoted by …", "the list itself was not opened; …"). "Not
        opened live" says only that a stored copy was read instead of the live page."""
        first = re.split(r"[;:(.]", self.note.strip().lower(), maxsplit=1)[0]
        return bool(_UNREAD.search(first)) and "live" not in first


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
class Score:
    """One ordinal curator score (1–5) with its one-line reason. `judged` is False where no
    curator judgment exists and the value is the documented default (docs/register.md)."""

    value: int
    reason: str
    judged: bool = False


@dataclass(frozen=True)
class SplitGroup:
    """Items bound together by a shared solution paper, release or source (Appendix C)."""

    name: str
    kind: GroupKind
    members: tuple[str, ...]
    description: str = ""


@dataclass(frozen=True)
class Item:
    id: str
    title: str
    area: str
    split: Split
    hq50: bool
    status: Status
    tier: Tier | None = None
    tier_condition: str = ""  # a conditional Tier A item: its condition (Appendix C)
    reference: Reference | None = None  # what the solved item's tier rests on, when known
    evidence_date: str = ""
    ai_class: AiClass | None = None
    # Appendix C(ii): where the posed wording and the stated target differ in quantifiers
    # or scope, the ruling that admits (or would exclude) the item, about the wording only.
    admission_ruling: str = ""
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
    # Whether the posing source itself was read (its wording verified), and what was read;
    # None where not recorded (an item without a statement). Appendix C's HQ-50 filter.
    primary_source_read: bool | None = None
    primary_source_note: str = ""
    sources: tuple[Source, ...] = ()
    upstream: tuple[Upstream, ...] = ()
    reviews: tuple[Review, ...] = field(default=())
    importance: Score | None = None
    clarity: Score | None = None
    formalization_cost: Score | None = None
    proof_cost: Score | None = None

    @property
    def is_written(self) -> bool:
        return self.status is Status.WRITTEN

    @property
    def module(self) -> str:
        return f"FrontierBench.{self.id}"

    def score(self, name: str) -> Score | None:
        """The curator score `name` (one of SCORE_NAMES), or None where none is recorded."""
        if name not in SCORE_NAMES:
            raise ValueError(f"{name!r} is not a curator score ({', '.join(SCORE_NAMES)})")
        value: Score | None = getattr(self, name)
        return value

    def review(self, focus: Focus) -> Review | None:
        """The latest review with this focus."""
        found = [r for r in self.reviews if r.focus is focus]
        return max(found, key=lambda r: r.round) if found else None
