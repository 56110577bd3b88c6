"""Errors a user can act on.

Every error the tools raise on bad input is an `OfbError`: the CLI prints its message and
exits with `exit_code` instead of showing a traceback. The exit codes of every verb:

* 0: done, and the answer is yes (no errors, passed, identical, valid);
* 1: the input is bad — a file given is malformed (`BadInput`, `InputError`), or the verb's own
  verdict is no (check errors, a rejected submission, packets that differ from the key);
* 2: usage — the command cannot run as called (`UsageError`: an unknown option, id or
  subset, a path that does not exist, too long or not writable) or here (no checkout, a
  tool or an optional extra missing, a full or read-only disk: `environment_error`);
* 70: an internal error (a bug): one line saying so, the traceback only with OFB_DEBUG=1;
* 130: interrupted (Ctrl-C).
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path


def shown(name: object) -> str:
    """A name (a path, a packet id, a file name) as it is safe to print: every character that
    is not printable — a line break, a control or a direction character, an undecodable
    byte — and the backslash are escaped, so a name like `P004⏎.lean` cannot write text
    into the console or into a one-line message."""
    text = str(name)
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(
        c
        if c.isprintable() and c != "\\"
        else c.encode("unicode_escape", "backslashreplace").decode("ascii")
        for c in text
    )


class OfbError(Exception):
    """An error caused by input or environment, with a message that says what to do."""

    # The command cannot run as called or on this machine; subclasses for bad input say 1.
    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Location:
    """A place in a file: 1-based line and column (column 0 when not known)."""

    path: Path | str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line and self.column:
            return f"{self.path}:{self.line}:{self.column}"
        if self.line:
            return f"{self.path}:{self.line}"
        return str(self.path)


class BadInput(OfbError):
    """A file the command was given cannot be used; the message names it and says why."""

    exit_code = 1


class InputError(BadInput):
    """Bad input at a known place, breaking a named rule."""

    def __init__(self, where: Location, rule: str, message: str) -> None:
        super().__init__(f"{where}: {rule}: {message}")
        self.where = where
        self.rule = rule
        self.detail = message


class UsageError(OfbError):
    """A command was called with arguments that cannot work."""


# What the system said, and what to do: the errors a path, a disk or permissions cause —
# never a bug of ofb, so never exit 70.
_ENVIRONMENT = {
    errno.ENAMETOOLONG: "a name in it is too long for the file system (255 bytes a name, "
    "4096 a path): choose a shorter path",
    errno.EACCES: "permission denied: choose another path, or fix its permissions",
    errno.EPERM: "operation not permitted: choose another path, or fix its permissions",
    errno.EROFS: "the file system is read-only: choose a writable place",
    errno.ENOSPC: "no space left on the device: free some, or choose another place",
    errno.EDQUOT: "disk quota exceeded: free some space, or choose another place",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "it is a folder, where a file belongs",
    errno.ENOENT: "no such file or folder",
    errno.ELOOP: "too many levels of symbolic links",
    errno.EIO: "input/output error from the device",
    errno.EMFILE: "too many open files: raise `ulimit -n`",
    errno.ENFILE: "too many open files in the system",
}


def briefly(name: object, limit: int = 300) -> str:
    """`shown(name)`, its middle cut when longer than `limit`: a path over 4096 bytes is
    recognised by its ends."""
    text = shown(os.fsdecode(name) if isinstance(name, str | bytes | os.PathLike) else name)
    half = limit // 2
    return text if len(text) <= limit else f"{text[:half]}…{text[-half:]}"


def os_advice(exc: OSError) -> str | None:
    """What an `OSError` from a path, a disk or permissions means and what to do; None for
    one that only a bug explains."""
    return _ENVIRONMENT.get(exc.errno or 0)


def environment_error(exc: OSError) -> UsageError | None:
    """The usage error an `OSError` from a path, a disk or permissions stands for (the file
    and the reason), or None for one that only a bug explains."""
    advice = os_advice(exc)
    if advice is None:
        return None
    names = " → ".join(briefly(n) for n in (exc.filename, exc.filename2) if n is not None)
    return UsageError(f"{names}: {advice}" if names else advice)
