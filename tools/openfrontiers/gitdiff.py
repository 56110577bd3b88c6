"""Which statements changed since a git revision (for pull requests), and the checkout's
state for provenance stamps."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .errors import UsageError
from .project import LIBRARY
from .register.model import ITEM_ID


def _git(root: Path, *args: str) -> list[str]:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise UsageError("--changed-since needs git on PATH") from None
    if done.returncode != 0:
        raise UsageError(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return [line for line in done.stdout.splitlines() if line]


def git_output(root: Path, *args: str) -> str | None:
    """git's output in `root`, stripped; None where git is missing or the command fails
    (not a checkout): a provenance stamp then says "unknown" instead of refusing."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def changed_files(root: Path, rev: str) -> list[Path]:
    """Files under FrontierBench/ changed since `rev`: committed, staged, unstaged or new."""
    try:
        _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except UsageError:
        # `--quiet` leaves git's own reason empty: say what is wrong and what to do.
        raise UsageError(
            f"--changed-since {rev}: no such commit in {root} (a branch, tag or commit such "
            "as origin/main or HEAD~1; in a shallow clone, fetch it first)"
        ) from None
    names = set(_git(root, "diff", "--name-only", rev, "--", LIBRARY))
    names |= set(_git(root, "ls-files", "--others", "--exclude-standard", "--", LIBRARY))
    return sorted(root / n for n in names)


def changed_items(root: Path, rev: str) -> list[str]:
    """Ids of the statements FrontierBench/<ID>.lean changed since `rev` (deleted ones too)."""
    ids = []
    for path in changed_files(root, rev):
        if path.parent.name == LIBRARY and path.suffix == ".lean" and ITEM_ID.fullmatch(path.stem):
            ids.append(path.stem)
    return ids
