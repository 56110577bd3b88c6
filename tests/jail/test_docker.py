"""The docker jail, against a daemon these tests start themselves (skipped without one)."""

from __future__ import annotations

from openfrontiers.jail import MiB, base_policy
from openfrontiers.jail.check import run_check
from openfrontiers.jail.docker import DockerBackend


def test_docker_runs_under_the_policy(dockerd):
    jail = DockerBackend(client=dockerd)
    assert jail.status().works
    r = jail.run(
        ["/bin/sh", "-c", "id -u; cat /proc/net/dev | tail -n +3 | cut -d: -f1"], base_policy()
    )
    uid, *interfaces = r.text().split()
    assert r.ok and uid == "65534" and interfaces == ["lo"]


def test_docker_reports_memory_and_timeout(dockerd):
    jail = DockerBackend(client=dockerd)
    r = jail.run(["/bin/sh", "-c", "sleep 30"], base_policy().with_limits(wall_seconds=1))
    assert r.timed_out
    r = jail.run(
        ["/bin/sh", "-c", "x=$(head -c 200000000 /dev/zero | tr '\\0' a); echo $x"],
        base_policy().with_limits(memory=64 * MiB),
    )
    assert r.killed_for_memory


def test_docker_passes_the_jail_check(dockerd):
    failed = [(o.name, o.detail) for o in run_check(DockerBackend(client=dockerd)) if not o.ok]
    assert failed == []
