"""What the agent is told: the task prompt and the continuation messages (Appendix E).

The task prompt holds the packet README, the problem file, the submission rules and the
budget; in B the cutoff is announced. A continuation message states the remaining time,
the submission status and concrete tool work to try. The stall rule is never mentioned."""

from __future__ import annotations

from datetime import date

from .checking import CheckResult
from .config import Condition

# Put before the packet README (in the prompt and in the workspace) when the sandbox has no
# Lean toolchain (`--allow-no-lean`): the README's instructions assume one.
NO_LEAN_README = """\
> **Note from the harness: this sandbox has no Lean toolchain.** `lean`, `lake` and
> Mathlib are absent, so nothing below that compiles (`lake build`, `lake env lean`, the
> compile step of `check_submission`) can run. `check_submission` applies the grader's
> static rules only and reports the file as not compiled; the graders compile it later.

"""


def duration(seconds: float) -> str:
    minutes = max(0, int(seconds // 60))
    hours, minutes = divmod(minutes, 60)
    if hours and minutes:
        return f"{hours} h {minutes} min"
    return f"{hours} h" if hours else f"{minutes} min"


def access(condition: Condition, cutoff: date | None, sources: list[str]) -> str:
    if condition is Condition.A:
        return (
            "You have no internet access and no retrieval tools: work from what you know, "
            "the workspace and the tools in your sandbox."
        )
    if condition is Condition.B:
        day = cutoff.isoformat() if cutoff else "?"
        if not sources:  # only with --allow-no-sources: no search or fetch tool is offered
            return (
                "You have no internet access and, in this run, no retrieval tools: the "
                "evaluator configured no literature source. Work from what you know, the "
                "workspace and the tools in your sandbox."
            )
        return (
            "You have no internet access. The MCP server `ofb` offers `search` and `fetch` over "
            f"{', '.join(sources)}, frozen at {day}: you see only content that was public "
            f"before {day}, in its last version before that date."
        )
    literature = (
        f"`search` and `fetch` over {', '.join(sources)}, and `fetch_url`"
        if sources
        else "`fetch_url` (no literature source is configured for `search`/`fetch`)"
    )
    return (
        "You have live web access: HTTP(S) through the configured proxy, the model API's own "
        f"web tools where it has them, and the MCP tools of the server `ofb`: {literature}. "
        "Every URL is logged."
    )


def task_prompt(
    readme: str,
    problem: str,
    packet_id: str,
    budget_seconds: float,
    condition: Condition,
    cutoff: date | None,
    sources: list[str],
    lean: bool = True,
) -> str:
    checking = (
        "Check it with the MCP tool `check_submission` of the server `ofb` (or\n"
        "`python3 check_submission` in the workspace); the grader re-checks everything with two\n"
        "independent checkers."
        if lean
        else "There is no Lean toolchain in this sandbox: you cannot compile, and the MCP tool\n"
        "`check_submission` of the server `ofb` applies the static rules only and says the file\n"
        "was not compiled. The grader compiles and re-checks everything with two independent\n"
        "checkers."
    )
    return f"""You are working on problem {packet_id}, a research-level mathematics problem stated
in Lean 4. Your working directory is its Lean workspace. Read the README and the problem below.

<README.md>
{readme.strip()}
</README.md>

<Problem.lean>
{problem.strip()}
</Problem.lean>

Submission: write your solution to `Solution.lean` in your working directory, following the
README (the answer filled in where `answer(sorry)` stands, a complete proof, the grader's
static rules). {checking} Python 3 with numpy, sympy and mpmath is available for experiments.

Access: {access(condition, cutoff, sources)}

Budget: {duration(budget_seconds)} of wall-clock time for this problem.
"""


def status_line(check: CheckResult) -> str:
    if not check.present:
        return "there is no Solution.lean yet"
    if check.passed and check.lean is None:
        return (
            "Solution.lean passes the static rules, but was not compiled (no Lean in this sandbox)"
        )
    if check.passed:
        return "Solution.lean passes the pre-submission check"
    issues = check.as_dict()["issues"][:5]
    detail = ("; ".join(issues)) if issues else (check.detail.splitlines() or ["failed"])[-1]
    return f"Solution.lean does not pass the pre-submission check ({detail})"


def continuation(
    remaining: float, budget: float, check: CheckResult, condition: Condition, lean: bool
) -> str:
    steps = [
        "run `check_submission` on your Solution.lean and fix everything it reports",
        "split the proof into lemmas and prove them one at a time in a scratch file",
    ]
    if lean:
        steps.append("compile your lemmas with `lake env lean Scratch.lean` and read the errors")
    steps.append(
        "test the statement and your intermediate claims on small cases with python3 "
        "(numpy, sympy, mpmath) to find the answer or a counterexample"
    )
    if condition is Condition.B:
        steps.append("search the frozen literature (`search`, then `fetch`) for related results")
    if condition is Condition.C:
        steps.append("look for related results on the web and in the literature")
    items = "\n".join(f"- {s}" for s in steps)
    return f"""Your session ended, but the attempt goes on.
Time remaining: {duration(remaining)} of {duration(budget)}.
Submission status: {status_line(check)}.
Keep working on the problem now. Concrete next steps:
{items}
"""
