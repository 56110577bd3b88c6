"""The loopback-only rule read off the sources (tests/support/loopback_guard.py): the
repository holds no address beyond loopback and hands no host name to anything that
connects; a planted one is found with its file and line; the allow-list stays exact."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from support.loopback_guard import ALLOWED, SCANNED, Hit, scan, unused_allowances

ROOT = Path(__file__).resolve().parents[1]

# The planted addresses and names are put together at run time, so that this file itself
# holds none: documentation ranges (RFC 5737, RFC 3849) and reserved names (RFC 2606).
IP4 = ".".join(("192", "0", "2", "7"))
IP6 = ":".join(("2001", "db8", "", "7"))
HOST = ".".join(("example", "net"))
SCHEME = "https:"  # a URL is written SCHEME//HOST below, for the same reason


def plant(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        text = text.replace("IP4", IP4).replace("IP6", IP6).replace("HOST", HOST)
        path.write_text(text.replace("SCHEME", SCHEME))


def test_the_sources_address_nothing_beyond_loopback():
    hits = scan(ROOT)
    assert hits == [], "beyond loopback (file:line: rule: text):\n" + "\n".join(map(str, hits))


WHOLE_FILES = {a.path for a in ALLOWED if a.text == "*"}


def test_every_allowance_is_used_and_explained():
    assert unused_allowances(ROOT) == []
    assert len(ALLOWED) <= 5 and all(a.why for a in ALLOWED)
    # without the allow-list, exactly its entries show: it hides nothing else
    bare = scan(ROOT, ())
    assert {(h.path, h.text) for h in bare if h.path not in WHOLE_FILES} == {
        (a.path, a.text) for a in ALLOWED if a.text != "*"
    }
    assert {h.path for h in bare if h.path in WHOLE_FILES} == WHOLE_FILES


def test_a_literal_planted_in_a_copy_of_the_repository_fails_the_guard(tmp_path):
    for top in SCANNED:
        shutil.copytree(ROOT / top, tmp_path / top, ignore=shutil.ignore_patterns("__pycache__"))
    plant(tmp_path, {"tools/openfrontiers/planted.py": '"""Planted."""\n\nDNS = "IP4"\n'})
    hits = scan(tmp_path)
    assert hits == [Hit("tools/openfrontiers/planted.py", 3, "ip-literal", IP4)]
    assert str(hits[0]) == f"tools/openfrontiers/planted.py:3: ip-literal: {IP4}"


PY_URL = "from urllib.request import urlopen\n\nurlopen('SCHEME//HOST/x')\n"
PY_REQUESTS = "import requests\n\nrequests.Session().get('SCHEME//HOST')\n"
PY_HTTPX = "import httpx\n\nhttpx.get(url='SCHEME//HOST:8080/')\n"
PY_ARGV = "import subprocess\n\nsubprocess.run(['curl', '-s', 'HOST'])\n"
PY_SHELL = "import os\n\nos.system('wget -q HOST/file')\n"
PY_TUPLE = "import socket\n\nsocket.create_connection(('HOST', 443))\n"
PY_LOCALHOST = "import socket\n\nsocket.create_connection(('localhost', 80))\n"
WORKFLOW = "steps:\n  - run: curl -fsSL SCHEME//HOST | sh\n"


@pytest.mark.parametrize(
    "rel, text, found",
    [
        ("tests/grade/attacks/cases.toml", 'args = ["{loopback}", "IP4:53"]\n', IP4),
        ("ci/probe.sh", "#!/bin/sh\n# resolver IP6\n", IP6),
        ("benchmarks/b.py", "x = 1\nADDR = ('IP6', 53)\n", IP6),
        ("tests/t.lean", '-- see\n#eval IO.println "IP4"\n', IP4),
        ("tools/t.py", PY_TUPLE, HOST),
        ("tools/t.py", PY_LOCALHOST, "localhost"),
        ("tests/t.py", PY_URL, HOST),
        ("tests/t.py", PY_REQUESTS, HOST),
        ("tests/t.py", PY_HTTPX, HOST),
        ("tests/t.py", PY_ARGV, HOST),
        ("tests/t.py", PY_SHELL, HOST),
        ("ci/x.sh", "set -e\nnc -z HOST 80\n", HOST),
        ("ci/x.sh", "set -e\ngit clone --depth 1 SCHEME//HOST/r.git /tmp/r\n", HOST),
        (".github/workflows/w.yml", WORKFLOW, HOST),
    ],
)
def test_each_kind_of_finding_names_its_file_and_line(tmp_path, rel, text, found):
    plant(tmp_path, {rel: text})
    rule = "ip-literal" if found in (IP4, IP6) else "host-name"
    line = next(
        n
        for n, row in enumerate(text.splitlines(), 1)
        if any(k in row for k in ("IP4", "IP6", "HOST", "localhost"))
    )
    assert scan(tmp_path) == [Hit(rel, line, rule, found)]


def test_loopback_and_lookalikes_are_not_findings(tmp_path):
    plant(
        tmp_path,
        {
            "tools/ok.py": (
                "import socket, subprocess\n"
                "from urllib.request import urlopen\n"
                "socket.create_connection(('127.0.0.1', 8080))\n"
                "socket.create_connection(('::1', 8080))\n"
                "socket.socket(socket.AF_UNIX).connect('/run/docker.sock')\n"
                "urlopen('file:///tmp/x.html')\n"
                "urlopen('http://127.0.0.1:8000/')\n"
                "urlopen('http://[::1]:8000/')\n"
                "git = ['git', '-C', str(project.root), 'rev-parse', 'HEAD']\n"
                "subprocess.run(['curl', '-o', 'elan-init.sh', 'http://127.0.0.1:9/'])\n"
                "chunk[::4096] = x[1::2]\n"
                "listen = ('0.0.0.0', 0), ('::', 0), '127.1.2.3'\n"
            ),
            "tests/data.toml": (
                'version = "4.33.1"\nnested = "1.2.3.4.5"\nat = "12:30:45"\n'
                'mac = "02:fc:00:00:00:01"\nurl = "SCHEME//HOST/a"  # data, never connected to\n'
            ),
            "ci/ok.sh": "#!/bin/sh\ncurl -s http://127.0.0.1:8080/health\ngit fetch origin main\n",
            "tests/T.lean": "def f : List ℕ → ℕ\n  | x :: xs => x\n  | [] => 0\n",
        },
    )
    assert scan(tmp_path) == []


def test_an_allowance_covers_only_its_own_file_and_text(tmp_path):
    (allowed,) = [a for a in ALLOWED if a.path == "ci/install-elan.sh"]
    script = f"#!/bin/sh\ncurl -sSfL SCHEME//{allowed.text}/elan-init.sh | sh\n"
    plant(tmp_path, {"ci/install-elan.sh": script, "ci/other.sh": script})
    assert scan(tmp_path) == [Hit("ci/other.sh", 2, "host-name", allowed.text)]


# -- the run-time check: strace over a command's whole process tree ---------------------


def test_the_trace_reader_sorts_addresses_into_local_and_beyond():
    from support.trace_connections import read_log

    log = [
        (
            '101 connect(3, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("IP4")}, 16)'
            " = -1 EPERM"
        ),
        (
            "101 connect(4, {sa_family=AF_INET, sin_port=htons(80), "
            'sin_addr=inet_addr("127.0.0.1")}, 16) = 0'
        ),
        (
            "102 connect(5, {sa_family=AF_INET6, sin6_port=htons(80), sin6_flowinfo=htonl(0), "
            'inet_pton(AF_INET6, "::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ECONNREFUSED'
        ),
        (
            '102 sendto(6, "x", 1, 0, {sa_family=AF_INET6, sin6_port=htons(53), '
            'inet_pton(AF_INET6, "IP6", &sin6_addr)}, 28) = 1'
        ),
        '103 connect(7, {sa_family=AF_UNIX, sun_path="/run/docker.sock"}, 110) = 0',
        "103 sendmsg(8, {msg_name={sa_family=AF_NETLINK, nl_pid=0, nl_groups=00000000}}, 0) = 20",
        "104 <... connect resumed>) = 0",
        # IPv4 written as IPv6 (gRPC, Ray): judged as the IPv4 address it is.
        (
            "105 connect(9, {sa_family=AF_INET6, sin6_port=htons(6379), sin6_flowinfo=htonl(0), "
            'inet_pton(AF_INET6, "::ffff:127.0.0.1", &sin6_addr), sin6_scope_id=0}, 28) = 0'
        ),
        (
            "105 connect(9, {sa_family=AF_INET6, sin6_port=htons(53), sin6_flowinfo=htonl(0), "
            'inet_pton(AF_INET6, "::ffff:IP4", &sin6_addr), sin6_scope_id=0}, 28) = 0'
        ),
    ]
    traffic = read_log([line.replace("IP4", IP4).replace("IP6", IP6) for line in log])
    assert traffic.calls == {"connect": 6, "sendto": 1, "sendmsg": 1}
    assert traffic.local == {"127.0.0.1": 2, "::1": 1, "AF_UNIX": 1, "AF_NETLINK": 1}
    calls = [line.split()[1].split("(")[0] for line in traffic.beyond]
    assert calls == ["connect", "sendto", "connect"]
    assert IP4 in traffic.beyond[0] and IP6 in traffic.beyond[1] and IP4 in traffic.beyond[2]


JAILED_CONNECT = """
import sys
from openfrontiers.jail import base_policy
from openfrontiers.jail.bwrap import BwrapBackend, Hardening
from openfrontiers.jail.policy import python_executable, python_paths
code = "import socket, sys; socket.socket().connect(('127.0.0.1', int(sys.argv[1])))"
jail = BwrapBackend(Hardening(seccomp=False))  # sockets allowed, the network still its own
r = jail.run([str(python_executable()), "-I", "-S", "-c", code, sys.argv[1]],
             base_policy(read_only=python_paths()))
print(r.text("stderr").strip().splitlines()[-1])
"""


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace")
def test_the_trace_sees_a_connect_made_inside_a_jail(bwrap, capfd, monkeypatch):
    """strace -f follows through bubblewrap: the jailed child's connect is in the log."""
    from support.trace_connections import main

    monkeypatch.setenv("PYTHONPATH", str(ROOT / "tools"))
    code = main(["--", sys.executable, "-c", JAILED_CONNECT, "9"])
    out = capfd.readouterr().out
    assert code == 0, out
    assert "ConnectionRefusedError" in out  # the jail's own loopback: nothing listens there
    assert "calls naming an address: connect " in out
    assert "127.0.0.1 " in out.split("loopback and local: ")[1]
    assert "beyond loopback: 0" in out
