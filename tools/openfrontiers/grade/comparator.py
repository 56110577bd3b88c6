"""Checker 2: leanprover/comparator, pinned in `comparator/` (see its README), run in the jail.

Comparator reads a JSON config in its working directory's Lake project, builds
`challenge_module` and then `solution_module` (each in a landrun sandbox), exports both
with lean4export, checks that every constant the statements of `theorem_names` use is the
same in both (with the kernel's built-ins), that the proofs use only `permitted_axioms`,
and replays the Solution's export in the Lean kernel and in each of `external_kernels`.

It prints `Your solution is okay!` and exits 0 when it accepts. Otherwise its `main`
throws: the Lean runtime prints `uncaught exception: <message>` on stderr and exits 1.
The messages (Comparator/Compare.lean, Axioms.lean, Main.lean at the pinned commit) are
classified below; a failed sandboxed step is `Child exited with N` after a `Building X` or
`Exporting … from X` line on stdout. Acceptance rests on the exit status and comparator's
own last line; the build output it passes through (untrusted) only ever makes a rejection
more specific.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from ..jail import JailResult
from .compare import STANDARD_AXIOMS

OK_LINE = "Your solution is okay!"
_EXCEPTION = "uncaught exception:"
# (category, pattern on the exception message), first match wins.
_MESSAGES = (
    (
        "config",
        re.compile(
            r"Expected config file path|Cannot use enable_nanoda|has an empty command"
            r"|property not found|fromJson|JSON",
            re.IGNORECASE,
        ),
    ),
    ("missing", re.compile(r"Const(?:ant)? not found in (?:challenge|solution)")),
    ("kind", re.compile(r"constant kind don't match|is not a theorem|is not a definition")),
    ("statement", re.compile(r"theorem statement do not match")),
    ("constant", re.compile(r"Const does not match between challenge and target")),
    ("axiom", re.compile(r"Illegal axiom detected")),
    ("quotient", re.compile(r"[Qq]uotient constant")),
    (
        "external-kernel",
        re.compile(r"^\S+ exited with -?\d+$|Error while interacting with \S+ kernel"),
    ),
)
_STEP = re.compile(r"(Building|Exporting .* from) (\S+)\s*")


@dataclass(frozen=True)
class ComparatorOutcome:
    accepted: bool
    category: str  # accepted, build, export, missing, kind, statement, constant, axiom,
    #                kernel, quotient, external-kernel, config, timeout, memory, crash,
    #                work-dir, unknown
    message: str
    exit_code: int | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict:
        d = asdict(self)
        d["seconds"] = round(self.seconds, 3)
        return d


def config(
    theorem: str, nanoda: str | None = None, permitted_axioms: tuple[str, ...] = STANDARD_AXIOMS
) -> dict:
    """Comparator's config for one attempt: Challenge and Solution modules, the one theorem
    `main`, the standard axioms, and nanoda as an external kernel when it is installed."""
    cfg: dict = {
        "challenge_module": "Challenge",
        "solution_module": "Solution",
        "theorem_names": [theorem],
        "permitted_axioms": list(permitted_axioms),
    }
    if nanoda:
        cfg["external_kernels"] = {"nanoda": [nanoda]}
    else:
        cfg["enable_nanoda"] = False
    return cfg


def _last_step(stdout: str) -> tuple[str, str] | None:
    for line in reversed(stdout.splitlines()):
        m = _STEP.fullmatch(line.strip())
        if m:
            return ("build" if m.group(1) == "Building" else "export"), m.group(2)
    return None


def classify(result: JailResult, seconds: float = 0.0) -> ComparatorOutcome:
    code = result.exit_code
    if result.outcome in ("timeout", "cpu", "memory", "signal", "work"):
        category = {"cpu": "timeout", "signal": "crash", "work": "work-dir"}.get(
            result.outcome, result.outcome
        )
        return ComparatorOutcome(False, category, f"comparator {result.describe()}", code, seconds)
    stdout, stderr = result.text("stdout"), result.text("stderr")
    lines = [ln.strip() for ln in stdout.splitlines() if ln.strip()]
    if code == 0:
        if lines and lines[-1] == OK_LINE:
            return ComparatorOutcome(True, "accepted", OK_LINE, code, seconds)
        return ComparatorOutcome(
            False, "unknown", f"comparator exited 0 without its '{OK_LINE}' line", code, seconds
        )
    thrown = [ln.split(_EXCEPTION, 1)[1].strip() for ln in stderr.splitlines() if _EXCEPTION in ln]
    message = thrown[-1] if thrown else (stderr.strip().splitlines() or ["(no message)"])[-1]
    if re.search(r"Child exited with|process '.*' exited with code", message):
        step = _last_step(stdout)
        if step is not None:
            return ComparatorOutcome(
                False, step[0], f"{step[0]} of {step[1]} failed ({message})", code, seconds
            )
    for category, pattern in _MESSAGES:
        if pattern.search(message):
            return ComparatorOutcome(False, category, message, code, seconds)
    if "Lean default kernel rejects the solution" in stdout:
        return ComparatorOutcome(False, "kernel", message, code, seconds)
    return ComparatorOutcome(False, "unknown", message[:500], code, seconds)
