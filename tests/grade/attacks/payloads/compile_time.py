"""What hostile code run at compile time (a `#eval`, an `initialize`, a tactic) would try,
written as a Python script so the jail can be tested where Lean is not installed.

`ofb grade selftest` runs it in the grader's compile jail as
`python3 -I -S payload.py NONCE KIND ARG…` and reads the JSON objects it prints; the
outside half checks the host too (files written, processes left, its loopback listener).
Standard library only.

Before anything else it leaves the evidence that it ran, both carrying NONCE: the line
`{"started": NONCE}` on standard output and the file `ofb-selftest-ran` in its own work
dir (the working directory). A case without both is an `error`, never a `pass`.

    write PATH…        create each file                  attempts: one per PATH
    read PATH…         read each file                    attempts: one per PATH
    see PATH…          stat each path                    attempts: one per PATH
    network H:P…       list the network interfaces, then connect to each address
                       (the host's loopback listeners)    attempts: one per address
    forkbomb SECONDS   start `sleep SECONDS` until refused (SECONDS also marks them);
                       reports `processes`, the number started
    memory MIB         allocate MIB mebibytes, touching every page
    spin               loop forever

The last line is a JSON report: `attempts` (target → what happened), `reached` (the
targets it got to), `detail`, and the kind's own fields (`started`, `allocated_mib`, …).
"""

import contextlib
import errno
import json
import os
import socket
import subprocess
import sys

RAN_FILE = "ofb-selftest-ran"


def report(**fields):
    print(json.dumps(fields), flush=True)


def started(nonce):
    with open(RAN_FILE, "w") as f:
        f.write(nonce)
    report(started=nonce)


def why(exc):
    return errno.errorcode.get(exc.errno, str(exc)) if exc.errno else str(exc)


def each(targets, attempt, verb):
    attempts, reached = {}, []
    for target in targets:
        try:
            attempt(target)
            attempts[target] = "done"
            reached.append(target)
        except OSError as exc:
            attempts[target] = why(exc)
    report(
        attempts=attempts,
        reached=reached,
        detail=f"{len(targets) - len(reached)}/{len(targets)} {verb} refused",
    )


def _write(path):
    with open(path, "w") as f:
        f.write("escaped\n")


def _read(path):
    with open(path, "rb") as f:
        f.read(1)


def _see(path):
    os.lstat(path)


def _connect(address):
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.settimeout(2)
        s.connect((host, int(port)))


def write(paths):
    each(paths, _write, "writes")


def read(paths):
    each(paths, _read, "reads")


def see(paths):
    each(paths, _see, "looks")


def interfaces():
    """Network interfaces other than lo, wherever this namespace shows them."""
    names = set()
    with contextlib.suppress(OSError):
        names.update(os.listdir("/sys/class/net"))
    with contextlib.suppress(OSError), open("/proc/net/dev") as f:
        names.update(row.split(":")[0].strip() for row in f.read().splitlines()[2:])
    return sorted(names - {"lo", ""})


def network(addresses):
    attempts, reached = {}, []
    for name in interfaces():
        attempts[f"interface {name}"] = "visible"
        reached.append(f"interface {name}")
    for address in addresses:
        try:
            _connect(address)
            attempts[address] = "connected"
            reached.append(address)
        except OSError as exc:
            attempts[address] = why(exc)
    report(
        attempts=attempts,
        reached=reached,
        detail=f"{len(addresses)} connection(s) tried, {len(reached)} target(s) reached",
    )


def forkbomb(args):
    seconds = args[0]
    count = 0
    try:
        while count < 100000:
            subprocess.Popen(
                ["sleep", seconds],
                start_new_session=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            count += 1
    except OSError as exc:
        report(processes=count, detail=f"refused after {count} processes ({exc.strerror})")
        return
    report(processes=count, detail="never refused")


def memory(args):
    want = int(args[0])
    chunks = []
    try:
        for _ in range(want):
            chunks.append(bytearray(1 << 20))
            chunks[-1][::4096] = b"x" * len(chunks[-1][::4096])  # touch every page
    except MemoryError:
        report(allocated_mib=len(chunks), stopped="MemoryError", detail="allocation refused")
        return
    report(allocated_mib=len(chunks), stopped="", detail="allocated everything")


def spin(_args):
    while True:
        pass


KINDS = {
    "write": write,
    "read": read,
    "see": see,
    "network": network,
    "forkbomb": forkbomb,
    "memory": memory,
    "spin": spin,
}

if __name__ == "__main__":
    nonce, kind, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if kind not in KINDS:
        sys.exit(f"unknown payload {kind!r}")
    started(nonce)
    KINDS[kind](args)
