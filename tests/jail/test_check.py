"""`ofb jail check` passes on this machine and fails loudly when the jail is weakened."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openfrontiers.cli import app
from openfrontiers.jail.bwrap import BwrapBackend, Hardening
from openfrontiers.jail.check import probe_names, run_check


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
    monkeypatch.setattr("openfrontiers.commands.jail.get_backend", lambda name: weak)
    result = CliRunner().invoke(app, ["jail", "check", "--only", "seccomp,sockets"])
    assert result.exit_code == 1
    assert "FAILED" in result.output and "do not evaluate" in result.output
