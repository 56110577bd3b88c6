"""The jail's seccomp filter: one rule set, compiled to BPF for bubblewrap (through
libseccomp's Python binding) and written as a profile for Docker.

Everything is allowed except what lets a process reach outside its jail or attack the
kernel's larger surfaces: sockets of every family, mounts, new namespaces (`unshare`,
`setns`, and `clone` with a namespace flag), `ptrace` and cross-process memory access,
eBPF, perf events, the kernel keyring, kexec, module loading and io_uring. Denied calls
fail with EPERM, so programs see an ordinary error. `clone3` passes its flags in memory a
filter cannot read, so it fails with ENOSYS and the C library falls back to `clone`.
System calls of another architecture (32-bit `int 0x80` on x86-64) kill the process.

A second, separate profile, `agent`, is for the agent jail of the attempt harness only
(`openfrontiers.harness.sandbox`): its network namespace holds nothing but `lo`, and its
only exits are Unix sockets of host services bound into it, reached through a forwarder on
the jail's loopback. It therefore allows sockets of exactly three families (`AF_UNIX`,
`AF_INET`, `AF_INET6`) with `connect`, `bind`, `listen` and `accept`; every other rule is
the grading profile's. Grading, builds and probes never use it.
"""

from __future__ import annotations

import errno
import json
import tempfile
from functools import lru_cache

from ..errors import OfbError

DENIED = (
    # sockets of every family (no network, no host Unix sockets, no netlink)
    "socket",
    "socketpair",
    "connect",
    "bind",
    "listen",
    "accept",
    "accept4",
    # file-system views
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "mount_setattr",
    "open_tree",
    "move_mount",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "name_to_handle_at",
    "open_by_handle_at",
    # other processes
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    # namespaces
    "unshare",
    "setns",
    # kernel attack surface
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "keyctl",
    "add_key",
    "request_key",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
)
# clone(2) flags that create a namespace; clone is denied when any of them is set.
CLONE_NAMESPACE_FLAGS = {
    "CLONE_NEWTIME": 0x00000080,
    "CLONE_NEWNS": 0x00020000,
    "CLONE_NEWCGROUP": 0x02000000,
    "CLONE_NEWUTS": 0x04000000,
    "CLONE_NEWIPC": 0x08000000,
    "CLONE_NEWUSER": 0x10000000,
    "CLONE_NEWPID": 0x20000000,
    "CLONE_NEWNET": 0x40000000,
}
ENOSYS_CALLS = ("clone3",)

# The agent profile: the socket calls it allows, and the families `socket`/`socketpair`
# may create (AF_UNIX, AF_INET, AF_INET6); every other family fails with EAFNOSUPPORT.
SOCKET_CALLS = ("socket", "socketpair", "connect", "bind", "listen", "accept", "accept4")
AGENT_SOCKET_FAMILIES = {"AF_UNIX": 1, "AF_INET": 2, "AF_INET6": 10}
_HIGHEST_FAMILY = 64  # above AF_MAX of every kernel we know; larger values are denied too
PROFILES = ("grading", "agent")


def _binding():
    """libseccomp's Python binding: Debian's `seccomp` module or PyPI's `pyseccomp`."""
    try:
        import seccomp

        return seccomp
    except ImportError:
        pass
    try:
        import pyseccomp

        return pyseccomp
    except (ImportError, OSError) as exc:
        raise OfbError(
            "no seccomp binding: pip install pyseccomp (needs libseccomp2), or apt-get install "
            f"python3-seccomp ({exc})"
        ) from None


def binding_name() -> str | None:
    try:
        return str(_binding().__name__)
    except OfbError:
        return None


def denied(profile: str = "grading") -> tuple[str, ...]:
    """The calls a profile denies outright."""
    if profile not in PROFILES:
        raise OfbError(f"unknown seccomp profile {profile!r} (known: {', '.join(PROFILES)})")
    if profile == "agent":
        return tuple(name for name in DENIED if name not in SOCKET_CALLS)
    return DENIED


@lru_cache(maxsize=2)
def bpf_program(profile: str = "grading") -> bytes:
    """The filter as a classic BPF program for the native architecture (bwrap --seccomp)."""
    sc = _binding()
    f = sc.SyscallFilter(defaction=sc.ALLOW)
    for name in denied(profile):
        f.add_rule(sc.ERRNO(errno.EPERM), name)
    if profile == "agent":
        allowed = set(AGENT_SOCKET_FAMILIES.values())
        for call in ("socket", "socketpair"):
            for family in range(_HIGHEST_FAMILY + 1):
                if family not in allowed:
                    f.add_rule(sc.ERRNO(errno.EAFNOSUPPORT), call, sc.Arg(0, sc.EQ, family))
            f.add_rule(sc.ERRNO(errno.EAFNOSUPPORT), call, sc.Arg(0, sc.GT, _HIGHEST_FAMILY))
    for name in ENOSYS_CALLS:
        f.add_rule(sc.ERRNO(errno.ENOSYS), name)
    for flag in CLONE_NAMESPACE_FLAGS.values():
        f.add_rule(sc.ERRNO(errno.EPERM), "clone", sc.Arg(0, sc.MASKED_EQ, flag, flag))
    with tempfile.TemporaryFile() as tmp:  # libseccomp writes to a file descriptor
        f.export_bpf(tmp)
        tmp.seek(0)
        program = tmp.read()
    if not program or len(program) % 8:
        raise OfbError("libseccomp produced an empty or malformed BPF program")
    return program


def docker_profile() -> dict:
    """The same rules as a Docker seccomp profile (`--security-opt seccomp=…`)."""
    eperm, enosys = errno.EPERM, errno.ENOSYS
    rules = [
        {"names": list(DENIED), "action": "SCMP_ACT_ERRNO", "errnoRet": eperm},
        {"names": list(ENOSYS_CALLS), "action": "SCMP_ACT_ERRNO", "errnoRet": enosys},
    ]
    for flag in CLONE_NAMESPACE_FLAGS.values():
        rules.append(
            {
                "names": ["clone"],
                "action": "SCMP_ACT_ERRNO",
                "errnoRet": eperm,
                "args": [{"index": 0, "value": flag, "valueTwo": flag, "op": "SCMP_CMP_MASKED_EQ"}],
            }
        )
    # Only native architectures are listed: 32-bit compat calls are not allowed through.
    return {
        "defaultAction": "SCMP_ACT_ALLOW",
        "architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_AARCH64"],
        "syscalls": rules,
    }


def docker_profile_json() -> str:
    return json.dumps(docker_profile(), separators=(",", ":"))
