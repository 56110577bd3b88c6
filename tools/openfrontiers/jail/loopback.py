"""What the network checks compare against, all on this host and never beyond loopback.

A jail with a network namespace of its own cannot reach the host's `127.0.0.1` or `::1`;
one that shares the host's network reaches a host listener there at once. So the checks
(`ofb jail check`'s `network` probe, the self-test's compile-time network case) start a
listener of their own on the host's loopback, hand its addresses to the code inside, and
ask the listener afterwards whether anything arrived. No packet is ever addressed to
anything but loopback, even by a check that expects to fail.

A TCP connection that completed waits in the listener's accept queue even after its client
has gone, so asking once after the run is enough: no thread, no timing.
"""

from __future__ import annotations

import os
import socket
from types import TracebackType

from ..errors import OfbError

LOOPBACKS = ((socket.AF_INET, "127.0.0.1"), (socket.AF_INET6, "::1"))


def net_namespace() -> str:
    """This process's network namespace (`net:[4026531840]`); a jail whose own reads the
    same shares the host's network."""
    return os.readlink("/proc/self/ns/net")


def format_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class LoopbackListener:
    """TCP listeners on the host's 127.0.0.1 and ::1 (where IPv6 is on), on free ports."""

    def __init__(self) -> None:
        self._sockets: list[tuple[str, socket.socket]] = []

    def __enter__(self) -> LoopbackListener:
        for family, host in LOOPBACKS:
            try:
                s = socket.socket(family, socket.SOCK_STREAM)
            except OSError:
                continue  # no IPv6 on this host: 127.0.0.1 alone must do
            try:
                s.bind((host, 0))
                s.listen(16)
            except OSError:
                s.close()
                continue
            self._sockets.append((format_address(host, s.getsockname()[1]), s))
        if not self._sockets:
            raise OfbError("cannot listen on the host's loopback (127.0.0.1 or ::1)")
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        for _, s in self._sockets:
            s.close()
        self._sockets = []

    @property
    def addresses(self) -> list[str]:
        """`127.0.0.1:PORT` and `[::1]:PORT`, for the code in the jail to try."""
        return [address for address, _ in self._sockets]

    def reached(self) -> list[str]:
        """The addresses some connection arrived at since the last call (each once)."""
        found = []
        for address, s in self._sockets:
            s.setblocking(False)
            arrived = 0
            while True:
                try:
                    conn, _ = s.accept()
                except (BlockingIOError, InterruptedError):
                    break
                conn.close()
                arrived += 1
            s.setblocking(True)
            if arrived:
                found.append(address if arrived == 1 else f"{address} ({arrived} connections)")
        return found
