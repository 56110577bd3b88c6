"""Condition C's proxy and the URL normalisation."""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from harness.refused_addresses import CARRYING, METADATA, PRIVATE, PRIVATE_C, PRIVATE_FIXTURE
from openfrontiers.harness.services import Services
from openfrontiers.harness.urls import normalise
from openfrontiers.harness.webproxy import FixtureResolver, ProxyLog, WebProxy


@pytest.fixture
def page():
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:
            body = f"fixture page {self.path} host {self.headers['Host']}".encode()
            self.send_response(200)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def proxy(tmp_path, page, monkeypatch):
    monkeypatch.setenv("OFB_HARNESS_TESTING", "1")
    resolver = FixtureResolver({"papers.example.org": f"127.0.0.1:{page}"})
    log = ProxyLog(tmp_path / "web.jsonl")
    sock = tmp_path / "sock"
    sock.mkdir()
    with Services(sock, {}, {"proxy": WebProxy(log, resolver).handle}):
        yield sock / "proxy.sock", log


def ask(path, request: bytes) -> bytes:
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(str(path))
        s.sendall(request)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
            if request.startswith(b"CONNECT") and b"\r\n\r\n" in b"".join(chunks):
                break
        return b"".join(chunks)


def test_allowed_fetches_are_relayed_and_logged(proxy):
    path, log = proxy
    answer = ask(path, b"GET http://papers.example.org/abs/2101.00001v2 HTTP/1.1\r\n"
                       b"Host: papers.example.org\r\n\r\n")  # fmt: skip
    assert b"200" in answer.split(b"\r\n")[0] and b"fixture page /abs/2101.00001v2" in answer
    for _ in range(200):  # logged when both directions of the relay have ended
        if log.entries:
            break
        time.sleep(0.01)
    (entry,) = log.entries
    assert entry["decision"] == "allowed" and entry["bytes_down"] > 0
    assert entry["normalised"]["key"] == "url:papers.example.org/abs/2101.00001v2"


def test_a_mismatched_host_header_is_replaced_by_the_urls_own(proxy):
    """The server answers for the site the log names, not for one a Host header claims."""
    path, log = proxy
    answer = ask(path, b"GET http://papers.example.org/abs/2101.00001 HTTP/1.1\r\n"
                       b"Host: arxiv.org\r\n\r\n")  # fmt: skip
    assert b"host papers.example.org" in answer and b"arxiv.org" not in answer
    for _ in range(200):
        if log.entries:
            break
        time.sleep(0.01)
    (entry,) = log.entries
    assert entry["url"] == "http://papers.example.org/abs/2101.00001"
    assert entry["host_header"] == ["arxiv.org"]


def test_connect_tunnels_to_the_checked_address(proxy):
    path, log = proxy
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(str(path))
        s.sendall(b"CONNECT papers.example.org:443 HTTP/1.1\r\n\r\n")
        assert s.recv(1024).startswith(b"HTTP/1.1 200")
        s.sendall(b"GET /x HTTP/1.1\r\nHost: papers.example.org\r\nConnection: close\r\n\r\n")
        assert b"fixture page /x" in b"".join(iter(lambda: s.recv(65536), b""))
    for _ in range(200):
        if log.entries:
            break
        time.sleep(0.01)
    assert log.entries[-1]["url"] == "https://papers.example.org/"


@pytest.mark.parametrize(
    ("request_line", "why"),
    [
        (b"GET http://127.0.0.1/ HTTP/1.1", "not a public address"),
        (b"GET http://[::1]/ HTTP/1.1", "not a public address"),
        (f"GET http://{PRIVATE}/ HTTP/1.1".encode(), "not a public address"),
        (f"GET http://{METADATA}/latest HTTP/1.1".encode(), "not a public address"),
        (f"CONNECT {PRIVATE_C}:443 HTTP/1.1".encode(), "not a public address"),
        (b"GET http://papers.example.org:8080/ HTTP/1.1", "port 8080 is not allowed"),
        (b"GET http://unknown.example.net/ HTTP/1.1", "not in the test fixture map"),
    ],
)
def test_private_addresses_ports_and_unknown_names_are_refused(proxy, request_line, why):
    path, log = proxy
    answer = ask(path, request_line + b"\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 403") and why.encode() in answer
    assert log.entries[-1]["decision"] == "refused" and why in log.entries[-1]["reason"]
    assert json.loads(log.path.read_text().splitlines()[-1])["decision"] == "refused"


@pytest.mark.parametrize(("literal", "why"), sorted(CARRYING.items()))
def test_ipv6_forms_of_private_addresses_are_judged_by_what_they_carry(literal, why):
    from openfrontiers.harness.webproxy import Refused, check_address

    with pytest.raises(Refused, match=why):
        check_address(literal)


def test_ipv6_forms_of_public_addresses_pass():
    import ipaddress

    from openfrontiers.harness.webproxy import NAT64, SIX_TO_FOUR, check_address

    public = (8 << 24) | (8 << 16) | (8 << 8) | 8  # a public IPv4 address, built (no literal)
    check_address(str(ipaddress.IPv6Address(int(NAT64.network_address) | public)))
    check_address(str(ipaddress.IPv6Address(int(SIX_TO_FOUR.network_address) | public << 80)))
    check_address(str(ipaddress.IPv6Address((0xFFFF << 32) | public)))  # IPv4-mapped


@pytest.mark.parametrize("index", [0, 3])
def test_the_proxy_refuses_a_carrying_literal_before_connecting(proxy, index):
    path, log = proxy
    literal = list(CARRYING)[index]  # NAT64 and 6to4 forms of 127.0.0.1
    answer = ask(path, f"CONNECT [{literal}]:443 HTTP/1.1\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 403") and b"carries 127.0.0.1" in answer
    assert log.entries[-1]["decision"] == "refused"


def test_the_fixture_resolver_is_for_tests_only(monkeypatch):
    monkeypatch.delenv("OFB_HARNESS_TESTING", raising=False)
    with pytest.raises(RuntimeError, match="tests only"):
        FixtureResolver({"a.org": "127.0.0.1:1"})
    monkeypatch.setenv("OFB_HARNESS_TESTING", "1")
    with pytest.raises(ValueError, match="only loopback"):
        FixtureResolver({"a.org": f"{PRIVATE_FIXTURE}:80"})


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("https://arxiv.org/abs/2101.00001v3", "arxiv:2101.00001"),
        ("http://export.arxiv.org/pdf/2101.00001.pdf", "arxiv:2101.00001"),
        ("https://arxiv.org/abs/math/0601001", "arxiv:math/0601001"),
        ("https://doi.org/10.1007/S00222-020-1", "doi:10.1007/s00222-020-1"),
        (
            "https://onlinelibrary.wiley.com/doi/10.1112/blms.12345/full",
            "doi:10.1112/blms.12345/full",
        ),
        ("https://github.com/Owner/Repo/blob/main/X.lean", "repo:github.com/owner/repo"),
        ("https://raw.githubusercontent.com/o/r/main/a.lean", "repo:github.com/o/r"),
        ("https://www.erdosproblems.com/forum/thread/152", "erdos:152"),
        ("https://mathoverflow.net/questions/12345/title", "mathoverflow:12345"),
        ("https://math.stackexchange.com/q/77", "math.se:77"),
        ("https://en.wikipedia.org/wiki/Collatz_conjecture", "wikipedia:en:Collatz conjecture"),
        ("https://example.org/a/?utm_source=x&b=2", "url:example.org/a?b=2"),
    ],
)
def test_urls_are_normalised(url, key):
    assert normalise(url).key == key
