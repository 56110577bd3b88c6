"""The files of one packet: a standalone Lake workspace for one problem.

P001/
  README.md                      the task, the grader's static rules, the time budget
  lean-toolchain                 the benchmark's Lean
  lakefile.toml                  Mathlib at the benchmark's pin; libraries Problem, Solution
  lake-manifest.json             the benchmark's resolved dependencies
  Problem.lean                   the statement, namespace P001
  FrontierBench/Util/*.lean      the utility library, vendored unchanged
  check_submission               the offline pre-submission check
  checker/openfrontiers/…        the code it runs (lexer, scanner, diagnostics, static layer
                                 and its allow-lists)
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..grade import static
from ..project import Project
from .transform import Problem

# Our own modules that `check_submission` needs, vendored verbatim (they import nothing else).
CHECKER_MODULES = (
    "__init__.py",
    "lean/__init__.py",
    "lean/lexer.py",
    "lean/decls.py",
    "lean/diagnostics.py",
    "grade/__init__.py",
    "grade/allowlist.py",
    "grade/static.py",
    "grade/local.py",
)
CHECK_SUBMISSION = '''#!/usr/bin/env python3
"""Check Solution.lean before submitting: the grader's static rules, the statement
comparison and, where Lean is installed, compilation and the axioms of main. Offline."""
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
sys.path.insert(0, str(here / "checker"))
from openfrontiers.grade.local import main  # noqa: E402

sys.exit(main(root=here))
'''


@dataclass(frozen=True)
class Packet:
    packet_id: str
    item_id: str
    files: dict[str, bytes]
    executables: frozenset[str]
    stripped: tuple[str, ...]


def _package_root() -> Path:
    return Path(__file__).resolve().parents[1]


def lakefile(
    packet_id: str,
    project: Project,
    libraries: tuple[str, ...] = ("Problem", "Solution"),
    packages_dir: str | None = None,
) -> str:
    """The packet's lakefile; the grader builds its Challenge and Solution workspaces from
    the same text with other library names and Mathlib's prebuilt `packages_dir`."""
    pins = tomllib.loads((project.root / "lakefile.toml").read_text(encoding="utf-8"))
    (mathlib,) = [r for r in pins.get("require", []) if r.get("name") == "mathlib"]
    blocks = [
        (
            "# Your submission: Solution.lean.\n"
            if lib == "Solution" and packages_dir is None
            else ""
        )
        + f'[[lean_lib]]\nname = "{lib}"\n'
        for lib in libraries
    ]
    return (
        f'name = "{packet_id}"\n'
        f'defaultTargets = ["{libraries[0]}"]\n'
        + (f"packagesDir = {json.dumps(packages_dir)}\n" if packages_dir is not None else "")
        + "\n[leanOptions]\nautoImplicit = false\nrelaxedAutoImplicit = false\n\n"
        "[[require]]\n"
        f'name = "mathlib"\nscope = "{mathlib["scope"]}"\nrev = "{mathlib["rev"]}"\n\n'
        "# The benchmark's utility library (the answer(·) syntax), vendored unchanged.\n"
        '[[lean_lib]]\nname = "FrontierBench"\nglobs = ["FrontierBench.Util.+"]\n\n'
        + "\n".join(blocks)
    )


def manifest(packet_id: str, project: Project, packages_dir: str | None = None) -> str:
    data = json.loads((project.root / "lake-manifest.json").read_text(encoding="utf-8"))
    data["name"] = packet_id
    if packages_dir is not None:
        data["packagesDir"] = packages_dir
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def readme(packet_id: str, budget_hours: float) -> str:
    rules = "\n".join(f"- **{rule}**: {text}" for rule, text in static.RULES.items())
    hours = f"{budget_hours:g} hour" + ("" if budget_hours == 1 else "s")
    return f"""# Problem {packet_id}

`Problem.lean` states a research-level question as the Lean 4 theorem `{packet_id}.main`
(Lean and Mathlib pinned in `lean-toolchain`, `lakefile.toml` and `lake-manifest.json`;
Mathlib is prebuilt in your environment).

## Your task

1. Copy `Problem.lean` to `Solution.lean`.
2. Replace `answer(sorry)` by your answer, keeping the `answer(…)` marker. If `main` has
   the form `answer(sorry) ↔ P`, the answer is the literal `True` (P holds) or `False`
   (P fails); otherwise it is an explicit Lean term of the expected type.
3. Replace the proof `sorry` by a complete proof. Lemmas you need go before `main`.
4. Run `python3 check_submission`: it applies the grader's static rules and the statement
   comparison offline and, where `lake` is available, builds `Solution` and lists the
   axioms `main` depends on (`lake build Solution` builds it by hand).

Submit `Solution.lean`.

## Rules of the grader's static layer

{rules}

A proof may use only the axioms `propext`, `Classical.choice` and `Quot.sound`. The
grader compiles the submission in an isolated workspace, compares the definitions and the
statement of `main` with the original, and replays the proof in the kernel with two
independent checkers; both must accept.

## Time budget

{hours} of wall-clock time.
"""


def build(
    project: Project, packet_id: str, item_id: str, problem: Problem, budget_hours: float
) -> Packet:
    files: dict[str, bytes] = {
        "README.md": readme(packet_id, budget_hours).encode(),
        "lean-toolchain": project.toolchain_file.read_bytes(),
        "lakefile.toml": lakefile(packet_id, project).encode(),
        "lake-manifest.json": manifest(packet_id, project).encode(),
        "Problem.lean": problem.text.encode(),
        "check_submission": CHECK_SUBMISSION.encode(),
    }
    for path in sorted(project.util_dir.rglob("*.lean")):
        rel = path.relative_to(project.root).as_posix()
        files[rel] = path.read_bytes()
    package = _package_root()
    for module in CHECKER_MODULES:
        files[f"checker/openfrontiers/{module}"] = (package / module).read_bytes()
    return Packet(packet_id, item_id, files, frozenset({"check_submission"}), problem.stripped)
