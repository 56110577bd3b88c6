"""A prebuilt, read-only Mathlib under every packet: `ofb packet export --mathlib-from DIR`.

A packet is a Lake workspace with no packages of its own, so `lake build` in it would clone
Mathlib and its dependencies. With `--mathlib-from DIR` every packet's lakefile and manifest
name DIR as their `packagesDir` instead: the packages directory of a checkout where Mathlib
is fetched and built (`<checkout>/.lake/packages`, after `lake exe cache get`). The
evaluator mounts DIR read-only at the same absolute path in each solver's sandbox.

Lake then fetches nothing: for each manifest entry it finds `DIR/<name>` and, when
`git rev-parse HEAD` there is the manifest's `rev`, uses the package as it is (Lake's
`PackageEntry.materialize`); a missing directory is cloned and another revision fetched.
So the export checks exactly that for every package of the benchmark's manifest, and that
Mathlib is built, before it writes anything; git must trust these repositories in the
sandbox (they belong to another user), which the packet README says.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..errors import UsageError

MATHLIB_OLEAN = Path(".lake") / "build" / "lib" / "lean" / "Mathlib.olean"


@dataclass(frozen=True)
class PrebuiltPackages:
    """Where the packets' packages are, as the packet's lakefile names them."""

    path: str  # absolute

    def as_key(self) -> dict:
        return {"packages_dir": self.path}


def _head(repo: Path) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-c", "safe.directory=*", "-C", str(repo), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        )
    except FileNotFoundError:
        raise UsageError("--mathlib-from: git is needed to check the packages") from None
    return done.stdout.strip() if done.returncode == 0 else None


def problems(folder: Path, manifest: dict) -> list[str]:
    """What keeps `folder` from serving the manifest's packages without a fetch."""
    found = []
    for entry in manifest.get("packages", []):
        name, rev = entry.get("name", "?"), entry.get("rev")
        package = folder / name
        if not package.is_dir():
            found.append(f"{package}: missing (Lake would clone {name})")
            continue
        if entry.get("type") != "git":
            continue
        head = _head(package)
        if head is None:
            found.append(f"{package}: not a git checkout")
        elif head != rev:
            found.append(f"{package}: at {head[:12]}, the manifest pins {str(rev)[:12]}")
    if (folder / "mathlib").is_dir() and not (folder / "mathlib" / MATHLIB_OLEAN).is_file():
        found.append(f"{folder / 'mathlib'}: Mathlib is not built ({MATHLIB_OLEAN} missing)")
    return found


def prebuilt(folder: Path, manifest: dict) -> PrebuiltPackages:
    """`folder` as the packets' packages directory, or one error naming every problem."""
    folder = folder.expanduser().resolve()
    if not folder.is_dir():
        raise UsageError(f"--mathlib-from: {folder} is not a directory")
    found = problems(folder, manifest)
    if found:
        raise UsageError(
            f"--mathlib-from: {folder} cannot serve the benchmark's packages without a fetch:\n  "
            + "\n  ".join(found)
            + "\n(fix: `lake exe cache get` in a checkout of this repository, then pass its "
            ".lake/packages)"
        )
    return PrebuiltPackages(str(folder))
