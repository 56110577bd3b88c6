"""`ofb doctor` on machines described by fakes: what it reports and the fix it offers."""

from __future__ import annotations

import json

from cli_helpers import ofb
from openfrontiers.doctor import (
    Environment,
    Status,
    check_jail,
    check_lean,
    check_python,
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


def test_jail_backends_on_this_machine():
    """The real question, asked of the real backends: each answers works or not, with a fix."""
    checks = check_jail(Environment())
    assert [c.name for c in checks] == ["bwrap", "docker"]
    assert all(c.status is Status.OK or c.fix for c in checks)


def test_doctor_command_reports_json(checkout, capsys):
    run = ofb(capsys, "doctor", "--format", "json")
    data = json.loads(run.out)
    names = {c["name"] for c in data["checks"]}
    assert {"python", "typer", "elan", "lean", "lake", "mathlib cache", "bwrap", "docker"} <= names
    assert run.code == 0
