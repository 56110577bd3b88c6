"""Reproducible `.tar.gz` archives: sorted entries, fixed mtime, owner and modes, and a
gzip header without a timestamp or a file name — same files, same bytes."""

from __future__ import annotations

import gzip
import hashlib
import io
import tarfile

EXECUTABLE = 0o755
REGULAR = 0o644


def _info(name: str, size: int, mode: int, kind: bytes = tarfile.REGTYPE) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.type = size, mode, kind
    info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
    return info


def build(root: str, files: dict[str, bytes], executables: set[str]) -> bytes:
    """The archive of `files` (relative path → content) under the directory `root`."""
    dirs = {root}
    for path in files:
        parts = path.split("/")[:-1]
        for k in range(1, len(parts) + 1):
            dirs.add(root + "/" + "/".join(parts[:k]))
    entries = sorted([(d, None) for d in dirs] + [(f"{root}/{p}", p) for p in files])
    raw = io.BytesIO()
    with (
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=6) as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.USTAR_FORMAT) as tar,
    ):
        for name, rel in entries:
            if rel is None:
                tar.addfile(_info(name, 0, EXECUTABLE, tarfile.DIRTYPE))
            else:
                data = files[rel]
                mode = EXECUTABLE if rel in executables else REGULAR
                tar.addfile(_info(name, len(data), mode), io.BytesIO(data))
    return raw.getvalue()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
