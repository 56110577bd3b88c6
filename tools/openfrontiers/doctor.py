"""What this machine has for FrontierBench, and the one line that fixes each missing piece.

Each check is a small function of an `Environment` (how to find and run programs, import
modules, look at files), so the logic is tested without touching the real machine.
"""

from __future__ import annotations

import importlib
import importlib.metadata as md
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from .harness.profiles import DEFAULT_CLIS, load_profiles
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


# (distribution, required, what needs it, the extra that installs it: "" for the base)
PYTHON_PACKAGES = (
    ("typer", True, "the ofb CLI", ""),
    ("rich", True, "the ofb CLI", ""),
    ("tomli-w", True, "writing the register", ""),
    ("jsonschema", True, "ofb corpus: explaining schema errors", ""),
    ("fastjsonschema", True, "ofb corpus: validating records", ""),
    ("pyarrow", True, "ofb corpus: Parquet output", ""),
    ("PyYAML", True, "ofb corpus: the Erdős problem database", ""),
    ("markdown-it-py", True, "ofb corpus: Markdown sources", ""),
    ("pytest", False, "the test suite", "test"),
    ("hypothesis", False, "the lexer fuzz tests", "test"),
    ("pyseccomp", False, "the jail's seccomp filter (or Debian's python3-seccomp)", "test"),
    ("docker", False, "the docker jail backend", "jail"),
    ("matplotlib", False, "ofb report: the figures", "report"),
    ("mcp", False, "the harness: its MCP server", "harness"),
    ("uvicorn", False, "the harness: its gateway and MCP server", "harness"),
    ("starlette", False, "the harness: its gateway and MCP server", "harness"),
    ("httpx2", False, "the harness: its gateway's client", "harness"),
)

# The agent CLIs the harness is tested with (npm packages, by profile), as README.md and
# docs/harness.md install them; tests/support/agent_clis.py pins the same.
AGENT_CLIS = {
    "claude-code": ("@anthropic-ai/claude-code", "2.1.332"),
    "codex": ("@openai/codex", "0.171.0"),
}
# claude-code's package.json asks for node >= 22 (npm warns EBADENGINE on node 20).
NODE_MIN = 22
NODE_VERSION = re.compile(r"v?(\d+)\.(\d+)\.(\d+)")


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
    for dist, required, purpose, extra in PYTHON_PACKAGES:
        version = env.version_of(dist)
        if version:
            checks.append(Check("python", dist, Status.OK, f"{version} ({purpose})"))
        else:
            fix = f"pip install -e '.[{extra}]'" if extra else "pip install -e ."
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


def npm_install_line(clis: Path = DEFAULT_CLIS) -> str:
    """The command that installs the pinned agent CLIs where the harness looks for them."""
    pins = " ".join(f"{package}@{version}" for package, version in AGENT_CLIS.values())
    return f"npm install --prefix {_home_relative(clis.parent)} {pins}"


def _home_relative(path: Path) -> str:
    text = str(path)
    home = str(Path.home())
    return "~" + text[len(home) :] if text == home or text.startswith(home + "/") else text


def _package_version(modules: Path, package: str) -> str | None:
    try:
        data = json.loads((modules / package / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    version = data.get("version") if isinstance(data, dict) else None
    return version if isinstance(version, str) else None


def check_harness(env: Environment, clis: Path, bwrap: Check | None) -> list[Check]:
    """What `ofb attempt` and `ofb run` need besides Python: node and npm (which install
    the agent CLIs), the pinned CLIs under `clis` (a node_modules folder), and the bwrap
    jail the agents run in. The CLIs are located, never started: a CLI may reach out to
    the network when it runs outside the agent jail."""
    checks = []
    clis = clis.expanduser()
    install = npm_install_line(clis)
    node = env.which("node")
    if node is None:
        checks.append(
            Check(
                "harness",
                "node",
                Status.MISSING,
                "not on PATH (npm installs the agent CLIs)",
                f"install Node.js {NODE_MIN} or newer, with npm",
            )
        )
    else:
        code, out = env.run([node, "--version"])
        m = NODE_VERSION.search(out)
        if code != 0 or m is None:
            checks.append(
                Check(
                    "harness",
                    "node",
                    Status.WARN,
                    f"cannot read its version: {out[:80]}",
                    f"install Node.js {NODE_MIN} or newer",
                )
            )
        elif int(m.group(1)) < NODE_MIN:
            checks.append(
                Check(
                    "harness",
                    "node",
                    Status.WARN,
                    f"node {m.group(0)}: claude-code {AGENT_CLIS['claude-code'][1]} wants node "
                    f">= {NODE_MIN} (npm warns EBADENGINE)",
                    f"install Node.js {NODE_MIN} or newer",
                )
            )
        else:
            checks.append(Check("harness", "node", Status.OK, m.group(0)))
    npm = env.which("npm")
    checks.append(
        Check("harness", "npm", Status.OK, npm)
        if npm
        else Check(
            "harness",
            "npm",
            Status.MISSING,
            "not on PATH",
            f"install npm (with Node.js {NODE_MIN})",
        )
    )
    profiles = load_profiles()
    for name, (package, pinned) in AGENT_CLIS.items():
        profile = profiles.get(name)
        exe = None
        if profile is not None:
            exe = next((clis / rel for rel in profile.executable if (clis / rel).is_file()), None)
        if exe is None:
            checks.append(
                Check("harness", name, Status.MISSING, f"not installed under {clis}", install)
            )
            continue
        version = _package_version(clis, package)
        where = exe.relative_to(clis)
        if version == pinned:
            checks.append(Check("harness", name, Status.OK, f"{version} ({where})"))
        else:
            checks.append(
                Check(
                    "harness",
                    name,
                    Status.WARN,
                    f"{version or 'unknown version'}, tested with {pinned} ({where})",
                    install,
                )
            )
    if bwrap is None or bwrap.status is not Status.OK:
        detail = bwrap.detail if bwrap is not None else "the bwrap jail was not checked"
        fix = bwrap.fix if bwrap is not None else ""
        checks.append(Check("harness", "agent jail", Status.MISSING, f"bwrap: {detail}", fix))
    else:
        checks.append(Check("harness", "agent jail", Status.OK, f"bwrap ({bwrap.detail})"))
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
    harness_missing = [c for c in checks if c.group == "harness" and c.status is Status.MISSING]
    if harness_missing:
        lines.append(
            "the attempt harness (ofb attempt, ofb run with a real agent CLI) will not run "
            "until: " + ", ".join(c.name for c in harness_missing)
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


def run_all(
    root: Path, toolchain: str, env: Environment | None = None, clis: Path = DEFAULT_CLIS
) -> list[Check]:
    env = env or Environment()
    jail = check_jail(env)
    bwrap = next((c for c in jail if c.name == "bwrap"), None)
    return (
        check_python(env)
        + check_lean(env, root, toolchain)
        + jail
        + check_harness(env, clis, bwrap)
    )
