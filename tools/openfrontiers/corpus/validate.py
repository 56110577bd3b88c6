"""`ofb corpus validate`: stream a records file through the schema and configuration checks."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import UsageError
from .schema import RecordChecker, RecordError, iter_jsonl


def records_path(path: Path) -> Path:
    """A build directory's records.jsonl, or the file itself."""
    if path.is_dir():
        path = path / "records.jsonl"
    if not path.is_file():
        raise UsageError(f"{path}: no such records file (give a build directory or a .jsonl file)")
    return path


@dataclass
class ValidationReport:
    file: str
    records: int = 0
    error_count: int = 0
    invalid_records: int = 0
    errors: list[RecordError] = field(default_factory=list)  # the first `max_errors`
    by_rule: Counter = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return self.error_count == 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "records": self.records,
            "valid": self.ok,
            "invalid_records": self.invalid_records,
            "errors": self.error_count,
            "errors_by_rule": dict(sorted(self.by_rule.items())),
            "first_errors": [e.as_dict() for e in self.errors],
        }


def validate_file(path: Path, checker: RecordChecker, max_errors: int = 100) -> ValidationReport:
    report = ValidationReport(str(path))
    for line, value, problem in iter_jsonl(path):
        report.records += 1
        if problem is not None:
            found = [
                RecordError(str(path), line, f"<line {line}>", "(record)", "json-syntax", problem)
            ]
        else:
            found = checker.check(value, str(path), line)
        if found:
            report.invalid_records += 1
            report.error_count += len(found)
            for e in found:
                report.by_rule[e.rule] += 1
            report.errors.extend(found[: max(0, max_errors - len(report.errors))])
    return report
