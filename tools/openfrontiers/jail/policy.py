"""What a jailed command may see and use: one policy shared by every backend."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import UsageError

KiB, MiB, GiB = 1 << 10, 1 << 20, 1 << 30

# Top-level system directories a dynamically linked program needs; on merged-/usr systems
# most are symlinks into /usr and are recreated as symlinks inside the jail.
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# Single files from /etc that programs read at start (the dynamic linker's cache, the
# alternatives symlinks under /usr/bin point into /etc/alternatives).
SYSTEM_ETC = ("/etc/ld.so.cache", "/etc/alternatives")

# The unprivileged identity jailed processes run as (nobody/nogroup on Debian).
JAIL_UID = 65534
JAIL_GID = 65534


@dataclass(frozen=True)
class Limits:
    """Resource limits of one jailed run. Sizes in bytes, times in seconds."""

    memory: int = 8 * GiB  # resident memory of the whole process tree
    processes: int = 512  # tasks (processes and threads) alive at once
    cpus: float = 1.0  # CPU cores (a CFS quota); 0 means no quota
    cpu_seconds: float | None = None  # CPU time of the whole tree; None means no cap
    wall_seconds: float = 600.0  # wall-clock time; the whole tree is killed after it
    file_size: int = 2 * GiB  # largest file a process may write (RLIMIT_FSIZE)
    output: int = 16 * MiB  # bytes kept of stdout and of stderr each; the rest is dropped

    def __post_init__(self) -> None:
        for name in ("memory", "processes", "file_size", "output"):
            if getattr(self, name) <= 0:
                raise UsageError(f"jail limit {name} must be positive")
        if (
            self.wall_seconds <= 0
            or self.cpus < 0
            or (self.cpu_seconds is not None and self.cpu_seconds <= 0)
        ):
            raise UsageError("jail time limits must be positive")


@dataclass(frozen=True)
class JailPolicy:
    """Paths, environment and limits of a jailed run.

    * `read_only`: host paths visible inside at the same place, read-only. Nothing else of
      the host file system is visible (never `/` itself: host Unix sockets would stay
      reachable through their paths).
    * `work_dir`: the one writable host directory, at the same place inside; its contents
      are staged on a file system of `work_size` bytes and copied back after the run —
      what `copy_back` names (patterns relative to the work dir; `None`: everything), at
      most `copy_back_files` entries, regular files and directories only, none sparse
      (`jail/workspace.py`); anything else fails the run. `None`: a fresh empty work dir
      at `/work`.
    * `work_source`: instead, a host directory bound as it is at `work_dir` (no staging, no
      copy back), for a work dir that outlives one run (the attempt harness's, on a tmpfs of
      its own). The caller caps its size and reads what jailed code left there with care
      (no symlink followed).
    * `/tmp` is always a fresh file system of `tmp_size` bytes.
    * `env`: the whole environment of the command (nothing is inherited).
    """

    read_only: tuple[Path, ...] = ()
    work_dir: Path | None = None
    work_size: int = 1 * GiB
    tmp_size: int = 256 * MiB
    env: tuple[tuple[str, str], ...] = (("PATH", "/usr/bin:/bin"), ("LANG", "C.UTF-8"))
    cwd: Path | None = None
    limits: Limits = field(default_factory=Limits)
    files: tuple[tuple[str, bytes], ...] = ()  # extra read-only files: (path inside, content)
    copy_back: tuple[str, ...] | None = None  # what comes back from the work dir (None: all)
    copy_back_files: int = 20_000
    work_source: Path | None = None  # a host directory bound as is at work_dir (see above)

    def __post_init__(self) -> None:
        for p in self.read_only:
            if not Path(p).is_absolute():
                raise UsageError(f"jail read-only path must be absolute: {p}")
            if Path(p) == Path("/"):
                raise UsageError("the jail never binds / (host sockets would be reachable)")
        if self.work_dir is not None and not Path(self.work_dir).is_absolute():
            raise UsageError(f"jail work dir must be absolute: {self.work_dir}")
        if self.work_source is not None and (
            self.work_dir is None or not Path(self.work_source).is_absolute()
        ):
            raise UsageError("a jail work source needs an absolute path and a work_dir")
        if self.work_size <= 0 or self.tmp_size <= 0:
            raise UsageError("jail work dir and /tmp sizes must be positive")
        if self.copy_back_files <= 0:
            raise UsageError("jail copy_back_files must be positive")

    @property
    def work_path(self) -> Path:
        """Where the work dir is inside the jail."""
        return Path(self.work_dir) if self.work_dir is not None else Path("/work")

    @property
    def environment(self) -> dict[str, str]:
        return dict(self.env)

    def with_env(self, **values: str) -> JailPolicy:
        env = dict(self.env)
        env.update(values)
        return replace(self, env=tuple(env.items()))

    def with_limits(self, **values: Any) -> JailPolicy:
        return replace(self, limits=replace(self.limits, **values))

    def with_read_only(self, *paths: Path | str) -> JailPolicy:
        seen = list(self.read_only)
        for p in paths:
            p = Path(p)
            if p not in seen:
                seen.append(p)
        return replace(self, read_only=tuple(seen))


def system_paths() -> tuple[Path, ...]:
    """The system directories and files that exist here (symlinks included as such)."""
    return tuple(Path(p) for p in (*SYSTEM_DIRS, *SYSTEM_ETC) if os.path.lexists(p))


def python_paths() -> tuple[Path, ...]:
    """What the running Python interpreter needs to start inside the jail."""
    prefix = Path(sys.base_prefix).resolve()
    exe = Path(sys.executable).resolve()
    paths = [prefix]
    if not exe.is_relative_to(prefix):
        paths.append(exe.parent)
    return tuple(p for p in paths if not any(p.is_relative_to(s) for s in system_paths()))


def python_executable() -> Path:
    return Path(sys.executable).resolve()


def base_policy(**kwargs: Any) -> JailPolicy:
    """A policy that sees the system directories and nothing else of the host."""
    extra = tuple(Path(p) for p in kwargs.pop("read_only", ()))
    return JailPolicy(read_only=system_paths() + extra, **kwargs)
