"""`ofb doctor` on machines described by fakes: what it reports and the fix it offers."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys

import pytest

from cli_helpers import ofb
from ofb_testing import REPO
from openfrontiers.doctor import (
    AGENT_CLIS,
    Check,
    Environment,
    Status,
    check_harness,
    check_jail,
    check_lean,
    check_python,
    npm_install_line,
    summarize,
)

TOOLCHAIN = "leanprover/lean4:v4.33.1"


def env(
    programs: dict[str, str],
    packages: dict[str, str],
    runs: dict[str, tuple[int, str]] | None = None,
):
    runs = runs or {}

    def run(argv):
        return runs.get(argv[0], (0, programs.get(argv[0], "")))

    return Environment(
        which=lambda name: name if name in programs else None,
        run=run,
        version_of=packages.get,
        python_version=(3, 11),
    )


def by_name(checks):
    return {c.name: c for c in checks}


def test_bare_machine_gets_a_fix_for_each_missing_piece(tmp_path):
    checks = by_name(check_lean(env({}, {}), tmp_path, TOOLCHAIN))
    assert checks["elan"].status is Status.MISSING and "elan-init.sh" in checks["elan"].fix
    assert checks["lean"].status is Status.MISSING
    assert checks["mathlib cache"].fix.startswith("lake exe cache get")


def test_matching_toolchain_and_built_mathlib_are_ok(tmp_path):
    olean = tmp_path / ".lake/packages/mathlib/.lake/build/lib/lean/Mathlib.olean"
    olean.parent.mkdir(parents=True)
    olean.write_bytes(b"")
    programs = {
        "elan": "elan 4.1.2",
        "lean": "Lean (version 4.33.1, x86_64-unknown-linux-gnu)",
        "lake": "Lake version 5.0.0-src+abc (Lean version 4.33.1)",
    }
    checks = by_name(check_lean(env(programs, {}), tmp_path, TOOLCHAIN))
    assert all(c.status is Status.OK for c in checks.values()), checks


def test_wrong_lean_version_is_a_warning_with_the_install_line(tmp_path):
    programs = {
        "elan": "elan 4.1.2",
        "lean": "Lean (version 4.30.0, x86_64)",
        "lake": "Lake (Lean version 4.30.0)",
    }
    lean = by_name(check_lean(env(programs, {}), tmp_path, TOOLCHAIN))["lean"]
    assert lean.status is Status.WARN and "4.33.1" in lean.detail
    assert lean.fix.startswith("elan toolchain install leanprover/lean4:v4.33.1")


def test_missing_python_package_is_required_and_fails_the_exit_code():
    checks = check_python(env({}, {"typer": "0.12", "rich": "13"}))
    code, lines = summarize(checks)
    assert code == 1 and "tomli-w" in lines[-1]
    assert by_name(checks)["tomli-w"].fix == "pip install -e ."
    assert by_name(checks)["hypothesis"].fix == "pip install -e '.[test]'"


def test_jail_backends_are_asked_whether_they_work():
    from openfrontiers.jail import BackendStatus

    statuses = [
        BackendStatus("bwrap", False, "not installed: bwrap", "apt-get install -y bubblewrap"),
        BackendStatus("docker", True, "daemon 28.2.2; started and stopped in 180 ms"),
    ]
    checks = by_name(check_jail(Environment(jail_statuses=lambda: statuses)))
    assert checks["bwrap"].status is Status.MISSING
    assert checks["bwrap"].fix == "apt-get install -y bubblewrap"
    assert checks["docker"].status is Status.OK and checks["docker"].detail.startswith(
        "daemon 28.2.2"
    )
    code, lines = summarize(list(checks.values()))
    assert code == 0 and lines == ["jail backends that work: docker"]


# -- the real backends: each status must follow from what this machine has -------------


def jail_checks() -> dict:
    checks = by_name(check_jail(Environment()))
    assert list(checks) == ["bwrap", "docker"]
    return checks


def bwrap_programs() -> list[str]:
    return ["bwrap", "prlimit"] + (["setpriv"] if os.geteuid() == 0 else [])


def sandbox_starts() -> bool:
    """Whether bubblewrap can make a sandbox here, asked of bwrap itself."""
    done = subprocess.run(
        ["bwrap", "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "/bin/true"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    return done.returncode == 0


def seccomp_binding() -> bool:
    return any(importlib.util.find_spec(m) is not None for m in ("pyseccomp", "seccomp"))


def docker_sdk() -> bool:
    return importlib.util.find_spec("docker") is not None


def daemon_answers(path: str) -> bool:
    """Whether a Docker daemon answers `GET /_ping` on the Unix socket `path`."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(10)
            s.connect(path)
            s.sendall(b"GET /_ping HTTP/1.0\r\n\r\n")
            reply = s.recv(64)
    except OSError:
        return False
    return reply.startswith(b"HTTP/1.") and b" 200 " in reply


