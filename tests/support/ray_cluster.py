"""A Ray cluster on this machine, for the tests and the benchmark: a head and worker nodes,
each started by `ofb cluster node` (jail check, then `ray start --block`), all inside one
network namespace that holds only `lo`.

Ray has network habits; here they lead nowhere. Every node has `RAY_USAGE_STATS_ENABLED=0`
and `RAY_USAGE_STATS_REPORT_URL` on loopback (set by `ofb cluster node`), the dashboard off,
the node address 127.0.0.1, and a HOME holding an empty `ray_bootstrap_config.yaml` (else
the head's usage module asks cloud metadata services which cloud it runs on, even with
usage statistics off). Drivers run in the same namespace (`Cluster.ofb`).

The helper signals only processes it started: those in the cluster's own network
namespace, which it made and into which only it starts anything (`owned`). A test that
kills a worker finds it among them (`titled`, `kill`), never by scanning the host's /proc —
on a shared machine another user's Ray worker has the same title. Teardown ends them too.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
STANDIN_BIN = HERE / "toolchain" / "bin"
PORT = 6379
CLIENT_PORT = 10001  # Ray Client's server on the head: drivers off the cluster


@dataclass
class Node:
    name: str
    group: str
    process: subprocess.Popen
    log: Path
    record: Path


@dataclass
class Cluster:
    netns: str
    root: Path  # Ray's temp dir, the nodes' HOME and logs
    env: dict[str, str]
    nodes: list[Node] = field(default_factory=list)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{PORT}"

    @property
    def client_address(self) -> str:
        return f"ray://127.0.0.1:{CLIENT_PORT}"

    def off_cluster(self, argv: list[str]) -> list[str]:
        """`argv` as a machine that is not a node runs it: in the cluster's network (only
        `lo`) but in PID and mount namespaces of its own, where no Ray process shows and a
        tmpfs hides every node's session files and sockets (the cluster's folder); named
        `localhost` as the nodes are (`as_node`)."""
        hide = 'hostname localhost && mount -t tmpfs ofb-off-cluster "$0" && exec "$@"'
        return self.in_netns(
            [
                "unshare",
                "-p",
                "-m",
                "-u",
                "--fork",
                "--mount-proc",
                "sh",
                "-c",
                hide,
                str(self.root),
                *argv,
            ]
        )

    def in_netns(self, argv: list[str]) -> list[str]:
        # nsenter, not `ip netns exec`: that one also mounts a sysfs of its own, which hides
        # the cgroup hierarchy the jail's limits need.
        return ["nsenter", f"--net=/var/run/netns/{self.netns}", *argv]

    def as_node(self, argv: list[str]) -> list[str]:
        """`argv` in the cluster's network, under the host name `localhost` (a UTS namespace
        of its own). Ray looks up a node's address by a UDP connect towards a public
        resolver (no route here) and then by the machine's host name; `localhost` is
        answered by /etc/hosts on every machine, so no lookup ever reaches a DNS server."""
        named = 'hostname localhost && exec "$@"'
        return self.in_netns(["unshare", "-u", "sh", "-c", named, "ray-node", *argv])

    def start_node(
        self,
        name: str,
        group: str,
        cpus: int,
        *,
        head: bool = False,
        cwd: Path | None = None,
        jail: str = "auto",
        extra_env: dict[str, str] | None = None,
    ) -> Node:
        log = self.root / f"{name}.log"
        record = self.root / f"{name}.node.json"
        ray_args = (
            [
                "--head",
                f"--port={PORT}",
                f"--ray-client-server-port={CLIENT_PORT}",
                "--include-dashboard=false",
                f"--temp-dir={self.root}",
            ]
            if head
            else [f"--address={self.address}"]
        )
        argv = [
            sys.executable, "-m", "openfrontiers", "cluster", "node", "--group", group,
            "--jail", jail, "--record", str(record), "--",
            shutil.which("ray") or "ray", "start", "--block", "--node-ip-address=127.0.0.1",
            "--disable-usage-stats", f"--num-cpus={cpus}", *ray_args,
        ]  # fmt: skip
        process = subprocess.Popen(
            self.as_node(argv),
            cwd=cwd or REPO,
            env={**self.env, **(extra_env or {})},
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        node = Node(name, group, process, log, record)
        self.nodes.append(node)
        return node

    def start_plain(
        self, name: str, resources: dict[str, float], memory: int | None = None
    ) -> Node:
        """A worker node started by a plain `ray start`, not by `ofb cluster node`: no jail
        check, no admission record, whatever resources (and `memory`, bytes) it chooses to
        advertise."""
        log = self.root / f"{name}.log"
        argv = [
            shutil.which("ray") or "ray", "start", "--block", "--node-ip-address=127.0.0.1",
            "--disable-usage-stats", "--num-cpus=1", f"--address={self.address}",
            "--resources", json.dumps(resources),
            *([f"--memory={memory}"] if memory is not None else []),
        ]  # fmt: skip
        process = subprocess.Popen(
            self.as_node(argv),
            cwd=REPO,
            env=self.env,
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        node = Node(name, "plain", process, log, self.root / f"{name}.none")
        self.nodes.append(node)
        return node

    def kill_node(self, node: Node) -> None:
        """SIGKILL a node and every process it started (its raylet, its workers and their
        children), as a machine that goes down would: no goodbye to the head."""
        family = {node.process.pid}
        grew = True
        while grew:
            grew = False
            for pid in self.pids():
                try:
                    stat = Path(f"/proc/{pid}/stat").read_text()
                except OSError:
                    continue
                if pid not in family and int(stat.rsplit(")", 1)[1].split()[1]) in family:
                    family.add(pid)
                    grew = True
        for pid in family:
            if pid != node.process.pid:  # nsenter itself is not in the namespace
                self.kill(pid)
        node.process.kill()
        node.process.wait(timeout=30)

    def wait_started(self, node: Node, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = node.log.read_text(errors="replace")
            if "Ray runtime started" in text:
                return
            if node.process.poll() is not None:
                raise RuntimeError(f"node {node.name} exited:\n{text[-3000:]}")
            time.sleep(0.2)
        raise RuntimeError(f"node {node.name} did not start:\n{node.log.read_text()[-3000:]}")

    def ofb(
        self,
        args: list[str],
        cwd: Path,
        timeout: float = 300,
        env: dict[str, str] | None = None,
        off_cluster: bool = False,
    ) -> subprocess.CompletedProcess:
        """`ofb ARGS` in the cluster's network: on a node's machine, or `off_cluster` (then
        HOME is `cwd`'s `driver-home`: the nodes' HOME is hidden there)."""
        argv = [sys.executable, "-m", "openfrontiers", *args]
        extra = dict(env or {})
        if off_cluster:
            home = cwd / "driver-home"
            home.mkdir(exist_ok=True)
            extra.setdefault("HOME", str(home))
        return subprocess.run(
            self.off_cluster(argv) if off_cluster else self.as_node(argv),
            cwd=cwd,
            env={**self.env, **extra},
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def pids(self) -> list[int]:
        """The processes in the cluster's network namespace: every one was started here."""
        out = subprocess.run(
            ["ip", "netns", "pids", self.netns], capture_output=True, text=True, check=False
        )
        return [int(p) for p in out.stdout.split()]

    def owned(self, pid: int) -> bool:
        """Is `pid` a process of this cluster (in its network namespace)?"""
        return pid in self.pids()

    def titled(self, prefix: str) -> dict[int, str]:
        """The cluster's own processes whose title (argv[0], as Ray sets it for a worker
        running a task) starts with `prefix`. A child the worker forks shows the same title
        until it execs; only the topmost of such a family is listed."""
        found: dict[int, tuple[str, int]] = {}
        for pid in self.pids():
            try:
                argv0 = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
                stat = Path(f"/proc/{pid}/stat").read_text()
            except (OSError, UnicodeDecodeError):
                continue  # exited meanwhile
            if argv0.startswith(prefix):
                found[pid] = (argv0, int(stat.rsplit(")", 1)[1].split()[1]))
        return {pid: title for pid, (title, parent) in found.items() if parent not in found}

    def kill(self, pid: int, sig: int = signal.SIGKILL) -> None:
        """Signal one of the cluster's own processes; any other pid is refused. The process
        is pinned (a pidfd) before it is checked, so a pid reused meanwhile by another
        process is never signalled."""
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            return
        try:
            if not self.owned(pid):
                # An exiting process leaves the namespace a moment before its pidfd reports
                # the exit: wait that moment out before calling it somebody else's.
                if select.select([fd], [], [], 2.0)[0]:
                    return  # it has exited (and so left the namespace): nothing to signal
                raise ValueError(f"pid {pid} is not a process of this cluster: not signalled")
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(fd, sig)
        finally:
            os.close(fd)

    def stop(self) -> None:
        for node in self.nodes:
            if node.process.poll() is None:
                os.killpg(node.process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 5  # Ray's own shutdown, then SIGKILL
        while time.monotonic() < deadline and self.pids():
            time.sleep(0.2)
        for pid in self.pids():
            self.kill(pid)
        for node in self.nodes:
            node.process.wait(timeout=30)
        subprocess.run(["ip", "netns", "delete", self.netns], check=False)
        shutil.rmtree(self.root, ignore_errors=True)


T = TypeVar("T")

# What Ray prints when a node's raylet did not register with the GCS within Ray's fixed
# 30 s (not configurable in this Ray): a loaded 2-core machine can miss it.
STARTUP_TIMEOUT = "timed out during startup"


def start_cluster(layout: Callable[[Cluster], T], attempts: int = 2) -> tuple[Cluster, T]:
    """A new cluster with `layout` applied (it starts nodes and waits for them). When Ray
    gives up on a node during startup, the whole cluster is stopped and made again, up to
    `attempts` times; any other failure is raised at once."""
    for attempt in range(1, attempts + 1):
        cluster = new_cluster()
        try:
            return cluster, layout(cluster)
        except RuntimeError as exc:
            cluster.stop()
            if attempt == attempts or STARTUP_TIMEOUT not in str(exc):
                raise
        except BaseException:
            cluster.stop()
            raise
    raise AssertionError("unreachable")


def can_run() -> str | None:
    """Why a cluster cannot start here (None when it can)."""
    if os.geteuid() != 0:
        return "needs root: the cluster runs in a network namespace of its own"
    if shutil.which("ip") is None or shutil.which("nsenter") is None:
        return "needs ip (iproute2) and nsenter (util-linux) for the network namespace"
    try:
        import ray  # noqa: F401
    except ImportError:
        return "needs Ray: pip install -e '.[ray]'"
    if shutil.which("ray") is None:
        return "needs the `ray` command on PATH"
    return None


def new_cluster() -> Cluster:
    """An empty cluster: the namespace and the nodes' environment, no node yet."""
    netns = f"ofbray-{os.getpid()}-{time.monotonic_ns() % 10**6}"
    subprocess.run(["ip", "netns", "add", netns], check=True)
    subprocess.run(
        ["nsenter", f"--net=/var/run/netns/{netns}", "ip", "link", "set", "lo", "up"], check=True
    )
    root = Path(tempfile.mkdtemp(prefix="ofbray"))  # short: Ray's socket paths have a limit
    root.chmod(0o755)
    home = root / "home"
    home.mkdir()
    (home / "ray_bootstrap_config.yaml").write_text("{}\n")
    env = {k: v for k, v in os.environ.items() if not k.lower().startswith(("http", "ray_"))}
    env.update(
        HOME=str(home),
        PYTHONPATH=str(REPO / "tools"),
        # The stand-in toolchain (not Lean) for grading and probes on the nodes.
        PATH=f"{STANDIN_BIN}:{env.get('PATH', '/usr/bin:/bin')}",
        RAY_USAGE_STATS_ENABLED="0",
        RAY_USAGE_STATS_REPORT_URL="http://127.0.0.1:9/",
    )
    env.pop("OFB_ROOT", None)
    return Cluster(netns, root, env)
