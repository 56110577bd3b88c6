"""`check_submission`: the solver's offline pre-submission check, shipped in every packet.

It applies the grader's static layer to the submission against the packet's problem —
without any answer — and, where Lean is installed, compiles the submission and lists the
axioms `main` depends on. It decides nothing: the grader re-checks everything.

    python3 check_submission [Solution.lean] [--format json] [--no-lean]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..lean.diagnostics import parse_axioms
from . import static

STANDARD_AXIOMS = ("propext", "Classical.choice", "Quot.sound")


def axioms_of(output: str, constant: str) -> list[str] | None:
    """The axioms `#print axioms` reports for `constant` in `output`; None if it says nothing."""
    found = parse_axioms(output)
    return list(found[constant]) if constant in found else None


def problem_namespace(problem: str) -> str:
    src = static._Source.parse(problem)
    (main,) = src.mains()
    return (main.full_name or "main").rsplit(".", 1)[0]


def is_yes_no(problem: str) -> bool:
    src = static._Source.parse(problem)
    (main,) = src.mains()
    return static.has_yes_no_form(src.code, main)


def lake_env() -> dict[str, str]:
    """The environment for Lake: git must trust every repository, since a packet's prebuilt
    Mathlib (its `packagesDir`) belongs to another user and git refuses such repositories
    ("dubious ownership"), which would make Lake try to fetch them again."""
    env = dict(os.environ)
    count = int(env.get("GIT_CONFIG_COUNT", "0") or "0")
    env[f"GIT_CONFIG_KEY_{count}"] = "safe.directory"
    env[f"GIT_CONFIG_VALUE_{count}"] = "*"
    env["GIT_CONFIG_COUNT"] = str(count + 1)
    return env


def compile_and_axioms(
    root: Path, namespace: str, module: str
) -> tuple[bool, str, list[str] | None]:
    """Build the submission module and print the axioms of `main`."""
    env = lake_env()
    build = subprocess.run(
        ["lake", "build", module], cwd=root, capture_output=True, text=True, check=False, env=env
    )
    if build.returncode != 0:
        return False, (build.stdout + build.stderr)[-4000:], None
    probe = root / ".check_axioms.lean"
    probe.write_text(f"import {module}\n#print axioms {namespace}.main\n", encoding="utf-8")
    try:
        out = subprocess.run(
            ["lake", "env", "lean", str(probe)],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
    finally:
        probe.unlink(missing_ok=True)
    return True, out.stdout + out.stderr, axioms_of(out.stdout + out.stderr, f"{namespace}.main")


def main(argv: list[str] | None = None, root: Path | None = None) -> int:
    parser = argparse.ArgumentParser(prog="check_submission", description=__doc__.splitlines()[0])
    parser.add_argument("solution", nargs="?", default="Solution.lean")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--no-lean", action="store_true", help="skip compiling even if Lean is installed"
    )
    args = parser.parse_args(argv)
    root = root or Path.cwd()
    problem_path, solution_path = root / "Problem.lean", root / args.solution
    shown_name = ascii(args.solution)[1:-1]  # a name with a line break prints escaped
    for path in (problem_path, solution_path):
        if not path.is_file():
            print(
                f"check_submission: {ascii(path.name)[1:-1]} not found in {root}", file=sys.stderr
            )
            return 2
    problem = static.read_source(problem_path.read_bytes())
    try:
        # The bytes as the grader reads them: no newline conversion (a lone carriage return
        # must be judged here exactly as the grader judges it).
        solution = static.read_source(solution_path.read_bytes())
    except UnicodeDecodeError as exc:
        # Rejected, as the grader rejects it: exit 1, never a traceback.
        print(
            f"check_submission: {shown_name} is not UTF-8 ({exc.reason} at byte "
            f"{exc.start}); Lean reads UTF-8 only: save it as UTF-8",
            file=sys.stderr,
        )
        return 1
    namespace = problem_namespace(problem)
    result = static.check(
        solution,
        problem,
        namespaces={namespace: namespace},
        yes_no=is_yes_no(problem),
    )
    report: dict = {
        "static": {
            "passed": result.passed,
            "answer": result.answer,
            "issues": [i.as_dict() for i in result.issues],
            "issues_total": result.total,
        }
    }
    ok = result.passed
    if ok and not args.no_lean and shutil.which("lake"):
        compiled, log, axioms = compile_and_axioms(root, namespace, solution_path.stem)
        extra = [a for a in (axioms or []) if a not in STANDARD_AXIOMS]
        ok = compiled and axioms is not None and not extra
        report["lean"] = {
            "compiled": compiled,
            "axioms": axioms,
            "non_standard_axioms": extra,
            "log": log if not compiled else "",
        }
    else:
        report["lean"] = None
    if args.format == "json":
        print(json.dumps(report, indent=2))
    else:
        for issue in result.issues:
            print(issue.text(shown_name))
        if result.omitted:
            print(f"… and {result.omitted} more findings")
        if report["lean"] is None:
            print(
                "static rules: "
                + ("passed" if result.passed else "failed")
                + ("" if shutil.which("lake") or args.no_lean else "; Lean not found, not compiled")
            )
        else:
            lean = report["lean"]
            print(
                f"static rules: passed; compiled: {lean['compiled']}; axioms of main: "
                f"{lean['axioms']}"
            )
            if lean["non_standard_axioms"]:
                print("not allowed: " + ", ".join(lean["non_standard_axioms"]))
            if lean["log"]:
                print(lean["log"])
    return 0 if ok else 1
