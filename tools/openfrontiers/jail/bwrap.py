"""The default jail on Linux: bubblewrap, seccomp, cgroups and an unprivileged uid.

A run is one chain of `exec`s, each step doing one thing and handing over:

    sh (joins the run's cgroups)  →  prlimit (file size, core, CPU time; without cgroups
                                         address space: all per process)
      →  bwrap (new mount, pid, network, IPC, UTS and cgroup namespaces; a fresh root
                holding read-only binds of exactly the policy's paths, the work dir, a
                capped /tmp; a cleared environment; the seccomp filter)
      →  setpriv (the jail's uid and gid on the host, no groups, no capabilities in any
                  set, NoNewPrivs)
      →  prlimit, without cgroups only (RLIMIT_NPROC: the tasks of the jail's uid)
      →  the command

As root, bubblewrap builds the sandbox with root's rights (so read-only paths may lie under
directories the jail's uid cannot enter, such as `/root/.elan`) and `setpriv` then makes
the command an unprivileged *host* uid, one of its own for each run (`uids.py`): a user
namespace would map the jail's uid back to host root, which is weaker, so none is made.
Without root, bubblewrap makes a user namespace (mapping the caller to the jail's uid) and
limits fall back to rlimits.

RLIMIT_NPROC is not a per-process limit: the kernel counts every task of the process's
real uid in its user namespace. The jail's uid is its own (as root) and its user namespace
is its own (without root), and the limit is set inside bubblewrap, so it counts the jail's
tree alone — never the other processes of the host, of uid 65534 or of the caller.

The tree dies with its pid namespace: when the command's init exits, or when the wall-clock
watchdog kills bubblewrap (`--die-with-parent`), the kernel kills every process left in
the namespace, orphans started with `setsid` included; with cgroups every task of the
group is killed as well.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from contextlib import ExitStack, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..errors import OfbError
from . import seccomp
from .backend import BackendStatus, exit_and_signal, kill_group, wait_tree
from .cgroups import Cgroup, CgroupLayout
from .policy import JAIL_GID, JAIL_UID, JailPolicy, base_policy
from .result import CappedReader, JailResult
from .uids import Ids, lease
from .workspace import StagedWorkDir, copy_back, staged_work_dir

# Joins every cgroup.procs file named before `--`, then execs the rest.
_JOIN_CGROUPS = (
    'for f do [ "$f" = -- ] && break; echo $$ > "$f" || exit 125; shift; done; shift; exec "$@"'
)


@dataclass(frozen=True)
class Hardening:
    """The protections of the jail, all on. Switching one off exists only so that tests can
    show that `ofb jail check` notices a weakened jail."""

    seccomp: bool = True
    unshare_net: bool = True
    drop_uid: bool = True
    cgroups: bool = True
    extra_read_only: tuple[Path, ...] = ()  # host paths a weakened jail also exposes


class BwrapBackend:
    name = "bwrap"

    def __init__(
        self,
        hardening: Hardening = Hardening(),
        layout: CgroupLayout | None = None,
        uid: int | None = None,
        gid: int | None = None,
        seccomp_profile: str = "grading",
    ) -> None:
        """`uid`/`gid`: the jail's identity on the host, for a caller that holds a lease of
        its own (the attempt harness, whose work area outlives a run); by default each run
        as root leases one (`uids.py`), and without root the jail is uid 65534 inside
        bubblewrap's user namespace."""
        self.hardening = hardening
        # "agent" only for the attempt harness's agent jail (seccomp.py); never for grading.
        seccomp.denied(seccomp_profile)  # an unknown name fails here, not at the first run
        self.seccomp_profile = seccomp_profile
        self.ids = None if uid is None else Ids(uid, uid if gid is None else gid)
        self.root = os.geteuid() == 0
        self.layout = layout if layout is not None else CgroupLayout.detect()
        self.use_cgroups = (
            hardening.cgroups
            and self.root
            and self.layout.version is not None
            and self.layout.writable()
        )
        self.tools = {t: shutil.which(t) for t in ("bwrap", "prlimit", "setpriv")}

    # -- status --------------------------------------------------------------------------

    def group_limits(self) -> str | None:
        return f"cgroup-{self.layout.version}" if self.use_cgroups else None

    def tool(self, name: str) -> str:
        """The path of a program the jail is made with (`missing` names any not found)."""
        path = self.tools.get(name)
        if path is None:
            raise OfbError(
                f"the bwrap jail needs {name} (apt-get install -y bubblewrap util-linux)"
            )
        return path

    def missing(self) -> list[str]:
        need = ["bwrap", "prlimit"] + (["setpriv"] if self.root else [])
        return [t for t in need if not self.tools.get(t)]

    def status(self) -> BackendStatus:
        missing = self.missing()
        if missing:
            pkgs = {"bwrap": "bubblewrap", "prlimit": "util-linux", "setpriv": "util-linux"}
            return BackendStatus(
                self.name,
                False,
                "not installed: " + ", ".join(missing),
                "apt-get install -y " + " ".join(sorted({pkgs[m] for m in missing})),
            )
        if seccomp.binding_name() is None:
            return BackendStatus(
                self.name,
                False,
                "no seccomp binding for Python",
                "pip install pyseccomp (or apt-get install -y python3-seccomp)",
            )
        try:
            result = self.run(["/usr/bin/true"], base_policy().with_limits(wall_seconds=20))
        except OfbError as exc:
            return BackendStatus(
                self.name,
                False,
                f"a sandbox could not start: {exc}",
                "run as root, or enable unprivileged user namespaces",
            )
        if not result.ok:
            return BackendStatus(
                self.name,
                False,
                f"a sandbox could not start ({result.describe()}): "
                f"{result.text('stderr').strip()[:160]}",
                "enable unprivileged user namespaces (sysctl user.max_user_namespaces=10000)",
            )
        return BackendStatus(
            self.name,
            True,
            f"limits via {result.limits_via}; "
            f"started and stopped in {result.wall_time * 1000:.0f} ms",
        )

    # -- running -------------------------------------------------------------------------

    def _run_ids(self, stack: ExitStack) -> Ids:
        """The run's uid and gid: the caller's, a lease held until `stack` closes (as root),
        or 65534 (inside a user namespace of the run's own, or a weakened jail that keeps
        root)."""
        if self.ids is not None:
            return self.ids
        if self.root and self.hardening.drop_uid:
            return stack.enter_context(lease())
        return Ids(JAIL_UID, JAIL_GID)

    def _prepare(
        self, stack: ExitStack, argv: Sequence[str], policy: JailPolicy, fds: list[int]
    ) -> tuple[list[str], StagedWorkDir | None, Cgroup | None]:
        """Lease the run's uid, stage the work dir, make the run's cgroup (all undone by
        `stack`) and build the command line; the file descriptors it needs are appended to
        `fds`."""
        missing = self.missing()
        if missing:
            raise OfbError(
                "the bwrap jail needs "
                + ", ".join(missing)
                + " (apt-get install -y bubblewrap util-linux)"
            )
        if not argv:
            raise OfbError("nothing to run in the jail")
        ids = self._run_ids(stack)
        staged = None
        if policy.work_dir is not None and policy.work_source is None:
            staged = stack.enter_context(staged_work_dir(policy, ids.uid, ids.gid))
        cgroup = None
        if self.use_cgroups:
            cgroup = Cgroup(self.layout)
            stack.callback(cgroup.destroy)
            cgroup.limit(policy.limits.memory, policy.limits.processes, policy.limits.cpus)
        return self._command(argv, policy, ids, staged, cgroup, fds), staged, cgroup

    def run(
        self, argv: Sequence[str], policy: JailPolicy, stdin: bytes | None = None
    ) -> JailResult:
        with ExitStack() as stack:
            fds: list[int] = []
            stack.callback(_close_all, fds)
            command, staged, cgroup = self._prepare(stack, argv, policy, fds)
            capped = staged.capped if staged is not None else True
            result = self._execute(command, policy, stdin, cgroup, fds, capped)
            return copy_back(staged, result)

    def spawn(self, argv: Sequence[str], policy: JailPolicy, **popen: object) -> JailedProcess:
        """Start a command in the jail and return at once, for a long-lived process such as
        the Lean REPL: the caller talks through its pipes (`popen` is passed to Popen for
        stdin/stdout/stderr, text mode, …) and must `close()` it, which kills the whole tree.
        The wall-clock limit applies from the start; the work dir is not copied back."""
        stack = ExitStack()
        try:
            fds: list[int] = []
            command, _, cgroup = self._prepare(stack, argv, policy, fds)
            try:
                proc = subprocess.Popen(
                    command, pass_fds=fds, env={}, start_new_session=True, close_fds=True, **popen
                )  # type: ignore[call-overload]
            finally:
                for fd in fds:
                    os.close(fd)
            return JailedProcess(proc, stack, cgroup, policy.limits.wall_seconds)
        except BaseException:
            stack.close()
            raise

    def _command(
        self,
        argv: Sequence[str],
        policy: JailPolicy,
        ids: Ids,
        staged: StagedWorkDir | None,
        cgroup: Cgroup | None,
        fds: list[int],
    ) -> list[str]:
        limits = policy.limits
        chain: list[str] = []
        if cgroup is not None:
            chain += [
                "/bin/sh",
                "-c",
                _JOIN_CGROUPS,
                "ofb-jail",
                *map(str, cgroup.procs_files()),
                "--",
            ]
        rlimits = [f"--fsize={limits.file_size}", "--core=0"]
        if limits.cpu_seconds is not None:
            soft = max(1, int(limits.cpu_seconds + 0.999))
            rlimits.append(f"--cpu={soft}:{soft + 1}")
        command = list(argv)
        if cgroup is None:  # no cgroups: rlimits stand in for the group limits
            # Per process: each process may map `memory` bytes, so a tree may map more.
            rlimits.append(f"--as={limits.memory}")
            # Per uid in a user namespace, both the jail's own: set inside (see above).
            command = [self.tool("prlimit"), f"--nproc={limits.processes}", "--", *command]
        chain += [self.tool("prlimit"), *rlimits, "--"]
        if self.root and self.hardening.drop_uid:
            command = [
                self.tool("setpriv"),
                f"--reuid={ids.uid}",
                f"--regid={ids.gid}",
                "--clear-groups",
                "--inh-caps=-all",
                "--bounding-set=-all",
                "--no-new-privs",
                "--",
                *command,
            ]
        return chain + self._bwrap_args(command, policy, ids, staged, fds)

    def _bwrap_args(
        self,
        command: list[str],
        policy: JailPolicy,
        ids: Ids,
        staged: StagedWorkDir | None,
        fds: list[int],
    ) -> list[str]:
        h = self.hardening
        args = [
            self.tool("bwrap"),
            "--unshare-ipc",
            "--unshare-pid",
            "--unshare-uts",
            "--unshare-cgroup-try",
            "--die-with-parent",
            "--new-session",
            "--hostname",
            "jail",
        ]
        if h.unshare_net:
            args.append("--unshare-net")
        if not self.root:
            args += ["--unshare-user", "--uid", str(ids.uid), "--gid", str(ids.gid)]
        elif h.drop_uid:
            # setpriv needs these to become the jail's uid; it then drops every capability.
            args += [
                "--cap-add",
                "CAP_SETUID",
                "--cap-add",
                "CAP_SETGID",
                "--cap-add",
                "CAP_SETPCAP",
            ]
        args += ["--clearenv"]
        for key, value in policy.env:
            args += ["--setenv", key, value]
        args += [
            "--proc",
            "/proc",
            "--dev",
            "/dev",
            "--size",
            str(policy.tmp_size),
            "--perms",
            "1777",
            "--tmpfs",
            "/tmp",
        ]
        # Mounts in order of depth, so a bind inside another lands on top of it.
        mounts: list[tuple[Path, list[str]]] = []
        for path in (*policy.read_only, *h.extra_read_only):
            mounts.append((Path(path), _ro_bind(Path(path))))
        work = policy.work_path
        if staged is not None:
            mounts.append((work, ["--bind", str(staged.path), str(work)]))
        elif policy.work_source is not None:
            mounts.append((work, ["--bind", str(policy.work_source), str(work)]))
        else:
            mounts.append(
                (work, ["--size", str(policy.work_size), "--perms", "1777", "--tmpfs", str(work)])
            )
        mounts.sort(key=lambda m: len(m[0].parts))
        for inside, content in policy.files:
            mounts.append(
                (
                    Path(inside),
                    ["--perms", "0444", "--ro-bind-data", str(_memfd(content, fds)), inside],
                )
            )
        args += _with_parents(
            mounts, read_only={Path(p) for p in (*policy.read_only, *h.extra_read_only)}
        )
        passwd = (
            f"root:x:0:0::/:/usr/sbin/nologin\n"
            f"jail:x:{ids.uid}:{ids.gid}::{work}:/usr/sbin/nologin\n"
        )
        group = f"root:x:0:\njail:x:{ids.gid}:\n"
        args += [
            "--ro-bind-data",
            str(_memfd(passwd.encode(), fds)),
            "/etc/passwd",
            "--ro-bind-data",
            str(_memfd(group.encode(), fds)),
            "/etc/group",
        ]
        if h.seccomp:
            args += ["--seccomp", str(_memfd(seccomp.bpf_program(self.seccomp_profile), fds))]
        args += ["--chdir", str(policy.cwd or work), "--", *command]
        return args

    def _execute(
        self,
        command: list[str],
        policy: JailPolicy,
        stdin: bytes | None,
        cgroup: Cgroup | None,
        fds: list[int],
        work_capped: bool,
    ) -> JailResult:
        limits = policy.limits
        start = time.monotonic()
        proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=fds,
            env={},
            start_new_session=True,
            close_fds=True,
        )
        assert proc.stdout is not None and proc.stderr is not None
        readers = [
            CappedReader(proc.stdout, limits.output),
            CappedReader(proc.stderr, limits.output),
        ]
        for r in readers:
            r.start()
        if stdin is not None:  # fed from a thread: a command that never reads must not block us
            threading.Thread(target=_feed, args=(proc.stdin, stdin), daemon=True).start()

        def kill_tree() -> None:
            if cgroup is not None:
                cgroup.kill_all(timeout=1.0)
            kill_group(proc)

        waited = wait_tree(
            proc,
            start + limits.wall_seconds,
            start,
            kill_tree,
            cgroup.cpu_time if cgroup is not None else None,
            limits.cpu_seconds,
        )
        stats = cgroup.stats() if cgroup is not None else None
        if cgroup is not None:
            cgroup.kill_all()  # anything left behind dies with the run
        for r in readers:
            r.join(timeout=5)
        code, sig = exit_and_signal(waited.status)
        rusage = waited.rusage
        cpu = (
            stats.cpu_time
            if stats is not None
            else (rusage.ru_utime + rusage.ru_stime if rusage is not None else None)
        )
        peak = (
            stats.peak_memory
            if stats is not None
            else (rusage.ru_maxrss * 1024 if rusage is not None else None)
        )
        # SIGXCPU comes only from RLIMIT_CPU; a SIGKILL counts when the CPU time shows it.
        killed_cpu = waited.cpu_exceeded or (
            limits.cpu_seconds is not None
            and (
                sig == signal.SIGXCPU
                or (sig == signal.SIGKILL and cpu is not None and cpu >= limits.cpu_seconds * 0.95)
            )
        )
        return JailResult(
            backend=self.name,
            exit_code=code,
            signal=sig,
            timed_out=waited.timed_out,
            killed_for_memory=bool(stats and stats.oom_kills > 0),
            killed_for_cpu=bool(killed_cpu) and not waited.timed_out,
            wall_time=waited.wall_time,
            cpu_time=cpu,
            peak_memory=peak,
            stdout=readers[0].data,
            stderr=readers[1].data,
            stdout_truncated=readers[0].truncated,
            stderr_truncated=readers[1].truncated,
            limits_via=(f"cgroup-{cgroup.version}" if cgroup is not None else "rlimit"),
            work_capped=work_capped,
        )


