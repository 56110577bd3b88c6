"""The cluster's parts that need no Ray running: node admission records and the tasks'
refusal, the `ray start` command a node is given, shipped folders, the driver's writes
(an attempt folder once; verdict files resumed by job key), and the options."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import time
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openfrontiers.cli import app
from openfrontiers.cluster import archive
from openfrontiers.cluster import scratch as scratch_module
from openfrontiers.cluster.attempts import write_attempt
from openfrontiers.cluster.engine import (
    NODE_WAIT,
    NODE_WAIT_ENV,
    ClusterError,
    node_summary,
    node_wait,
    require_grading_node,
)
from openfrontiers.cluster.node import (
    CHECKED,
    GROUPS,
    RECORD_ENV,
    REFUSED,
    Admission,
    NodeRefused,
    admitted,
    ray_start_command,
    read_record,
    write_record,
)
from openfrontiers.cluster.scratch import clean_stale, scratch
from openfrontiers.errors import InputError, OfbError, UsageError
from openfrontiers.grade.resume import VerdictFiles
from openfrontiers.grade.verdict import Decision, VerdictRecord

TOOLS = Path(__file__).resolve().parents[2] / "tools"
PASSED = Admission("attempts", True, "bwrap", "cgroup-v2", 26, (), "", "2026-12-01T00:00:00+00:00")
FAILED = replace(PASSED, passed=False, failed=("group-memory: the limit is per process",))


def _env(tmp_path: Path, admission: Admission) -> dict[str, str]:
    path = tmp_path / "node.json"
    write_record(path, admission)
    return {RECORD_ENV: str(path)}


def test_a_node_with_a_passed_check_stamps_its_records(tmp_path):
    env = _env(tmp_path, PASSED)
    assert read_record(env) == PASSED
    stamp, admission = admitted("attempts", env, "abc123")
    assert admission == PASSED
    assert stamp == {
        "executor": "ray",
        "id": "abc123",
        "group": "attempts",
        "jail_check": {
            "passed": True,
            "backend": "bwrap",
            "group_limits": "cgroup-v2",
            "probes": 26,
            "failed": [],
            "error": "",
            "checked_at": "2026-12-01T00:00:00+00:00",
        },
    }


def test_a_task_refuses_a_node_without_a_passed_check_or_of_the_other_group(tmp_path):
    with pytest.raises(NodeRefused, match="no admission record"):
        admitted("attempts", {}, "n1")
    with pytest.raises(NodeRefused, match=r"jail check failed.*per process"):
        admitted("attempts", _env(tmp_path, FAILED), "n1")
    with pytest.raises(NodeRefused, match="admitted for attempts only"):
        admitted("grading", _env(tmp_path, PASSED), "n1")
    (tmp_path / "node.json").write_text('{"format": "something else"}')
    with pytest.raises(NodeRefused, match="not a node admission record"):
        admitted("attempts", {RECORD_ENV: str(tmp_path / "node.json")}, "n1")
    with pytest.raises(NodeRefused, match="cannot read"):
        admitted("attempts", {RECORD_ENV: str(tmp_path / "missing.json")}, "n1")


def test_only_the_check_grants_the_admission_resources():
    given = ["ray", "start", "--address=h:6379", "--resources", '{"x": 2, "ofb_jail_checked": 9}']
    argv = ray_start_command(given, PASSED)
    assert argv[:3] == ["ray", "start", "--address=h:6379"]
    assert argv[-2] == "--resources"
    assert json.loads(argv[-1]) == {"x": 2, CHECKED: 10_000, GROUPS["attempts"]: 10_000}
    failed = ray_start_command(given, FAILED)
    assert json.loads(failed[-1]) == {"x": 2, REFUSED: 1}
    # KubeRay hands the generated command over as one string.
    one = ray_start_command(["ray start --head --block --resources='{\"y\": 1}'"], PASSED)
    assert one[:4] == ["ray", "start", "--head", "--block"]
    assert json.loads(one[-1])["y"] == 1
    with pytest.raises(UsageError, match="ray start"):
        ray_start_command(["python3", "-m", "http.server"], PASSED)
    with pytest.raises(UsageError, match="not JSON"):
        ray_start_command(["ray", "start", "--resources={x"], PASSED)


def test_cluster_node_check_only_records_a_failing_check(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-docker.sock")
    record = tmp_path / "node.json"
    result = CliRunner().invoke(
        app,
        ["cluster", "node", "--group", "attempts", "--jail", "docker", "--check-only",
         "--record", str(record)],
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    doc = json.loads(record.read_text())
    assert doc["passed"] is False and doc["group"] == "attempts" and doc["failed"]
    assert "jail check FAILED" in result.output
    missing = CliRunner().invoke(app, ["cluster", "node", "--group", "attempts"])
    assert isinstance(missing.exception, UsageError) and "ray start" in str(missing.exception)
    bad = CliRunner().invoke(app, ["cluster", "node", "--group", "gpu", "--check-only"])
    assert isinstance(bad.exception, UsageError) and "attempts or grading" in str(bad.exception)


def test_folders_travel_byte_for_byte_and_only_files(tmp_path):
    src = tmp_path / "src"
    (src / "events").mkdir(parents=True)
    (src / "attempt.json").write_bytes(b'{"a": 1}\n')
    (src / "events" / "round-001.jsonl").write_bytes(b"\x00\xffbinary")
    tool = src / "check_submission"
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o755)
    dest = tmp_path / "dest"
    archive.unpack(archive.pack(src), dest)
    for rel in ("attempt.json", "events/round-001.jsonl", "check_submission"):
        assert (dest / rel).read_bytes() == (src / rel).read_bytes()
        assert (dest / rel).stat().st_mode == (src / rel).stat().st_mode
    os.symlink("/etc/passwd", src / "link")
    with pytest.raises(OfbError, match="only files and folders"):
        archive.pack(src)
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        info = tarfile.TarInfo("../escape")
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    with pytest.raises(OfbError, match="refused"):
        archive.unpack(buffer.getvalue(), tmp_path / "d2")
    assert not (tmp_path / "escape").exists()


def _attempt(tmp_path: Path, reason: str) -> bytes:
    folder = tmp_path / f"a-{reason}"
    folder.mkdir()
    doc = {"format": "openfrontiers-attempt/1", "end_reason": reason}
    (folder / "attempt.json").write_text(json.dumps(doc))
    return archive.pack(folder)


def test_an_attempt_folder_is_written_once(tmp_path):
    run = tmp_path / "run"
    (run / "P001").mkdir(parents=True)
    (run / "P001" / "rounds.jsonl").write_text("{}\n")  # left unfinished by a crash
    assert write_attempt(run / "P001", _attempt(tmp_path, "submitted"))
    assert json.loads((run / "P001/attempt.json").read_text())["end_reason"] == "submitted"
    [aside] = (run / ".interrupted").iterdir()
    assert (aside / "rounds.jsonl").exists()  # kept, not deleted
    assert not write_attempt(run / "P001", _attempt(tmp_path, "stalled"))  # a second result
    assert json.loads((run / "P001/attempt.json").read_text())["end_reason"] == "submitted"
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(UsageError, match=r"without attempt\.json"):
        write_attempt(run / "P002", archive.pack(empty))
    assert not (run / "P002").exists() and not (run / ".incoming").exists()


def _record(packet: str, job: str) -> VerdictRecord:
    return VerdictRecord(
        submission=f"/s/{packet}.lean",
        packet=packet,
        item="R97",
        decision=Decision("unsolved", "static", "trust"),
        answer={"kind": "yes-no", "submitted": "True", "matches": None},
        evaluator={"reference": "True", "matches": True},
        job=job,
    )


def test_verdict_files_resume_by_job_key(tmp_path):
    out, private = tmp_path / "v.jsonl", tmp_path / "e.jsonl"
    files = VerdictFiles(out, private, ["k1", "k2", "k3"])
    files.add(_record("P003", "k3"))
    files.add(_record("P001", "k1"))
    assert [json.loads(t)["packet"] for t in out.read_text().splitlines()] == ["P003", "P001"]
    assert "reference" in private.read_text() and "reference" not in out.read_text()
    # Interrupted: P001's evaluator line is lost and a verdict line was cut.
    private.write_text(private.read_text().splitlines()[0] + "\n")
    out.write_text(out.read_text() + '{"format": "openfr')
    again = VerdictFiles(out, private, ["k1", "k2", "k3"])
    assert [again.done(k) for k in ("k1", "k2", "k3")] == [False, False, True]
    again.add(_record("P001", "k1"))
    again.add(_record("P002", "k2"))
    lines = again.finish()
    assert [d["packet"] for d in lines] == ["P001", "P002", "P003"]
    assert out.read_text() == "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in lines)
    assert [json.loads(t)["job"] for t in private.read_text().splitlines()] == ["k1", "k2", "k3"]
    # A file of another grading is refused at its first line, not overwritten.
    with pytest.raises(InputError, match=r"v\.jsonl:1: verdict-file: a verdict of another"):
        VerdictFiles(out, None, ["other"])
    out.write_text("not json\n{}\n")
    with pytest.raises(InputError, match=r"v\.jsonl:1: verdict-file: not JSON"):
        VerdictFiles(out, None, ["k1"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--executor", "cloud"], "--executor cloud: local or ray"),
        (["--ray-address", "127.0.0.1:6379"], "--ray-address needs --executor ray"),
        (["--executor", "ray", "--jobs", "2"], "--jobs: only with --executor local"),
    ],
)
def test_executor_options_are_checked(tmp_path, checkout, args, message):
    pytest.importorskip("ray")
    for verb in (
        ["run", "--packets", str(tmp_path), "--out", str(tmp_path / "r"), "--model", "m"],
        ["grade", str(tmp_path), "--key", "k.json", "--answers", "a.toml"],
        ["probe", "--ids", "O02"],
    ):
        result = CliRunner().invoke(app, [*verb, *args])
        assert isinstance(result.exception, UsageError), (verb, result.output)
        assert message in str(result.exception)


def test_a_head_where_nothing_listens_is_refused_at_once() -> None:
    """Ray retries an unreachable head for minutes; the tools say so at once instead."""
    import socket

    from openfrontiers.cluster.engine import ClusterError, _head_listens

    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        _head_listens(f"127.0.0.1:{port}")  # something listens: no error
        _head_listens(f"ray://127.0.0.1:{port}")
    with pytest.raises(ClusterError, match=f"no Ray cluster at 127.0.0.1:{port}: nothing answers"):
        _head_listens(f"127.0.0.1:{port}")  # the listener is gone
    with pytest.raises(ClusterError, match="give the head as HOST:PORT"):
        _head_listens("a-head-without-port")
    _head_listens("auto")  # the cluster of this machine: found by Ray from its files


HOLD = """
import sys, time
from pathlib import Path
from openfrontiers.cluster.scratch import scratch
with scratch("attempt", Path(sys.argv[1])) as work:
    (work / "file").write_text("x")
    print(work, flush=True)
    time.sleep(600)
