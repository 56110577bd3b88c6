"""Each bwrap jail run as root gets a host uid and gid of its own.

Without cgroups the jail's process limit is `RLIMIT_NPROC`, and the kernel counts it per
real uid (in the user namespace the process lives in), not per process tree: under a uid
shared with anything else — uid 65534 is `nobody`, also used by agent CLIs, other jails and
other people's services — 64 of those processes made a jail's `exec` fail with EAGAIN. A
uid that no other process holds makes the limit count the jail's own tree alone.

The uids come from `JAIL_IDS`, a block in the range systemd's UID table leaves unused
(1879048192…2147483647, below the foreign range at its top); gid = uid. A lease takes the
lowest candidate that

* no account or group of `/etc/passwd` and `/etc/group` names (read as files: a lookup
  through NSS could reach a directory server);
* no process on the host holds as its real, effective, saved or file-system uid or gid
  (`/proc/*/status`; a run whose tree is still exiting keeps its uid out of reach);
* no other lease holds: an exclusive `flock` on `LOCK_DIR/<uid>`, held for the whole run
  and dropped by the kernel when its holder dies, so concurrent jails — threads of one
  process or several processes — never share a uid and a crash leaks nothing.

The lock files stay (removing one would race with a lease taking it); lowest-first keeps
their number at the most jails this host ever ran at once. Files a jail writes with its uid
live on the run's own tmpfs (its staged work dir, or the harness's work area), which is
unmounted after it; what is copied back is written by the caller, as the caller.
"""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..errors import OfbError

# 64 Ki ids from 0x7A000000: inside systemd's unused block, away from both its ends.
JAIL_IDS = range(0x7A000000, 0x7A000000 + 0x10000)
LOCK_DIR = Path("/run/ofb-jail/uids")


@dataclass(frozen=True)
class Ids:
    uid: int
    gid: int


def ids_of_processes(proc: Path = Path("/proc")) -> set[int]:
    """Every uid and gid — real, effective, saved, file system — of a process on this host
    (as `proc` shows them: the host's, when read outside any pid namespace)."""
    found: set[int] = set()
    try:
        entries = list(os.scandir(proc))
    except OSError as exc:
        raise OfbError(f"cannot list {proc} to choose a jail uid: {exc}") from None
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            with open(os.path.join(entry.path, "status"), "rb") as f:
                status = f.read()
        except OSError:  # exited meanwhile
            continue
        for line in status.splitlines():
            if line.startswith((b"Uid:", b"Gid:")):
                found.update(int(v) for v in line.split()[1:])
    return found


def ids_of_accounts(
    files: tuple[Path, ...] = (Path("/etc/passwd"), Path("/etc/group")),
) -> set[int]:
    """The uids of `/etc/passwd` and the gids of `/etc/group`."""
    found: set[int] = set()
    for file in files:
        try:
            text = file.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            continue
        for line in text.splitlines():
            fields = line.split(":")
            if len(fields) > 2 and fields[2].isdigit():
                found.add(int(fields[2]))
    return found


def _try_lock(lock_dir: Path, uid: int) -> int | None:
    """An open descriptor holding `uid`'s lock, or None when another lease holds it."""
    fd = os.open(lock_dir / str(uid), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
            return None
        raise
    return fd


@contextmanager
def lease(ids: range = JAIL_IDS, lock_dir: Path = LOCK_DIR) -> Iterator[Ids]:
    """Hold a uid (and the gid of the same number) no one else has, until the block ends."""
    try:
        lock_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise OfbError(f"cannot make {lock_dir} for the jail's uid locks: {exc}") from None
    taken = ids_of_accounts()
    for uid in ids:
        if uid in taken:
            continue
        fd = _try_lock(lock_dir, uid)
        if fd is None:
            continue
        # Read after locking: a lease released just now may leave its tree still exiting.
        if uid in ids_of_processes():
            os.close(fd)
            continue
        try:
            yield Ids(uid, uid)
        finally:
            os.close(fd)
        return
    raise OfbError(
        f"no free jail uid in {ids.start}…{ids.stop - 1}: each is held by a running jail, a "
        f"process or an account (locks in {lock_dir})"
    )
