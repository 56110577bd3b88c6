"""`ofb check`: the statement rules of STATEMENTS.md, decided on tokens."""

from .engine import CheckResult, run_check
from .findings import Finding, Severity
from .rules import RULES

__all__ = ["RULES", "CheckResult", "Finding", "Severity", "run_check"]
