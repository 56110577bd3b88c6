"""The agent jail: the project's bwrap jail, with a loopback-only network and three exits.

Per attempt, on the host:

    /run/ofb-harness/<pid>-<token>/
      work/    a tmpfs of `work_size` (as root), bound at /attempt in the jail:
               work/  the packet workspace, the agent's working directory
               home/  the agent's home (its session files, its CLI's config)
      sock/    the host services' Unix sockets, bound read-only at the same path

Inside, the forwarder (`forwarder.py`) listens on the jail's 127.0.0.1 and relays to
those sockets; the agent CLI runs under it. The jail is `BwrapBackend(seccomp_profile=
"agent")`: every protection of the grading jail, except that sockets of the families
AF_UNIX/AF_INET/AF_INET6 are allowed (seccomp.py) — in a network namespace whose only
interface is `lo`. Nothing else of the host is visible: not the checkout, the packets'
folder, the evaluator key, the answers or any grading workspace.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import UsageError, shown
from ..jail.policy import JailPolicy, Limits, python_paths, system_paths
from ..jail.uids import Ids, lease
from ..jail.workspace import copy_tree, mount_tmpfs, unmount
from ..project import LIBRARY
from .config import AttemptLimits, EvaluatorConfig

INSIDE = Path("/attempt")
INSIDE_WORK = INSIDE / "work"
INSIDE_HOME = INSIDE / "home"
FORWARDER = "/opt/ofb/forwarder.py"
PORTS = {"gateway": 41001, "mcp": 41002, "proxy": 41003}
RUN_ROOT = Path("/run/ofb-harness")
# Public, read-only system files an agent CLI reads at start (TLS roots for condition C).
EXTRA_SYSTEM = ("/etc/ssl", "/etc/ca-certificates", "/etc/pki")
HOSTS = b"127.0.0.1 localhost\n::1 localhost\n"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale(root: Path = RUN_ROOT) -> list[Path]:
    """Unmount and remove the areas of harness processes that died (a crashed run)."""
    removed: list[Path] = []
    if not root.is_dir():
        return removed
    for area in root.iterdir():
        pid_text = area.name.split("-", 1)[0]
        if not pid_text.isdigit() or _alive(int(pid_text)):
            continue
        with contextlib.suppress(OSError):
            unmount(area / "work")
        shutil.rmtree(area, ignore_errors=True)
        removed.append(area)
    return removed


class WorkArea:
    """The attempt's capped work dir and socket folder on the host. As root it also holds
    the attempt's jail uid (`jail/uids.py`) for its whole life: the work area belongs to
    that uid, and every jailed run of the attempt uses it (`ids`)."""

    def __init__(self, packet: Path, size: int) -> None:
        self.packet = packet
        self.size = size
        self.capped = False
        self.ids: Ids | None = None  # None: not root, the jail's default identity
        self._lease = contextlib.ExitStack()
        root = RUN_ROOT if os.geteuid() == 0 else Path(tempfile.gettempdir()) / "ofb-harness"
        root.mkdir(mode=0o755, parents=True, exist_ok=True)
        self.root = root / f"{os.getpid()}-{secrets.token_hex(6)}"
        self.work = self.root / "work"
        self.sock = self.root / "sock"

    def __enter__(self) -> WorkArea:
        self.root.mkdir(mode=0o755)
        self.work.mkdir(mode=0o755)
        self.sock.mkdir(mode=0o755)
        try:
            ids = None
            if os.geteuid() == 0:
                ids = self.ids = self._lease.enter_context(lease())
                mount_tmpfs(self.work, self.size, ids.uid, ids.gid)
                self.capped = True
            (self.work / "work").mkdir()
            (self.work / "home").mkdir()
            if ids is not None:
                copy_tree(self.packet, self.work / "work", ids.uid, ids.gid)
                os.chown(self.work / "home", ids.uid, ids.gid)
                os.chown(self.work / "work", ids.uid, ids.gid)
            else:
                copy_tree(self.packet, self.work / "work")
        except BaseException:
            self.close()
            raise
        return self

    def free_bytes(self) -> int:
        st = os.statvfs(self.work)
        return st.f_bavail * st.f_frsize

    def used_bytes(self) -> int:
        st = os.statvfs(self.work)
        return (st.f_blocks - st.f_bfree) * st.f_frsize

    def full(self) -> bool:
        """No room left worth the name: the disk quota is spent."""
        return self.capped and self.free_bytes() < max(self.size // 200, 1 << 20)

    def write_home_file(self, rel: str, text: str) -> None:
        """A file the harness puts in the agent's home (its CLI's config)."""
        target = self.work / "home" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        if self.ids is not None:
            for p in [target, *target.parents]:
                if p == self.work / "home":
                    break
                os.chown(p, self.ids.uid, self.ids.gid)

    def write_work_file(self, rel: str, text: str) -> None:
        """A file of the workspace the harness rewrites before the agent's first round (a
        fresh copy of the packet then: nothing of the agent's is there to follow)."""
        target = self.work / "work" / rel
        target.unlink(missing_ok=True)
        target.write_text(text, encoding="utf-8")
        if self.ids is not None:
            os.chown(target, self.ids.uid, self.ids.gid)

    def close(self) -> None:
        if self.capped:
            unmount(self.work)
            self.capped = False
        shutil.rmtree(self.root, ignore_errors=True)
        self._lease.close()  # the uid is free once nothing of it is left
        self.ids = None

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True)
class AgentMounts:
    """What the agent jail binds read-only besides the system."""

    agent_dir: Path | None  # the CLI's package folder
    path_dirs: tuple[Path, ...]  # folders put first on PATH
    toolchain: Path | None
    mathlib: Path | None