def test_bwrap_status_follows_what_is_installed():
    bwrap = jail_checks()["bwrap"]
    missing = [p for p in bwrap_programs() if shutil.which(p) is None]
    if missing:
        assert bwrap.status is Status.MISSING
        assert bwrap.detail == "not installed: " + ", ".join(missing)
        assert bwrap.fix.startswith("apt-get install -y ")
    elif not seccomp_binding():
        assert bwrap.status is Status.MISSING and bwrap.detail == "no seccomp binding for Python"
        assert bwrap.fix.startswith("pip install pyseccomp")
    elif sandbox_starts():
        assert bwrap.status is Status.OK, bwrap
        assert bwrap.detail.startswith("limits via ") and bwrap.fix == ""
    else:
        assert bwrap.status is Status.MISSING
        assert bwrap.detail.startswith("a sandbox could not start") and bwrap.fix


def test_bwrap_without_its_programs_is_missing_with_the_install_line(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # nothing installed
    bwrap = jail_checks()["bwrap"]
    assert bwrap.status is Status.MISSING
    assert bwrap.detail == "not installed: " + ", ".join(bwrap_programs())
    assert bwrap.fix == "apt-get install -y bubblewrap util-linux"


def test_docker_status_follows_what_is_installed(monkeypatch):
    monkeypatch.delenv("DOCKER_HOST", raising=False)  # the SDK's default: the local socket
    docker = jail_checks()["docker"]
    if not docker_sdk():
        assert docker.status is Status.MISSING and docker.fix == "pip install docker"
    elif daemon_answers("/var/run/docker.sock"):
        assert docker.status is Status.OK and docker.detail.startswith("daemon "), docker
    else:
        assert docker.status is Status.MISSING
        assert docker.detail.startswith("no Docker daemon answers at unix:///var/run/docker.sock")
        assert docker.fix.startswith("start dockerd")


def test_docker_without_its_sdk_is_missing_with_the_install_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "docker", None)  # `import docker` fails
    docker = jail_checks()["docker"]
    assert docker.status is Status.MISSING
    assert docker.detail == "the docker jail needs the Docker SDK: pip install docker"
    assert docker.fix == "pip install docker"


def test_docker_without_a_daemon_is_missing_with_the_fix(monkeypatch, tmp_path):
    if not docker_sdk():
        pytest.skip("the docker SDK is not installed")
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/none.sock")
    docker = jail_checks()["docker"]
    assert docker.status is Status.MISSING
    assert docker.detail.startswith(f"no Docker daemon answers at unix://{tmp_path}/none.sock")
    assert docker.fix.startswith("start dockerd")


def test_docker_with_a_daemon_is_ok(monkeypatch, docker_daemon):
    monkeypatch.setenv("DOCKER_HOST", docker_daemon.host)
    version = docker_daemon.client.version()["Version"]
    docker = jail_checks()["docker"]
    assert docker.status is Status.OK, docker
    assert docker.detail.startswith(f"daemon {version}; started and stopped in ")


# -- the attempt harness: node, npm, the agent CLIs, the agent jail ---------------------

BWRAP_OK = Check("jail", "bwrap", Status.OK, "limits via cgroup-v2")
EXECUTABLES = {
    "claude-code": "@anthropic-ai/claude-code/bin/claude.exe",
    "codex": "@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
}


def install_clis(modules, versions):
    """A node_modules folder as npm leaves it: each CLI's executable and package.json."""
    for name, version in versions.items():
        exe = modules / EXECUTABLES[name]
        exe.parent.mkdir(parents=True, exist_ok=True)
        exe.write_bytes(b"")
        package = modules / AGENT_CLIS[name][0] / "package.json"
        package.parent.mkdir(parents=True, exist_ok=True)
        package.write_text(json.dumps({"name": AGENT_CLIS[name][0], "version": version}))
    return modules


