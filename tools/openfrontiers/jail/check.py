"""`ofb jail check`: the self-check an evaluator runs on a node before anything untrusted.

About twenty-five probes, each a separate run in the jail (the inside half is
`selfcheck.py`), cover what the paper's jail promises: no network (no interface or route
but `lo`, a network namespace of its own, a listener on the host's loopback unreachable —
nothing is ever sent beyond loopback) and no socket of any family, host Unix sockets
unreachable, nothing writable but the work dir, size caps on the work dir and `/tmp`, no
host process or host path visible, no `ptrace`, no mount, no new namespace, an
unprivileged uid without capabilities, NoNewPrivs and seccomp active, and the memory,
process, CPU, file-size and wall-clock limits enforced and reported, orphans killed, the
environment cleared. `group-memory` shows that the memory limit holds for the whole
process tree (several processes, each within the limit, together beyond it), which only
cgroups give. Given the grading policy (`grading`), the host-files, write and environment
probes run again under it: the checkout, the evaluator's data and the host stay
invisible, nothing the grader shows is writable, the environment is the grader's. A probe
passes only on positive evidence; one that cannot run fails.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import socket
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from ..progress import SILENT, Progress
from .backend import Backend
from .loopback import LoopbackListener, net_namespace
from .policy import JailPolicy, MiB, base_policy, python_executable, python_paths
from .result import JailResult

SCRIPT = Path(__file__).with_name("selfcheck.py")
SCRIPT_INSIDE = "/ofb-check/selfcheck.py"
ENV = (("PATH", "/usr/bin:/bin"), ("LANG", "C.UTF-8"), ("OFB_JAIL_CHECK", "1"))


@dataclass(frozen=True)
class ProbeOutcome:
    name: str
    ok: bool
    detail: str
    seconds: float
    summary: str  # what the probe shows, in a few words


@dataclass(frozen=True)
class Probe:
    name: str
    summary: str
    args: tuple[str, ...] = ()
    limits: tuple[tuple[str, object], ...] = ()
    host_work: bool = False  # run with a staged host work dir (the path real runs take)
    # Decides from the run's result and the inside report (ok, detail); default: trust
    # the inside report when the run exited 0.
    judge: Callable[[JailResult, bool, str], tuple[bool, str]] | None = None
    inside: str = ""  # the inside probe it runs (default: its own name)
    grading: bool = False  # runs under the grading policy, not the check's own

    @property
    def script_probe(self) -> str:
        return self.inside or self.name


def _inside(result: JailResult) -> tuple[bool, str] | None:
    for line in reversed(result.text().splitlines()):
        try:
            report = json.loads(line)
        except ValueError:
            continue
        if isinstance(report, dict) and "ok" in report:
            return bool(report["ok"]), str(report.get("detail", ""))
    return None


def _killed_for_memory(result: JailResult, ok: bool, detail: str) -> tuple[bool, str]:
    if result.killed_for_memory:
        peak = f", peak {result.peak_memory // MiB} MiB" if result.peak_memory else ""
        return True, f"killed for memory and reported{peak}"
    return ok, detail


def _killed_for_cpu(result: JailResult, ok: bool, detail: str) -> tuple[bool, str]:
    if result.killed_for_cpu and result.wall_time < 30:
        return True, f"killed after {result.cpu_time or 0:.1f} s of CPU and reported"
    return False, f"not stopped for CPU ({result.describe()}): {detail}"


def _group_memory(result: JailResult, ok: bool, detail: str) -> tuple[bool, str]:
    if result.killed_for_memory:
        peak = f", peak {result.peak_memory // MiB} MiB" if result.peak_memory else ""
        return True, f"the tree was killed for memory as a whole{peak}"
    return ok and result.limits_via != "rlimit", detail


def _timed_out(result: JailResult, ok: bool, detail: str) -> tuple[bool, str]:
    if result.timed_out and result.wall_time < 10:
        return True, f"killed at the wall-clock limit after {result.wall_time:.2f} s"
    return False, f"not stopped at the wall-clock limit ({result.describe()}): {detail}"


def probes(
    sock_path: str, abstract: str, ro_dir: str, token: str, net: tuple[str, ...] = ()
) -> list[Probe]:
    """The probes; `net` is the host's network namespace and loopback listeners."""
    env_keys = tuple(k for k, _ in ENV)
    return [
        Probe(
            "network",
            "only lo, own network namespace, host loopback listener unreachable",
            net,
        ),
        Probe("sockets", "socket() of every family and type refused"),
        Probe(
            "host-unix-socket",
            "host Unix sockets unreachable (path and abstract)",
            (sock_path, abstract),
        ),
        Probe("write-outside", "nothing writable outside the work dir", (ro_dir,)),
        Probe("work-size", "work dir capped at 8 MiB", ("{work}", "8", "32"), host_work=True),
        Probe("tmp-size", "/tmp capped at 8 MiB", ("/tmp", "8", "32")),
        Probe("host-processes", "no host process visible", (str(os.getpid()),)),
        Probe("host-files", "no host path beyond the read-only binds", ("{host-files}",)),
        Probe("ptrace", "ptrace refused"),
        Probe("mount", "mount and umount refused"),
        Probe("namespaces", "no new namespace (unshare, setns, clone flags)"),
        Probe("uid", "unprivileged uid and gid, no groups, not host root"),
        Probe("capabilities", "no capabilities"),
        Probe("no-new-privs", "NoNewPrivs set"),
        Probe("seccomp", "seccomp filter active"),
        Probe(
            "memory",
            "memory limit 128 MiB enforced and reported",
            ("128", "1024"),
            (("memory", 128 * MiB),),
            judge=_killed_for_memory,
        ),
        Probe(
            "group-memory",
            "memory limit 256 MiB holds for 4 processes of 160 MiB together",
            ("256", "4", "160"),
            (("memory", 256 * MiB), ("wall_seconds", 60.0)),
            judge=_group_memory,
        ),
        Probe("processes", "process limit 32 enforced", ("32", "128"), (("processes", 32),)),
        Probe(
            "cpu",
            "CPU-time limit 1 s enforced and reported",
            (),
            (("cpu_seconds", 1.0), ("wall_seconds", 60.0)),
            judge=_killed_for_cpu,
        ),
        Probe(
            "file-size", "file-size limit 2 MiB enforced", ("2", "16"), (("file_size", 2 * MiB),)
        ),
        Probe(
            "wall",
            "wall-clock limit 1 s enforced and reported",
            (),
            (("wall_seconds", 1.0),),
            judge=_timed_out,
        ),
        Probe("orphan", "an orphan in a new session is killed with the jail", (token,)),
        Probe("environment", "environment cleared", env_keys),
        Probe(
            "grading-host-files",
            "under the grading policy: no host path, checkout or evaluator data visible",
            ("{host-files}",),
            host_work=True,
            inside="host-files",
            grading=True,
        ),
        Probe(
            "grading-write",
            "under the grading policy: nothing writable but the workspace",
            ("{read-only}",),
            host_work=True,
            inside="write-outside",
            grading=True,
        ),
        Probe(
            "grading-environment",
            "under the grading policy: the grader's environment only",
            ("{grading-env}",),
            host_work=True,
            inside="environment",
            grading=True,
        ),
    ]


