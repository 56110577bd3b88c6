"""The jail: every Lean process (and anything else untrusted) runs confined.

`JailPolicy` says what a command may see and use; `JailResult` says how it ended; a
backend (`bwrap`, the default on Linux, or `docker`) runs a command under a policy.
`ofb jail check` runs the self-check of `openfrontiers.jail.check` inside a backend.
"""

from __future__ import annotations

from .backend import Backend, BackendStatus
from .policy import GiB, JailPolicy, KiB, Limits, MiB, base_policy
from .result import JailResult

BACKENDS = ("bwrap", "docker")


def get_backend(name: str = "auto") -> Backend:
    """A backend by name; `auto` is the first that works (bwrap, then docker)."""
    from ..errors import UsageError

    if name == "bwrap":
        from .bwrap import BwrapBackend

        return BwrapBackend()
    if name == "docker":
        from .docker import DockerBackend

        return DockerBackend()
    if name != "auto":
        raise UsageError(f"unknown jail backend {name!r} (known: auto, {', '.join(BACKENDS)})")
    statuses = []
    for candidate in BACKENDS:
        backend = get_backend(candidate)
        status = backend.status()
        if status.works:
            return backend
        statuses.append(status)
    from ..errors import OfbError

    raise OfbError(
        "no jail backend works here: "
        + "; ".join(
            f"{s.name}: {s.detail}" + (f" (fix: {s.fix})" if s.fix else "") for s in statuses
        )
    )


def backend_statuses() -> list[BackendStatus]:
    """Whether each backend works here, asked by running a command in it."""
    return [get_backend(name).status() for name in BACKENDS]


__all__ = [
    "BACKENDS",
    "Backend",
    "BackendStatus",
    "GiB",
    "JailPolicy",
    "JailResult",
    "KiB",
    "Limits",
    "MiB",
    "backend_statuses",
    "base_policy",
    "get_backend",
]
