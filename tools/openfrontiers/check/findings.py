"""What a check reports: findings with a place, a rule, a severity and a message."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Finding:
    path: str
    line: int
    column: int
    rule: str
    severity: Severity
    message: str

    def text(self) -> str:
        """One line: a message quoting a source (a CRLF file's `\\r`, a newline) keeps
        to its line, so the next line of output starts where it should."""
        where = f"{self.path}:{self.line}:{self.column}" if self.line else self.path
        prefix = "warning: " if self.severity is Severity.WARNING else ""
        message = " ".join(self.message.splitlines()).replace("\t", " ")
        return f"{where}: {self.rule}: {prefix}{message}"

    def as_dict(self) -> dict:
        d = asdict(self)
        d["severity"] = self.severity.value
        d["file"] = d.pop("path")
        return {k: d[k] for k in ("file", "line", "column", "rule", "severity", "message")}


def display_path(path: Path, base: Path | None = None) -> str:
    """`path` relative to `base` (default: the working directory) when it lies below it."""
    base = base or Path.cwd()
    try:
        return str(path.resolve().relative_to(base.resolve()))
    except ValueError:
        return str(path)


def to_json(findings: list[Finding]) -> str:
    return json.dumps([f.as_dict() for f in findings], indent=2, ensure_ascii=False)
