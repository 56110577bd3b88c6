"""The loopback-only rule, read off the sources: no test, probe, benchmark, CI step or tool
default may address anything beyond 127.0.0.0/8 and ::1, or resolve a host name.

Two findings, each with its file and line:

* `ip-literal`: an IPv4 or IPv6 address written anywhere (code, comments, data, fixtures)
  that is neither loopback nor unspecified (`0.0.0.0`, `::`);
* `host-name`: a host name handed to something that connects: in Python, an argument of
  `create_connection`, `connect`, `urlopen`, `getaddrinfo`, `requests.*`, `httpx.*`, …
  (a URL's host, or the host of an address tuple); on any line, a URL or dotted host name
  after `curl`, `wget`, `nc` and their kin.

Strings that only look like this and are never connected to (a URL printed for the user,
an install step of CI) are listed in `ALLOWED`, each with its reason; keep the list short
and reviewed. It is matched by file and exact text, so an entry never hides anything else.
"""

from __future__ import annotations

import ast
import ipaddress
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SCANNED = ("tools", "tests", "benchmarks", "ci", ".github")
SKIPPED_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".lake"}

# Python calls that open a connection or resolve a name (matched on the called name).
CONNECTING = {
    "create_connection",
    "connect",
    "connect_ex",
    "sendto",
    "urlopen",
    "urlretrieve",
    "Request",
    "getaddrinfo",
    "gethostbyname",
    "gethostbyname_ex",
    "open_connection",
    "HTTPConnection",
    "HTTPSConnection",
}
# Python modules whose every call may connect (requests.get, httpx.Client(...).post, …).
CONNECTING_MODULES = {"requests", "httpx", "urllib3", "aiohttp"}
# Programs that connect, on a shell line or as the first item of an argv list, and the git
# subcommands that do.
NET_COMMANDS = ("curl", "wget", "nc", "ncat", "netcat", "socat", "telnet")
GIT_NET = ("clone", "fetch", "pull", "ls-remote", "remote", "submodule")

_IPV4 = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{1,3}){3})(?!\.?\w)")
_IPV6 = re.compile(r"(?<![\w:.])((?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4})(?![\w:.])")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://(\[[^\]\s]*\]|[^\s/:'\"\]\[?#]+)", re.IGNORECASE)
_NET_COMMAND = re.compile(
    r"(?<![\w./-])(?:"
    + "|".join(NET_COMMANDS)
    + r"|git\s+(?:"
    + "|".join(GIT_NET)
    + r"))(?![\w.-])\s+(.*)"
)
_DOTTED_HOST = re.compile(r"^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+([A-Za-z]{2,})$")
# Dotted words after a network command that are file names, not hosts (`curl -o a.sh`).
_FILE_SUFFIXES = {
    "sh",
    "py",
    "txt",
    "json",
    "toml",
    "lean",
    "md",
    "gz",
    "tar",
    "zip",
    "log",
    "yml",
    "yaml",
    "html",
    "cfg",
    "ini",
    "sock",
    "out",
}


@dataclass(frozen=True)
class Hit:
    path: str  # relative to the scanned root
    line: int
    rule: str  # ip-literal or host-name
    text: str  # the literal, or the host name

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}: {self.text}"


@dataclass(frozen=True)
class Allowed:
    path: str
    text: str
    why: str


ALLOWED = (
    Allowed(
        "tests/harness/refused_addresses.py",
        "*",
        "the private and link-local addresses the condition-C web proxy must refuse: data "
        "handed to the proxy, refused before any connection, in one reviewed file",
    ),
    Allowed(
        "tools/openfrontiers/lean/toolchain.py",
        "raw.githubusercontent.com",
        "the elan install line `ofb doctor` prints as a fix for the user; no tool runs it",
    ),
    Allowed(
        "ci/install-elan.sh",
        "raw.githubusercontent.com",
        "CI's install step fetching elan from its publisher, as apt-get and pip fetch "
        "packages; it runs before any test or check, and no test or check runs it",
    ),
)


