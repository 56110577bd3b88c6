"""The revision of an importer's input: which commit it is, and that commit's date.

A source's status claim is dated by the source (Section 3.1): where a record has no dated
field of its own, the commit date of the input is the date its claim refers to. The
revision comes from the checkout itself when it is a git work tree (`git rev-parse HEAD`,
the committer date), or from the command line as `--source KEY=PATH@REV` for a tree that is
not a git repository (a `git archive` export, a snapshot folder):

    REV = COMMIT            the commit the tree was exported from (7–40 hex digits)
        | COMMIT:DATE       … and its commit date, YYYY-MM-DD (UTC)

Without either, the revision is unknown: records fall back to the build date for
`status_as_of` (flagged) and to `null` for their commit.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from ..errors import UsageError

_REV = re.compile(r"(?P<commit>[0-9a-f]{7,40})(?::(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2}))?")
_COMMIT = re.compile(r"[0-9a-f]{40}")


@dataclass(frozen=True)
class Revision:
    commit: str | None = None
    date: str | None = None  # the commit date, YYYY-MM-DD (UTC)
    origin: str = "unknown"  # "git" (read from the checkout), "argument" (@REV), "unknown"

    def as_dict(self) -> dict[str, Any]:
        return {"commit": self.commit, "date": self.date, "from": self.origin}


UNKNOWN = Revision()


def split_revision(raw: str) -> tuple[str, str | None]:
    """`PATH@REV` → (PATH, REV); a trailing `@…` that is not a revision stays in the path."""
    head, sep, tail = raw.rpartition("@")
    if sep and head and _REV.fullmatch(tail):
        return head, tail
    return raw, None


def parse_revision(text: str, spec: str) -> Revision:
    m = _REV.fullmatch(text)
    if m is None:
        raise UsageError(
            f"--source {spec!r}: revision {text!r} must be COMMIT or COMMIT:YYYY-MM-DD "
            "(COMMIT: 7 to 40 lower-case hex digits)"
        )
    day = m.group("date")
    if day is not None:
        try:
            date.fromisoformat(day)
        except ValueError:
            raise UsageError(f"--source {spec!r}: {day!r} is not a calendar date") from None
    return Revision(m.group("commit"), day, "argument")


def git_revision(path: Path) -> Revision | None:
    """The checkout's HEAD and its committer date, when `path` is the top of a git work tree
    (a folder inside some other repository does not count) and git is available."""
    if not path.is_dir() or not (path / ".git").exists():
        return None
    try:
        out = subprocess.run(
            ["git", "-C", str(path), "log", "-1", "--format=%H %ct", "HEAD"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    parts = out.stdout.split()
    if out.returncode != 0 or len(parts) != 2 or not _COMMIT.fullmatch(parts[0]):
        return None
    day = datetime.fromtimestamp(int(parts[1]), tz=UTC).strftime("%Y-%m-%d")
    return Revision(parts[0], day, "git")


def resolve(path: Path, given: str | None, spec: str) -> Revision:
    """The revision of `path`: git's, checked against `@REV` when both are there."""
    from_git = git_revision(path)
    if given is None:
        return from_git or UNKNOWN
    stated = parse_revision(given, spec)
    if from_git is None:
        return stated
    if not (from_git.commit or "").startswith(stated.commit or ""):
        raise UsageError(
            f"--source {spec!r}: {path} is a git checkout at {from_git.commit}, "
            f"not at {stated.commit}"
        )
    if stated.date is not None and stated.date != from_git.date:
        raise UsageError(
            f"--source {spec!r}: the commit date of {from_git.commit} is {from_git.date}, "
            f"not {stated.date}"
        )
    return from_git
