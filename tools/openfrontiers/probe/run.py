"""Running probes and reading their outcome back from Lean's messages.

Each probe ends:

* `proved`: no error inside the probe and `#print axioms` names it without `sorryAx`;
* `failed`: the tactic reported an error (or the proof fell back on `sorryAx`), including
  a tactic that ran but left goals open ("unsolved goals", aesop's "failed to prove the
  goal"), wherever Lean puts that report in the probe;
* `timeout`: the tactic hit its heartbeat cap;
* `crash`: the restated statement did not elaborate, or Lean died (wall clock, memory,
  signal) before saying anything about the probe.

An item is `PROVES` or `REFUTES` when a probe proved a target with that meaning (both
words when both happened), `incomplete` when nothing was proved but a probe crashed, and
`clean` when every probe ran and failed or timed out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from ..lean.diagnostics import Diagnostic, parse_axioms
from ..progress import SILENT, Progress
from .generate import ProbeDecl, ProbeFile

# A tactic that ran and left the goal open: Lean's report at the `by` token, and aesop's
# own (an error when aesop is terminal, a warning before Lean's report otherwise).
GOALS_LEFT = re.compile(r"^unsolved goals\b|\baesop: failed to prove the goal\b")


def goals_left(message: Diagnostic) -> bool:
    """Whether `message` says the probe's tactic finished with goals still open."""
    return bool(GOALS_LEFT.search(message.message.lstrip()))


@dataclass(frozen=True)
class ProbeResult:
    name: str
    variant: str
    answer: str
    tactic: str
    target: str
    means: str
    outcome: str
    message: str = ""
    against_reference: bool = False  # proved with an answer other than the reference's


@dataclass
class ItemReport:
    item_id: str
    verdict: str  # clean, PROVES, REFUTES, PROVES+REFUTES, incomplete, skipped
    probes: list[ProbeResult] = field(default_factory=list)
    seconds: float = 0.0
    detail: str = ""  # why skipped, or what happened to the Lean process
    node: dict | None = None  # where its Lean ran: executor, node id, jail check (cluster/)

    def as_dict(self) -> dict:
        return {
            "id": self.item_id,
            "verdict": self.verdict,
            "seconds": round(self.seconds, 3),
            "detail": self.detail,
            "probes": [asdict(p) for p in self.probes],
            **({"node": self.node} if self.node is not None else {}),
        }


@dataclass(frozen=True)
class ProcessEnd:
    """How the Lean process that ran an item's probes ended."""

    normal: bool  # exited by itself (with 0 or 1) rather than being killed or crashing
    description: str = ""


def _first_line(message: str) -> str:
    return message.strip().splitlines()[0][:300] if message.strip() else ""


def classify_probe(
    probe: ProbeDecl, messages: Sequence[Diagnostic], end: ProcessEnd, reference: str | None = None
) -> ProbeResult:
    """One probe's outcome from the messages Lean gave about its lines."""
    mine = [m for m in messages if probe.start_line <= m.line <= probe.end_line]
    errors = [m for m in mine if m.is_error]
    in_statement = [m for m in errors if m.line <= probe.statement_end_line and not goals_left(m)]
    axioms: tuple[str, ...] | None = None
    for m in mine:
        if m.severity == "information":
            for name, found in parse_axioms(m.message).items():
                if name == probe.name or name.endswith("." + probe.name):
                    axioms = found
    base: dict[str, Any] = {
        "name": probe.name,
        "variant": probe.variant,
        "answer": probe.answer,
        "tactic": probe.tactic,
        "target": probe.target,
        "means": probe.means,
    }
    if in_statement:
        return ProbeResult(
            **base,
            outcome="crash",
            message="statement did not elaborate: " + _first_line(in_statement[0].message),
        )
    if any(m.is_timeout for m in errors):
        return ProbeResult(
            **base,
            outcome="timeout",
            message=_first_line(next(m for m in errors if m.is_timeout).message),
        )
    if errors:
        return ProbeResult(**base, outcome="failed", message=_first_line(errors[0].message))
    if axioms is None:
        why = end.description if not end.normal else "no #print axioms answer"
        return ProbeResult(**base, outcome="crash", message=why)
    if "sorryAx" in axioms or any(m.is_sorry for m in mine):
        return ProbeResult(**base, outcome="failed", message="proof relies on sorry")
    against = reference is not None and probe.target == "statement" and probe.answer != reference
    return ProbeResult(
        **base,
        outcome="proved",
        message="axioms: " + (", ".join(axioms) or "none"),
        against_reference=against,
    )


def verdict(results: Sequence[ProbeResult]) -> str:
    shown = sorted({r.means for r in results if r.outcome == "proved"})
    if shown:
        return "+".join(shown)  # "PROVES", "REFUTES" or "PROVES+REFUTES"
    if any(r.outcome == "crash" for r in results):
        return "incomplete"
    return "clean"


def classify_item(
    probe_file: ProbeFile,
    messages: Sequence[Diagnostic],
    end: ProcessEnd,
    reference: str | None = None,
    seconds: float = 0.0,
) -> ItemReport:
    results = [classify_probe(p, messages, end, reference) for p in probe_file.probes]
    outside = [
        m
        for m in messages
        if m.is_error and not any(p.start_line <= m.line <= p.end_line for p in probe_file.probes)
    ]
    detail = end.description if not end.normal else ""
    if outside:  # an error in the statement's own context (imports, definitions)
        detail = (
            (detail + "; " if detail else "")
            + f"line {outside[0].line}: "
            + _first_line(outside[0].message)
        )
    return ItemReport(probe_file.item_id, verdict(results), results, seconds, detail)


@dataclass(frozen=True)
class ProbeJob:
    probe_file: ProbeFile
    reference: str | None  # the reference answer (yes/no items: "True"/"False"), if known


class ProbeBackend(Protocol):
    """Runs the probes of many items; one Lean start per item at most."""

    name: str

    def run(
        self, jobs: Sequence[ProbeJob], workers: int, progress: Progress = SILENT
    ) -> list[ItemReport]: ...
