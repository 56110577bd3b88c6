"""The agent jail's seccomp profile is separate and explicit: it allows AF_UNIX/INET/INET6
sockets (for the loopback forwarder) and nothing else; the grading profile is unchanged."""

from __future__ import annotations

import json

import pytest

from openfrontiers.jail.bwrap import BwrapBackend
from openfrontiers.jail.policy import base_policy, python_executable, python_paths

PROBE = """
import errno, json, socket
out = {}
for name, fam, kind in (("unix", 1, 1), ("inet", 2, 1), ("inet6", 10, 1),
                        ("netlink", 16, 3), ("packet", 17, 3)):
    try:
        socket.socket(fam, kind).close(); out[name] = "ok"
    except OSError as e:
        out[name] = errno.errorcode[e.errno]
try:
    s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen()
    socket.create_connection(s.getsockname()).close(); out["loopback"] = "ok"
except OSError as e:
    out["loopback"] = errno.errorcode[e.errno]
out["interfaces"] = sorted(l.split(":")[0].strip() for l in open("/proc/net/dev").readlines()[2:])
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
out["unshare"] = "ok" if libc.unshare(0x40000000) == 0 else errno.errorcode[ctypes.get_errno()]
print(json.dumps(out))
"""


def probe(profile: str) -> dict:
    backend = BwrapBackend(seccomp_profile=profile)
    if backend.missing():
        pytest.skip("bwrap is not installed")
    policy = base_policy(read_only=python_paths(), files=(("/opt/probe.py", PROBE.encode()),))
    result = backend.run([str(python_executable()), "/opt/probe.py"], policy)
    assert result.ok, result.text("stderr")
    return json.loads(result.stdout)


def test_agent_profile_allows_loopback_sockets_only(bwrap):
    seen = probe("agent")
    assert seen["unix"] == seen["inet"] == seen["inet6"] == seen["loopback"] == "ok"
    assert seen["netlink"] == seen["packet"] == "EAFNOSUPPORT"
    assert seen["interfaces"] == ["lo"]
    assert seen["unshare"] == "EPERM"


def test_grading_profile_still_denies_every_socket(bwrap):
    seen = probe("grading")
    assert {seen[k] for k in ("unix", "inet", "inet6", "netlink", "packet")} == {"EPERM"}


def test_unknown_profile_is_refused():
    from openfrontiers.errors import OfbError

    with pytest.raises(OfbError, match="unknown seccomp profile"):
        BwrapBackend(seccomp_profile="open")
