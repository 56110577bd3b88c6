"""Checker 1 (ours): build, export, compare, axioms, replay.

    compile_challenge    lake build Challenge [Reference]   (challenge workspace, its own jail)
    compile_submission   lake build Solution                (solution workspace, its own jail)
    export               lean4export of main, the standard axioms and the kernel's built-ins
                         from Challenge, Solution [and Reference]
    compare              the statement of main and every constant it reaches (compare.py);
                         the answer: the literal True/False of a yes/no item, an explicit
                         (not trivialising) term for a value item
    axioms               the axiom closure of the Solution's main: propext, Classical.choice,
                         Quot.sound only
    replay               leanchecker --fresh Solution, in the jail

The Challenge is built and exported before the Solution is built, so nothing the Solution
runs at compile time can touch it (it cannot see it either). The first failing stage ends
the run. The answer is read from the exports and compared with the reference answer, but
that comparison decides the verdict, not this checker's acceptance.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .compare import (
    axiom_closure,
    compare_closure,
    export_targets,
    same_answer,
    trivialising,
    yes_no_answer,
)
from .export_format import Canon, Export, ExportError, read_file
from .runs import StageResult, Steps
from .workspaces import Attempt

STAGES = ("compile_challenge", "compile_submission", "export", "compare", "axioms", "replay")
COMPILE_STAGES = STAGES[:2]


@dataclass
class Checker1Result:
    stages: list[StageResult] = field(default_factory=list)
    answer: str | None = None  # the answer as exported: True/False, or None for value items
    answer_matches: bool | None = None  # equal to the reference answer (None: no reference)
    axioms: list[str] = field(default_factory=list)
    exporter: dict = field(default_factory=dict)  # what the exports say about their producer
    constants_compared: int = 0

    @property
    def failure(self) -> StageResult | None:
        return next((s for s in self.stages if not s.ok), None)

    @property
    def accepted(self) -> bool:
        return self.failure is None and [s.stage for s in self.stages] == list(STAGES)

    @property
    def compiled(self) -> bool:
        done = {s.stage: s.ok for s in self.stages}
        return all(done.get(s) for s in COMPILE_STAGES)

    def as_dict(self) -> dict:
        return {
            "accepted": self.accepted,
            "stages": [s.as_dict() for s in self.stages],
            "answer": self.answer,
            "answer_matches": self.answer_matches,
            "axioms": self.axioms,
            "constants_compared": self.constants_compared,
            "exporter": self.exporter,
        }


def read_export(path, expected_lean: str) -> Export:
    """The export a successful export step wrote, from the benchmark's Lean."""
    export = read_file(path)
    if expected_lean and export.lean_version != expected_lean:
        raise ExportError(
            f"{path}: written by a lean4export for Lean {export.lean_version or '?'}, "
            f"but the benchmark's Lean is {expected_lean}"
        )
    return export


def export_step(
    steps: Steps, workspace, module: str, names: list[str]
) -> tuple[StageResult, Export | None]:
    """Export `module` and read the export; an unreadable export fails the stage."""
    outcome, path = steps.export(workspace, module, names)
    if not outcome.ok:
        outcome.detail = f"{module}: {outcome.detail}"
        return outcome, None
    try:
        return outcome, read_export(path, steps.tools.toolchain.expected)
    except ExportError as exc:
        return StageResult("export", False, "error", str(exc), outcome.seconds), None


def judge_exports(
    challenge: Export,
    solution: Export,
    reference: Export | None,
    theorem: str,
    *,
    yes_no: bool,
    reference_answer: str | None,
    result: Checker1Result,
) -> list[StageResult]:
    """The compare and axioms stages on parsed exports (everything after the exports)."""
    canon = Canon()
    start = time.monotonic()
    comparison = compare_closure(challenge, solution, theorem, canon)
    result.constants_compared = comparison.compared
    compare = StageResult(
        "compare",
        comparison.ok,
        "" if comparison.ok else "mismatch",
        "\n".join(f.text() for f in comparison.findings),
    )
    if comparison.ok:
        if yes_no:
            result.answer = yes_no_answer(solution, theorem)
            if result.answer is None:
                compare = StageResult(
                    "compare", False, "answer", "a yes/no answer must be the literal True or False"
                )
            elif reference_answer is not None:
                result.answer_matches = result.answer == reference_answer
        else:
            why = trivialising(solution, theorem, canon)
            if why is not None:
                compare = StageResult(
                    "compare", False, "answer", f"the answer trivialises the statement: {why}"
                )
            elif reference is not None:
                result.answer_matches = same_answer(canon, solution, reference, theorem)
    compare.seconds = time.monotonic() - start
    stages = [compare]
    if not compare.ok:
        return stages
    start = time.monotonic()
    report = axiom_closure(solution, theorem)
    result.axioms = report.axioms
    stages.append(
        StageResult(
            "axioms",
            report.ok,
            "" if report.ok else "forbidden-axiom",
            "\n".join(f.message for f in report.findings),
            time.monotonic() - start,
        )
    )
    return stages


def run(
    attempt: Attempt, steps: Steps, *, yes_no: bool, reference_answer: str | None
) -> Checker1Result:
    result = Checker1Result()
    stages = result.stages
    modules = ["Challenge"] + (["Reference"] if attempt.reference_source is not None else [])
    names = export_targets(attempt.theorem)

    stages.append(steps.build("compile_challenge", attempt.challenge, modules))
    if not stages[-1].ok:
        return result
    exports: dict[str, Export] = {}
    challenge_seconds = 0.0
    for module in modules:  # exported before the Solution is built
        outcome, exports[module] = export_step(steps, attempt.challenge, module, names)
        challenge_seconds += outcome.seconds
        if not outcome.ok:
            stages.append(outcome)
            return result

    stages.append(steps.build("compile_submission", attempt.solution, ["Solution"]))
    if not stages[-1].ok:
        return result
    outcome, solution = export_step(steps, attempt.solution, "Solution", names)
    outcome.seconds += challenge_seconds
    stages.append(outcome)
    if solution is None:
        return result
    result.exporter = {
        "exporter": solution.exporter,
        "format": solution.format_version,
        "lean": solution.lean_version,
    }

    stages.extend(
        judge_exports(
            exports["Challenge"],
            solution,
            exports.get("Reference"),
            attempt.theorem,
            yes_no=yes_no,
            reference_answer=reference_answer,
            result=result,
        )
    )
    if stages[-1].ok:
        stages.append(steps.replay(attempt.solution, "Solution"))
    return result
