"""What this machine has for FrontierBench, and the one line that fixes each missing piece.

Each check is a small function of an `Environment` (how to find and run programs, import
modules, look at files), so the logic is tested without touching the real machine.
"""

from __future__ import annotations

import importlib
import importlib.metadata as md
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from .lean.toolchain import ELAN_INSTALL, LEAN_VERSION, mathlib_olean
from .lean.toolchain import expected_version as expected_lean_version


class Status(StrEnum):
    OK = "ok"
    WARN = "warn"  # works, but not as expected (a version mismatch, …)
    MISSING = "missing"


@dataclass(frozen=True)
class Check:
    group: str
    name: str
    status: Status
    detail: str
    fix: str = ""
    required: bool = False  # the Python tools cannot run without it


@dataclass
class Environment:
    """How the checks look at the machine; tests replace these with fakes."""

    which: Callable[[str], str | None] = shutil.which
    run: Callable[[list[str]], tuple[int, str]] = field(default=None)  # type: ignore[assignment]
    version_of: Callable[[str], str | None] = field(default=None)  # type: ignore[assignment]
    python_version: tuple[int, int] = sys.version_info[:2]
    # Whether each jail backend works (`openfrontiers.jail.backend_statuses` when None).
    jail_statuses: Callable[[], list] | None = None

    def __post_init__(self) -> None:
        if self.run is None:
            self.run = _run
        if self.version_of is None:
            self.version_of = _distribution_version


def _run(argv: list[str]) -> tuple[int, str]:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return 127, str(exc)
    return done.returncode, (done.stdout + done.stderr).strip()


def _distribution_version(name: str) -> str | None:
    try:
        return md.version(name)
    except md.PackageNotFoundError:
        try:
            module = importlib.import_module(name.replace("-", "_"))
        except ImportError:
            return None
        return getattr(module, "__version__", "unknown")


# (distribution, import purpose, required, what needs it)
PYTHON_PACKAGES = (
    ("typer", True, "the ofb CLI"),
    ("rich", True, "the ofb CLI"),
    ("tomli-w", True, "writing the register"),
    ("jsonschema", True, "ofb corpus: explaining schema errors"),
    ("fastjsonschema", True, "ofb corpus: validating records"),
    ("pyarrow", True, "ofb corpus: Parquet output"),
    ("PyYAML", True, "ofb corpus: the Erdős problem database"),
    ("markdown-it-py", True, "ofb corpus: Markdown sources"),
    ("pytest", False, "the test suite"),
    ("hypothesis", False, "the lexer fuzz tests"),
    ("pyseccomp", False, "the jail's seccomp filter (or Debian's python3-seccomp)"),
    ("docker", False, "the docker jail backend"),
    ("matplotlib", False, "ofb report: the figures"),
)


def check_python(env: Environment) -> list[Check]:
    checks = []
    ok = env.python_version >= (3, 11)
    checks.append(
        Check(
            "python",
            "python",
            Status.OK if ok else Status.MISSING,
            "{}.{}".format(*env.python_version) + ("" if ok else " (need >= 3.11)"),
            "" if ok else "install Python 3.11 or newer",
            required=True,
        )
    )
    for dist, required, purpose in PYTHON_PACKAGES:
        version = env.version_of(dist)
        if version:
            checks.append(Check("python", dist, Status.OK, f"{version} ({purpose})"))
        else:
            fix = "pip install -e ." if required else "pip install -e '.[test]'"
            checks.append(
                Check(
                    "python",
                    dist,
                    Status.MISSING,
                    f"not installed ({purpose})",
                    fix,
                    required=required,
                )
            )
    return checks


def check_lean(env: Environment, root: Path, toolchain: str) -> list[Check]:
    want = expected_lean_version(toolchain)
    checks = []
    elan = env.which("elan")
    if elan:
        code, out = env.run([elan, "--version"])
        checks.append(Check("lean", "elan", Status.OK if code == 0 else Status.WARN, out or elan))
    else:
        checks.append(Check("lean", "elan", Status.MISSING, "not on PATH", ELAN_INSTALL))
    for tool in ("lean", "lake"):
        path = env.which(tool)
        if not path:
            fix = f"elan toolchain install {toolchain}" if elan else "install elan (the elan line)"
            checks.append(Check("lean", tool, Status.MISSING, "not on PATH", fix))
            continue
        code, out = env.run([path, "--version"])
        m = LEAN_VERSION.search(out)
        found = m.group(1) if m else ""
        if code != 0 or not found:
            checks.append(
                Check(
                    "lean",
                    tool,
                    Status.WARN,
                    f"cannot read its version: {out[:80]}",
                    f"elan toolchain install {toolchain}",
                )
            )
        elif tool == "lean" and found != want:
            checks.append(
                Check(
                    "lean",
                    tool,
                    Status.WARN,
                    f"Lean {found}, but lean-toolchain asks for {want}",
                    f"elan toolchain install {toolchain}  (then run from the repo root)",
                )
            )
        else:
            checks.append(Check("lean", tool, Status.OK, out.splitlines()[0]))
    olean = mathlib_olean(root)
    mathlib = olean.parents[4]
    if olean.is_file():
        checks.append(Check("lean", "mathlib cache", Status.OK, str(olean.parent)))
    elif mathlib.is_dir():
        checks.append(
            Check(
                "lean",
                "mathlib cache",
                Status.MISSING,
                "Mathlib is checked out but not built",
                "lake exe cache get",
            )
        )
    else:
        checks.append(
            Check(
                "lean",
                "mathlib cache",
                Status.MISSING,
                "Mathlib is not fetched",
                "lake exe cache get  (after installing elan)",
            )
        )
    return checks


def summarize(checks: list[Check]) -> tuple[int, list[str]]:
    """Exit code (1 when a required piece is missing) and the summary lines."""
    missing_required = [c for c in checks if c.required and c.status is Status.MISSING]
    lines = []
    lean_missing = [c for c in checks if c.group == "lean" and c.status is not Status.OK]
    if lean_missing:
        lines.append(
            "Lean parts (ofb build, probes, grading checkers, `lean`-marked tests) "
            "will not run until: " + ", ".join(c.name for c in lean_missing)
        )
    jail = [c for c in checks if c.group == "jail" and c.status is Status.OK]
    if any(c.group == "jail" for c in checks):
        lines.append("jail backends that work: " + (", ".join(c.name for c in jail) or "none"))
    if missing_required:
        lines.append("missing for the Python tools: " + ", ".join(c.name for c in missing_required))
    return (1 if missing_required else 0), lines


def check_jail(env: Environment) -> list[Check]:
    """Which jail backends work here: each is asked to run a command in a jail."""
    if env.jail_statuses is not None:
        statuses = env.jail_statuses()
    else:
        from .jail import backend_statuses

        statuses = backend_statuses()
    return [
        Check("jail", s.name, Status.OK if s.works else Status.MISSING, s.detail, s.fix)
        for s in statuses
    ]


def run_all(root: Path, toolchain: str, env: Environment | None = None) -> list[Check]:
    env = env or Environment()
    return check_python(env) + check_lean(env, root, toolchain) + check_jail(env)
