"""What the task prompt and the continuation message tell the agent about its access and
its checks: the truth, for each condition, with and without sources and Lean."""

from __future__ import annotations

from datetime import date

from openfrontiers.harness import prompt
from openfrontiers.harness.checking import CheckResult
from openfrontiers.harness.config import Condition

CUTOFF = date(2026, 1, 6)
SOURCES = ["arxiv", "wikipedia"]


def task(condition: Condition, sources: list[str], lean: bool = True) -> str:
    return prompt.task_prompt("# README", "theorem main", "P001", 3600, condition, CUTOFF,
                              sources, lean)  # fmt: skip


def test_access_is_stated_as_configured():
    assert "search` and `fetch` over arxiv, wikipedia, frozen at 2026-01-06" in task(
        Condition.B, SOURCES
    )
    closed = task(Condition.B, [])
    assert "no retrieval tools" in closed and "`search`" not in closed
    assert "`search` and `fetch` over arxiv, wikipedia, and `fetch_url`" in task(
        Condition.C, SOURCES
    )
    assert "no literature source is configured" in task(Condition.C, [])
    assert "no retrieval tools" in task(Condition.A, SOURCES)


def test_without_lean_the_prompt_and_the_status_say_nothing_was_compiled():
    with_lean, without = task(Condition.A, []), task(Condition.A, [], lean=False)
    assert "Check it with the MCP tool `check_submission`" in with_lean
    assert "no Lean toolchain" not in with_lean
    assert "There is no Lean toolchain in this sandbox: you cannot compile" in without
    static_pass = CheckResult(True, True, "ab" * 32, {"static": {"passed": True}, "lean": None})
    compiled = CheckResult(True, True, "ab" * 32, {"static": {"passed": True}, "lean": {
        "compiled": True, "axioms": []}}, lean=True)  # fmt: skip
    assert "was not compiled" in prompt.status_line(static_pass)
    assert prompt.status_line(compiled) == "Solution.lean passes the pre-submission check"
    assert static_pass.message().startswith("check_submission: NOT COMPILED: static rules")
    assert compiled.message().startswith("check_submission: PASSED")
