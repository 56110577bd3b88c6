"""A task's scratch folder on a node (`/tmp/ofb-ray-*`), and the removal of those that a
killed task left behind.

A task's folder goes when the task ends, even on an error or a cancel. A worker killed
outright (SIGKILL, a lost node) cannot remove it, so each folder holds a lock for as long
as its task runs: `.lock`, an exclusive `flock` taken before the folder gets its name, and
released by the kernel when the worker dies, however it dies. Each task — and `ofb cluster
node` as the node starts — first removes every `ofb-ray-*` folder of this user whose lock
nobody holds: left behind by a task that no longer runs. A pid reused meanwhile changes
nothing (a lock, not a pid, says who runs). The lock goes last when a folder is removed, so
a removal cut short leaves a folder a later cleaner still sees as stale; a folder still
under its hidden name (a task killed as it made it) goes once it is a minute old.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

PREFIX = "ofb-ray-"
LOCK = ".lock"
HIDDEN_GRACE = 60.0  # seconds a folder may keep its hidden name while its task makes it


def _held(folder: Path) -> bool:
    """Does a running task hold `folder`'s lock? A `.lock` that is not a regular file was
    made by no task of ours: nobody holds it."""
    try:
        # O_NONBLOCK: a FIFO in the lock's place must not hang the cleaner.
        fd = os.open(folder / LOCK, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return True  # not ours to judge
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing releases a lock taken just now
    return False


def _remove(folder: Path) -> None:
    """Remove `folder`, its lock last and only once all else is gone: a removal cut short
    (or refused a file) leaves a folder a later cleaner still sees as stale."""
    try:
        children = [c for c in folder.iterdir() if c.name != LOCK]
    except OSError:
        return
    for child in children:
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                child.unlink()
    with contextlib.suppress(OSError):
        if any(c.name != LOCK for c in folder.iterdir()):
            return
        (folder / LOCK).unlink(missing_ok=True)
        folder.rmdir()


def clean_stale(root: Path | None = None) -> list[Path]:
    """Remove this user's scratch folders whose task no longer runs; the folders removed.
    A folder without a lock is left alone unless it is empty (a removal cut short between
    the lock and the folder): a task locks its folder before naming it."""
    base = Path(root or tempfile.gettempdir())
    removed = []
    uid = os.geteuid()
    now = time.time()
    for folder in sorted([*base.glob(PREFIX + "*"), *base.glob("." + PREFIX + "*")]):
        try:
            info = folder.lstat()
        except OSError:
            continue
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != uid:
            continue
        if folder.name.startswith(".") and now - info.st_mtime < HIDDEN_GRACE:
            continue  # perhaps being made right now
        if not os.path.lexists(folder / LOCK):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only ever an empty one
                removed.append(folder)
            continue
        if _held(folder):
            continue
        _remove(folder)
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
        _remove(made)
        os.close(fd)
