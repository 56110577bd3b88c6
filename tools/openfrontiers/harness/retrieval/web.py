"""Condition C's `fetch_url`: one public web page, fetched by the host and logged.

The address rules are the web proxy's (`webproxy.resolve_checked`): resolved once, every
address public, the connection made to the address that was checked; each redirect hop is
checked again."""

from __future__ import annotations

import asyncio
import http.client
import socket
import ssl
from urllib.parse import urljoin, urlsplit

from ..webproxy import Refused, Resolver, resolve_checked
from .base import Document, RetrievalError, strip_html

MAX_BYTES = 8 * 1024 * 1024
MAX_REDIRECTS = 5


def _get(ip: str, port: int, host: str, https: bool, path: str, agent: str) -> tuple:
    sock = socket.create_connection((ip, port), timeout=30)
    if https:
        sock = ssl.create_default_context().wrap_socket(sock, server_hostname=host)
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.sock = sock  # connected to the checked address, whatever the name resolves to now
    try:
        conn.request("GET", path, headers={"Host": host, "User-Agent": agent, "Accept": "*/*"})
        response = conn.getresponse()
        body = response.read(MAX_BYTES)
        return (
            response.status,
            response.getheader("location"),
            response.getheader("content-type", ""),
            body,
        )
    finally:
        conn.close()


async def fetch_url(url: str, resolver: Resolver, agent: str) -> tuple[Document, list[str]]:
    """The page and every URL visited (redirects included); raises RetrievalError."""
    visited: list[str] = []
    current = url
    for _ in range(MAX_REDIRECTS + 1):
        parts = urlsplit(current)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise RetrievalError(f"not an http(s) URL: {current}")
        visited.append(current)
        https = parts.scheme == "https"
        port = parts.port or (443 if https else 80)
        try:
            ip, real_port = await resolve_checked(resolver, parts.hostname, port)
        except Refused as exc:
            raise RetrievalError(f"refused: {exc}") from None
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        try:
            status, location, media, body = await asyncio.to_thread(
                _get, ip, real_port, parts.hostname, https, path, agent
            )
        except (OSError, http.client.HTTPException) as exc:
            raise RetrievalError(f"could not fetch {current}: {exc}") from None
        if status in (301, 302, 303, 307, 308) and location:
            current = urljoin(current, location)
            continue
        if status >= 400:
            raise RetrievalError(f"{current} answered {status}")
        text = body.decode("utf-8", errors="replace")
        if "html" in media:
            text = strip_html(text)
        return Document("web", current, current, "", text, current), visited
    raise RetrievalError(f"more than {MAX_REDIRECTS} redirects from {url}")
