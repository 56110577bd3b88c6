"""Issue 35: the Ray test cluster's helper signals only processes it started — those in the
cluster's own network namespace — never one elsewhere on the host with the same title (on
a shared machine, another user's Ray worker). Needs root, ip and nsenter; not Ray."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support.ray_cluster import Cluster, new_cluster

TITLE = "ray::ofb-attempt-P001"
# A process titled as a Ray worker running an attempt (argv[0] is the title Ray sets).
SLEEPER = f"import os; os.execv({shutil.which('sleep')!r}, [{TITLE!r}, '600'])"

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None or shutil.which("nsenter") is None,
    reason="needs root, ip and nsenter for a network namespace",
)


def _titled(pid: int) -> bool:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            if Path(f"/proc/{pid}/cmdline").read_bytes().startswith(TITLE.encode()):
                return True
        except OSError:
            return False
        time.sleep(0.02)
    return False


@pytest.fixture
def cluster():
    made = new_cluster()
    try:
        yield made
    finally:
        made.stop()


def test_the_helper_never_signals_a_process_it_did_not_start(cluster: Cluster):
    foreign = subprocess.Popen([sys.executable, "-c", SLEEPER])  # outside the cluster
    ours = subprocess.Popen(cluster.in_netns([sys.executable, "-c", SLEEPER]))
    try:
        assert _titled(foreign.pid) and _titled(ours.pid)
        found = cluster.titled("ray::ofb-attempt-")
        assert list(found) == [ours.pid] and found[ours.pid] == TITLE
        with pytest.raises(ValueError, match="not a process of this cluster"):
            cluster.kill(foreign.pid)
        assert foreign.poll() is None
        cluster.kill(ours.pid)
        assert ours.wait(timeout=10) == -9
        cluster.stop()  # teardown ends what is left in the namespace, and nothing else
        assert foreign.poll() is None
    finally:
        for proc in (foreign, ours):
            proc.kill()
            proc.wait()


def test_teardown_ends_every_process_of_the_namespace(cluster: Cluster):
    ours = [subprocess.Popen(cluster.in_netns([sys.executable, "-c", SLEEPER])) for _ in range(2)]
    assert all(_titled(p.pid) for p in ours)
    assert sorted(cluster.titled(TITLE)) == sorted(p.pid for p in ours)
    cluster.stop()
    assert [p.wait(timeout=10) for p in ours] == [-9, -9]


def test_a_process_that_has_exited_is_not_signalled_and_not_an_error(cluster: Cluster):
    """Teardown lists the namespace's processes, then signals them: one that exits between
    the two (a zombie, out of the namespace already) is skipped, not taken for a stranger."""
    quick = subprocess.Popen(cluster.in_netns([sys.executable, "-c", "pass"]))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # exited, not yet reaped: a zombie
        if Path(f"/proc/{quick.pid}/stat").read_text().split(") ")[1][0] == "Z":
            break
        time.sleep(0.02)
    assert not cluster.owned(quick.pid)
    cluster.kill(quick.pid)  # neither raises nor signals anything
    assert quick.wait(timeout=10) == 0


def test_a_forked_child_showing_its_parent_s_title_is_not_another_worker(cluster: Cluster):
    """Until it execs, a child a worker forks has the worker's title: one worker, not two."""
    bash = shutil.which("bash")
    assert bash is not None
    # A titled shell whose subshell (a fork that does not exec) keeps the title.
    script = f'exec -a "{TITLE}" {bash} -c "(sleep 600; true) & wait"'
    parent = subprocess.Popen(cluster.in_netns([bash, "-c", script]))
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            titles = [_argv0(pid) for pid in cluster.pids()]
            if titles.count(TITLE) == 2:
                break
            time.sleep(0.02)
        assert titles.count(TITLE) == 2  # the shell and its subshell
        assert list(cluster.titled(TITLE)) == [parent.pid]
    finally:
        cluster.stop()
        parent.wait()


def _argv0(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
    except OSError:
        return ""
