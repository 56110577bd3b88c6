"""Checker 1 (ours): build, export, compare, axioms, replay.

    compile_reference    lake build Reference   (value items: the statement with the
                                                 reference answer, its own jail; evaluator
                                                 data, so none of its output is shown)
    compile_challenge    lake build Challenge   (the statement with the submitted answer)
    compile_submission   lake build Solution    (the submission)
    export               lean4export of main, the standard axioms and the kernel's built-ins
                         from Reference, Challenge and Solution, each in an export
                         workspace laid out from its build's .olean alone
    compare              the statement of main and every constant it reaches (compare.py);
                         the answer: the literal True/False of a yes/no item, an explicit
                         (not trivialising) term for a value item, with the Challenge's
                         statement the Reference's everywhere but under the answer
    axioms               the axiom closure of the Solution's main: propext, Classical.choice,
                         Quot.sound only, each with the type and universe parameters of the
                         trusted export (the Reference's, else the Challenge's)
    replay               leanchecker --fresh Solution, in its export workspace

Reference and Challenge are built and exported before the Solution is built, so nothing
the Solution runs at compile time can touch them (it cannot see them either). The first
failing stage ends the run. The answer is read from the exports and compared with the
reference answer, but that comparison decides the verdict, not this checker's acceptance.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from .compare import (
    around_answer,
    axiom_closure,
    compare_closure,
    export_targets,
    same_answer,
    trivialising,
    yes_no_answer,
)
from .export_format import Canon, Export, ExportError, read_file
from .runs import StageResult, Steps
from .workspaces import Attempt, LayoutError, export_workspace

STAGES = (
    "compile_reference",
    "compile_challenge",
    "compile_submission",
    "export",
    "compare",
    "axioms",
    "replay",
)
COMPILE_STAGES = STAGES[:3]
# What a verdict says when a step on evaluator data fails: its output could hold the answer.
WITHHELD = "(evaluator data: its output is not shown in verdicts; check the item with ofb build)"


@dataclass
class Checker1Result:
    stages: list[StageResult] = field(default_factory=list)
    answer: str | None = None  # the answer as exported: True/False, or None for value items
    # Equal to the reference answer (None: no reference). Evaluator data: derived from the
    # reference, so it never enters `as_dict` (the published line); the grader hands it to
    # the verdict and to the evaluator's line only.
    answer_matches: bool | None = None
    axioms: list[str] = field(default_factory=list)
    exporter: dict = field(default_factory=dict)  # what the exports say about their producer
    constants_compared: int = 0

    @property
    def failure(self) -> StageResult | None:
        return next((s for s in self.stages if not s.ok), None)

    @property
    def accepted(self) -> bool:
        return self.failure is None and bool(self.stages) and self.stages[-1].stage == "replay"

    @property
    def compiled(self) -> bool:
        """Every build of the attempt succeeded (comparator runs only then)."""
        done = {s.stage: s.ok for s in self.stages}
        return done.get("compile_submission", False) and all(
            ok for stage, ok in done.items() if stage in COMPILE_STAGES
        )

    def as_dict(self) -> dict:
        """What a verdict line may publish: nothing here depends on the reference answer."""
        return {
            "accepted": self.accepted,
            "stages": [s.as_dict() for s in self.stages],
            "answer": self.answer,
            "axioms": self.axioms,
            "constants_compared": self.constants_compared,
            "exporter": self.exporter,
        }


def read_export(path: Path, expected_lean: str) -> Export:
    """The export a successful export step wrote, from the benchmark's Lean."""
    export = read_file(path)
    if expected_lean and export.lean_version != expected_lean:
        raise ExportError(
            f"{path}: written by a lean4export for Lean {export.lean_version or '?'}, "
            f"but the benchmark's Lean is {expected_lean}"
        )
    return export


