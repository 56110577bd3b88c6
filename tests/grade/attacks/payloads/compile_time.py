"""What hostile code run at compile time (a `#eval`, an `initialize`, a tactic) would try,
written as a Python script so the jail can be tested where Lean is not installed.

`ofb grade selftest` runs it in the grader's compile jail as
`python3 -I -S payload.py KIND ARG…` and reads the JSON object it prints last; the outside
half checks the host too (files written, processes left). Standard library only.

    write PATH…        create each file                 report: reached = the ones created
    read PATH…         read each file                   report: reached = the ones read
    see PATH…          stat each path                   report: reached = the ones that exist
    network H:P…       connect to each address          report: reached = the ones connected
    forkbomb SECONDS   start `sleep SECONDS` until refused      report: started
                       (SECONDS also marks them)
    memory MIB         allocate MIB mebibytes           report: allocated_mib, stopped
    spin               loop forever
"""

import json
import os
import socket
import subprocess
import sys


def report(**fields):
    print(json.dumps(fields), flush=True)


def write(paths):
    reached = []
    for path in paths:
        try:
            with open(path, "w") as f:
                f.write("escaped\n")
            reached.append(path)
        except OSError:
            pass
    report(reached=reached, detail=f"{len(paths) - len(reached)}/{len(paths)} writes refused")


def read(paths):
    reached = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                f.read(1)
            reached.append(path)
        except OSError:
            pass
    report(reached=reached, detail=f"{len(paths) - len(reached)}/{len(paths)} reads refused")


def see(paths):
    reached = [p for p in paths if os.path.lexists(p)]
    report(reached=reached, detail=f"{len(paths) - len(reached)}/{len(paths)} paths invisible")


def network(addresses):
    reached = []
    for address in addresses:
        host, _, port = address.rpartition(":")
        try:
            socket.create_connection((host, int(port)), timeout=2).close()
            reached.append(address)
        except OSError:
            pass
    report(
        reached=reached,
        detail=f"{len(addresses) - len(reached)}/{len(addresses)} connections refused",
    )


def forkbomb(args):
    seconds = args[0]
    started = 0
    try:
        while started < 100000:
            subprocess.Popen(
                ["sleep", seconds],
                start_new_session=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            started += 1
    except OSError as exc:
        report(started=started, detail=f"refused after {started} processes ({exc.strerror})")
        return
    report(started=started, detail="never refused")


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
    KINDS[sys.argv[1]](sys.argv[2:])
