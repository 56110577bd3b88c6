"""Jail fixtures: the real bwrap jail, and a Docker daemon of our own where one can start."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from openfrontiers.jail.bwrap import BwrapBackend


@pytest.fixture(scope="session")
def bwrap() -> BwrapBackend:
    backend = BwrapBackend()
    status = backend.status()
    if not status.works:
        message = f"bwrap jail unavailable: {status.detail} ({status.fix})"
        if os.environ.get("CI"):  # CI installs the jail: a skip there would hide a broken one
            pytest.fail(message)
        pytest.skip(message)
    return backend


@dataclass(frozen=True)
class DockerDaemon:
    client: object  # docker.DockerClient
    host: str  # its DOCKER_HOST: unix://PATH


@pytest.fixture(scope="session")
def dockerd(docker_daemon: DockerDaemon):
    """A client of the tests' own Docker daemon."""
    return docker_daemon.client


@pytest.fixture(scope="session")
def docker_daemon():
    """A Docker daemon of our own (Debian's docker.io), or skip where there is none."""
    exe = shutil.which("dockerd")
    if exe is None or os.geteuid() != 0:
        pytest.skip("no dockerd to start (apt-get install docker.io, as root)")
    try:
        import docker
    except ImportError:
        pytest.skip("the docker Python SDK is not installed")
    base = Path(tempfile.mkdtemp(prefix="ofb-dockerd-"))
    sock = base / "docker.sock"
    log = open(base / "log", "wb")  # noqa: SIM115 -- dockerd writes it until the fixture ends
    proc = subprocess.Popen(
        [
            exe,
            "--data-root",
            str(base / "data"),
            "--exec-root",
            str(base / "exec"),
            "-H",
            f"unix://{sock}",
            "--pidfile",
            str(base / "pid"),
            "--iptables=false",
            "--bridge=none",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    client = None
    for _ in range(120):
        if proc.poll() is not None:
            break
        try:
            client = docker.DockerClient(base_url=f"unix://{sock}", timeout=60)
            client.ping()
            break
        except Exception:  # noqa: BLE001 - not up yet
            client = None
            time.sleep(0.25)
    if client is None:
        proc.kill()
        proc.wait()
        log.close()
        tail = (base / "log").read_text(errors="replace")[-400:]
        shutil.rmtree(base, ignore_errors=True)
        pytest.skip(f"dockerd did not start here: {tail}")
    yield DockerDaemon(client, f"unix://{sock}")
    client.close()
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()
    subprocess.run(["umount", "-R", str(base / "exec")], capture_output=True, check=False)
    subprocess.run(["umount", "-R", str(base / "data")], capture_output=True, check=False)
    shutil.rmtree(base, ignore_errors=True)
