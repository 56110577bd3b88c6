"""Lean's messages as data: `lean --json` output and `#print axioms` answers.

`lean --json FILE` prints one JSON object per message, one per line:

    {"fileName": "…", "severity": "information" | "warning" | "error",
     "pos": {"line": 12, "column": 8},          -- line 1-based, column 0-based (codepoints)
     "endPos": {"line": 12, "column": 12} | null, -- may also be missing
     "data": "declaration uses 'sorry'", "caption": "", "kind": "…"}  -- kind is optional

Anything else on the output (a panic, a line from a tool) is kept apart as raw text and
never read as a message. `#print axioms c` answers with an information message
`'c' depends on axioms: [a, b, …]` (the list may wrap over several lines) or
`'c' does not depend on any axioms`.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass

SEVERITIES = ("information", "warning", "error")
# Lean has written both spellings over the versions.
SORRY_MESSAGE = re.compile(r"declaration uses ['`]sorry['`]")
HEARTBEATS = re.compile(r"maximum number of heartbeats|\(deterministic\) timeout", re.IGNORECASE)
_AXIOMS = re.compile(
    r"'(?P<name>(?:[^'\\]|\\.)+)' depends on axioms:\s*\[(?P<list>[^\]]*)\]", re.DOTALL
)
_NO_AXIOMS = re.compile(r"'(?P<name>(?:[^'\\]|\\.)+)' does not depend on any axioms")


@dataclass(frozen=True)
class Diagnostic:
    file: str
    severity: str
    line: int  # 1-based
    column: int  # 0-based, as Lean counts
    end_line: int | None
    end_column: int | None
    message: str
    kind: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def is_sorry(self) -> bool:
        return self.severity == "warning" and bool(SORRY_MESSAGE.search(self.message))

    @property
    def is_timeout(self) -> bool:
        return self.is_error and bool(HEARTBEATS.search(self.message))

    def text(self) -> str:
        return f"{self.file}:{self.line}:{self.column + 1}: {self.severity}: {self.message}"

    def as_dict(self) -> dict:
        d = asdict(self)
        d["column"] = self.column + 1  # reports use 1-based columns, like `ofb check`
        if d["end_column"] is not None:
            d["end_column"] += 1
        return d


def _position(value: object) -> tuple[int, int] | None:
    if not isinstance(value, dict):
        return None
    line, column = value.get("line"), value.get("column")
    if isinstance(line, int) and isinstance(column, int):
        return line, column
    return None


def parse_message(obj: object) -> Diagnostic | None:
    """One decoded JSON object as a diagnostic, or None when it is not a Lean message."""
    if not isinstance(obj, dict):
        return None
    severity, pos = obj.get("severity"), _position(obj.get("pos"))
    message = obj.get("data", "")
    if severity not in SEVERITIES or pos is None or not isinstance(message, str):
        return None
    end = _position(obj.get("endPos"))
    kind = obj.get("kind")
    return Diagnostic(
        file=str(obj.get("fileName", "")),
        severity=severity,
        line=pos[0],
        column=pos[1],
        end_line=end[0] if end else None,
        end_column=end[1] if end else None,
        message=message,
        kind=kind if isinstance(kind, str) else "",
    )


def parse_json_output(text: str) -> tuple[list[Diagnostic], list[str]]:
    """The messages of `lean --json` output, and the lines that were not messages."""
    messages: list[Diagnostic] = []
    other: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        message = None
        if stripped.startswith("{"):
            try:
                message = parse_message(json.loads(stripped))
            except ValueError:
                message = None
        if message is None:
            other.append(line)
        else:
            messages.append(message)
    return messages, other


def parse_axioms(message: str) -> dict[str, tuple[str, ...]]:
    """`#print axioms` answers in a message: constant → its axioms (empty when none)."""
    found: dict[str, tuple[str, ...]] = {}
    for m in _AXIOMS.finditer(message):
        axioms = tuple(
            a.strip() for a in m.group("list").replace("\n", " ").split(",") if a.strip()
        )
        found[m.group("name")] = axioms
    for m in _NO_AXIOMS.finditer(message):
        found[m.group("name")] = ()
    return found


def counts(messages: list[Diagnostic]) -> dict[str, int]:
    c = dict.fromkeys(SEVERITIES, 0)
    for m in messages:
        c[m.severity] += 1
    c["sorry"] = sum(1 for m in messages if m.is_sorry)
    return c
