"""Ctrl-C on `ofb run`: the attempts in flight are stopped at once, their jails killed and
each recorded as interrupted, none is started, runs.jsonl holds a line for every attempt
that ended, and the same command resumes the run. A crash that kept lines out of
runs.jsonl is made good on resume."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

from harness.helpers import make_packets, packet_folders, running
from harness.test_run import ofb_in_netns, run_args
from openfrontiers.harness.records import ATTEMPT_FORMAT
from openfrontiers.harness.run import recover_lines

SLEEP = "sleep 987"  # the slow tool call: a command line no other test runs


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line]


def _interrupt(proc, out: Path) -> tuple[str, str, list[str], float]:
    """Ctrl-C (twice) once two attempts run their slow tool call; what the run printed,
    the attempts in flight, and the seconds from the first SIGINT to its exit."""
    # Both attempts in flight have had the model's answer: their agents now run the sleep.
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        calls = [p for p in out.glob("P*/gateway.jsonl") if p.read_text().strip()]
        if len(calls) == 2 and len(running(SLEEP)) >= 2:
            break
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    in_flight = sorted(p.parent.name for p in out.glob("P*/gateway.jsonl"))
    assert len(in_flight) == 2, in_flight

    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: the whole process group
    time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGINT)  # a second Ctrl-C changes nothing
    stdout, stderr = proc.communicate(timeout=120)  # the sleeps would last 987 s
    return stdout, stderr, in_flight, time.monotonic() - sent


def test_ctrl_c_stops_the_run_records_the_attempts_in_flight_and_the_run_resumes(
    tmp_path, checkout
):
    packets = make_packets(checkout, 4)
    ids = [p.name for p in packet_folders(packets)]
    script = tmp_path / "script.json"
    script.write_text(
        json.dumps({"turns": [{"calls": [{"tool": "bash", "command": SLEEP}]}], "then": {}})
    )
    out = tmp_path / "run"
    args = run_args(tmp_path, packets, out, script)
    args[args.index("--jobs") + 1] = "2"
    proc = ofb_in_netns(args, checkout.root)
    try:
        stdout, stderr, in_flight, seconds = _interrupt(proc, out)
    finally:
        if proc.poll() is None:  # failed: the run and its jails (they die with it) go
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    print(f"SIGINT to exit: {seconds:.2f} s")
    assert proc.returncode == 130, stdout + stderr
    assert stderr.count("SIGINT: stopping the run") == 1, stderr
    assert "Traceback" not in stderr
    assert "2 attempt(s) interrupted" in stdout and "2 not started" in stdout, stdout + stderr

    # The jails are gone: no sleep left running, no work area left mounted.
    assert not running(SLEEP)
    assert not list(Path("/run/ofb-harness").glob(f"{proc.pid}-*"))
    # Each attempt in flight is recorded as interrupted, never as finished; none started.
    assert sorted(p.name for p in out.glob("P*")) == in_flight
    for pid in in_flight:
        folder = out / pid
        assert not (folder / "attempt.json").exists()
        record = json.loads((folder / "interrupted.json").read_text())
        assert record["format"] == ATTEMPT_FORMAT and record["packet"] == pid
        assert record["end_reason"] == "interrupted" and record["rounds"] == 1
        assert "stopped" in record["end_detail"] and record["submission"]["checked"] is False
        (round_line,) = _lines(folder / "rounds.jsonl")
        assert round_line["end_reason"] == "interrupted" and not round_line["timed_out"]
        assert (folder / "events" / "round-001.jsonl").exists()
    runs = _lines(out / "runs.jsonl")
    assert sorted(r["packet"] for r in runs) == in_flight
    assert {r["end_reason"] for r in runs} == {"interrupted"}

    # The same command resumes: the interrupted folders are kept aside, every packet runs.
    # (The script file is the test's knob: the resumed attempts end at their first turn.)
    script.write_text(json.dumps({"turns": [], "then": {"text": "I stop."}}))
    again = ofb_in_netns(args, checkout.root)
    stdout, stderr = again.communicate(timeout=300)
    assert again.returncode == 0, stdout + stderr
    assert "4 attempt(s) ran, 0 already finished" in stdout, stdout
    for pid in ids:
        assert json.loads((out / pid / "attempt.json").read_text())["end_reason"] == (
            "agent stopped"
        )
        assert not (out / pid / "interrupted.json").exists()
    aside = sorted((out / ".interrupted").iterdir())
    assert sorted(p.name.split("-")[0] for p in aside) == in_flight
    for folder in aside:
        assert json.loads((folder / "interrupted.json").read_text())["end_reason"] == (
            "interrupted"
        )
    runs = _lines(out / "runs.jsonl")
    assert sorted(r["packet"] for r in runs if r["end_reason"] == "interrupted") == in_flight
    assert sorted(r["packet"] for r in runs if r["end_reason"] != "interrupted") == ids
    assert not any(r.get("recovered") for r in runs)


def _attempt_args(tmp_path: Path, packet: Path, out: Path, script: Path) -> list[str]:
    run = run_args(tmp_path, packet.parent, out, script)
    options = run[run.index("--agent") :]
    return ["attempt", str(packet), "--out", str(out), *options]


def test_ctrl_c_stops_a_single_attempt_records_it_and_the_same_command_starts_it_again(
    tmp_path, checkout
):
    (packet,) = packet_folders(make_packets(checkout, 1))
    script = tmp_path / "script.json"
    script.write_text(
        json.dumps({"turns": [{"calls": [{"tool": "bash", "command": SLEEP}]}], "then": {}})
    )
    out = tmp_path / "attempts" / packet.name
    args = _attempt_args(tmp_path, packet, out, script)
    proc = ofb_in_netns(args, checkout.root)
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and proc.poll() is None:
            log = out / "gateway.jsonl"
            if log.exists() and log.read_text().strip() and running(SLEEP):
                break
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.3)
        os.killpg(proc.pid, signal.SIGINT)  # a second Ctrl-C changes nothing
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stdout + stderr
    assert stderr.count("SIGINT: stopping the attempt") == 1, stderr
    assert "Traceback" not in stderr
    assert json.loads(stdout)["end_reason"] == "interrupted"
    assert not running(SLEEP)
    assert not (out / "attempt.json").exists()
    record = json.loads((out / "interrupted.json").read_text())
    assert record["end_reason"] == "interrupted" and record["packet"] == packet.name
    assert record["submission"]["checked"] is False
    kept = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}

    # The same command: the unfinished folder is moved aside whole, a new attempt runs.
    script.write_text(json.dumps({"turns": [], "then": {"text": "I stop."}}))
    again = ofb_in_netns(args, checkout.root)
    stdout, stderr = again.communicate(timeout=300)
    assert again.returncode == 0, stdout + stderr
    assert "an unfinished attempt was there; moved to" in stderr, stderr
    assert json.loads((out / "attempt.json").read_text())["end_reason"] == "agent stopped"
    assert not (out / "interrupted.json").exists()
    (aside,) = out.parent.glob(f"{packet.name}.interrupted-*")
    assert {p.relative_to(aside): p.read_bytes() for p in aside.rglob("*") if p.is_file()} == (kept)
    # A finished attempt is never started again.
    third = ofb_in_netns(args, checkout.root)
    _, stderr = third.communicate(timeout=120)
    assert third.returncode == 2 and "already finished" in stderr, stderr


def _record(folder: Path, name: str, reason: str, start: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    doc = {"format": ATTEMPT_FORMAT, "packet": folder.name, "end_reason": reason,
           "start": start, "end": start, "rounds": 1, "wall_minutes": 0.1,
           "node": {"executor": "local"}}  # fmt: skip
    (folder / name).write_text(json.dumps(doc))


def test_lines_a_crash_kept_out_of_runs_jsonl_are_rebuilt_from_the_records(tmp_path):
    out = tmp_path / "run"
    _record(out / "P001", "attempt.json", "submitted", "2026-01-01T00:00:01+00:00")
    _record(out / "P002", "attempt.json", "agent stopped", "2026-01-01T00:00:03+00:00")
    _record(out / "P003", "interrupted.json", "interrupted", "2026-01-01T00:00:02+00:00")
    (out / "P004").mkdir()  # started, never ended: no line
    runs = out / "runs.jsonl"
    first = {"packet": "P001", "end_reason": "submitted", "start": "2026-01-01T00:00:01+00:00"}
    # The crash came while P002's line was written: a torn line stays as it was.
    runs.write_text(json.dumps(first) + "\n" + '{"packet": "P0')
    ids = ("P001", "P002", "P003", "P004")

    assert recover_lines(out, ids) == 2
    text = runs.read_text()
    assert text.startswith(json.dumps(first) + '\n{"packet": "P0\n')
    added = [json.loads(line) for line in text.splitlines()[2:]]
    # In the order the attempts ended, each marked as rebuilt.
    assert [(d["packet"], d["end_reason"]) for d in added] == [
        ("P003", "interrupted"), ("P002", "agent stopped"),
    ]  # fmt: skip
    assert all(d["recovered"] and d["executor"] == "local" for d in added)
    assert recover_lines(out, ids) == 0  # complete now: nothing twice