def export_step(
    steps: Steps, attempt: Attempt, built: Path, module: str, names: list[str]
) -> tuple[StageResult, Export | None, Path | None]:
    """Lay out `module`'s export workspace from its build, export it there and read the
    export; anything wrong fails the stage. Returns the export workspace too."""
    start = time.monotonic()
    try:
        folder = export_workspace(attempt.root, module, built, attempt.trusted)
    except LayoutError as exc:
        seconds = time.monotonic() - start
        return StageResult("export", False, "layout", f"{module}: {exc}", seconds), None, None
    outcome, path = steps.export(folder, module, names)
    if not outcome.ok:
        outcome.detail = f"{module}: {outcome.detail}"
        return outcome, None, folder
    try:
        return outcome, read_export(path, steps.tools.toolchain.expected), folder
    except ExportError as exc:
        return StageResult("export", False, "error", str(exc), outcome.seconds), None, folder


def withheld(stage: StageResult, what: str) -> StageResult:
    """`stage` without its detail: a failing step on evaluator data."""
    return StageResult(stage.stage, False, stage.reason, f"{what} {WITHHELD}", stage.seconds)


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
    """The compare and axioms stages on parsed exports (everything after the exports).
    The permitted axioms are checked against the Reference's export where there is one,
    else the Challenge's."""
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
            around = around_answer(canon, challenge, theorem)
            outside = reference is not None and around != around_answer(canon, reference, theorem)
            moved = not outside and around_answer(canon, solution, theorem) != around
            if outside:
                # The Challenge is the reference's text with the submitted answer's text
                # pasted in: if that text reached past `answer(…)`, the statement changed in
                # the Challenge too, and only the Reference shows it.
                compare = StageResult(
                    "compare",
                    False,
                    "answer",
                    "the Challenge's statement differs from the reference's outside the answer: "
                    "the answer's text reaches past answer(…), or its type changed the rest of "
                    "the statement",
                )
            elif moved:
                compare = StageResult(
                    "compare",
                    False,
                    "answer",
                    "the Solution's answer marker is not where the Challenge's is",
                )
            elif why is not None:
                compare = StageResult(
                    "compare", False, "answer", f"the answer trivialises the statement: {why}"
                )
            elif reference is not None and reference_answer is not None:
                result.answer_matches = same_answer(canon, solution, reference, theorem)
    compare.seconds = time.monotonic() - start
    stages = [compare]
    if not compare.ok:
        return stages
    start = time.monotonic()
    report = axiom_closure(solution, theorem, trusted=reference or challenge, canon=canon)
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
    names = export_targets(attempt.theorem)

    reference = None
    if attempt.reference is not None:
        built = steps.build("compile_reference", attempt.reference, "Reference", trusted=True)
        if not built.ok:
            stages.append(withheld(built, "the reference statement did not build"))
            return result
        stages.append(built)
        outcome, reference, _ = export_step(steps, attempt, attempt.reference, "Reference", names)
        if reference is None:
            stages.append(withheld(outcome, "the reference's export failed"))
            return result
        exported_seconds = outcome.seconds
    else:
        exported_seconds = 0.0

    stages.append(
        steps.build(
            "compile_challenge", attempt.challenge, "Challenge", trusted=attempt.reference is None
        )
    )
    if not stages[-1].ok:
        return result
    outcome, challenge, _ = export_step(steps, attempt, attempt.challenge, "Challenge", names)
    exported_seconds += outcome.seconds
    if challenge is None:  # exported before the Solution is built
        stages.append(outcome)
        return result

    stages.append(steps.build("compile_submission", attempt.solution, "Solution"))
    if not stages[-1].ok:
        return result
    outcome, solution, folder = export_step(steps, attempt, attempt.solution, "Solution", names)
    outcome.seconds += exported_seconds
    stages.append(outcome)
    if solution is None or folder is None:
        return result
    result.exporter = {
        "exporter": solution.exporter,
        "format": solution.format_version,
        "lean": solution.lean_version,
    }

    stages.extend(
        judge_exports(
            challenge,
            solution,
            reference,
            attempt.theorem,
            yes_no=yes_no,
            reference_answer=reference_answer,
            result=result,
        )
    )
    if stages[-1].ok:
        stages.append(steps.replay(folder, "Solution"))
    return result
