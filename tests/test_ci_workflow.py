"""The GitHub workflow on ubuntu-24.04: AppArmor restricts unprivileged user namespaces
there, so every job that runs the jail lifts the restriction before it; packages are
installed only after `apt-get update`; the Lean jobs measure the replay and upload the
Lean summary."""

from __future__ import annotations

import re

import pytest
import yaml

from ofb_testing import REPO

WORKFLOW = REPO / ".github" / "workflows" / "ci.yml"
SYSCTL = "sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"
# Steps that start the jail (bwrap), directly or through the tests.
JAIL_STEPS = re.compile(
    r"\.ci/run|ci/probe\.sh|ci/grade-selftest\.sh|ci/lean-summary\.sh|bench_replay|pytest"
)


def jobs() -> dict[str, dict]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]


def runs(job: dict) -> list[str]:
    return [step.get("run", "") for step in job["steps"]]


@pytest.mark.parametrize("name", sorted(jobs()))
def test_every_job_that_runs_the_jail_lifts_the_apparmor_restriction_first(name):
    job = jobs()[name]
    assert job["runs-on"] == "ubuntu-24.04"
    commands = runs(job)
    jailed = [n for n, run in enumerate(commands) if JAIL_STEPS.search(run)]
    if not jailed:
        pytest.skip(f"{name} runs no jail")
    lifted = [n for n, run in enumerate(commands) if SYSCTL in run]
    assert lifted and lifted[0] < jailed[0], f"{name}: `sudo {SYSCTL}` before the jail"


@pytest.mark.parametrize("name", sorted(jobs()))
def test_packages_are_installed_only_after_apt_get_update(name):
    updated = False
    for run in runs(jobs()[name]):
        for command in re.split(r"&&|;|\n", run):
            if "apt-get update" in command:
                updated = True
            if "apt-get install" in command:
                assert updated, f"{name}: `{command.strip()}` before any apt-get update"


@pytest.mark.parametrize("script", [REPO / ".ci" / "run", *sorted((REPO / "ci").glob("*.sh"))])
def test_scripts_update_before_they_install(script):
    text = script.read_text(encoding="utf-8")
    install = text.find("apt-get install")
    if install >= 0:
        assert 0 <= text.find("apt-get update") < install, script.name


def test_the_lean_summary_job_uploads_its_json_whatever_happened():
    job = jobs()["lean-summary"]
    (summary,) = [r for r in runs(job) if "ci/lean-summary.sh" in r]
    folder = summary.split()[-1]
    (upload,) = [s for s in job["steps"] if str(s.get("uses", "")).startswith("actions/upload")]
    assert upload["if"] == "always()"
    assert upload["with"]["path"].rstrip("/") == folder
    assert any("lake build" in r for r in runs(job))  # Mathlib and the statements, for real


def test_the_lean_job_measures_the_kernel_replay():
    assert any("benchmarks/bench_replay.py" in r for r in runs(jobs()["lean"]))
