"""Checking an untrusted certificate in a child process with hard limits, in the jail.

The child (`python -m openfrontiers.cert.worker ITEM`) reads the certificate on stdin,
sets its own address-space and CPU-time limits before reading, and prints one verdict as
JSON. It runs in the project's jail (bubblewrap: no network, an unprivileged uid, seccomp,
cgroup limits, nothing of the host but the system, Python and this package, read-only)
wherever the jail works, and always with a clean environment — the grader's own variables
(its upstream key, its paths) never reach it. Where no jail works (a machine without
bubblewrap), it is a plain child with that clean environment, and the verdict says so
(`isolation: process`). The child is killed at the wall clock. Whatever the certificate
makes a library do — a factorization that never ends, a huge allocation — ends as
`refused`; a failure of the checker itself is `refused` with a short reason, and its
stderr goes to this process's stderr, never into a verdict.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

from ..jail.backend import Backend
from ..jail.policy import Limits, base_policy, python_executable, python_paths
from .limits import DEFAULT_LIMITS, CertLimits
from .verdict import Verdict
from .verifiers import PUBLIC, Verifiers

# Interpreter start and imports (sympy, networkx, flint) before the budget starts.
STARTUP_SECONDS = 20.0
# Memory for the interpreter and the jail's own processes above the worker's address space.
JAIL_HEADROOM_MIB = 512
# Where the jail shows an evaluator verifier's module (its only view of the evaluator folder).
VERIFIER_INSIDE = "/ofb-verifier"


def _package() -> Path:
    """The `openfrontiers` package folder (code only: bound read-only into the jail)."""
    return Path(__file__).resolve().parents[1]


def worker_env() -> dict[str, str]:
    """The whole environment of the worker: nothing of the caller's is inherited."""
    return {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(_package().parent),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONNOUSERSITE": "1",
    }


def default_jail() -> Backend | None:
    """The bubblewrap jail if it works here, else None (a plain child)."""
    from ..jail.bwrap import BwrapBackend

    backend = BwrapBackend()
    return backend if backend.status().works else None


def _readable_paths() -> list[Path]:
    """What the worker reads: Python (with its packages: sympy, networkx, FLINT) and ours."""
    paths = [*python_paths(), _package()]
    prefix = Path(sys.prefix).resolve()  # a virtual environment's packages
    if not any(prefix.is_relative_to(p) for p in paths):
        paths.append(prefix)
    return paths


def check_isolated(
    item: str,
    data: bytes,
    limits: CertLimits = DEFAULT_LIMITS,
    jail: Backend | str | None = "auto",
    verifiers: Verifiers = PUBLIC,
) -> Verdict:
    """The verdict on `data` for `item`, checked in the worker; `jail` is a backend, None for
    a plain child, or "auto" (`default_jail()`); `verifiers`: where the item's verifier is
    (`verifiers.for_project` for a solved item's)."""
    verifier = verifiers.get(item)  # unknown items fail here, in the caller, with a usage error
    source = verifiers.source(item)
    began = time.monotonic()
    backend = default_jail() if jail == "auto" else jail
    assert not isinstance(backend, str)
    isolation = backend.name if backend is not None else "process"

    def refused(limit: str, message: str) -> Verdict:
        return Verdict(
            item=verifier.item,
            status="refused",
            direction=verifier.direction,
            condition=limit,
            message=message,
            reduction=verifier.reduction,
            seconds=time.monotonic() - began,
            isolation=isolation,
        )

    wall = limits.seconds + STARTUP_SECONDS
    argv = [
        str(python_executable()),
        "-s",
        "-m",
        "openfrontiers.cert.worker",
        verifier.item,
        json.dumps(asdict(limits)),
    ]
    files: tuple[tuple[str, bytes], ...] = ()
    if source is not None:
        # the module's text alone, at a path of the jail's own, not the evaluator folder
        inside = f"{VERIFIER_INSIDE}/{source.name}"
        files = ((inside, source.read_bytes()),)
        argv.append(inside if backend is not None else str(source))
    if backend is not None:
        policy = base_policy(
            read_only=_readable_paths(),
            files=files,
            env=tuple(worker_env().items()),
            limits=Limits(
                memory=(limits.memory_mib + JAIL_HEADROOM_MIB) << 20,
                processes=64,
                cpus=1.0,
                wall_seconds=wall,
            ),
        )
        result = backend.run(argv, policy, stdin=data)
        if result.timed_out:
            return refused("time", f"killed after {wall:g} s (wall clock)")
        if result.killed_for_memory:
            _log(item, result.stderr)
            return refused("memory", f"the checker ran out of its {limits.memory_mib} MiB")
        code = result.exit_code if result.exit_code is not None else -(result.signal or 9)
        if result.killed_for_cpu:
            code = -24
        out, err = result.stdout, result.stderr
    else:
        try:
            proc = subprocess.run(
                argv,
                input=data,
                capture_output=True,
                timeout=wall,
                env=worker_env(),
                check=False,
            )
        except subprocess.TimeoutExpired:
            return refused("time", f"killed after {wall:g} s (wall clock)")
        code, out, err = proc.returncode, proc.stdout, proc.stderr
    text = out.decode("utf-8", "replace").strip()
    if code == 0 and text:
        try:
            verdict = Verdict.from_dict(json.loads(text.splitlines()[-1]))
        except (ValueError, KeyError, TypeError):
            verdict = refused("worker", "the checker's verdict could not be read")
        else:
            verdict.isolation = isolation
        _log(item, err)
        return verdict
    _log(item, err)
    if "MemoryError" in err.decode("utf-8", "replace"):
        return refused("memory", f"the checker ran out of its {limits.memory_mib} MiB")
    if code < 0 or code in (137, 152):
        return refused(
            "cpu" if code in (-24, 152) else "signal",
            f"the checker was killed by signal {-code if code < 0 else code - 128} "
            "(CPU time or memory limit)",
        )
    return refused("worker", f"the checker failed (exit {code}); its output went to stderr")


def _log(item: str, err: bytes) -> None:
    """What the worker wrote to stderr goes to ours (the evaluator's console or log), cut to
    its last 4 KiB: it may quote the certificate, so it never enters a verdict."""
    text = err.decode("utf-8", "replace").strip()
    if text:
        print(f"ofb cert: the checker of {item} wrote:\n{text[-4096:]}", file=sys.stderr)
