"""The jail's one writable directory, on a file system of a fixed size.

As root, a run's work dir is staged on its own tmpfs (`size=` caps it), owned by the jail's
uid: the host directory's contents are copied in before the run and copied back after it.
Copying back takes regular files and directories only: a symlink, device or FIFO the jailed
code made is dropped, so nothing it leaves can point a later reader at a host file.
Without root no file system can be mounted; the host directory is then used as it is and
only the per-file size limit applies (`capped` is false, and the jail check reports it).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import stat
import tempfile
from pathlib import Path

from ..errors import OfbError

MS_NOSUID, MS_NODEV = 0x2, 0x4
MNT_DETACH = 0x2


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
    """Copy regular files and directories from `src` into `dst`; return what was skipped."""
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


def replace_contents(dst: Path, src: Path) -> list[str]:
    """Make `dst` hold what `src` holds (regular files and directories only)."""
    for child in list(dst.iterdir()):
        _remove(child)
    return copy_tree(src, dst)


class StagedWorkDir:
    """A size-capped copy of a host directory for one run (see the module docstring)."""

    def __init__(self, host_dir: Path, size: int, uid: int, gid: int) -> None:
        self.host_dir = Path(host_dir)
        self.size, self.uid, self.gid = size, uid, gid
        self.path: Path = self.host_dir
        self.capped = False
        self.skipped: list[str] = []
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
        if self._staging is not None:
            self.skipped = replace_contents(self.host_dir, Path(self._staging))

    def _cleanup(self) -> None:
        if self._staging is None:
            return
        if self.capped:
            unmount(Path(self._staging))
        shutil.rmtree(self._staging, ignore_errors=True)
        self._staging = None

    def __exit__(self, *exc) -> None:
        self._cleanup()
