"""The Lean toolchain: find it, check it against `lean-toolchain`, run it in the jail.

Discovery asks `lean --print-prefix` in the project (through elan's proxy this selects the
toolchain `lean-toolchain` names) and then uses that prefix's own `lean` and `lake`, so no
elan proxy runs inside the jail (it would want the network). A missing piece is an error
that names it and the command that fixes it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import OfbError
from ..jail import Backend, JailPolicy, JailResult, Limits, base_policy
from ..project import Project

LEAN_VERSION = re.compile(r"version (\d+\.\d+\.\d+(?:-rc\d+)?)")
ELAN_INSTALL = (
    "curl https://raw.githubusercontent.com/leanprover/elan/master/elan-init.sh "
    "-sSf | sh -s -- -y --default-toolchain none"
)


class ToolchainError(OfbError):
    """The Lean toolchain is missing, of the wrong version, or Mathlib is not built."""


def expected_version(toolchain: str) -> str:
    """`leanprover/lean4:v4.33.1` → `4.33.1`."""
    return toolchain.split(":")[-1].lstrip("v")


def mathlib_olean(root: Path) -> Path:
    return (
        root
        / ".lake"
        / "packages"
        / "mathlib"
        / ".lake"
        / "build"
        / "lib"
        / "lean"
        / "Mathlib.olean"
    )


def _run(argv: list[str], cwd: Path) -> tuple[int, str]:
    try:
        done = subprocess.run(
            argv, cwd=cwd, capture_output=True, text=True, timeout=120, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return 127, str(exc)
    return done.returncode, (done.stdout + done.stderr).strip()


@dataclass(frozen=True)
class Toolchain:
    prefix: Path  # the toolchain's root: bin/lean, bin/lake, lib/lean
    version: str
    expected: str
    root: Path  # the Lake project

    @property
    def lean(self) -> Path:
        return self.prefix / "bin" / "lean"

    @property
    def lake(self) -> Path:
        return self.prefix / "bin" / "lake"

    @classmethod
    def discover(
        cls,
        project: Project,
        require_mathlib: bool = True,
        which: Callable[[str], str | None] = shutil.which,
        run: Callable[[list[str], Path], tuple[int, str]] = _run,
    ) -> Toolchain:
        wanted = project.toolchain()
        expected = expected_version(wanted)
        lean = which("lean")
        if lean is None:
            fix = (
                f"elan toolchain install {wanted}"
                if which("elan")
                else f"install elan ({ELAN_INSTALL}), then run from the repository root"
            )
            raise ToolchainError(f"lean is not on PATH; {fix}")
        code, out = run([lean, "--print-prefix"], project.root)
        if code != 0 or not out:
            raise ToolchainError(
                f"`lean --print-prefix` failed in {project.root}: {out[:200]} "
                f"(fix: elan toolchain install {wanted})"
            )
        prefix = Path(out.splitlines()[-1].strip()).resolve()
        tool = cls(prefix, "", expected, project.root)
        for exe in (tool.lean, tool.lake):
            if not exe.is_file():
                raise ToolchainError(
                    f"{exe.name} is missing from the toolchain at {prefix} "
                    f"(fix: elan toolchain install {wanted})"
                )
        code, out = run([str(tool.lean), "--version"], project.root)
        m = LEAN_VERSION.search(out)
        if code != 0 or not m:
            raise ToolchainError(f"cannot read the version of {tool.lean}: {out[:200]}")
        if m.group(1) != expected:
            raise ToolchainError(
                f"Lean {m.group(1)} at {prefix}, but lean-toolchain asks for "
                f"{expected} (fix: elan toolchain install {wanted}, and run "
                f"from the repository root)"
            )
        if require_mathlib and not mathlib_olean(project.root).is_file():
            fetched = (project.root / ".lake" / "packages" / "mathlib").is_dir()
            raise ToolchainError(
                "Mathlib is "
                + ("fetched but not built" if fetched else "not fetched")
                + f" in {project.root} (fix: lake exe cache get)"
            )
        return cls(prefix, m.group(1), expected, project.root)

    def policy(
        self,
        work_dir: Path | None = None,
        limits: Limits | None = None,
        extra_read_only: Sequence[Path] = (),
        project: bool = True,
    ) -> JailPolicy:
        """A jail that sees the toolchain and the project read-only (Mathlib's build
        included) and writes only `work_dir`. Without `project`, the checkout stays hidden
        and `extra_read_only` says what else is visible (the grader shows Mathlib's build
        only, never the answers)."""
        visible = (self.prefix, self.root) if project else (self.prefix,)
        policy = base_policy(
            read_only=(*visible, *extra_read_only), work_dir=work_dir, work_size=4 << 30
        )
        policy = policy.with_env(
            PATH=f"{self.prefix / 'bin'}:/usr/bin:/bin",
            HOME=str(policy.work_path),
            # Lake asks git about packages; the checkout belongs to another uid.
            GIT_CONFIG_COUNT="1",
            GIT_CONFIG_KEY_0="safe.directory",
            GIT_CONFIG_VALUE_0="*",
        )
        if limits is not None:
            policy = replace(policy, limits=limits)
        return policy

    def run(
        self, jail: Backend, argv: Sequence[str], policy: JailPolicy, cwd: Path | None = None
    ) -> JailResult:
        return jail.run(list(argv), replace(policy, cwd=cwd or self.root))

    def lake_env_lean_json(self, file: Path | str) -> list[str]:
        """The command that elaborates one file (a path as the jail sees it) in the project's
        environment, JSON out."""
        return [str(self.lake), "env", str(self.lean), "--json", str(file)]

    def lake_build(self, targets: Sequence[str]) -> list[str]:
        return [str(self.lake), "build", *targets]
