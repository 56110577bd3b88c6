"""The inside half of `ofb jail check`: one probe per run, run by the jailed Python as
`python3 -I -S selfcheck.py PROBE [ARG…]`.

Standalone on purpose (standard library only, nothing from `openfrontiers`): it runs inside
the jail, where the package is not visible. Each probe prints one JSON object
`{"ok": bool, "detail": str}`; the outside half (`check.py`) adds what only the outside can
see (was the run killed for memory, is the orphan gone) and decides.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import ipaddress
import json
import os
import select
import socket
import subprocess
import sys
import time
from typing import Any

LIBC = ctypes.CDLL(None, use_errno=True)
MiB = 1 << 20


def call(fn: Any, *args: Any) -> tuple[int, int]:
    """Call a libc function; return its result and errno."""
    ctypes.set_errno(0)
    return fn(*args), ctypes.get_errno()


def status_fields() -> dict[str, str]:
    fields = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


# Where the kernel shows a network namespace's interfaces and routes, and how to read the
# interface name of each entry (None: the directory's entries are the names).
NET_SOURCES = (
    ("/sys/class/net", None),
    ("/proc/net/dev", lambda row: row.split(":")[0].strip() if ":" in row else None),
    ("/proc/net/route", lambda row: row.split()[0] if row.split() else None),
    ("/proc/net/ipv6_route", lambda row: row.split()[-1] if row.split() else None),
    ("/proc/net/if_inet6", lambda row: row.split()[-1] if row.split() else None),
)
HEADER_ROWS = {"/proc/net/dev": 2, "/proc/net/route": 1}


def network_interfaces():
    """The interfaces other than `lo` that the jail's namespace shows, by source, and the
    sources that could be read (absent ones, such as an unmounted /sys, show nothing)."""
    others, read = {}, []
    for path, name_of in NET_SOURCES:
        names: list[str | None]
        try:
            if name_of is None:
                names = list(os.listdir(path))
            else:
                with open(path) as f:
                    rows = f.read().splitlines()[HEADER_ROWS.get(path, 0) :]
                names = [name_of(row) for row in rows]
        except OSError:
            continue
        read.append(path)
        extra = sorted({n for n in names if n and n != "lo"})
        if extra:
            others[path] = extra
    return others, read


def try_connect(address):
    """Connect to `HOST:PORT` (`[HOST]:PORT` for IPv6); how it ended, and whether it got in."""
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    if not ipaddress.ip_address(host).is_loopback:  # never a packet beyond loopback
        return False, "not tried: not a loopback address"
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        s = socket.socket(family, socket.SOCK_STREAM)
    except OSError as exc:
        return False, f"socket() refused ({errno.errorcode.get(exc.errno or 0, exc.errno)})"
    try:
        s.settimeout(2)
        s.connect((host, int(port)))
        return True, "connected"
    except OSError as exc:
        code = errno.errorcode.get(exc.errno, "") if exc.errno else ""
        return False, f"connect failed ({code or exc})"
    finally:
        s.close()


def probe_network(args):
    """args: the host's network namespace, then the host's loopback listeners. Nothing is
    ever sent beyond loopback: the host listeners are the only addresses tried."""
    host_ns, addresses = args[0], args[1:]
    problems = [] if addresses else ["no host listener to try"]
    others, read = network_interfaces()
    if "/proc/net/dev" not in read:
        problems.append("cannot read /proc/net/dev: no evidence of the jail's interfaces")
    for path, names in others.items():
        problems.append(f"{path} shows {', '.join(names)}")
    own_ns = os.readlink("/proc/self/ns/net")
    if own_ns == host_ns:
        problems.append(f"the jail shares the host's network namespace ({own_ns})")
    tried = []
    for address in addresses:
        reached, how = try_connect(address)
        if reached:
            problems.append(f"reached the host listener at {address}")
        tried.append(f"{address}: {how}")
    if problems:
        return False, "; ".join(problems)
    return True, (
        f"only lo (read {', '.join(read)}); own network namespace; "
        f"host loopback listeners not reached ({'; '.join(tried)})"
    )


def probe_sockets(_args):
    opened = []
    families = {
        "AF_INET": socket.AF_INET,
        "AF_INET6": socket.AF_INET6,
        "AF_UNIX": socket.AF_UNIX,
        "AF_NETLINK": getattr(socket, "AF_NETLINK", 16),
        "AF_PACKET": getattr(socket, "AF_PACKET", 17),
    }
    for name, family in families.items():
        for kind in (socket.SOCK_STREAM, socket.SOCK_DGRAM, socket.SOCK_RAW):
            try:
                socket.socket(family, kind).close()
                opened.append(f"{name}/{kind}")
            except OSError:
                pass
    try:
        a, b = socket.socketpair()
        a.close()
        b.close()
        opened.append("socketpair")
    except OSError:
        pass
    if opened:
        return False, "sockets opened: " + ", ".join(opened)
    return True, "every family and type refused"


def probe_host_unix_socket(args):
    path, abstract = args
    reached = []
    for target in (
        path,
        "\0" + abstract,
        "/run/docker.sock",
        "/var/run/docker.sock",
        "/run/dbus/system_bus_socket",
    ):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        except OSError:
            continue
        try:
            s.settimeout(2)
            s.connect(target)
            reached.append(target.replace("\0", "@"))
        except OSError:
            pass
        finally:
            s.close()
    if reached:
        return False, "host sockets reached: " + ", ".join(reached)
    return True, "no host Unix socket reachable (by path or abstract name)"


def probe_write_outside(args):
    """Each arg is a directory (a new file must not be creatable in it) or a file (it must
    not open for writing; nothing is written)."""
    work = os.getcwd()
    targets = ["/", "/usr", "/etc", "/proc/sys/kernel", *args]
    written = []
    for d in targets:
        if os.path.isfile(d):
            try:
                with open(d, "ab"):
                    written.append(d)
            except OSError:
                pass
            continue
        name = os.path.join(d, f"ofb-jail-check-{os.getpid()}")
        try:
            with open(name, "w") as f:
                f.write("x")
            written.append(d)
            os.unlink(name)
        except OSError:
            pass
    try:
        with open("/proc/sys/kernel/hostname", "w") as f:
            f.write("escaped")
        written.append("/proc/sys/kernel/hostname")
    except OSError:
        pass
    try:
        with open(os.path.join(work, "inside"), "w") as f:
            f.write("x")
    except OSError as exc:
        return False, f"cannot write the work dir {work}: {exc}"
    if written:
        return False, "wrote outside the work dir: " + ", ".join(written)
    return True, f"only the work dir is writable ({len(targets) + 1} places refused)"


def _fill(directory: str, limit_mib: int) -> tuple[int, int]:
    name = os.path.join(directory, "fill")
    written = 0
    block = b"\0" * MiB
    try:
        with open(name, "wb") as f:
            for _ in range(limit_mib):
                f.write(block)
                f.flush()
                written += 1
            os.fsync(f.fileno())
    except OSError as exc:
        return written, exc.errno or 0
    finally:
        with contextlib.suppress(OSError):
            os.unlink(name)
    return written, 0


def probe_work_size(args):
    return _probe_fill(args)


def probe_tmp_size(args):
    return _probe_fill(args)


def _probe_fill(args):
    directory, cap_mib, attempt_mib = args[0], int(args[1]), int(args[2])
    written, err = _fill(directory, attempt_mib)
    if err in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG) and written <= cap_mib:
        return True, f"{directory} full after {written} MiB ({errno.errorcode.get(err, err)})"
    return False, f"wrote {written} MiB to {directory} (cap {cap_mib} MiB, errno {err})"


def probe_host_processes(args):
    host_pid = args[0]
    pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
    if os.path.exists(f"/proc/{host_pid}"):
        with open(f"/proc/{host_pid}/cmdline", "rb") as f:
            if b"ofb" in f.read():
                return False, f"the host process {host_pid} is visible"
    if len(pids) > 8:
        return False, f"{len(pids)} processes visible: {pids[:12]}"
    return True, f"{len(pids)} processes visible (pids {pids}), none of the host"


def probe_ptrace(_args):
    PTRACE_TRACEME, PTRACE_ATTACH = 0, 16
    res, err = call(LIBC.ptrace, PTRACE_ATTACH, 1, None, None)
    if res == 0:
        return False, "attached to pid 1"
    res2, _err2 = call(LIBC.ptrace, PTRACE_TRACEME, 0, None, None)
    if res2 == 0:
        return False, "PTRACE_TRACEME succeeded"
    return True, f"ptrace refused ({errno.errorcode.get(err, err)})"


def probe_mount(_args):
    res, err = call(LIBC.mount, b"none", b"/tmp", b"tmpfs", 0, None)
    if res == 0:
        return False, "mounted a tmpfs on /tmp"
    res2, _ = call(LIBC.umount2, b"/proc", 2)
    if res2 == 0:
        return False, "unmounted /proc"
    return True, f"mount refused ({errno.errorcode.get(err, err)})"


def probe_namespaces(_args):
    flags = {"user": 0x10000000, "mount": 0x00020000, "net": 0x40000000, "pid": 0x20000000}
    made = []
    for name, flag in flags.items():
        res, _ = call(LIBC.unshare, flag)
        if res == 0:
            made.append(f"unshare({name})")
    fd = os.open("/proc/self/ns/net", os.O_RDONLY)
    res, _ = call(LIBC.setns, fd, 0)
    os.close(fd)
    if res == 0:
        made.append("setns")
    SYS_clone, SIGCHLD = 56, 17
    if os.uname().machine == "x86_64":
        LIBC.syscall.restype = ctypes.c_long
        pid, _ = call(
            LIBC.syscall, SYS_clone, ctypes.c_ulong(0x10000000 | SIGCHLD), None, None, None, None
        )
        if pid == 0:
            os._exit(0)
        if pid > 0:
            os.waitpid(pid, 0)
            made.append("clone(CLONE_NEWUSER)")
    if made:
        return False, "new namespaces created: " + ", ".join(made)
    return True, "unshare, setns and clone with namespace flags refused"


def probe_uid(_args):
    ids = {"uid": os.getuid(), "euid": os.geteuid(), "gid": os.getgid(), "egid": os.getegid()}
    if any(v == 0 for v in ids.values()):
        return False, f"root inside: {ids}"
    groups = set(os.getgroups()) - {os.getgid()}
    if groups:
        return False, f"supplementary groups: {sorted(groups)}"
    with open("/proc/self/uid_map") as f:
        rows = [line.split() for line in f if line.strip()]
    uid = os.getuid()
    for inside, outside, count in ((int(a), int(b), int(c)) for a, b, c in rows):
        if inside <= uid < inside + count:
            host = outside + uid - inside
            if host == 0:
                return False, f"uid {uid} is host root (uid_map {rows})"
            return True, f"uid {uid} (host uid {host}), gid {os.getgid()}, no groups"
    return True, f"uid {os.getuid()}, gid {os.getgid()}, no groups"


def probe_capabilities(_args):
    fields = status_fields()
    held = {
        k: fields[k]
        for k in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb")
        if int(fields.get(k, "0"), 16) != 0
    }
    if held:
        return False, f"capabilities held: {held}"
    return True, "no capabilities (effective, permitted, bounding, ambient, inheritable)"


def probe_no_new_privs(_args):
    value = status_fields().get("NoNewPrivs")
    return value == "1", f"NoNewPrivs: {value}"


def probe_seccomp(_args):
    fields = status_fields()
    mode = fields.get("Seccomp")
    if mode != "2":
        return False, f"Seccomp: {mode} (2 = filter)"
    res, err = call(LIBC.socket, 1, 1, 0)
    if res >= 0:
        return False, "seccomp filter active but socket() allowed"
    return (
        True,
        (
            f"Seccomp: 2 ({fields.get('Seccomp_filters', '?')} filter), socket() -> "
            f"{errno.errorcode.get(err, err)}"
        ),
    )


def probe_memory(args):
    limit_mib, attempt_mib = int(args[0]), int(args[1])
    chunks = []
    try:
        for i in range(attempt_mib // 16):
            chunk = bytearray(16 * MiB)
            for j in range(0, len(chunk), 4096):
                chunk[j] = 1
            chunks.append(chunk)
            if (i + 1) * 16 > limit_mib * 2:
                break
    except MemoryError:
        held = len(chunks) * 16
        return held <= limit_mib, f"allocation refused after {held} MiB (limit {limit_mib} MiB)"
    return False, f"allocated {len(chunks) * 16} MiB with a limit of {limit_mib} MiB"


def probe_group_memory(args):
    """COUNT processes of EACH MiB each, held at once: more than the LIMIT together, though
    each alone fits. Per-process limits let them all through; a group limit cannot."""
    limit_mib, count, each_mib = int(args[0]), int(args[1]), int(args[2])
    ready_r, ready_w = os.pipe()
    children = []
    for _ in range(count):
        pid = os.fork()
        if pid == 0:
            os.close(ready_r)
            try:
                chunk = bytearray(each_mib * MiB)
                for j in range(0, len(chunk), 4096):
                    chunk[j] = 1
                os.write(ready_w, b"x")
                time.sleep(20)
            except MemoryError:
                pass
            os._exit(0)
        children.append(pid)
    os.close(ready_w)
    held = dead = 0
    pending = set(children)
    deadline = time.monotonic() + 20
    while held + dead < count and time.monotonic() < deadline:
        if select.select([ready_r], [], [], 0.05)[0]:
            held += len(os.read(ready_r, count))
        for pid in list(pending):
            if os.waitpid(pid, os.WNOHANG)[0]:  # killed (or gave up) before holding it all
                pending.discard(pid)
                dead += 1
    for pid in pending:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
    if held * each_mib > limit_mib:
        return False, (
            f"{held} processes held {held * each_mib} MiB together under a limit of "
            f"{limit_mib} MiB: the limit is per process, not per tree"
        )
    return True, f"only {held} of {count} processes of {each_mib} MiB could hold their memory"


def probe_processes(args):
    limit, attempt = int(args[0]), int(args[1])
    children = []
    refused = None
    for _ in range(attempt):
        try:
            pid = os.fork()
        except OSError as exc:
            refused = exc
            break
        if pid == 0:
            time.sleep(30)
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    if refused is None:
        return False, f"started {len(children)} processes with a limit of {limit}"
    return (
        len(children) < limit,
        (
            f"fork refused after {len(children)} children "
            f"({errno.errorcode.get(refused.errno or 0, refused.errno)})"
        ),
    )


def probe_cpu(_args):
    end = time.monotonic() + 60
    x = 0
    while time.monotonic() < end:
        x += 1
    return False, "spun for 60 s without being stopped"


def probe_file_size(args):
    limit_mib, attempt_mib = int(args[0]), int(args[1])
    written, err = _fill(os.getcwd(), attempt_mib)
    if err == errno.EFBIG and written <= limit_mib:
        return True, f"file capped at {written} MiB (EFBIG)"
    return False, f"wrote {written} MiB in one file (limit {limit_mib} MiB, errno {err})"


def probe_wall(_args):
    time.sleep(60)
    return False, "slept 60 s without being stopped"


def probe_orphan(args):
    token = args[0]
    subprocess.Popen(
        ["sleep", token],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return True, f"started an orphan `sleep {token}` in a new session and exited"


def _passwd_home() -> str | None:
    try:
        with open("/etc/passwd") as f:
            for line in f:
                fields = line.rstrip("\n").split(":")
                if len(fields) >= 6 and fields[2] == str(os.getuid()):
                    return fields[5]
    except OSError:
        pass
    return None


def probe_environment(args):
    expected = set(args)
    present = set(os.environ)
    # Variables the runtime derives from the jail itself, not from the host: bubblewrap and
    # Docker set PWD to the jail's cwd; Docker sets HOSTNAME and the jail user's HOME.
    derived = {"PWD": os.getcwd(), "HOSTNAME": "jail"}
    for key, value in derived.items():
        if os.environ.get(key) == value:
            present.discard(key)
    if "HOME" in present and os.environ["HOME"] == _passwd_home():
        present.discard("HOME")
    extra = sorted(present - expected)
    if extra:
        return False, "inherited variables: " + ", ".join(extra)
    return True, f"environment holds exactly {sorted(present)}"


def probe_host_files(args):
    """Each arg is `PATH=a,b`: PATH must not exist, or be a directory holding nothing but
    a and b (the next steps towards read-only binds; an empty list for an empty mount
    point such as Docker's /sys)."""
    found = []
    for arg in args:
        path, _, allowed = arg.partition("=")
        if not os.path.lexists(path):
            continue
        if not os.path.isdir(path) or os.path.islink(path):
            found.append(path)
            continue
        try:
            extra = set(os.listdir(path)) - set(filter(None, allowed.split(",")))
        except PermissionError:  # not even listable by the jail's uid
            continue
        found += [os.path.join(path, e) for e in sorted(extra)]
    if found:
        return False, "host paths visible: " + ", ".join(found)
    return True, f"none of {len(args)} host paths visible beyond the read-only binds"


PROBES = {
    name[len("probe_") :].replace("_", "-"): fn
    for name, fn in globals().items()
    if name.startswith("probe_")
}


def main(argv: list[str]) -> int:
    name, args = argv[1], argv[2:]
    try:
        ok, detail = PROBES[name](args)
    except Exception as exc:  # noqa: BLE001 -- a probe that breaks has not shown the jail holds
        ok, detail = False, f"probe raised {type(exc).__name__}: {exc}"
    print(json.dumps({"ok": bool(ok), "detail": detail}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
