"""A task's scratch folder on a node (`/tmp/ofb-ray-*`), and the removal of those that a
killed task left behind.

A task's folder goes when the task ends, even on an error or a cancel. A worker killed
outright (SIGKILL, a lost node) cannot remove it, so each folder holds a lock for as long
as its task runs: `.lock`, an exclusive `flock` taken before the folder gets its name, and
released by the kernel when the worker dies, however it dies. Each task — and `ofb cluster
node` as the node starts — first removes every `ofb-ray-*` folder of this user whose lock
nobody holds: left behind by a task that no longer runs. A pid reused meanwhile changes
nothing (a lock, not a pid, says who runs).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

PREFIX = "ofb-ray-"
LOCK = ".lock"


def _held(folder: Path) -> bool:
    """Does a running task hold `folder`'s lock? (A folder without one is not ours.)"""
    try:
        fd = os.open(folder / LOCK, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
    except FileNotFoundError:
        return True
    except OSError:
        return True  # not ours to judge
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing releases a lock taken just now
    return False


def clean_stale(root: Path | None = None) -> list[Path]:
    """Remove this user's scratch folders whose task no longer runs; the folders removed."""
    base = Path(root or tempfile.gettempdir())
    removed = []
    uid = os.geteuid()
    for folder in sorted(base.glob(PREFIX + "*")):
        try:
            info = folder.lstat()
        except OSError:
            continue
        if not folder.is_dir() or folder.is_symlink() or info.st_uid != uid:
            continue
        if _held(folder):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


@contextlib.contextmanager
def scratch(kind: str, root: Path | None = None) -> Iterator[Path]:
    """A new, empty `ofb-ray-KIND-…/work` folder, locked while the block runs and removed
    after it; stale folders of earlier tasks are removed first."""
    base = Path(root or tempfile.gettempdir())
    clean_stale(base)
    # Made under a hidden name, locked, then renamed: no cleaner ever sees it unlocked.
    made = Path(tempfile.mkdtemp(prefix=f".{PREFIX}{kind}-", dir=base))
    fd = os.open(made / LOCK, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        folder = base / made.name[1:]
        os.rename(made, folder)
        made = folder
        folder.chmod(0o755)  # an attempt's packet is read from inside its jails
        work = folder / "work"
        work.mkdir()
        yield work
    finally:
        shutil.rmtree(made, ignore_errors=True)
        os.close(fd)
