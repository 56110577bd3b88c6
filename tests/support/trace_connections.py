"""Run a command under strace and list every address its process tree sent to.

    python3 tests/support/trace_connections.py [--log FILE] -- python3 -m pytest tests/jail

Every `connect`, `sendto`, `sendmsg` and `sendmmsg` of the command and of all its
descendants (bubblewrap jails and dockerd's containers included: `strace -f`) is logged;
the addresses they name are sorted into loopback, Unix sockets and netlink, and anything
else. Exit 1 when anything else appears (each listed with its system call), 0 otherwise,
2 when strace is missing. This is how "no test run opens a connection beyond loopback"
is checked; the command's own exit status is reported, not judged.
"""

from __future__ import annotations

import argparse
import ipaddress
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

CALLS = ("connect", "sendto", "sendmsg", "sendmmsg")
_CALL = re.compile(r"^\d+\s+(" + "|".join(CALLS) + r")\(")
_FAMILY = re.compile(r"sa_family=(AF_[A-Z0-9]+)")
_INET = re.compile(r'inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6?, "([^"]+)"')


@dataclass
class Traffic:
    calls: Counter = field(default_factory=Counter)  # system call → how many named an address
    local: Counter = field(default_factory=Counter)  # loopback, unspecified, AF_UNIX, netlink
    beyond: list[str] = field(default_factory=list)  # the log lines naming anything else


def read_log(lines: list[str]) -> Traffic:
    traffic = Traffic()
    for line in lines:
        call = _CALL.match(line)
        if call is None:
            continue
        for family in _FAMILY.findall(line):
            traffic.calls[call.group(1)] += 1
            if family in ("AF_INET", "AF_INET6"):
                continue  # judged by its address below
            if family in ("AF_UNIX", "AF_NETLINK", "AF_UNSPEC"):
                traffic.local[family] += 1
            else:
                traffic.beyond.append(line.strip())
        for v4, v6 in _INET.findall(line):
            address = ipaddress.ip_address(v4 or v6)
            # An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, as gRPC connects) is
            # judged as the IPv4 address it is.
            mapped = getattr(address, "ipv4_mapped", None)
            if mapped is not None:
                address = mapped
            if address.is_loopback or address.is_unspecified:
                traffic.local[str(address)] += 1
            else:
                traffic.beyond.append(line.strip())
    return traffic


def _counted(counter: Counter) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(counter.items())) or "none"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, help="keep strace's log here")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args(argv)
    strace = shutil.which("strace")
    if strace is None:
        print("strace is not installed (apt-get install -y strace)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="ofb-trace-") as tmp:
        log = args.log or Path(tmp) / "strace.log"
        done = subprocess.run(
            [strace, "-f", "-qq", "-e", "signal=none", "-e", "trace=" + ",".join(CALLS)]
            + ["-o", str(log), *args.command],
            check=False,
        )
        traffic = read_log(log.read_text(errors="replace").splitlines())
    print(f"command exited {done.returncode}")
    print(
        "calls naming an address: "
        + (", ".join(f"{c} {n}" for c, n in sorted(traffic.calls.items())) or "none")
    )
    print(
        "loopback and local: "
        + (", ".join(f"{k} {n}" for k, n in sorted(traffic.local.items())) or "none")
    )
    print(f"beyond loopback: {len(traffic.beyond)}")
    for line in traffic.beyond:
        print("  " + line)
    return 1 if traffic.beyond else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