class JailedProcess:
    """A running jailed command (see `BwrapBackend.spawn`)."""

    def __init__(
        self, proc: subprocess.Popen, stack: ExitStack, cgroup: Cgroup | None, wall_seconds: float
    ) -> None:
        self.proc = proc
        self._stack = stack
        self._cgroup = cgroup
        self._timer = threading.Timer(wall_seconds, self.kill)
        self._timer.daemon = True
        self._timer.start()

    def kill(self) -> None:
        if self._cgroup is not None:
            self._cgroup.kill_all(timeout=1.0)
        kill_group(self.proc)

    def close(self) -> None:
        self._timer.cancel()
        self.kill()
        try:
            self.proc.wait(timeout=10)
        finally:
            self._stack.close()


def _close_all(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)


def _feed(pipe: IO[bytes], data: bytes) -> None:
    try:
        pipe.write(data)
    except (BrokenPipeError, ValueError):
        pass
    finally:
        with suppress(BrokenPipeError):
            pipe.close()


def _with_parents(mounts: list[tuple[Path, list[str]]], read_only: set[Path]) -> list[str]:
    """The mount arguments, each preceded by the directories leading to it. bwrap would
    make those root-only (0700), so the jail's uid could not reach its binds by absolute
    path; they are made 0755 instead, after any mount that would hide them."""
    args: list[str] = []
    made: set[Path] = set()
    done: list[Path] = []
    for target, mount in mounts:
        for parent in reversed(target.parents):
            if parent == Path("/") or parent in made:
                continue
            if any(parent.is_relative_to(r) for r in read_only if r in done):
                continue  # inside a read-only bind: the host tree provides it
            args += ["--perms", "0755", "--dir", str(parent)]
            made.add(parent)
        args += mount
        done.append(target)
        made = {m for m in made if not m.is_relative_to(target)}  # hidden by this mount
    return args


def _ro_bind(path: Path) -> list[str]:
    if path.is_symlink():
        return ["--symlink", os.readlink(path), str(path)]
    if not path.exists():
        raise OfbError(f"jail read-only path does not exist: {path}")
    return ["--ro-bind", str(path), str(path)]


def _memfd(content: bytes, fds: list[int]) -> int:
    fd = os.memfd_create("ofb-jail", os.MFD_CLOEXEC)
    fds.append(fd)
    view = memoryview(content)
    while view:
        view = view[os.write(fd, view) :]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
