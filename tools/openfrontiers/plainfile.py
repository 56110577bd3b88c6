"""Reading a file someone else put there: a regular file, not a link, and not too large.

Submissions and certificates come from folders solvers and agents wrote, and are read as
root. So the file is opened without following a link (a link to the answers would
otherwise be read and its text shown in a verdict), without blocking (a FIFO would hang
the reader), checked to be a regular file, and read up to `max_bytes` (a file that grows
while it is read is refused as well)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import OfbError, shown


class FileRefused(OfbError):
    """A file that is not read; the message names it and says why."""


def read_plain_file(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file `path`, opened without following a link; `FileRefused`
    for a link, anything but a regular file, an unreadable file or more than `max_bytes`."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if os.path.islink(path):
            raise FileRefused(f"{shown(path)}: refused: a symbolic link, not a file") from None
        raise FileRefused(f"{shown(path)}: cannot be read ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{shown(path)}: refused: not a regular file")
        if st.st_size > max_bytes:
            raise FileRefused(f"{shown(path)}: refused: {st.st_size} bytes, more than {max_bytes}")
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_bytes:
        raise FileRefused(f"{shown(path)}: refused: more than {max_bytes} bytes")
    return data
