"""Reading what jailed code left, without following anything it could have planted.

The attempt's work dir is written by the agent while host services read it. Every read
walks the path one component at a time relative to a directory descriptor, with
O_NOFOLLOW, and takes regular files only: a symlink or a swapped directory cannot point the
host at another file."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

MAX_READ = 16 * 1024 * 1024


def read_regular(root: Path, rel: str, limit: int = MAX_READ) -> bytes | None:
    """The bytes of `root/rel` if every component is a real directory and the last a
    regular file (None otherwise); at most `limit` bytes."""
    parts = [p for p in rel.split("/") if p]
    if not parts or any(p in (".", "..") for p in parts):
        return None
    fds: list[int] = []
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
        fds.append(fd)
        for part in parts[:-1]:
            fd = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            fds.append(fd)
        fd = os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
        fds.append(fd)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks, left = [], limit
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        for fd in fds:
            with contextlib.suppress(OSError):
                os.close(fd)
