"""Condition C's web proxy: the agent's live web, every URL logged (a host service).

An HTTP proxy on a Unix socket bound into the agent jail (`HTTP_PROXY`/`HTTPS_PROXY` point
at the forwarder on the jail's loopback). It serves `CONNECT host:port` (a TLS tunnel: the
host is logged, the path is not visible) and plain `http://` requests in absolute form (the
whole URL is logged, and the request carries that URL's own `Host:` header: one naming
another site is replaced, and logged as `host_header`). Every target is resolved once, and
the connection goes to exactly the address that was checked: private, loopback, link-local,
shared, reserved and multicast addresses are refused (so the proxy cannot be turned on the
host or its network), as are ports other than 80 and 443. Every request, allowed or
refused, is one JSON line with its normalised URL.

The resolver is injectable: `SystemResolver` asks the system; `FixtureResolver` maps names
to loopback servers and exists for tests only (the evaluator config's `[testing]` table,
accepted only with OFB_HARNESS_TESTING=1) — so tests never resolve a host name.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import os
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

from .urls import normalise

ALLOWED_PORTS = (80, 443)


class Refused(Exception):
    """A target the proxy will not connect to; the message says why."""


class Resolver(Protocol):
    @property
    def fixture(self) -> bool: ...

    async def resolve(self, host: str, port: int) -> list[tuple[str, int]]: ...


class SystemResolver:
    fixture = False

    async def resolve(self, host: str, port: int) -> list[tuple[str, int]]:
        loop = asyncio.get_running_loop()
        try:
            infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except socket.gaierror as exc:
            raise Refused(f"cannot resolve {host}: {exc}") from None
        return [(str(info[4][0]), port) for info in infos]


@dataclass(frozen=True)
class FixtureResolver:
    """Tests only: host name → "127.0.0.1:PORT". Names outside the map do not resolve."""

    table: dict[str, str]
    fixture: bool = True

    def __post_init__(self) -> None:
        if os.environ.get("OFB_HARNESS_TESTING") != "1":
            raise RuntimeError("FixtureResolver is for tests only (OFB_HARNESS_TESTING=1)")
        for name, target in self.table.items():
            ip, _, port = target.rpartition(":")
            if not ipaddress.ip_address(ip).is_loopback or not port.isdigit():
                raise ValueError(f"fixture {name} → {target}: only loopback targets")

    async def resolve(self, host: str, port: int) -> list[tuple[str, int]]:
        target = self.table.get(host.lower())
        if target is None:
            raise Refused(f"cannot resolve {host}: not in the test fixture map")
        ip, _, fixed = target.rpartition(":")
        return [(ip, int(fixed))]


def _v6(prefix: int, length: int) -> ipaddress.IPv6Network:
    """The IPv6 prefix of `length` bits whose value is `prefix` (written as numbers, so that
    no address literal stands in the source: tests/test_loopback_guard.py)."""
    return ipaddress.IPv6Network((prefix << (128 - length), length))


# IPv6 ranges that carry an IPv4 address, which is where a packet to them ends up. Judged
# by that address: the well-known NAT64 prefix (RFC 6052, a /96, the IPv4 address in
# the last 32 bits) and 6to4 (RFC 3056, a /16, in bits 16–47); the IPv4-mapped form is
# Python's `ipv4_mapped`.
NAT64 = _v6(0x64_FF9B << 64, 96)
SIX_TO_FOUR = _v6(0x2002, 16)
# Refused whatever they carry: local-use NAT64 (RFC 8215, a /48, where the IPv4
# address sits depends on the operator's prefix length), Teredo (RFC 4380, a /32: a relay
# and an obfuscated client address), the deprecated IPv4-compatible form (RFC 4291, ::/96)
# and the IPv4-translated one (RFC 2765).
REFUSED_V6 = (
    (_v6(0x64_FF9B_0001, 48), "a local-use NAT64 address"),
    (_v6(0x2001_0000, 32), "a Teredo address"),
    (_v6(0, 96), "an IPv4-compatible address"),
    (_v6(0xFFFF << 16, 96), "an IPv4-translated address"),
    # The rest of ::/8, reserved by the IETF (Python counts most of it as global).
    (_v6(0, 8), "in ::/8, reserved"),
)


def check_address(ip: str) -> None:
    """Raise `Refused` unless `ip` is a public unicast address — for an IPv6 address that
    carries an IPv4 one (NAT64, 6to4, IPv4-mapped), the IPv4 address too."""
    address = ipaddress.ip_address(ip)
    if isinstance(address, ipaddress.IPv6Address):
        carried = None
        if address in NAT64:
            carried = ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF)
        elif address in SIX_TO_FOUR:
            carried = address.sixtofour
        elif address.ipv4_mapped is None:
            for network, what in REFUSED_V6:
                if address in network:
                    raise Refused(f"{ip} is {what}: not a public address the proxy connects to")
        if carried is not None and (not carried.is_global or carried.is_multicast):
            raise Refused(f"{ip} carries {carried}, which is not a public address")
        if address.ipv4_mapped is not None:
            address = address.ipv4_mapped
    if not address.is_global or address.is_multicast:
        raise Refused(f"{ip} is not a public address")


async def resolve_checked(resolver: Resolver, host: str, port: int) -> tuple[str, int]:
    """The one address to connect to, after every check; raises Refused."""
    if port not in ALLOWED_PORTS:
        raise Refused(f"port {port} is not allowed (only {ALLOWED_PORTS})")
    literal = host.strip("[]")
    try:
        ipaddress.ip_address(literal)
    except ValueError:
        pass
    else:
        check_address(literal)  # an address literal is checked as it is, fixtures or not
        return literal, port
    addresses = await resolver.resolve(host, port)
    if not addresses:
        raise Refused(f"{host} has no address")
    if not resolver.fixture:
        for ip, _ in addresses:
            check_address(ip)  # every address: a mixed answer is refused whole
    return addresses[0]


class ProxyLog:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self.round = 0
        self.entries: list[dict] = []

    def write(self, entry: dict) -> None:
        url = entry.get("url")
        if url:
            entry["normalised"] = normalise(url).as_dict()
        entry = {"time": time.time(), "round": self.round, **entry}
        with self._lock:
            self.entries.append(entry)
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(entry, sort_keys=True) + "\n")


def _is_host(line: str) -> bool:
    return line.lower().startswith("host:")


async def _pipe(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, count: list[int]
) -> None:
    try:
        while chunk := await reader.read(65536):
            count[0] += len(chunk)
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()


class WebProxy:
    def __init__(self, log: ProxyLog, resolver: Resolver) -> None:
        self.log = log
        self.resolver = resolver

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3:
            await self._answer(writer, 400, "bad request line")
            self.log.write({"method": "?", "url": None, "decision": "refused", "reason": "bad"})
            return
        method, target, version = parts
        if method == "CONNECT":
            host, _, port_text = target.rpartition(":")
            port = int(port_text) if port_text.isdigit() else 0
            url = f"https://{host}" + ("" if port == 443 else f":{port}") + "/"
            await self._tunnel(reader, writer, method, host, port, url)
            return
        split = urlsplit(target)
        if split.scheme != "http" or not split.hostname:
            await self._answer(writer, 400, "only absolute http:// URLs and CONNECT")
            self.log.write(
                {"method": method, "url": target, "decision": "refused", "reason": "form"}
            )
            return
        port = split.port or 80
        path = (split.path or "/") + (f"?{split.query}" if split.query else "")
        # The Host header is the URL's own: a different one would have the server answer
        # for another site than the one the log names (and the proxy checked).
        authority = split.hostname + (f":{split.port}" if split.port else "")
        if ":" in split.hostname:
            authority = f"[{split.hostname}]" + (f":{split.port}" if split.port else "")
        given = [line.split(":", 1)[1].strip() for line in lines[1:] if _is_host(line)]
        headers = [
            line
            for line in lines[1:]
            if line
            and not _is_host(line)
            and not line.lower().startswith(("proxy-", "connection:", "keep-alive:"))
        ]
        request = "\r\n".join(
            [f"{method} {path} {version}", f"Host: {authority}", *headers, "Connection: close"]
            + ["", ""]
        ).encode("latin-1")
        note = {"host_header": given} if any(g.lower() != authority.lower() for g in given) else {}
        await self._tunnel(reader, writer, method, split.hostname, port, target, request, note)

    async def _answer(self, writer: asyncio.StreamWriter, status: int, text: str) -> None:
        body = (text + "\n").encode()
        writer.write(
            f"HTTP/1.1 {status} {'OK' if status == 200 else 'Refused'}\r\n"
            f"Content-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n".encode()
            + body
        )
        with contextlib.suppress(ConnectionError):
            await writer.drain()
        writer.close()

    async def _tunnel(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        method: str,
        host: str,
        port: int,
        url: str,
        request: bytes | None = None,
        note: dict | None = None,
    ) -> None:
        entry: dict = {"method": method, "url": url, "host": host, "port": port, **(note or {})}
        try:
            ip, real_port = await resolve_checked(self.resolver, host, port)
            upstream_reader, upstream_writer = await asyncio.wait_for(
                asyncio.open_connection(ip, real_port), timeout=30
            )
        except Refused as exc:
            entry.update(decision="refused", reason=str(exc))
            self.log.write(entry)
            await self._answer(writer, 403, f"refused by the harness proxy: {exc}")
            return
        except (OSError, TimeoutError) as exc:
            entry.update(decision="failed", reason=f"connect: {exc}")
            self.log.write(entry)
            await self._answer(writer, 502, "could not connect")
            return
        entry.update(decision="allowed", address=ip)
        if request is None:
            writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            await writer.drain()
        else:
            upstream_writer.write(request)
            await upstream_writer.drain()
        up, down = [0], [0]
        await asyncio.gather(
            _pipe(reader, upstream_writer, up), _pipe(upstream_reader, writer, down)
        )
        entry.update(bytes_up=up[0], bytes_down=down[0])
        self.log.write(entry)
