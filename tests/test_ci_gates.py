"""CI's static checks hold: `ci/lint.sh` passes on a copy of the repository as it is and
fails, naming the check and the file, on a copy with a lint error, a type error or an
upward import planted; `.ci/run` runs it, failing, before the tests."""

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
    assert "static checks passed: lint, format, types, layers" in done.stdout


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


def test_ci_runs_the_static_checks_before_the_tests_and_stops_on_failure():
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in script.splitlines() if not line.lstrip().startswith("#")]
    assert "set -euo pipefail" in commands  # a failing step ends the run
    assert commands.index("ci/lint.sh") < commands.index("python3 -m pytest")