def _is_local(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return address.is_loopback or address.is_unspecified


def ip_literals(line: str) -> Iterator[str]:
    """IP addresses written in `line` that are neither loopback nor unspecified."""
    for m in _IPV4.finditer(line):
        try:
            v4 = ipaddress.IPv4Address(m.group(1))
        except ValueError:
            continue  # 999.1.2.3 and the like: not an address
        if not _is_local(v4):
            yield m.group(1)
    for m in _IPV6.finditer(line):
        text = m.group(1)
        groups = [g for g in text.split(":") if g]
        # `x[::4096]` and `x[1::2]` are slices: an address has letters or three groups.
        if len(groups) < 2 or (len(groups) < 3 and not re.search(r"[A-Fa-f]", text)):
            continue
        try:
            v6 = ipaddress.IPv6Address(text)
        except ValueError:
            continue  # 12:30:45, MAC addresses: not an address
        if not _is_local(v6):
            yield text


def _host_of_url(text: str) -> str | None:
    m = _URL.search(text)
    if m is None:
        return None
    scheme = text[m.start() : text.index("://", m.start())].lower()
    if scheme in ("file", "unix", "http+unix"):
        return None
    return m.group(1)


def is_remote_host(host: str) -> bool:
    """True for a host name, or an address outside loopback (a literal is judged here too,
    so a URL's host is one decision)."""
    bare = host.strip("[]")
    try:
        return not _is_local(ipaddress.ip_address(bare))
    except ValueError:
        return bool(bare)  # any name, localhost included: names are resolved


def command_hosts(rest: str) -> Iterator[str]:
    """The hosts a network command's arguments (`rest` of the line) name."""
    for url in _URL.finditer(rest):
        host = _host_of_url(url.group(0))
        if host is not None and is_remote_host(host):
            yield host
    for token in re.split(r"[\s'\"`,()|;&<>]+", _URL.sub(" ", rest)):
        host = token.split("/")[0].rpartition("@")[2]  # `wget user@example.org/file`
        if host == "localhost":
            yield host
        m = _DOTTED_HOST.match(host)
        if m and m.group(1).lower() not in _FILE_SUFFIXES:
            yield host


def shell_hits(line: str) -> Iterator[str]:
    m = _NET_COMMAND.search(line)
    if m:
        yield from command_hosts(m.group(1))


def _strings(node: ast.AST) -> Iterator[str]:
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            yield n.value


def _call_name(func: ast.expr) -> tuple[str, str]:
    """The called name and the name at the root of the call chain (`requests` in
    `requests.Session().get`)."""
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    root: ast.expr = func
    while isinstance(root, ast.Attribute | ast.Call):
        root = root.value if isinstance(root, ast.Attribute) else root.func
    return name, getattr(root, "id", "")


def python_hits(source: str) -> Iterator[tuple[int, str]]:
    """(line, host) for each host name a Python source hands to something that connects:
    an argument of a connecting call, an argv list of a network command, a string holding
    a shell command line."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name, root = _call_name(node.func)
            if name not in CONNECTING and root not in CONNECTING_MODULES:
                continue
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(arg, ast.Tuple) and arg.elts:  # an address (host, port)
                    first = arg.elts[0]
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        if first.value and is_remote_host(first.value):
                            yield first.lineno, first.value
                        continue
                for text in _strings(arg):
                    host = _host_of_url(text)
                    if host is not None and is_remote_host(host):
                        yield arg.lineno, host
                    elif _DOTTED_HOST.match(text) or text == "localhost":
                        yield arg.lineno, text
        elif isinstance(node, ast.List | ast.Tuple) and node.elts:  # an argv: ["curl", …]
            words = [s for e in node.elts for s in _strings(e)]
            first = node.elts[0]
            if isinstance(first, ast.Constant) and (
                first.value in NET_COMMANDS or (first.value == "git" and set(words) & set(GIT_NET))
            ):
                for host in command_hosts(" ".join(words[1:])):
                    yield node.lineno, host
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            for line in node.value.splitlines():  # a shell command line in a string
                for host in shell_hits(line):
                    yield node.lineno, host


def _files(root: Path) -> Iterator[Path]:
    for top in SCANNED:
        for folder, dirs, files in os.walk(root / top):
            dirs[:] = sorted(
                d for d in dirs if d not in SKIPPED_DIRS and not d.endswith(".egg-info")
            )
            for name in sorted(files):
                yield Path(folder) / name


def _text(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None  # binary
    return data.decode("utf-8", errors="replace")


def _is_python(path: Path, text: str) -> bool:
    return path.suffix == ".py" or (text.startswith("#!") and "python" in text.split("\n", 1)[0])


def _allows(allowance: Allowed, hit: Hit) -> bool:
    """`*` allows every hit in its file (a file that holds only such data)."""
    return allowance.path == hit.path and allowance.text in ("*", hit.text)


def scan(root: Path, allowed: tuple[Allowed, ...] = ALLOWED) -> list[Hit]:
    """Every finding under the scanned folders of `root`, minus the allowed ones."""
    hits: set[Hit] = set()
    for path in _files(root):
        text = _text(path)
        if text is None:
            continue
        rel = path.relative_to(root).as_posix()
        python = _is_python(path, text)
        for n, line in enumerate(text.splitlines(), 1):
            hits.update(Hit(rel, n, "ip-literal", lit) for lit in ip_literals(line))
            if not python:  # Python is read as code below: its strings, calls and argv lists
                hits.update(Hit(rel, n, "host-name", host) for host in shell_hits(line))
        if python:
            hits.update(Hit(rel, n, "host-name", host) for n, host in python_hits(text))
    kept = [h for h in hits if not any(_allows(a, h) for a in allowed)]
    return sorted(kept, key=lambda h: (h.path, h.line, h.rule, h.text))


def unused_allowances(root: Path, allowed: tuple[Allowed, ...] = ALLOWED) -> list[Allowed]:
    """Entries of the allow-list that no longer match anything (to be removed)."""
    everything = scan(root, ())
    return [a for a in allowed if not any(_allows(a, h) for h in everything)]
