"""`ofb jail check` passes on this machine and fails loudly when the jail is weakened."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from openfrontiers.cli import app
from openfrontiers.jail.bwrap import BwrapBackend, Hardening
from openfrontiers.jail.check import SCRIPT, probe_names, run_check
from openfrontiers.jail.loopback import LoopbackListener, net_namespace


def failing(backend) -> set[str]:
    return {o.name for o in run_check(backend) if not o.ok}


def test_about_twenty_probes_cover_the_promises():
    names = set(probe_names())
    assert len(names) >= 20
    assert {
        "network",
        "sockets",
        "host-unix-socket",
        "write-outside",
        "work-size",
        "tmp-size",
        "host-processes",
        "ptrace",
        "mount",
        "namespaces",
        "uid",
        "capabilities",
        "no-new-privs",
        "seccomp",
        "memory",
        "processes",
        "cpu",
        "file-size",
        "wall",
        "orphan",
        "environment",
    } <= names


def test_check_passes_on_this_machine(bwrap):
    outcomes = run_check(bwrap)
    assert [o.name for o in outcomes] == probe_names(grading=False)
    assert [(o.name, o.detail) for o in outcomes if not o.ok] == []
    network = next(o for o in outcomes if o.name == "network")
    assert "own network namespace" in network.detail
    assert "host loopback listeners not reached (127.0.0.1:" in network.detail


def test_a_jail_sharing_the_host_network_reaches_the_host_listener(bwrap):
    (outcome,) = run_check(
        BwrapBackend(Hardening(seccomp=False, unshare_net=False)), only=["network"]
    )
    assert not outcome.ok
    assert "the host's loopback listener was reached from the jail (127.0.0.1:" in outcome.detail
    assert "shares the host's network namespace" in outcome.detail


def test_a_shared_network_fails_even_where_seccomp_refuses_sockets(bwrap):
    """socket() refused, so no listener is reached: the namespace gives it away."""
    (outcome,) = run_check(BwrapBackend(Hardening(unshare_net=False)), only=["network"])
    assert not outcome.ok and "reached" not in outcome.detail
    assert f"the jail shares the host's network namespace ({net_namespace()})" in outcome.detail


NEEDS_UNSHARE = pytest.mark.skipif(
    shutil.which("unshare") is None or shutil.which("ip") is None,
    reason="needs unshare (util-linux) and ip (iproute2)",
)


# A fresh network namespace with its own /sys (sysfs shows the namespace it was mounted in).
OWN_NET = ["unshare", "--map-root-user", "--net", "--mount"]
OWN_SYS = "mount -t sysfs sysfs /sys"


def network_probe(listener: LoopbackListener, prefix: list[str], setup: str = "") -> tuple:
    """The inside half of the network probe, run outside any jail: in this process's
    network namespace (`prefix` empty) or a fresh one of its own (`OWN_NET`)."""
    argv = [sys.executable, "-I", "-S", str(SCRIPT), "network", net_namespace()]
    script = (setup + "; " if setup else "") + 'exec "$@"'
    done = subprocess.run(
        [*prefix, "/bin/sh", "-c", script, "sh", *argv, *listener.addresses],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode != 0 or not done.stdout.strip():
        pytest.skip(f"cannot make a network namespace here: {done.stderr.strip()[:200]}")
    return json.loads(done.stdout.splitlines()[-1]), listener.reached()


@NEEDS_UNSHARE
def test_the_probe_passes_in_a_namespace_with_only_lo():
    with LoopbackListener() as listener:
        report, reached = network_probe(listener, OWN_NET, OWN_SYS)
    assert report["ok"], report["detail"]
    assert reached == []


@NEEDS_UNSHARE
def test_the_probe_fails_on_any_interface_but_lo():
    """A veth pair inside a throwaway namespace: an interface other than lo, wired to
    nothing, so nothing can leave; the probe must name it."""
    with LoopbackListener() as listener:
        report, _ = network_probe(
            listener, OWN_NET, f"{OWN_SYS} && ip link add ofbcheck0 type veth peer name ofbcheck1"
        )
    assert not report["ok"]
    assert "/sys/class/net shows ofbcheck0, ofbcheck1" in report["detail"]
    assert "/proc/net/dev shows ofbcheck0, ofbcheck1" in report["detail"]


def test_the_probe_tries_no_address_beyond_loopback(monkeypatch):
    """Whatever it is handed, the inside half connects to loopback only."""
    from openfrontiers.jail import selfcheck

    tried = []
    monkeypatch.setattr(selfcheck.socket, "socket", lambda *a: tried.append(a))
    other = ".".join(("192", "0", "2", "1")) + ":53"  # documentation range, assembled here
    assert selfcheck.try_connect(other) == (False, "not tried: not a loopback address")
    assert tried == []


def test_the_probe_fails_in_the_hosts_network():
    with LoopbackListener() as listener:
        report, reached = network_probe(listener, [])
    assert not report["ok"]
    assert "shares the host's network namespace" in report["detail"]
    assert "reached the host listener at 127.0.0.1:" in report["detail"]
    assert reached and reached[0].startswith("127.0.0.1:")


def _grading(tmp_path, *shown):
    """A grading policy (the grader's own builder) that also shows `shown` read-only."""
    from openfrontiers.grade.runs import step_policy
    from openfrontiers.jail import Limits
    from openfrontiers.lean.toolchain import Toolchain

    prefix = tmp_path / "toolchain"
    prefix.mkdir(exist_ok=True)
    toolchain = Toolchain(prefix, "", "", tmp_path)
    return lambda ws: step_policy(toolchain, ws, Limits(), list(shown))


def test_grading_probes_run_under_the_grading_policy(bwrap, tmp_path):
    """Issue 11, item 7: host files, writes and the environment, under the policy the
    grader's steps get."""
    checkout = tmp_path / "checkout"
    (checkout / "FrontierBench" / "evaluator").mkdir(parents=True)
    (checkout / "FrontierBench" / "evaluator" / "answers.toml").write_text("secret")
    (checkout / ".lake" / "packages").mkdir(parents=True)
    private = [checkout, checkout / "FrontierBench" / "evaluator"]
    names = ["grading-host-files", "grading-write", "grading-environment"]
    outcomes = run_check(
        bwrap,
        only=names,
        grading=_grading(tmp_path, checkout / ".lake" / "packages"),
        private=private,
    )
    assert [(o.name, o.ok) for o in outcomes] == [(n, True) for n in names], outcomes
    env = next(o for o in outcomes if o.name == "grading-environment").detail
    assert "LEAN_ABORT_ON_PANIC" in env and "HOME" in env


def test_a_grading_policy_that_shows_the_checkout_fails_the_check(bwrap, tmp_path):
    """The `--nanoda <checkout>/x` mistake: a tool's folder bound, the checkout with it."""
    checkout = tmp_path / "checkout"
    (checkout / "FrontierBench" / "evaluator").mkdir(parents=True)
    (checkout / "FrontierBench" / "evaluator" / "answers.toml").write_text("secret")
    outcomes = run_check(
        bwrap,
        only=["grading-host-files"],
        grading=_grading(tmp_path, checkout),
        private=[checkout / "FrontierBench" / "evaluator"],
    )
    assert not outcomes[0].ok and "answers.toml" in outcomes[0].detail


def test_cli_check_exits_zero_and_prints_json(bwrap):
    result = CliRunner().invoke(app, ["jail", "check", "--backend", "bwrap", "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["passed"] and len(report["probes"]) == len(probe_names())


def test_cli_rejects_unknown_probe():
    result = CliRunner().invoke(app, ["jail", "check", "--only", "nosuch"])
    assert result.exit_code != 0


@pytest.mark.parametrize(
    "hardening, expected",
    [
        (
            Hardening(seccomp=False, unshare_net=False),
            {"network", "sockets", "host-unix-socket", "seccomp", "namespaces"},
        ),
        (Hardening(extra_read_only=("/run", "/var")), {"host-files"}),
    ],
)
def test_weakened_jail_fails_the_check(bwrap, hardening, expected):
    assert expected <= failing(BwrapBackend(hardening))


def test_root_left_in_the_jail_fails_the_check(bwrap):
    if not bwrap.root:
        pytest.skip("only a root caller can leave the command root")
    assert {"uid", "capabilities"} <= failing(BwrapBackend(Hardening(drop_uid=False)))


def test_cli_fails_loudly(monkeypatch, bwrap):
    weak = BwrapBackend(Hardening(seccomp=False))
    monkeypatch.setattr("openfrontiers.jail.get_backend", lambda name: weak)
    result = CliRunner().invoke(app, ["jail", "check", "--only", "seccomp,sockets"])
    assert result.exit_code == 1
    assert "FAILED" in result.output and "do not evaluate" in result.output