PINNED = {name: version for name, (_, version) in AGENT_CLIS.items()}


def test_a_machine_with_node_22_the_pinned_clis_and_bwrap_is_ready(tmp_path):
    modules = install_clis(tmp_path / "node_modules", PINNED)
    machine = env({"node": "v22.11.0", "npm": "10.9.0"}, {})
    checks = by_name(check_harness(machine, modules, BWRAP_OK))
    assert list(checks) == ["node", "npm", "claude-code", "codex", "agent jail"]
    assert all(c.status is Status.OK for c in checks.values()), checks
    assert checks["claude-code"].detail == f"{PINNED['claude-code']} ({EXECUTABLES['claude-code']})"
    code, lines = summarize(list(checks.values()))
    assert code == 0 and not any("harness" in line for line in lines)


def test_a_bare_machine_gets_the_install_line_for_each_harness_piece(tmp_path):
    bwrap = Check(
        "jail", "bwrap", Status.MISSING, "not installed: bwrap", "apt-get install -y bubblewrap"
    )
    checks = by_name(check_harness(env({}, {}), tmp_path / "node_modules", bwrap))
    assert checks["node"].status is Status.MISSING and "Node.js 22" in checks["node"].fix
    assert checks["npm"].status is Status.MISSING
    for name in ("claude-code", "codex"):
        assert checks[name].status is Status.MISSING
        assert checks[name].fix == npm_install_line(tmp_path / "node_modules")
    assert checks["agent jail"].status is Status.MISSING
    assert checks["agent jail"].fix == "apt-get install -y bubblewrap"
    code, lines = summarize(list(checks.values()))
    assert code == 0  # the harness is optional: the Python tools still run
    assert lines[-1].endswith("will not run until: node, npm, claude-code, codex, agent jail")


def test_node_20_is_a_warning_naming_claude_code_s_engine(tmp_path):
    modules = install_clis(tmp_path / "node_modules", PINNED)
    node = by_name(check_harness(env({"node": "v20.20.2", "npm": "10"}, {}), modules, BWRAP_OK))[
        "node"
    ]
    assert node.status is Status.WARN
    assert "v20.20.2" in node.detail and ">= 22" in node.detail and "EBADENGINE" in node.detail


def test_a_cli_at_another_version_is_a_warning_with_the_pinned_install_line(tmp_path):
    modules = install_clis(tmp_path / "node_modules", {**PINNED, "codex": "0.100.0"})
    checks = by_name(check_harness(env({"node": "v22.0.0", "npm": "10"}, {}), modules, BWRAP_OK))
    assert checks["claude-code"].status is Status.OK
    assert checks["codex"].status is Status.WARN
    assert f"0.100.0, tested with {PINNED['codex']}" in checks["codex"].detail
    assert f"@openai/codex@{PINNED['codex']}" in checks["codex"].fix


def test_the_pins_are_those_the_tests_and_the_docs_install():
    from support.agent_clis import PACKAGES

    pins = tuple(f"{package}@{version}" for package, version in AGENT_CLIS.values())
    assert pins == PACKAGES
    line = npm_install_line()
    assert line.startswith("npm install --prefix ~/.cache/openfrontiers/agent-clis ")
    for doc in ("README.md", "docs/harness.md"):
        assert line in (REPO / doc).read_text(encoding="utf-8"), doc


def test_doctor_command_looks_for_the_clis_where_it_is_told(checkout, capsys, tmp_path):
    run = ofb(capsys, "doctor", "--format", "json", "--clis", str(tmp_path))
    checks = {c["name"]: c for c in json.loads(run.out)["checks"] if c["group"] == "harness"}
    assert checks["claude-code"]["status"] == "missing"
    assert checks["claude-code"]["detail"] == f"not installed under {tmp_path}"


def test_doctor_command_reports_json(checkout, capsys):
    run = ofb(capsys, "doctor", "--format", "json")
    data = json.loads(run.out)
    names = {c["name"] for c in data["checks"]}
    assert {"python", "typer", "elan", "lean", "lake", "mathlib cache", "bwrap", "docker"} <= names
    assert {"node", "npm", "claude-code", "codex", "agent jail", "mcp"} <= names
    assert run.code == 0
