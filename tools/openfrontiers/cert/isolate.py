"""Checking an untrusted certificate in a child process with hard limits.

The child (`python -m openfrontiers.cert.worker ITEM`) reads the certificate on stdin,
sets its own address-space and CPU-time limits before reading, and prints one verdict as
JSON. The parent kills it at the wall-clock limit. Whatever the certificate makes a
library do — a factorization that never ends, a huge allocation — ends as `refused`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

from .limits import DEFAULT_LIMITS, CertLimits
from .verdict import Verdict
from .verifiers import get

# Interpreter start and imports (sympy, networkx, flint) before the budget starts.
STARTUP_SECONDS = 20.0


def _package_root() -> str:
    return str(Path(__file__).resolve().parents[2])


def check_isolated(item: str, data: bytes, limits: CertLimits = DEFAULT_LIMITS) -> Verdict:
    verifier = get(item)  # unknown items fail here, in the caller, with a usage error
    began = time.monotonic()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (_package_root(), env.get("PYTHONPATH", "")) if p
    )

    def refused(limit: str, message: str) -> Verdict:
        return Verdict(
            item=verifier.item,
            status="refused",
            direction=verifier.direction,
            condition=limit,
            message=message,
            reduction=verifier.reduction,
            seconds=time.monotonic() - began,
        )

    wall = limits.seconds + STARTUP_SECONDS
    try:
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "openfrontiers.cert.worker",
                verifier.item,
                json.dumps(asdict(limits)),
            ],
            input=data,
            capture_output=True,
            timeout=wall,
            env=env,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return refused("time", f"killed after {wall:g} s (wall clock)")
    out = proc.stdout.decode("utf-8", "replace").strip()
    if proc.returncode == 0 and out:
        try:
            return Verdict.from_dict(json.loads(out.splitlines()[-1]))
        except (ValueError, KeyError) as exc:
            return refused("worker", f"unreadable verdict from the checker ({exc})")
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode < 0:
        return refused(
            "cpu" if proc.returncode == -24 else "signal",
            f"the checker was killed by signal {-proc.returncode} (CPU time or memory limit)",
        )
    if "MemoryError" in err:
        return refused("memory", f"the checker ran out of its {limits.memory_mib} MiB")
    return refused("worker", f"the checker failed (exit {proc.returncode}): {err[-400:]}")