def forwarder_source() -> bytes:
    return Path(__file__).with_name("forwarder.py").read_bytes()


def agent_policy(
    area: WorkArea,
    mounts: AgentMounts,
    limits: AttemptLimits,
    wall_seconds: float,
    env: dict[str, str],
) -> JailPolicy:
    python_bin = Path(sys.executable).resolve().parent
    path = [str(p) for p in mounts.path_dirs]
    if mounts.toolchain is not None:
        path.append(str(mounts.toolchain / "bin"))
    path += [str(python_bin), "/usr/local/bin", "/usr/bin", "/bin"]
    read_only: list[Path] = [*system_paths(), *python_paths(), area.sock]
    read_only += [Path(p) for p in EXTRA_SYSTEM if os.path.exists(p)]
    for extra in (mounts.agent_dir, mounts.toolchain, mounts.mathlib):
        if extra is not None and extra not in read_only:
            read_only.append(extra)
    base_env = {
        "PATH": ":".join(dict.fromkeys(path)),
        "HOME": str(INSIDE_HOME),
        "USER": "jail",
        "LOGNAME": "jail",
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "TMPDIR": "/tmp",
        "SHELL": "/bin/bash" if os.path.exists("/bin/bash") else "/bin/sh",
        # git in the sandbox must trust Mathlib's packages, which belong to another user.
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": "safe.directory",
        "GIT_CONFIG_VALUE_0": "*",
    }
    base_env.update(env)
    return JailPolicy(
        read_only=tuple(dict.fromkeys(read_only)),
        work_dir=INSIDE,
        work_source=area.work,
        work_size=limits.work_size,
        tmp_size=limits.tmp_size,
        env=tuple(base_env.items()),
        cwd=INSIDE_WORK,
        limits=Limits(
            memory=limits.memory,
            processes=limits.processes,
            cpus=limits.cpus,
            wall_seconds=max(wall_seconds, 1.0),
            file_size=limits.work_size,
        ),
        files=((FORWARDER, forwarder_source()), ("/etc/hosts", HOSTS)),
    )


def forwarded(area: WorkArea, services: tuple[str, ...], argv: list[str]) -> list[str]:
    """`argv` under the forwarder, with one loopback port per running host service."""
    python = str(Path(sys.executable).resolve())
    maps: list[str] = []
    for name in services:
        maps += ["--map", f"{PORTS[name]}={area.sock / (name + '.sock')}"]
    return [python, FORWARDER, *maps, "--", *argv]


def loopback_url(service: str) -> str:
    return f"http://127.0.0.1:{PORTS[service]}"


def evaluator_mounts(
    config: EvaluatorConfig, agent_dir: Path | None, path_dirs: list[Path]
) -> AgentMounts:
    return AgentMounts(agent_dir, tuple(path_dirs), config.toolchain, config.mathlib)


# The agent's program, when its profile binds no folder (`bind_up = 0`, the generic agent):
# copied into the attempt's area, read-only, and shown to the jail alone.
AGENT_FOLDER = "agent"
# Entries looked at in a CLI folder before it is bound; a folder larger than this is refused
# rather than shown unread.
MAX_FOLDER_ENTRIES = 200_000


def stage_executable(area: WorkArea, exe: Path) -> Path:
    """A copy of `exe` in the area's own `agent/` folder (root's, read-only to the jail):
    the jail sees that copy and nothing of the folder `exe` came from."""
    folder = area.root / AGENT_FOLDER
    folder.mkdir(mode=0o755, exist_ok=True)
    copy = folder / exe.name
    shutil.copyfile(exe, copy)
    copy.chmod(0o555)
    return copy


def _is_checkout(folder: Path) -> bool:
    return (folder / LIBRARY).is_dir() and (
        (folder / "lakefile.toml").is_file() or (folder / LIBRARY / "evaluator").is_dir()
    )


def refuse_exposed_folder(folder: Path, private: tuple[Path, ...] = ()) -> None:
    """Raise unless `folder` may be bound into the agent jail: the grading rule for tools
    (grade/tools.py) applied to an agent CLI's folder. Refused: a folder inside a checkout
    of this repository, or one that holds a checkout, an evaluator key (`*.key.json`),
    answers (`answers.toml`), evaluator data (`FrontierBench/evaluator`) or any of the
    `private` paths (the packets' folder) — the jail would show them to the agent."""
    folder = folder.resolve()
    why = (
        "binding it would show the agent what it holds; put the agent's CLI in a folder of "
        "its own (or give a profile with bind_up = 0, which copies the program in alone)"
    )
    for parent in (folder, *folder.parents):
        if _is_checkout(parent):
            raise UsageError(
                f"agent folder {shown(folder)} is inside the checkout {shown(parent)}: {why}"
            )
    for place in private:
        place = place.resolve()
        if place == folder or place.is_relative_to(folder):
            raise UsageError(f"agent folder {shown(folder)} holds {shown(place)}: {why}")
    seen = 0
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        seen += len(dirs) + len(files)
        if seen > MAX_FOLDER_ENTRIES:
            raise UsageError(
                f"agent folder {shown(folder)} holds more than {MAX_FOLDER_ENTRIES} entries, "
                f"too many to look through before it is shown to the agent: {why}"
            )
        if _is_checkout(here):
            raise UsageError(f"agent folder {shown(folder)} holds a checkout {shown(here)}: {why}")
        found = [f for f in files if f.endswith(".key.json") or f == "answers.toml"]
        if found:
            raise UsageError(
                f"agent folder {shown(folder)} holds evaluator data {shown(here / found[0])}: {why}"
            )
