"""The one overwrite rule of the verbs that write results (`ofb packet export`,
`ofb corpus build`, `ofb corpus export`): write where nothing is (or an empty folder),
replace what the same verb wrote there before (recognised by its own manifest or key), and
refuse anything else unless given `--force`. So the same command runs twice in a row, and
never replaces what a person put there."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from .errors import UsageError


def check_target(path: Path, ours: Callable[[Path], bool], what: str, force: bool) -> None:
    """Refuse to write to `path` when it holds something other than `what` (an earlier
    output of the same verb, as `ours` recognises it), unless `force`."""
    if force or not path.exists():
        return
    if path.is_dir() and not path.is_symlink() and not any(path.iterdir()):
        return
    if ours(path):
        return
    raise UsageError(
        f"{path} exists and is not {what}: move it away, choose another --out, or use --force "
        "to replace it"
    )


def manifest(folder: Path) -> dict[str, object] | None:
    """The folder's MANIFEST.json as an object, or None when there is no readable one."""
    path = folder / "MANIFEST.json"
    if not folder.is_dir() or folder.is_symlink() or not path.is_file():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    return doc if isinstance(doc, dict) else None


def has_manifest_with(*keys: str) -> Callable[[Path], bool]:
    """Recognises a folder whose MANIFEST.json has all of `keys`."""

    def ours(folder: Path) -> bool:
        doc = manifest(folder)
        return doc is not None and all(k in doc for k in keys)

    return ours


# Room for the temporary names the writers use beside an output (`.NAME.XXXXXXXX`).
_TEMP_MARGIN = 16


def check_writable(path: Path, option: str, *, into: bool = False) -> None:
    """Refuse an output `path` that cannot be written — a name or path too long, a file
    where a folder belongs, a read-only or full place — before anything is written, so a
    failed run loses nothing and leaves no half of its outputs. `path` is a file or a folder
    made or replaced beside its siblings, or with `into` a folder written into (a run
    folder, resumed). A temporary file is made and removed where the writer will write."""
    from .errors import briefly, os_advice

    path = Path(os.path.abspath(path))
    try:
        base = path if into else path.parent
        missing = [] if into else [path.name]
        while not base.exists():  # the folders the writer will make
            missing.insert(0, base.name)
            base = base.parent
        if not base.is_dir():
            raise UsageError(
                f"{option} {briefly(path)}: {briefly(base)} is a file, where a folder belongs"
            )
        name_max = os.pathconf(base, "PC_NAME_MAX")
        path_max = os.pathconf(base, "PC_PATH_MAX")
        if len(os.fsencode(path)) + _TEMP_MARGIN >= path_max:
            raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), str(path))
        for name in missing:
            if len(os.fsencode(name)) + _TEMP_MARGIN > name_max:
                raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), name)
        with tempfile.TemporaryFile(prefix=f".{missing[0] if missing else 'ofb'}.", dir=base):
            pass
    except OSError as exc:
        advice = os_advice(exc)
        if advice is None:
            raise
        raise UsageError(f"{option} {briefly(path)} cannot be written: {advice}") from None