"""


def _holder(tmp_path: Path) -> tuple[subprocess.Popen, Path]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(TOOLS)},
    )
    assert proc.stdout is not None
    return proc, Path(proc.stdout.readline().strip()).parent


def test_a_killed_task_s_scratch_is_removed_by_the_next_task_a_running_one_s_is_kept(tmp_path):
    killed, stale = _holder(tmp_path)
    alive, held = _holder(tmp_path)
    try:
        killed.kill()
        killed.wait()
        assert stale.name.startswith("ofb-ray-attempt-") and (stale / "work/file").exists()
        other = tmp_path / "ofb-ray-not-ours"  # no lock file: not a scratch folder of ours
        other.mkdir()
        (other / "theirs").write_text("kept")
        with scratch("grade", tmp_path) as work:
            assert work.is_dir() and not any(work.iterdir())
            assert not stale.exists() and (held / "work/file").exists() and other.exists()
            mine = work.parent
        assert not mine.exists()  # removed when the task ends
        with pytest.raises(RuntimeError), scratch("grade", tmp_path) as work:
            mine = work.parent
            raise RuntimeError("the task failed")
        assert not mine.exists()
        assert clean_stale(tmp_path) == [] and held.exists()
    finally:
        alive.kill()
        alive.wait()
    assert clean_stale(tmp_path) == [held]


def test_scratch_left_in_any_state_is_cleaned_and_a_fifo_lock_does_not_hang(tmp_path):
    # A removal cut short after the lock went: an empty folder, removed.
    cut = tmp_path / "ofb-ray-grade-cut"
    cut.mkdir()
    # A `.lock` that is a FIFO: opened without blocking, made by no task, so stale.
    fifo = tmp_path / "ofb-ray-grade-fifo"
    (fifo / "work").mkdir(parents=True)
    os.mkfifo(fifo / ".lock")
    # A task killed while it made its folder: still hidden, its lock unheld.
    hidden = tmp_path / ".ofb-ray-attempt-made"
    hidden.mkdir()
    (hidden / ".lock").write_text("")
    young = tmp_path / ".ofb-ray-attempt-young"  # perhaps being made right now: kept
    young.mkdir()
    old = time.time() - 3600
    os.utime(hidden, (old, old))
    removed = clean_stale(tmp_path)
    assert {cut, fifo, hidden} == set(removed) and young.exists()
    assert not cut.exists() and not fifo.exists() and not hidden.exists()
    # A folder whose file could not be removed keeps its lock: a later cleaner retries.
    stuck = tmp_path / "ofb-ray-grade-stuck"
    (stuck / "work").mkdir(parents=True)
    (stuck / ".lock").write_text("")
    (stuck / "work" / "file").write_text("x")
    refused = pytest.MonkeyPatch()
    refused.setattr(scratch_module.shutil, "rmtree", lambda *a, **k: None)  # as EPERM would
    try:
        clean_stale(tmp_path)
    finally:
        refused.undo()
    assert (stuck / "work" / "file").exists() and (stuck / ".lock").exists()
    clean_stale(tmp_path)
    assert not stuck.exists() and young.exists()


def test_the_wait_for_a_lost_node_group_is_configurable_and_checked():
    assert node_wait({}) == NODE_WAIT == 120
    assert node_wait({NODE_WAIT_ENV: " 7.5 "}) == 7.5
    for bad in ("soon", "-1", "nan", "inf"):
        with pytest.raises(UsageError, match=NODE_WAIT_ENV):
            node_wait({NODE_WAIT_ENV: bad})


def test_status_shows_a_node_as_its_record_says_not_as_it_advertises():
    ours = {"ofb_jail_checked": 10_000.0, "ofb_attempts": 10_000.0, "CPU": 2.0}
    node = {"NodeID": "n1", "Alive": True, "Resources": ours}
    record = {"record": PASSED.as_dict()}
    assert node_summary(node, record)["jail_check"] == "passed"
    assert node_summary(node, record)["groups"] == ["attempts"]
    refused = {"refused": "this node has no admission record (OFB_NODE_RECORD is not set)"}
    shown = node_summary(node, refused)
    assert shown["jail_check"] == "not admitted (no admission record)"
    assert shown["groups"] == [] and shown["advertised"] == ["attempts"]
    failed = node_summary(node, {"record": FAILED.as_dict()})
    assert (failed["jail_check"], failed["groups"]) == ("failed", [])
    assert node_summary(node, None)["jail_check"] == "no answer"
    dead = node_summary({**node, "Alive": False}, None)
    assert (dead["alive"], dead["jail_check"], dead["groups"]) == (False, "dead", [])


def test_evaluator_work_needs_the_driver_s_objects_on_an_admitted_grading_node():
    grading = replace(PASSED, group="grading")
    node = {"NodeID": "n1" * 20, "Alive": True, "Resources": {"ofb_jail_checked": 1.0}}
    require_grading_node(node_summary(node, {"record": grading.as_dict()}), "ray://h:10001")
    refused = {
        "an attempts node": node_summary(node, {"record": PASSED.as_dict()}),
        "a failed check": node_summary(node, {"record": replace(grading, passed=False).as_dict()}),
        "no record": node_summary(node, {"refused": "no admission record"}),
        "a dead node": node_summary({**node, "Alive": False}, {"record": grading.as_dict()}),
    }
    for why, summary in refused.items():
        with pytest.raises(ClusterError, match="not an admitted grading node") as caught:
            require_grading_node(summary, "ray://h:10001")
        assert "reference answers" in str(caught.value), why
