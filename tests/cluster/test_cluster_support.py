"""The Ray test cluster's start-up retry (tests/support/ray_cluster.py), without Ray."""

from __future__ import annotations

import pytest

from support import ray_cluster


class FakeCluster:
    def __init__(self) -> None:
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


@pytest.fixture
def made(monkeypatch):
    clusters: list[FakeCluster] = []

    def new() -> FakeCluster:
        clusters.append(FakeCluster())
        return clusters[-1]

    monkeypatch.setattr(ray_cluster, "new_cluster", new)
    return clusters


def test_a_startup_timeout_makes_the_cluster_again(made):
    calls = []

    def layout(cluster):
        calls.append(cluster)
        if len(calls) == 1:
            raise RuntimeError(f"node head exited:\nThe current node {ray_cluster.STARTUP_TIMEOUT}")
        return "nodes"

    cluster, nodes = ray_cluster.start_cluster(layout)
    assert nodes == "nodes" and cluster is made[1]
    assert made[0].stopped and not made[1].stopped


def test_other_failures_and_the_last_timeout_are_raised_after_stopping(made):
    def other(cluster):
        raise RuntimeError("node head exited: port in use")

    with pytest.raises(RuntimeError, match="port in use"):
        ray_cluster.start_cluster(other)
    assert len(made) == 1 and made[0].stopped

    def always(cluster):
        raise RuntimeError(ray_cluster.STARTUP_TIMEOUT)

    with pytest.raises(RuntimeError, match=ray_cluster.STARTUP_TIMEOUT):
        ray_cluster.start_cluster(always, attempts=2)
    assert len(made) == 3 and all(c.stopped for c in made)
