"""Finding the toolchain: every missing piece is named with its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from openfrontiers.lean.toolchain import Toolchain, ToolchainError
from support.standin_project import make_project


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path / "repo", {})


def fake_prefix(tmp_path: Path) -> Path:
    prefix = tmp_path / "toolchains" / "leanprover--lean4---v4.33.1"
    (prefix / "bin").mkdir(parents=True)
    for exe in ("lean", "lake"):
        (prefix / "bin" / exe).write_text("")
    return prefix


def runner(prefix: Path, version: str = "4.33.1"):
    def run(argv, cwd):
        if argv[-1] == "--print-prefix":
            return 0, str(prefix)
        return 0, f"Lean (version {version}, x86_64-unknown-linux-gnu, commit abc, Release)"

    return run


def test_no_lean_on_path(project):
    with pytest.raises(ToolchainError, match=r"lean is not on PATH.*elan"):
        Toolchain.discover(project, which=lambda name: None)


def test_version_mismatch_names_the_fix(project, tmp_path):
    prefix = fake_prefix(tmp_path)
    with pytest.raises(
        ToolchainError, match=r"Lean 4\.32\.0 .* asks for 4\.33\.1.*elan toolchain install"
    ):
        Toolchain.discover(project, which=lambda n: "/x/" + n, run=runner(prefix, "4.32.0"))


def test_mathlib_must_be_built(project, tmp_path):
    prefix = fake_prefix(tmp_path)
    with pytest.raises(ToolchainError, match=r"Mathlib is not fetched.*lake exe cache get"):
        Toolchain.discover(project, which=lambda n: "/x/" + n, run=runner(prefix))
    olean = project.root / ".lake/packages/mathlib/.lake/build/lib/lean/Mathlib.olean"
    olean.parent.mkdir(parents=True)
    olean.write_text("")
    tool = Toolchain.discover(project, which=lambda n: "/x/" + n, run=runner(prefix))
    assert tool.lake == prefix / "bin" / "lake" and tool.version == "4.33.1"


def test_missing_lake_in_the_toolchain(project, tmp_path):
    prefix = fake_prefix(tmp_path)
    (prefix / "bin" / "lake").unlink()
    with pytest.raises(ToolchainError, match="lake is missing"):
        Toolchain.discover(project, which=lambda n: "/x/" + n, run=runner(prefix))


def test_the_jail_sees_toolchain_and_project_read_only(project, tmp_path):
    tool = Toolchain(fake_prefix(tmp_path), "4.33.1", "4.33.1", project.root)
    policy = tool.policy()
    assert tool.prefix in policy.read_only and project.root in policy.read_only
    assert policy.work_dir is None
    assert policy.environment["PATH"].startswith(str(tool.prefix / "bin"))
