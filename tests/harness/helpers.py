"""Shared by the harness tests: packets, a passing solution, and attempts run in a
loopback-only network namespace through `driver.py`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SUPPORT = HERE.parent / "support"
GENERIC_PROFILES = """
[agents.generic-test]
api = "anthropic"
events = "raw"
executable = []
bind_up = 0
start = ["python3", "{exe}", "start", "{session_id}"]
resume = ["python3", "{exe}", "resume", "{session_id}"]
session_id = "uuid"
[agents.generic-test.env]
OFB_GATEWAY_URL = "{gateway_url}"
OFB_MCP_URL = "{mcp_url}"
OFB_TOKEN = "{token}"
"""


def need_netns() -> None:
    if os.geteuid() != 0 or shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("needs root with unshare and ip: the attempts run in their own netns")


def make_packets(checkout, n: int = 1) -> Path:
    """n packets of yes/no statements exported from a test checkout; returns the folder."""
    from dataclasses import replace

    from ofb_testing import GOOD_STATEMENT, written_item
    from openfrontiers.packet import export as px
    from openfrontiers.register import Subset

    for k in range(10, 10 + n - 1):
        item_id = f"O{k}"
        checkout.set_item(replace(written_item(item_id), title=f"Totient question number {k}"))
        checkout.statement(item_id, GOOD_STATEMENT.replace("O02", item_id))
    checkout.sync()
    project = checkout.project()
    items = project.register.written()
    px.export(
        project,
        Subset("written", "", tuple(i.id for i in items)),
        items,
        out=checkout.root / "packets",
        key_path=checkout.root / "packets.key.json",
        salt=b"harness tests\n",
        budget_hours=3,
    )
    return checkout.root / "packets"


def packet_folders(packets: Path) -> list[Path]:
    """The packet folders of an export, in id order (ids rank the register's items, so a
    lone packet is not P001)."""
    from openfrontiers.evaluator.key import PACKET_ID

    return sorted(p for p in packets.iterdir() if p.is_dir() and PACKET_ID.fullmatch(p.name))


def solution_for(packet: Path) -> str:
    """A Solution.lean that passes the static layer (no Lean here to compile it)."""
    problem = (packet / "Problem.lean").read_text()
    return problem.replace("answer(sorry)", "answer(True)").replace(
        "  sorry\n", "  exact ⟨fun _ => ⟨3, by decide⟩, fun _ => trivial⟩\n"
    )


def generic_profiles(tmp: Path) -> Path:
    path = tmp / "profiles.toml"
    path.write_text(GENERIC_PROFILES)
    return path


def run_attempt_in_netns(tmp: Path, spec: dict, timeout: float = 300) -> dict:
    """Run one attempt through driver.py inside `unshare -n`; returns result.json with the
    stand-in's requests under "standin"."""
    need_netns()
    tmp.mkdir(parents=True, exist_ok=True)
    testing = spec.pop("testing", False)
    spec_path = tmp / "spec.json"
    spec_path.write_text(json.dumps(spec))
    env = {k: v for k, v in os.environ.items() if not k.lower().startswith(("http", "https"))}
    env.pop("OFB_HARNESS_TESTING", None)
    if testing:  # the explicit test-only setting: the fixture resolver of condition C
        env["OFB_HARNESS_TESTING"] = "1"
    done = subprocess.run(
        [
            "unshare",
            "-n",
            "sh",
            "-c",
            'ip link set lo up && exec "$0" "$1" "$2"',
            sys.executable,
            str(HERE / "driver.py"),
            str(spec_path),
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )
    result_path = tmp / "result.json"
    if not result_path.exists():
        raise AssertionError(f"the driver wrote no result:\n{done.stdout}\n{done.stderr}")
    result = json.loads(result_path.read_text())
    result["standin"] = json.loads((tmp / "standin.json").read_text())
    result["stderr"] = done.stderr
    if "error" in result:
        raise AssertionError(result["error"] + "\n" + result.get("trace", ""))
    return result


def run_in_netns(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """`ofb ARGS` (this checkout's package) in a loopback-only network namespace."""
    from ofb_testing import REPO

    env = {k: v for k, v in os.environ.items() if not k.lower().startswith("http")}
    env["PYTHONPATH"] = str(REPO / "tools")
    return subprocess.run(
        ["unshare", "-n", "sh", "-c", 'ip link set lo up && exec "$@"', "sh",
         sys.executable, "-m", "openfrontiers", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def running(command: str) -> list[int]:
    """The processes on this machine (jailed ones included) whose command line is
    `command`: a test's slow tool call, to wait for and to see gone."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
        except OSError:
            continue
        if cmdline == command:
            found.append(int(proc.name))
    return found