def _policy(probe: Probe, ro_dir: str, sock_dir: str, work: Path | None) -> JailPolicy:
    policy = base_policy(
        read_only=python_paths(),
        work_size=8 * MiB,
        tmp_size=8 * MiB,
        env=ENV,
        files=((SCRIPT_INSIDE, SCRIPT.read_bytes()),),
    )
    policy = policy.with_limits(
        **{"memory": 512 * MiB, "processes": 64, "wall_seconds": 30.0, **dict(probe.limits)}
    )
    if probe.name == "write-outside":
        policy = policy.with_read_only(ro_dir)
    if probe.name == "host-unix-socket":
        # The worst case: the socket's directory is visible; only the jail stands between.
        policy = policy.with_read_only(sock_dir)
    if work is not None:
        policy = replace(policy, work_dir=work)
    return policy


HOST_PATHS = (
    "/root",
    "/home",
    "/etc/shadow",
    "/etc/ssh",
    "/var",
    "/run",
    "/sys",
    "/boot",
    "/srv",
    "/mnt",
    "/opt",
    "/media",
)


def host_file_args(policy: JailPolicy, private: Sequence[Path] = ()) -> list[str]:
    """Host paths the jail must not show, as `PATH=child,…`: one that leads to a read-only
    bind may exist but hold only the next step towards it. `private` adds the caller's own
    (the checkout, the evaluator's data), which must not show even inside a bind."""
    shown = {Path(p) for p in private}
    candidates = [*HOST_PATHS, str(Path.cwd()), *map(str, private)]
    args = []
    for c in dict.fromkeys(candidates):
        path = Path(c)
        below = {
            p.relative_to(path).parts[0]
            for p in policy.read_only
            if p != path and p.is_relative_to(path)
        }
        if path not in shown and (
            any(path.is_relative_to(p) for p in policy.read_only) or path == policy.work_path
        ):
            continue  # the policy shows it on purpose
        args.append(f"{c}={','.join(sorted(below))}")
    return args


