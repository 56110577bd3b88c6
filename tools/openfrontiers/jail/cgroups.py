"""Resource limits through cgroups, whichever layout this machine has.

The layout is read from `/proc/self/mountinfo` and `/proc/self/cgroup`, never assumed:

* **v2** (unified): one hierarchy whose `cgroup.controllers` lists `memory`, `pids` and
  `cpu`; a child group gets `memory.max`, `memory.swap.max`, `pids.max`, `cpu.max`, and
  is killed with `cgroup.kill`.
* **v1**: one hierarchy per controller (`memory`, `pids`, `cpu`, `cpuacct`, `freezer`);
  this is what machines of our kind have, where the v2 mount exists but holds no
  controller. The tree is killed by freezing it, signalling every task and thawing.

Each jailed run gets its own group below the group this process is in (so our own limits
still apply on top), named `ofb-jail-<random>`, removed after the run.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

V1_CONTROLLERS = ("memory", "pids", "cpu", "cpuacct", "freezer")
V2_CONTROLLERS = ("memory", "pids", "cpu")
CFS_PERIOD_US = 100_000


@dataclass(frozen=True)
class Mount:
    root: str  # the path of the hierarchy mounted here
    point: Path
    fstype: str
    options: frozenset[str]


def parse_mountinfo(text: str) -> list[Mount]:
    mounts = []
    for line in text.splitlines():
        left, _, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if len(fields) < 5 or len(tail) < 3:
            continue
        unescape = lambda s: s.replace("\\040", " ").replace("\\011", "\t")  # noqa: E731
        mounts.append(
            Mount(
                unescape(fields[3]),
                Path(unescape(fields[4])),
                tail[0],
                frozenset(tail[2].split(",")),
            )
        )
    return mounts


def parse_proc_cgroup(text: str) -> dict[str, str]:
    """`/proc/self/cgroup` → {controller or "" (v2): path}."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        for c in controllers.split(",") if controllers else [""]:
            found[c.removeprefix("name=")] = path
    return found


def _inside(mount: Mount, path: str) -> Path | None:
    """Where the group `path` of this hierarchy is under the mount point."""
    root = mount.root.rstrip("/")
    if root and path != root and not path.startswith(root + "/"):
        return None
    rel = path[len(root) :].lstrip("/")
    return mount.point / rel if rel else mount.point


@dataclass(frozen=True)
class CgroupLayout:
    """Where this process's groups are, per controller (v1) or for the unified tree (v2)."""

    version: str | None  # "v1", "v2" or None (no usable controllers)
    v1: dict[str, Path] = field(default_factory=dict)
    v2: Path | None = None
    reason: str = ""  # why no layout is usable

    @classmethod
    def detect(cls, mountinfo: str | None = None, proc_cgroup: str | None = None) -> CgroupLayout:
        try:
            mountinfo = (
                mountinfo if mountinfo is not None else Path("/proc/self/mountinfo").read_text()
            )
            proc_cgroup = (
                proc_cgroup if proc_cgroup is not None else Path("/proc/self/cgroup").read_text()
            )
        except OSError as exc:
            return cls(None, reason=f"cannot read /proc: {exc}")
        mounts, groups = parse_mountinfo(mountinfo), parse_proc_cgroup(proc_cgroup)
        v2_dir = None
        for m in mounts:
            if m.fstype == "cgroup2" and "" in groups:
                v2_dir = _inside(m, groups[""])
                break
        if v2_dir is not None:
            try:
                available = set((v2_dir / "cgroup.controllers").read_text().split())
            except OSError:
                available = set()
            if set(V2_CONTROLLERS) <= available:
                return cls("v2", v2=v2_dir)
        v1: dict[str, Path] = {}
        for m in mounts:
            if m.fstype != "cgroup":
                continue
            for c in V1_CONTROLLERS:
                if c in m.options and c in groups and c not in v1:
                    where = _inside(m, groups[c])
                    if where is not None:
                        v1[c] = where
        if {"memory", "pids"} <= set(v1):
            return cls("v1", v1=v1)
        missing = ", ".join(c for c in ("memory", "pids") if c not in v1)
        return cls(
            None,
            v2=v2_dir,
            reason=(
                f"no cgroup v2 tree with {'/'.join(V2_CONTROLLERS)} and no v1 {missing} hierarchy"
            ),
        )

    def writable(self) -> bool:
        dirs = [self.v2] if self.version == "v2" else list(self.v1.values())
        return bool(dirs) and all(d is not None and os.access(d, os.W_OK) for d in dirs)

    def describe(self) -> str:
        if self.version == "v2":
            return f"cgroup v2 at {self.v2}"
        if self.version == "v1":
            return "cgroup v1 (" + ", ".join(sorted(self.v1)) + ")"
        return self.reason


@dataclass(frozen=True)
class CgroupStats:
    peak_memory: int | None
    oom_kills: int
    cpu_time: float | None


