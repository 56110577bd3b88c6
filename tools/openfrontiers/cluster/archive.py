"""Folders as bytes, to ship through Ray's object store: a packet to an attempt node, an
attempt folder back to the driver.

Only regular files and folders travel (a link or a special file is refused when packing);
contents and permission bits come through unchanged, so the driver writes byte for byte
the files the node wrote. Unpacking uses tarfile's `data` filter: no absolute path, no
`..`, nothing outside the destination.
"""

from __future__ import annotations

import io
import os
import stat
import tarfile
from pathlib import Path

from ..errors import OfbError


def pack(folder: Path) -> bytes:
    """Every regular file and folder under `folder`, as an uncompressed tar."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames.sort()
            here = Path(dirpath)
            for name in [*dirnames, *sorted(filenames)]:
                path = here / name
                mode = path.lstat().st_mode
                if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                    raise OfbError(f"{path}: only files and folders can be shipped, not this")
                info = tar.gettarinfo(str(path), arcname=str(path.relative_to(folder)))
                info.uid = info.gid = 0
                info.uname = info.gname = ""
                if stat.S_ISREG(mode):
                    with path.open("rb") as fh:
                        tar.addfile(info, fh)
                else:
                    tar.addfile(info)
    return buffer.getvalue()


def unpack(data: bytes, dest: Path) -> None:
    """Write the archive's files under `dest` (created; must not hold them already)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as tar:
        for member in tar.getmembers():
            if not (member.isfile() or member.isdir()):
                raise OfbError(f"{member.name}: only files and folders are accepted")
        try:
            tar.extractall(dest, filter="data")
        except tarfile.FilterError as exc:
            raise OfbError(f"refused a shipped file: {exc}") from None
