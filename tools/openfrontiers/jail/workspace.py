"""The jail's one writable directory, on a file system of a fixed size.

As root, a run's work dir is staged on its own tmpfs (`size=` caps it), owned by the jail's
uid: the host directory's contents are copied in before the run and copied back after it.
Without root no file system can be mounted; the host directory is then used as it is and
only the per-file size limit applies (`capped` is false, and the jail check reports it).

Copying back reads what untrusted code wrote, as root, onto the host's disk, so it checks
everything before it copies anything (`inventory`):

* only what the caller asks for (`copy_back` patterns) or, without patterns, the whole
  tree — never more than `max_files` entries;
* regular files and directories only: a symbolic link anywhere on the way, a hard-linked
  file, a device, FIFO or socket is refused;
* no sparse file (fewer bytes allocated than its length: a hole the copy would write out),
  no file beyond `file_size`, and at most `size` bytes of apparent size in all.

Anything refused fails the run with the reason (`CopyBackRefused`) and leaves the host
directory as it was; the tmpfs is unmounted either way.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import fnmatch
import os
import shutil
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from ..errors import OfbError
from .policy import JailPolicy
from .result import JailResult

MS_NOSUID, MS_NODEV = 0x2, 0x4
MNT_DETACH = 0x2
MAX_FILES = 20_000  # entries copied back when the caller does not say
_OPEN_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_OPEN_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class CopyBackRefused(OfbError):
    """What a jailed run left in its work dir is not copied back (the reason says why)."""


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def mount_tmpfs(target: Path, size: int, uid: int, gid: int) -> None:
    options = f"size={size},mode=0700,uid={uid},gid={gid}".encode()
    if _libc().mount(b"tmpfs", str(target).encode(), b"tmpfs", MS_NOSUID | MS_NODEV, options) != 0:
        err = ctypes.get_errno()
        raise OfbError(f"cannot mount a tmpfs on {target}: {os.strerror(err)}")


def unmount(target: Path) -> None:
    _libc().umount2(str(target).encode(), MNT_DETACH)


def copy_tree(src: Path, dst: Path, uid: int | None = None, gid: int | None = None) -> list[str]:
    """Copy regular files and directories from `src` into `dst`; return what was skipped.
    (Copying in: `src` is the caller's own directory.)"""
    skipped: list[str] = []
    for dirpath, dirnames, filenames in os.walk(src, followlinks=False):
        rel = Path(dirpath).relative_to(src)
        target_dir = dst / rel
        target_dir.mkdir(exist_ok=True)
        if uid is not None:
            os.chown(target_dir, uid, gid if gid is not None else -1)
        for name in list(dirnames):
            if os.path.islink(os.path.join(dirpath, name)):
                dirnames.remove(name)
                skipped.append(str(rel / name))
        for name in filenames:
            source = Path(dirpath) / name
            st = os.lstat(source)
            if not stat.S_ISREG(st.st_mode):
                skipped.append(str(rel / name))
                continue
            target = target_dir / name
            if target.is_symlink() or (target.exists() and not target.is_file()):
                _remove(target)
            shutil.copyfile(source, target, follow_symlinks=False)
            os.chmod(target, st.st_mode & 0o777 & ~0o022 | 0o600)
            if uid is not None:
                os.chown(target, uid, gid if gid is not None else -1)
    return skipped


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


@dataclass(frozen=True)
class Entry:
    rel: PurePosixPath
    is_dir: bool
    size: int
    mode: int


@dataclass(frozen=True)
class CopyLimits:
    """What copying back may take: entries, bytes in all, bytes per file."""

    max_files: int = MAX_FILES
    max_bytes: int = 1 << 30
    max_file_bytes: int = 1 << 30


def _check_file(rel: PurePosixPath, st: os.stat_result, limits: CopyLimits) -> Entry:
    if stat.S_ISLNK(st.st_mode):
        raise CopyBackRefused(f"{rel} is a symbolic link")
    if stat.S_ISDIR(st.st_mode):
        return Entry(rel, True, 0, st.st_mode)
    if not stat.S_ISREG(st.st_mode):
        raise CopyBackRefused(f"{rel} is not a regular file (a device, FIFO or socket)")
    if st.st_nlink != 1:
        raise CopyBackRefused(f"{rel} is hard-linked ({st.st_nlink} names)")
    if st.st_size > limits.max_file_bytes:
        raise CopyBackRefused(
            f"{rel} is {st.st_size} bytes long, more than the {limits.max_file_bytes} a file "
            "may hold"
        )
    if st.st_blocks * 512 < st.st_size:
        raise CopyBackRefused(
            f"{rel} is sparse ({st.st_size} bytes long, {st.st_blocks * 512} allocated): "
            "copying it would write out its holes"
        )
    return Entry(rel, False, st.st_size, st.st_mode)


class _Inventory:
    """The entries to copy back from `root`, found without following any link."""

    def __init__(self, root: Path, limits: CopyLimits) -> None:
        self.root = root
        self.limits = limits
        self.entries: dict[PurePosixPath, Entry] = {}
        self.total = 0

    def add(self, entry: Entry) -> None:
        if entry.rel in self.entries:
            return
        if len(self.entries) >= self.limits.max_files:
            raise CopyBackRefused(
                f"more than {self.limits.max_files} files and directories to copy back"
            )
        self.total += entry.size
        if self.total > self.limits.max_bytes:
            raise CopyBackRefused(
                f"more than {self.limits.max_bytes} bytes (apparent size) to copy back"
            )
        self.entries[entry.rel] = entry

    def lstat(self, rel: PurePosixPath) -> os.stat_result | None:
        """`lstat` of `rel`, refusing a link or a non-directory on the way to it."""
        fd = os.open(self.root, _OPEN_DIR)
        try:
            for part in rel.parts[:-1]:
                try:
                    nxt = os.open(part, _OPEN_DIR, dir_fd=fd)
                except FileNotFoundError:
                    return None
                except OSError as exc:
                    raise CopyBackRefused(
                        f"{rel}: {part} on the way is not a plain directory ({exc.strerror})"
                    ) from None
                os.close(fd)
                fd = nxt
            try:
                return os.lstat(rel.parts[-1], dir_fd=fd)
            except FileNotFoundError:
                return None
        finally:
            os.close(fd)

    def walk(self, rel: PurePosixPath) -> None:
        """Every entry below the directory `rel` (already added), depth first."""
        stack = [rel]
        while stack:
            current = stack.pop()
            with os.scandir(self.root / current) as it:
                for item in it:
                    child = current / item.name
                    entry = _check_file(child, item.stat(follow_symlinks=False), self.limits)
                    self.add(entry)
                    if entry.is_dir:
                        stack.append(child)

    def pattern(self, pattern: str) -> None:
        """The entries matching `pattern`: a relative path whose components may hold
        wildcards (`*`, `?`, `[…]`); a matched directory brings everything below it."""
        parts = PurePosixPath(pattern).parts
        if not parts or PurePosixPath(pattern).is_absolute() or ".." in parts:
            raise OfbError(f"copy-back pattern {pattern!r} must be a relative path")
        prefixes = [PurePosixPath()]
        for depth, part in enumerate(parts):
            found: list[PurePosixPath] = []
            for prefix in prefixes:
                if any(ch in part for ch in "*?["):
                    names = self.listdir(prefix)
                    candidates = [prefix / n for n in names if fnmatch.fnmatchcase(n, part)]
                else:
                    candidates = [prefix / part]
                for candidate in candidates:
                    st = self.lstat(candidate)
                    if st is None:
                        continue
                    last = depth == len(parts) - 1
                    if not last and not stat.S_ISDIR(st.st_mode):
                        if stat.S_ISLNK(st.st_mode):
                            raise CopyBackRefused(f"{candidate} is a symbolic link")
                        continue
                    if last:
                        entry = _check_file(candidate, st, self.limits)
                        for parent in reversed(candidate.parents[:-1]):
                            self.add(Entry(parent, True, 0, 0o755))
                        self.add(entry)
                        if entry.is_dir:
                            self.walk(candidate)
                    else:
                        found.append(candidate)
            prefixes = found

    def listdir(self, rel: PurePosixPath) -> list[str]:
        """The names in the directory `rel`, refusing one with too many entries."""
        names: list[str] = []
        if rel.parts:
            st = self.lstat(rel)
            if st is None or not stat.S_ISDIR(st.st_mode):
                return names
        with os.scandir(self.root / rel) as it:
            for item in it:
                names.append(item.name)
                if len(names) > self.limits.max_files:
                    raise CopyBackRefused(
                        f"{rel or '.'} holds more than {self.limits.max_files} entries"
                    )
        return sorted(names)


def inventory(root: Path, patterns: Sequence[str] | None, limits: CopyLimits) -> list[Entry]:
    """What copying back would copy from `root` (see the module docstring), in an order
    where every directory comes before what it holds; `CopyBackRefused` says why not."""
    found = _Inventory(root, limits)
    if patterns is None:
        found.walk(PurePosixPath())
    else:
        for pattern in patterns:
            found.pattern(pattern)
    return sorted(found.entries.values(), key=lambda e: (len(e.rel.parts), str(e.rel)))


def copy_entries(src: Path, dst: Path, entries: Sequence[Entry]) -> None:
    """Copy the inventoried entries from `src` into `dst`: files opened without following
    links, checked again once open, and never copied beyond their inventoried length."""
    for entry in entries:
        target = dst / entry.rel
        if entry.is_dir:
            if target.is_symlink() or (target.exists() and not target.is_dir()):
                _remove(target)
            target.mkdir(mode=0o755, exist_ok=True)
            continue
        fd = os.open(src / entry.rel, _OPEN_FILE)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_size != entry.size or st.st_nlink != 1:
                raise CopyBackRefused(f"{entry.rel} changed while it was copied back")
            if target.is_symlink() or (target.exists() and not target.is_file()):
                _remove(target)
            out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
            try:
                left = entry.size
                while left > 0:
                    chunk = os.read(fd, min(left, 1 << 20))
                    if not chunk:
                        break
                    os.write(out, chunk)
                    left -= len(chunk)
            finally:
                os.close(out)
            os.chmod(target, entry.mode & 0o777 & ~0o022 | 0o600)
        finally:
            os.close(fd)


def replace_contents(
    dst: Path,
    src: Path,
    limits: CopyLimits | None = None,
    patterns: Sequence[str] | None = None,
) -> None:
    """Make `dst` hold what `src` holds — all of it, or (on top of what `dst` has) the
    entries `patterns` name. Every entry is checked first (`inventory`): when one is
    refused, nothing is copied and `dst` is left as it was."""
    try:
        entries = inventory(src, patterns, limits or CopyLimits())
    except OSError as exc:
        raise CopyBackRefused(f"the work dir cannot be read back: {exc}") from None
    if patterns is None:
        for child in list(dst.iterdir()):
            _remove(child)
    copy_entries(src, dst, entries)


class StagedWorkDir:
    """A size-capped copy of a host directory for one run (see the module docstring).

    `copy_back` (patterns relative to the work dir; None: the whole tree) says what comes
    back after the run; `max_files` and `file_size` bound it, besides `size`."""

    def __init__(
        self,
        host_dir: Path,
        size: int,
        uid: int,
        gid: int,
        copy_back: Sequence[str] | None = None,
        max_files: int = MAX_FILES,
        file_size: int | None = None,
    ) -> None:
        self.host_dir = Path(host_dir)
        self.size, self.uid, self.gid = size, uid, gid
        self.patterns = None if copy_back is None else tuple(copy_back)
        self.limits = CopyLimits(max_files, size, min(size, file_size or size))
        self.path: Path = self.host_dir
        self.capped = False
        self._staging: str | None = None

    def __enter__(self) -> StagedWorkDir:
        if not self.host_dir.is_dir():
            raise OfbError(f"jail work dir {self.host_dir} is not a directory")
        if os.geteuid() != 0:
            return self
        self._staging = tempfile.mkdtemp(prefix="ofb-work-")
        staging = Path(self._staging)
        try:
            mount_tmpfs(staging, self.size, self.uid, self.gid)
            self.capped = True
            copy_tree(self.host_dir, staging, self.uid, self.gid)
        except OSError as exc:  # the copy did not fit: the caller's input exceeds the cap
            self._cleanup()
            raise OfbError(
                f"the work dir {self.host_dir} does not fit in {self.size} bytes: {exc}"
            ) from None
        except BaseException:
            self._cleanup()
            raise
        self.path = staging
        return self

    def copy_back(self) -> None:
        """Copy back what was asked for, or raise `CopyBackRefused` and copy nothing."""
        if self._staging is None:
            return
        replace_contents(self.host_dir, Path(self._staging), self.limits, self.patterns)

    def _cleanup(self) -> None:
        if self._staging is None:
            return
        if self.capped:
            unmount(Path(self._staging))
        shutil.rmtree(self._staging, ignore_errors=True)
        self._staging = None

    def __exit__(self, *exc: object) -> None:
        self._cleanup()


def staged_work_dir(policy: JailPolicy, uid: int, gid: int) -> StagedWorkDir:
    """The staged work dir of a run under `policy` (its `work_dir` must be set)."""
    assert policy.work_dir is not None
    return StagedWorkDir(
        policy.work_dir,
        policy.work_size,
        uid,
        gid,
        policy.copy_back,
        policy.copy_back_files,
        policy.limits.file_size,
    )


def copy_back(staged: StagedWorkDir | None, result: JailResult) -> JailResult:
    """Copy the run's work dir back; a refusal becomes the run's outcome (`work`), so one
    hostile run fails alone instead of stopping its caller."""
    if staged is None:
        return result
    try:
        staged.copy_back()
    except CopyBackRefused as exc:
        return replace(result, work_refused=str(exc))
    return result
