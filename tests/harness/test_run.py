"""`ofb run`: a run folder with a manifest, resumed after a crash without repeating the
attempts that finished; `ofb attempt` from the command line with a stand-in model."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.helpers import (
    HERE,
    SUPPORT,
    generic_profiles,
    make_packets,
    need_netns,
    packet_folders,
)

REPO = HERE.parents[1]


def ofb_in_netns(args: list[str], cwd: Path) -> subprocess.Popen:
    need_netns()
    env = {k: v for k, v in os.environ.items() if not k.lower().startswith("http")}
    env["PYTHONPATH"] = str(REPO / "tools")
    return subprocess.Popen(
        ["unshare", "-n", "sh", "-c", 'ip link set lo up && exec "$@"', "sh",
         sys.executable, "-m", "openfrontiers", *args],
        cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip


def run_args(tmp_path: Path, packets: Path, out: Path, script: Path) -> list[str]:
    return [
        "run", "--packets", str(packets), "--out", str(out), "--jobs", "1",
        "--agent", "generic-test", "--profiles", str(generic_profiles(tmp_path)),
        "--agent-exe", str(SUPPORT / "generic_agent.py"), "--model", "standin-model",
        "--standin", str(script), "--work-gib", "0.0625", "--tmp-gib", "0.0625",
        "--allow-no-lean", "--memory-gib", "4", "--wall-minutes", "5",
    ]  # fmt: skip


def test_an_interrupted_run_resumes_without_repeating_finished_attempts(tmp_path, checkout):
    packets = make_packets(checkout, 6)
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": [], "then": {"text": "I stop."}}))
    out = tmp_path / "run"
    proc = ofb_in_netns(run_args(tmp_path, packets, out, script), checkout.root)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        if len(list(out.glob("P*/attempt.json"))) >= 2:
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)  # a crash: nothing gets to clean up
    proc.wait()
    first = {p.parent.name: p.read_bytes() for p in out.glob("P*/attempt.json")}
    assert 2 <= len(first) < 6, "the run must be interrupted halfway"
    manifest = (out / "manifest.json").read_bytes()

    again = ofb_in_netns(run_args(tmp_path, packets, out, script), checkout.root)
    stdout, stderr = again.communicate(timeout=300)
    assert again.returncode == 0, stdout + stderr
    assert f"{len(first)} already finished" in stdout
    done = {p.parent.name: p.read_bytes() for p in out.glob("P*/attempt.json")}
    assert sorted(done) == [p.name for p in packet_folders(packets)]
    for pid, data in first.items():  # finished attempts were not run again
        assert done[pid] == data
    assert (out / "manifest.json").read_bytes() == manifest
    ran = [json.loads(line)["packet"] for line in (out / "runs.jsonl").read_text().splitlines()]
    assert sorted(ran) == sorted(done) and len(ran) == 6
    # A crashed attempt's folder is kept aside, and its work area was cleaned up.
    for folder in (out / ".interrupted").glob("*") if (out / ".interrupted").exists() else []:
        assert not (folder / "attempt.json").exists()
    # (`unshare` and `sh` exec: the crashed harness had the pid we started.)
    assert not list(Path("/run/ofb-harness").glob(f"{proc.pid}-*"))

    # Other parameters on the same folder are refused, naming the difference.
    other = ofb_in_netns(
        [*run_args(tmp_path, packets, out, script)[:-2], "--wall-minutes", "6"], checkout.root
    )
    _, err = other.communicate(timeout=120)
    assert other.returncode == 2 and "limits" in err


def test_ofb_attempt_cli_runs_a_continuation_attempt_with_a_stand_in(tmp_path, checkout):
    packets = make_packets(checkout)
    demo = REPO / "tools/openfrontiers/harness/standin_scripts/continuation-demo.json"
    (packet,) = packet_folders(packets)
    out = tmp_path / "attempts" / packet.name
    proc = ofb_in_netns(
        ["attempt", str(packet), "--out", str(out), "--agent", "generic-test",
         "--profiles", str(generic_profiles(tmp_path)), "--agent-exe",
         str(SUPPORT / "generic_agent.py"), "--model", "standin", "--protocol", "continuation",
         "--standin", str(demo), "--work-gib", "0.0625", "--tmp-gib", "0.0625",
         "--memory-gib", "4", "--wall-minutes", "5", "--allow-no-lean"],
        checkout.root,
    )  # fmt: skip
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0, stderr
    summary = json.loads(stdout)
    assert summary["end_reason"] == "submitted uncompiled" and summary["rounds"] == 2
    record = json.loads((out / "attempt.json").read_text())
    assert record["protocol"] == "continuation" and record["condition"] == "A"
    assert (out / "Solution.lean").exists()


def test_upstream_is_required(tmp_path, checkout):
    packets = make_packets(checkout)
    proc = ofb_in_netns(
        ["attempt", str(packet_folders(packets)[0]), "--out", str(tmp_path / "a"), "--model", "m",
         "--clis", str(tmp_path)],
        checkout.root,
    )  # fmt: skip
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 2 and "no upstream model API" in err


@pytest.mark.parametrize("bad", ["--condition=D", "--protocol=forever"])
def test_bad_options_are_usage_errors(tmp_path, checkout, bad):
    packets = make_packets(checkout)
    proc = ofb_in_netns(
        ["attempt", str(packet_folders(packets)[0]), "--model", "m", "--upstream",
         "http://127.0.0.1:9",
         bad],
        checkout.root,
    )  # fmt: skip
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 2 and "error" in err.lower()


def test_missing_sources_or_lean_are_refused_unless_explicitly_allowed(tmp_path, checkout):
    """Issue 29: B and C never run without their sources, nor any attempt without Lean in
    the sandbox, unless the evaluator says so; what was allowed is recorded."""
    packets = make_packets(checkout)
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": [], "then": {"text": "I stop."}}))
    out = tmp_path / "run"
    args = run_args(tmp_path, packets, out, script)
    for condition in ("B", "C"):
        proc = ofb_in_netns([*args, "--condition", condition], checkout.root)
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 2 and "needs its retrieval sources" in err, err
        assert "arxiv" in err and "stackexchange" in err and "--allow-no-sources" in err
    no_lean = [a for a in args if a != "--allow-no-lean"]
    proc = ofb_in_netns(no_lean, checkout.root)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 2 and "no Lean toolchain" in err and "--allow-no-lean" in err
    assert not out.exists()  # refused before a run folder was made

    proc = ofb_in_netns([*args, "--condition", "B", "--allow-no-sources"], checkout.root)
    stdout, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, stdout + err
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["parameters"]["exceptions"] == ["no-sources", "no-lean"]
    (record_path,) = out.glob("P*/attempt.json")
    record = json.loads(record_path.read_text())
    assert record["exceptions"] == ["no-sources", "no-lean"]
    assert record["access"]["lean"] is False and "arxiv_oai" in record["access"]["sources_missing"]
    # No retrieval tool was offered or called: no retrieval.jsonl, and none is claimed.
    assert record["records"]["retrieval"] is None
    assert not (record_path.parent / "retrieval.jsonl").exists()