class Cgroup:
    """One run's group in every hierarchy of the layout."""

    def __init__(self, layout: CgroupLayout, name: str | None = None) -> None:
        if layout.version is None:
            raise ValueError(layout.reason)
        self.layout = layout
        self.name = name or f"ofb-jail-{secrets.token_hex(6)}"
        self.dirs: dict[str, Path] = {}
        if layout.version == "v2":
            parent = layout.v2
            assert parent is not None
            _enable_v2_controllers(parent)
            self.dirs[""] = parent / self.name
        else:
            for c, parent in layout.v1.items():
                self.dirs[c] = parent / self.name
        self.created: list[Path] = []
        for d in self.dirs.values():
            d.mkdir()
            self.created.append(d)

    @property
    def version(self) -> str:
        return self.layout.version or ""

    def _file(self, controller: str, name: str) -> Path | None:
        d = self.dirs.get("" if self.version == "v2" else controller)
        return d / name if d is not None else None

    def _write(self, controller: str, name: str, value: str) -> None:
        f = self._file(controller, name)
        if f is not None and f.exists():
            f.write_text(value)

    def _read(self, controller: str, name: str) -> str | None:
        f = self._file(controller, name)
        try:
            return f.read_text() if f is not None else None
        except OSError:
            return None

    def limit(self, memory: int, processes: int, cpus: float) -> None:
        quota = int(cpus * CFS_PERIOD_US) if cpus > 0 else 0
        if self.version == "v2":
            self._write("memory", "memory.max", str(memory))
            self._write("memory", "memory.swap.max", "0")
            self._write("pids", "pids.max", str(processes))
            self._write("cpu", "cpu.max", f"{quota} {CFS_PERIOD_US}" if quota else "max")
            return
        self._write("memory", "memory.limit_in_bytes", str(memory))
        # Memory+swap equal to memory: the tree cannot escape the limit into swap.
        self._write("memory", "memory.memsw.limit_in_bytes", str(memory))
        self._write("pids", "pids.max", str(processes))
        if quota:
            self._write("cpu", "cpu.cfs_period_us", str(CFS_PERIOD_US))
            self._write("cpu", "cpu.cfs_quota_us", str(quota))

    def procs_files(self) -> list[Path]:
        """The `cgroup.procs` files a process writes its pid to, to join the group."""
        return [d / "cgroup.procs" for d in self.dirs.values()]

    def pids(self) -> set[int]:
        found: set[int] = set()
        for d in self.dirs.values():
            with contextlib.suppress(OSError):
                found |= {int(x) for x in (d / "cgroup.procs").read_text().split()}
        return found

    def cpu_time(self) -> float | None:
        if self.version == "v2":
            text = self._read("cpu", "cpu.stat") or ""
            for line in text.splitlines():
                if line.startswith("usage_usec "):
                    return int(line.split()[1]) / 1e6
            return None
        usage = self._read("cpuacct", "cpuacct.usage")
        return int(usage) / 1e9 if usage and usage.strip().isdigit() else None

    def stats(self) -> CgroupStats:
        if self.version == "v2":
            peak = self._read("memory", "memory.peak")
            events = self._read("memory", "memory.events") or ""
            oom = _field(events, "oom_kill")
        else:
            peak = self._read("memory", "memory.max_usage_in_bytes")
            oom = _field(self._read("memory", "memory.oom_control") or "", "oom_kill")
            if oom is None:  # kernels before 4.13 have no counter; hitting the limit is the sign
                failcnt = self._read("memory", "memory.failcnt")
                oom = 1 if failcnt and int(failcnt) > 0 else 0
        return CgroupStats(
            int(peak) if peak and peak.strip().isdigit() else None, oom or 0, self.cpu_time()
        )

    def kill_all(self, timeout: float = 5.0) -> bool:
        """SIGKILL every task of the group, including orphans; True once it is empty."""
        deadline = time.monotonic() + timeout
        if self.version == "v2" and self._file("", "cgroup.kill") is not None:
            with contextlib.suppress(OSError):
                self._write("", "cgroup.kill", "1")
        freezer = self._file("freezer", "freezer.state")
        while True:
            pids = self.pids()
            if not pids:
                return True
            frozen = False
            if freezer is not None and freezer.exists():
                try:
                    freezer.write_text("FROZEN")  # no fork can race the kill while frozen
                    frozen = True
                except OSError:
                    pass
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            if frozen:
                freezer.write_text("THAWED")  # type: ignore[union-attr]
            if time.monotonic() > deadline:
                return not self.pids()
            time.sleep(0.01)

    def destroy(self) -> None:
        self.kill_all()
        for d in reversed(self.created):
            for _ in range(100):
                try:
                    d.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:  # busy until the last task is reaped
                    time.sleep(0.01)


def _field(text: str, key: str) -> int | None:
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == key and parts[1].isdigit():
            return int(parts[1])
    return None


def _enable_v2_controllers(parent: Path) -> None:
    control = parent / "cgroup.subtree_control"
    try:
        enabled = set(control.read_text().split())
    except OSError:
        return
    missing = [c for c in V2_CONTROLLERS if c not in enabled]
    if missing:
        # Without them the group is created anyway and `limit` writes are skipped.
        with contextlib.suppress(OSError):
            control.write_text(" ".join("+" + c for c in missing))
