"""Certificate files: the naming convention, safe reading, and finding them in a folder.

Convention: a certificate is a file `*.cert.json`. Beside a submission it carries the
submission's stem: `P001.lean` ↔ `P001.cert.json`, `P001/Solution.lean` ↔
`P001/Solution.cert.json`. In an attempt's work dir (the harness) any `*.cert.json` counts.

Certificates come from untrusted folders and are read as root: only regular files, opened
without following a link, at most `CertLimits.max_bytes`; a folder walk does not follow
links, stops at `MAX_DEPTH` levels and `MAX_FILES` certificates.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ..plainfile import FileRefused, read_plain_file
from .isolate import check_isolated
from .limits import DEFAULT_LIMITS, CertLimits
from .verdict import Verdict

SUFFIX = ".cert.json"
MAX_DEPTH = 8
MAX_FILES = 64


# The name the callers catch: a certificate is read like any file from an untrusted folder.
CertificateFileError = FileRefused


def certificate_beside(submission: Path) -> Path:
    """Where the certificate of `submission` (a .lean file) would be."""
    return submission.with_name(submission.stem + SUFFIX)


def read_certificate(path: Path, limits: CertLimits = DEFAULT_LIMITS) -> bytes:
    """The bytes of the regular file `path` (not a link), refused beyond `max_bytes`."""
    return read_plain_file(path, limits.max_bytes)


@dataclass(frozen=True)
class FoundCertificate:
    """A certificate file found in a work dir, and (when an item was named) its verdict."""

    path: str  # relative to the folder searched
    sha256: str
    bytes: int
    verdict: Verdict | None = None
    error: str = ""  # why it could not be read (a link, a FIFO, too large)

    def as_dict(self) -> dict:
        return {
            "path": self.path,
            "sha256": self.sha256,
            "bytes": self.bytes,
            "verdict": self.verdict.as_dict() if self.verdict else None,
            "error": self.error,
        }


def _walk(folder: Path) -> list[Path]:
    found: list[Path] = []
    stack = [(folder, 0)]
    while stack and len(found) < MAX_FILES:
        here, depth = stack.pop()
        try:
            entries = sorted(os.scandir(here), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if depth + 1 < MAX_DEPTH and entry.name not in (".lake", ".git"):
                    stack.append((Path(entry.path), depth + 1))
            elif entry.name.endswith(SUFFIX):
                found.append(Path(entry.path))
                if len(found) >= MAX_FILES:
                    break
    return sorted(found)


def find_certificates(
    work_dir: Path, item: str | None = None, limits: CertLimits = DEFAULT_LIMITS
) -> list[FoundCertificate]:
    """Every `*.cert.json` under `work_dir` (links not followed; `.lake` and `.git`
    skipped; at most `MAX_FILES`), with its sha256 and size; with `item`, also each one's
    verdict from the isolated checker. Unreadable files are listed with `error`, never
    dropped. This is the function the attempt harness calls on a finished work dir."""
    out: list[FoundCertificate] = []
    for path in _walk(work_dir):
        rel = str(path.relative_to(work_dir))
        try:
            data = read_certificate(path, limits)
        except CertificateFileError as exc:
            out.append(FoundCertificate(rel, "", 0, None, str(exc)))
            continue
        verdict = check_isolated(item, data, limits) if item else None
        out.append(FoundCertificate(rel, hashlib.sha256(data).hexdigest(), len(data), verdict))
    return out