def processes_with(token: str) -> list[int]:
    """Host processes whose command line holds the orphan probe's unique token."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if token.encode() in f.read():
                    found.append(int(pid))
        except OSError:
            pass
    return found


def run_check(
    backend: Backend,
    jobs: int = 4,
    only: list[str] | None = None,
    grading: Callable[[Path], JailPolicy] | None = None,
    private: Sequence[Path] = (),
    progress: Progress = SILENT,
) -> list[ProbeOutcome]:
    """Run every probe (or those named in `only`) in `backend`; outcomes in probe order.
    `grading` makes the grading policy for a workspace (without it the grading probes are
    not run); `private` are host paths the grading probes must not see."""
    token = f"{3000 + secrets.randbelow(1000)}.{secrets.randbelow(10**6):06d}"
    with (
        tempfile.TemporaryDirectory(prefix="ofb-jail-check-") as tmp,
        LoopbackListener() as host_net,
    ):
        tmp_path = Path(tmp)
        os.chmod(tmp_path, 0o755)
        sock_dir = tmp_path / "sock"
        ro_dir = tmp_path / "readonly"
        sock_dir.mkdir(mode=0o755)
        ro_dir.mkdir(mode=0o777)  # writable by anyone on the host: only the jail protects it
        os.chmod(ro_dir, 0o777)
        abstract = f"ofb-jail-check-{secrets.token_hex(6)}"
        listeners = [socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) for _ in range(2)]
        listeners[0].bind(str(sock_dir / "host.sock"))
        os.chmod(sock_dir / "host.sock", 0o777)
        listeners[1].bind("\0" + abstract)
        for s in listeners:
            s.listen(1)
        try:
            net = (net_namespace(), *host_net.addresses)
            selected = [
                p
                for p in probes(str(sock_dir / "host.sock"), abstract, str(ro_dir), token, net)
                if (only is None or p.name in only) and (grading is not None or not p.grading)
            ]

            def one(probe: Probe) -> ProbeOutcome:
                work = None
                if probe.host_work:
                    work = tmp_path / f"work-{probe.name}"
                    work.mkdir(mode=0o755)
                start = time.monotonic()
                try:
                    if probe.grading:
                        assert grading is not None and work is not None
                        policy = _grading_policy(grading(work))
                        args = _grading_args(probe, policy, private)
                    else:
                        policy = _policy(probe, str(ro_dir), str(sock_dir), work)
                        args = [a.replace("{work}", str(work or "/work")) for a in probe.args]
                        if args == ["{host-files}"]:
                            args = host_file_args(policy)
                    result = backend.run(
                        [
                            str(python_executable()),
                            "-I",
                            "-S",
                            SCRIPT_INSIDE,
                            probe.script_probe,
                            *args,
                        ],
                        policy,
                    )
                except Exception as exc:  # noqa: BLE001 - a probe that cannot run fails
                    return ProbeOutcome(
                        probe.name,
                        False,
                        f"could not run: {exc}",
                        time.monotonic() - start,
                        probe.summary,
                    )
                ok, detail = _judge(probe, result)
                if probe.name == "orphan" and ok:
                    time.sleep(0.2)
                    if processes_with(token):
                        ok, detail = False, f"the orphan `sleep {token}` outlived the jail"
                    else:
                        detail += "; it is gone"
                if probe.name == "network":
                    reached = host_net.reached()  # the host's word, whatever the inside said
                    if reached:
                        ok, detail = (
                            False,
                            (
                                f"the host's loopback listener was reached from the jail "
                                f"({', '.join(reached)}); {detail}"
                            ),
                        )
                if probe.name == "work-size" and ok and not result.work_capped:
                    ok, detail = False, "the work dir is not on a capped file system (not root?)"
                return ProbeOutcome(probe.name, ok, detail, time.monotonic() - start, probe.summary)

            def tracked(probe: Probe) -> ProbeOutcome:
                outcome = one(probe)
                progress.done(outcome.name, "pass" if outcome.ok else "FAIL", outcome.ok)
                return outcome

            progress.start("jail probes", len(selected))
            with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
                return list(pool.map(tracked, selected))
        finally:
            for s in listeners:
                s.close()
            for pid in processes_with(token):  # never leave one behind, even when the check failed
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def _grading_policy(policy: JailPolicy) -> JailPolicy:
    """The grading policy, plus what the probe script needs to run (the interpreter and the
    script itself); nothing comes back from its workspace."""
    policy = policy.with_read_only(*python_paths())
    return replace(policy, files=((SCRIPT_INSIDE, SCRIPT.read_bytes()),), copy_back=()).with_limits(
        wall_seconds=30.0
    )


def _grading_args(probe: Probe, policy: JailPolicy, private: Sequence[Path]) -> list[str]:
    """What the inside probe checks under the grading policy: the host paths and the
    caller's private ones; every path the policy shows (none may be writable); the
    grading environment's keys."""
    if probe.script_probe == "host-files":
        return host_file_args(policy, private)
    if probe.script_probe == "write-outside":
        return [str(p) for p in policy.read_only if os.path.lexists(p)]
    return [k for k, _ in policy.env]


def _judge(probe: Probe, result: JailResult) -> tuple[bool, str]:
    inside = _inside(result)
    if probe.judge is not None:
        ok, detail = inside if inside is not None else (False, result.describe())
        return probe.judge(result, ok, detail)
    if inside is None:
        err = result.text("stderr").strip().splitlines()[-1:] or [""]
        return False, f"no report from inside ({result.describe()}) {err[0][:200]}"
    ok, detail = inside
    if result.outcome != "ok":
        return False, f"{detail} — but the run {result.describe()}"
    return ok, detail


def probe_names(grading: bool = True) -> list[str]:
    """Every probe's name (without the grading probes when `grading` is false)."""
    return [p.name for p in probes("", "", "", "") if grading or not p.grading]
