"""Attempts, grading and probes on a Ray cluster of this machine (tests/support/ray_cluster.py):
a head that grades, an attempts node, and a node whose jail check fails — each started by
`ofb cluster node`, all in a network namespace with only `lo`. The same run, grading and
probes on `--executor local` and `--executor ray` give the same records and verdicts; a
killed worker's task runs once more and counts once; an interrupted driver resumes; the
failing node gets no work; attempts and grading run on their own node groups."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "grade"))

from grading_helpers import STANDIN_TOOLS, GradingCheckout, submission  # noqa: E402

from harness.helpers import (  # noqa: E402
    SUPPORT,
    generic_profiles,
    make_packets,
    packet_folders,
    running,
)
from ofb_testing import Checkout  # noqa: E402
from support.ray_cluster import Cluster, can_run, start_cluster  # noqa: E402

REPO = HERE.parents[1]
DEMO = REPO / "tools/openfrontiers/harness/standin_scripts/continuation-demo.json"
# What differs between two runs of the same work whoever runs it: clocks, durations,
# session ids, the node — and the bytes of an agent's request once it quotes a tool call,
# whose id the stand-in model numbers per server (one per run here, one per attempt there).
VOLATILE = {
    "start", "end", "time", "seconds", "wall_minutes", "session_id", "created", "graded_at",
    "timings", "checked_at", "node", "executor", "request_bytes", "request_sha256",
}  # fmt: skip


@dataclass
class Env:
    cluster: Cluster
    repo: GradingCheckout  # the grading node's checkout, and the driver's
    packets: Path
    base: Path
    nodes: dict[str, str]  # attempts / grading / failing → Ray node id


def _status(cluster: Cluster, cwd: Path) -> dict:
    done = cluster.ofb(
        ["cluster", "status", "--ray-address", cluster.address, "--format", "json"], cwd
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    reason = can_run()
    if reason:
        pytest.skip(reason)
    base = tmp_path_factory.mktemp("ray")
    base.chmod(0o755)
    os.environ.pop("OFB_ROOT", None)
    repo = GradingCheckout(base / "repo")
    olean = repo.root / ".lake/packages/mathlib/.lake/build/lib/lean/Mathlib.olean"
    olean.parent.mkdir(parents=True)
    olean.write_text("stand-in: toolchain discovery looks for a built Mathlib\n")
    packets = make_packets(Checkout(base / "packets-repo"), 2)

    def layout(cluster: Cluster) -> dict[str, str]:
        head = cluster.start_node("head", "grading", 2, head=True, cwd=repo.root)
        cluster.wait_started(head)
        workers = [
            cluster.start_node("attempts", "attempts", 2),
            cluster.start_node(
                "failing",
                "attempts",
                2,
                jail="docker",  # no Docker daemon answers there: every probe fails
                extra_env={"DOCKER_HOST": f"unix://{base}/no-docker.sock"},
            ),
        ]
        for node in workers:
            cluster.wait_started(node)
        status = _status(cluster, base)
        nodes = {}
        for n in status["nodes"]:
            name = "failing" if n["jail_check"] == "failed" else n["groups"][0]
            nodes[name] = n["id"]
        return nodes

    cluster, nodes = start_cluster(layout)
    try:
        yield Env(cluster, repo, packets, base, nodes)
    finally:
        cluster.stop()


def _strip(value):
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def _folder(path: Path) -> dict[str, object]:
    """Every file of an attempt or run folder, JSON read and stripped of what is volatile."""
    found: dict[str, object] = {}
    for file in sorted(p for p in path.rglob("*") if p.is_file()):
        rel = str(file.relative_to(path))
        text = file.read_text(errors="replace")
        if file.suffix == ".json":
            found[rel] = _strip(json.loads(text))
        elif file.suffix == ".jsonl":
            found[rel] = [_strip(json.loads(line)) for line in text.splitlines() if line]
            if rel == "runs.jsonl":  # one line per attempt in the order they ended
                found[rel] = sorted(found[rel], key=lambda d: d["packet"])
        else:
            found[rel] = text
    return found


def _run_args(env: Env, out: Path, only: str | None = None) -> list[str]:
    return [
        "run", "--packets", str(env.packets), "--out", str(out), "--agent", "generic-test",
        "--profiles", str(generic_profiles(env.base)), "--agent-exe",
        str(SUPPORT / "generic_agent.py"), "--model", "standin-model", "--protocol",
        "continuation", "--standin", str(DEMO), "--cpus", "1", "--memory-gib", "2",
        "--work-gib", "0.0625", "--tmp-gib", "0.0625", "--wall-minutes", "5", "--allow-no-lean",
        *(["--only", only] if only else []),
    ]  # fmt: skip


def _ray(env: Env) -> list[str]:
    return ["--executor", "ray", "--ray-address", env.cluster.address]


def test_status_shows_the_admitted_groups_and_the_refused_node(env):
    status = _status(env.cluster, env.base)
    assert status["groups_ready"] == {"attempts": True, "grading": True}
    checks = sorted((n["jail_check"], tuple(n["groups"])) for n in status["nodes"])
    assert checks == [("failed", ()), ("passed", ("attempts",)), ("passed", ("grading",))]
    record = json.loads((env.cluster.root / "failing.node.json").read_text())
    assert record["passed"] is False and "Docker" in " ".join(record["failed"])


def test_a_run_on_ray_leaves_the_records_of_a_local_run(env):
    local, remote = env.base / "run-local", env.base / "run-ray"
    done = env.cluster.ofb(_run_args(env, local), env.base)
    assert done.returncode == 0, done.stderr
    done = env.cluster.ofb([*_run_args(env, remote), *_ray(env)], env.base)
    assert done.returncode == 0, done.stderr
    assert "2 attempt(s) ran" in done.stdout
    a, b = _folder(local), _folder(remote)
    assert sorted(a) == sorted(b)
    one, two = (p.name for p in packet_folders(env.packets))
    assert f"{one}/Solution.lean" in a and f"{two}/events/round-002.jsonl" in a
    for name in a:
        assert a[name] == b[name], name
    assert (local / one / "Solution.lean").read_bytes() == (
        remote / one / "Solution.lean"
    ).read_bytes()
    for pid in (one, two):
        here = json.loads((local / pid / "attempt.json").read_text())
        there = json.loads((remote / pid / "attempt.json").read_text())
        assert here["end_reason"] == there["end_reason"] == "submitted uncompiled"  # no Lean
        assert here["node"] == {"executor": "local", "id": None, "group": None, "jail_check": None}
        node = there["node"]
        assert (node["executor"], node["id"], node["group"]) == (
            "ray",
            env.nodes["attempts"],
            "attempts",
        )
        assert node["jail_check"]["passed"] and node["jail_check"]["failed"] == []
    runs = [json.loads(line) for line in (remote / "runs.jsonl").read_text().splitlines()]
    assert sorted(r["packet"] for r in runs) == [one, two]
    assert {r["executor"] for r in runs} == {"ray"}
    assert not (remote / ".incoming").exists()


def _grade_args(env: Env, folder: Path, key: Path, out: Path, private: Path) -> list[str]:
    return [
        "grade", str(folder), "--key", str(key), "--answers", str(env.repo.answers_path),
        "--out", str(out), "--evaluator-out", str(private), "--jail", "bwrap",
        "--memory-mib", "512", "--replay-memory-mib", "512", "--wall", "20",
        "--lean4export", str(STANDIN_TOOLS / "lean4export"),
        "--comparator", str(STANDIN_TOOLS / "comparator"),
        "--landrun", str(STANDIN_TOOLS / "landrun"),
    ]  # fmt: skip


HONEST = submission("honest_yes_no")
GRADED = {  # packet → (item, submission, verdict)
    "P001": ("R97", HONEST, "solved"),
    "P002": ("R97", HONEST.replace("answer(True)", "answer(False)"), "frozen-review"),
    "P003": ("N97", submission("honest_value"), "solved"),
    "P004": ("R97", submission("native_decide"), "unsolved"),
    "P005": ("R97", HONEST.replace("theorem main", "-- STANDIN_AXIOM\ntheorem main"), "unsolved"),
}


def _submissions(env: Env, name: str) -> tuple[Path, Path]:
    """The GRADED submissions in a new folder, and their key."""
    folder = env.base / name
    folder.mkdir()
    for pid, (_, text, _) in GRADED.items():
        (folder / f"{pid}.lean").write_text(text.replace("P901", pid))
    return folder, env.repo.key({pid: item for pid, (item, _, _) in GRADED.items()})


def test_grading_on_ray_gives_the_local_verdicts_and_resumes(env):
    folder, key = _submissions(env, "subs")
    lines = {}
    for name, extra in (("local", []), ("ray", _ray(env))):
        out, private = env.base / f"v-{name}.jsonl", env.base / f"e-{name}.jsonl"
        done = env.cluster.ofb(
            [*_grade_args(env, folder, key, out, private), *extra], env.repo.root
        )
        assert done.returncode == 0, done.stdout + done.stderr
        lines[name] = [json.loads(t) for t in out.read_text().splitlines()]
        lines[name + "-private"] = [json.loads(t) for t in private.read_text().splitlines()]
    assert [(d["packet"], d["verdict"]) for d in lines["ray"]] == [
        (pid, verdict) for pid, (_, _, verdict) in GRADED.items()
    ]
    assert _strip(lines["ray"]) == _strip(lines["local"])
    assert lines["ray-private"] == lines["local-private"]
    assert all(d["job"] and "reference" not in d["answer"] for d in lines["ray"])
    for d in lines["ray"]:
        node = d["node"]
        assert (node["executor"], node["id"], node["group"]) == (
            "ray",
            env.nodes["grading"],
            "grading",
        )
        assert node["id"] != env.nodes["attempts"] and node["jail_check"]["passed"]
    assert {d["node"]["executor"] for d in lines["local"]} == {"local"}

    # An interrupted grading: two lines kept and a cut third; the same command grades the rest.
    out, private = env.base / "v-ray.jsonl", env.base / "e-ray.jsonl"
    kept = out.read_text().splitlines()
    out.write_text(kept[1] + "\n" + kept[3] + "\n" + kept[0][:40])
    private.write_text("".join(line + "\n" for line in private.read_text().splitlines()[:4]))
    done = env.cluster.ofb(
        [*_grade_args(env, folder, key, out, private), *_ray(env)], env.repo.root
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "interrupted write" in done.stderr
    again = [json.loads(t) for t in out.read_text().splitlines()]
    assert [d["packet"] for d in again] == list(GRADED)
    assert _strip(again) == _strip(lines["ray"])
    assert again[1] == lines["ray"][1] and again[3] == lines["ray"][3]  # kept, not graded again

    # Other options make other jobs: that file is refused, naming the line.
    done = env.cluster.ofb(
        [*_grade_args(env, folder, key, out, private), "--wall", "21", *_ray(env)], env.repo.root
    )
    assert done.returncode == 1 and f"{out}:1: verdict-file" in " ".join(done.stderr.split())


def test_probes_on_ray_give_the_local_reports(env):
    reports = {}
    for name, extra in (("local", []), ("ray", _ray(env))):
        done = env.cluster.ofb(
            ["probe", "--ids", "R97,N97", "--format", "json", "--jail", "bwrap", *extra],
            env.repo.root,
        )
        assert done.returncode == 1, done.stdout + done.stderr  # the stand-in "proves" R97
        reports[name] = json.loads(done.stdout)["items"]
    assert [r["id"] for r in reports["ray"]] == ["R97", "N97"]
    assert reports["ray"][0]["verdict"] == "PROVES"
    assert _strip(reports["ray"]) == _strip(reports["local"])
    assert {r["node"]["id"] for r in reports["ray"]} == {env.nodes["grading"]}


LOOK_AROUND = """
import json, os, sys
others = [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid()]
print(json.dumps({"processes": others, "cluster_files": os.listdir(sys.argv[1])}))
"""


def test_a_driver_off_the_cluster_grades_and_runs_as_a_ray_client(env):
    """The evaluator's machine is no node: Ray Client to the head (a grading node)."""
    off = {**env.cluster.env, "HOME": str(env.base)}

    def ofb(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
        return env.cluster.ofb(args, cwd, off_cluster=True)

    seen = subprocess.run(
        env.cluster.off_cluster([sys.executable, "-c", LOOK_AROUND, str(env.cluster.root)]),
        env=off, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    # Alone in its PID namespace (no raylet, no Ray process at all), no session files.
    assert json.loads(seen.stdout) == {"processes": [], "cluster_files": []}
    client = ["--executor", "ray", "--ray-address", env.cluster.client_address]
    # The pods' probe: no raylet in this PID namespace; the head's GCS and raylet on the nodes'.
    health = ofb(["cluster", "health"], env.base)
    assert health.returncode == 1 and "raylet" in health.stderr
    assert env.cluster.ofb(["cluster", "health", "--head"], env.base).returncode == 0

    status = ofb(["cluster", "status", "--ray-address", env.cluster.client_address, "--format",
                  "json"], env.base)  # fmt: skip
    assert status.returncode == 0, status.stdout + status.stderr
    assert json.loads(status.stdout)["groups_ready"] == {"attempts": True, "grading": True}

    folder, key = _submissions(env, "subs-client")
    lines = {}
    for name, extra in (("local", []), ("client", client)):
        out, private = env.base / f"vc-{name}.jsonl", env.base / f"ec-{name}.jsonl"
        args = [*_grade_args(env, folder, key, out, private), *extra]
        done = ofb(args, env.repo.root) if extra else env.cluster.ofb(args, env.repo.root)
        assert done.returncode == 0, done.stdout + done.stderr
        lines[name] = [json.loads(t) for t in out.read_text().splitlines()]
        lines[name + "-private"] = private.read_text()
    assert [(d["packet"], d["verdict"]) for d in lines["client"]] == [
        (pid, verdict) for pid, (_, _, verdict) in GRADED.items()
    ]
    assert _strip(lines["client"]) == _strip(lines["local"])
    assert lines["client-private"] == lines["local-private"]
    assert {d["node"]["id"] for d in lines["client"]} == {env.nodes["grading"]}

    out = env.base / "run-client"
    one = packet_folders(env.packets)[0].name
    done = ofb([*_run_args(env, out, one), *client], env.base)
    assert done.returncode == 0, done.stdout + done.stderr
    record = json.loads((out / one / "attempt.json").read_text())
    assert record["end_reason"] == "submitted uncompiled"  # no Lean here
    assert (record["node"]["id"], record["node"]["group"]) == (env.nodes["attempts"], "attempts")


def test_no_node_that_fits_is_refused_at_once_and_leaves_no_run_behind(env):
    out = env.base / "run-big"
    one = packet_folders(env.packets)[0].name
    done = env.cluster.ofb(
        [*_run_args(env, out, one), *_ray(env), "--memory-gib", "4096"], env.base
    )
    assert done.returncode == 2
    assert "no node of the Ray cluster" in done.stderr and "attempts node" in done.stderr
    assert not out.exists()  # no manifest.json to make the corrected command "another run"
    done = env.cluster.ofb([*_run_args(env, out, one), *_ray(env)], env.base)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 attempt(s) ran" in done.stdout


def test_a_killed_worker_s_attempt_runs_once_more_and_counts_once(env):
    out = env.base / "run-killed"
    one = packet_folders(env.packets)[0].name
    driver = subprocess.Popen(
        env.cluster.as_node(
            [sys.executable, "-m", "openfrontiers", *_run_args(env, out, one), *_ray(env)]
        ),
        cwd=env.base, env=env.cluster.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True,
    )  # fmt: skip
    seen: set[int] = set()
    killed = None
    deadline = time.monotonic() + 240
    while driver.poll() is None and time.monotonic() < deadline:
        for pid in env.cluster.titled(f"ray::ofb-attempt-{one}"):  # the cluster's own only
            seen.add(pid)
            if killed is None:
                env.cluster.kill(pid)  # the worker running the attempt dies
                killed = pid
        time.sleep(0.02)
    stdout, stderr = driver.communicate(timeout=60)
    assert driver.returncode == 0, stdout + stderr
    assert killed is not None and len(seen) == 2, seen  # a second worker ran it
    runs = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    assert [r["packet"] for r in runs] == [one]
    record = json.loads((out / one / "attempt.json").read_text())
    assert record["end_reason"] == "submitted uncompiled"  # no Lean here


def test_an_interrupted_driver_resumes_without_repeating_finished_attempts(env):
    out = env.base / "run-resumed"
    # Two CPUs per attempt: one attempt at a time on the attempts node.
    args = [sys.executable, "-m", "openfrontiers", *_run_args(env, out), "--cpus", "2", *_ray(env)]
    driver = subprocess.Popen(
        env.cluster.as_node(args), cwd=env.base, env=env.cluster.env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not list(out.glob("P*/attempt.json")):
        time.sleep(0.02)
    os.killpg(driver.pid, signal.SIGKILL)
    driver.wait()
    first = {p.parent.name: p.read_bytes() for p in out.glob("P*/attempt.json")}
    assert first, "the driver must be interrupted after an attempt finished"
    done = env.cluster.ofb(args[3:], env.base)
    assert done.returncode == 0, done.stderr
    assert f"{len(first)} already finished" in done.stdout
    for pid, data in first.items():
        assert (out / pid / "attempt.json").read_bytes() == data
    runs = [json.loads(line)["packet"] for line in (out / "runs.jsonl").read_text().splitlines()]
    # Each attempt has one line: one that ended as the first driver was killed got its line
    # back from its record on resume.
    assert sorted(runs) == sorted(p.name for p in packet_folders(env.packets))


def test_ctrl_c_on_a_ray_run_cancels_its_tasks_and_the_run_resumes(env):
    out = env.base / "run-stopped"
    sleep = "sleep 989"  # the slow tool call: a command line no other test runs
    script = env.base / "slow.json"
    script.write_text(
        json.dumps({"turns": [{"calls": [{"tool": "bash", "command": sleep}]}], "then": {}})
    )
    args = _run_args(env, out)
    args[args.index("--standin") + 1] = str(script)
    # Two CPUs per attempt: one attempt runs on the attempts node, the other waits.
    args = [sys.executable, "-m", "openfrontiers", *args, "--cpus", "2", *_ray(env)]
    driver = subprocess.Popen(
        env.cluster.as_node(args), cwd=env.base, env=env.cluster.env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and driver.poll() is None and not running(sleep):
            time.sleep(0.05)
        assert running(sleep), "the first attempt must be running its tool call"
        sent = time.monotonic()
        os.killpg(driver.pid, signal.SIGINT)
        stdout, stderr = driver.communicate(timeout=120)  # the sleep would last 989 s
        print(f"SIGINT to exit (ray): {time.monotonic() - sent:.2f} s")
    finally:
        if driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)
            driver.wait()
    assert driver.returncode == 130, stdout + stderr
    assert stderr.count("SIGINT: stopping the run") == 1, stderr
    deadline = time.monotonic() + 30  # the node kills the jail as the task unwinds
    while time.monotonic() < deadline and running(sleep):
        time.sleep(0.1)
    assert not running(sleep)
    packets = sorted(p.name for p in packet_folders(env.packets))
    runs = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    assert sorted(r["packet"] for r in runs) == packets
    assert {r["end_reason"] for r in runs} == {"interrupted"}
    assert all("cancelled on the cluster" in r["end_detail"] for r in runs)
    assert not list(out.glob("P*/attempt.json"))

    # The same command resumes (the script file is the test's knob: now the demo's turns).
    script.write_text(DEMO.read_text())
    done = env.cluster.ofb(args[3:], env.base)
    assert done.returncode == 0, done.stdout + done.stderr
    for pid in packets:
        record = json.loads((out / pid / "attempt.json").read_text())
        assert record["end_reason"] == "submitted uncompiled"  # no Lean here


def test_status_reads_each_node_s_own_record_not_what_it_advertises(env):
    """A plain `ray start` that advertises our resource names is not admitted; once it
    stops, it shows as dead."""
    impostor = env.cluster.start_plain(
        "impostor", {"ofb_jail_checked": 10_000, "ofb_attempts": 10_000}
    )
    env.cluster.wait_started(impostor)
    status = _status(env.cluster, env.base)
    known = set(env.nodes.values())
    (other,) = [n for n in status["nodes"] if n["id"] not in known]
    assert other["alive"] and other["advertised"] == ["attempts"]
    assert other["jail_check"] == "not admitted (no admission record)" and other["groups"] == []
    assert "OFB_NODE_RECORD" in other["detail"] and other["record"] is None
    by_id = {n["id"]: n for n in status["nodes"]}
    assert by_id[env.nodes["attempts"]]["record"]["passed"] is True
    assert by_id[env.nodes["failing"]]["jail_check"] == "failed"
    table = env.cluster.ofb(["cluster", "status", "--ray-address", env.cluster.address], env.base)
    assert "not admitted" in table.stdout

    os.killpg(impostor.process.pid, signal.SIGTERM)  # `ray start --block` stops its node
    impostor.process.wait(timeout=60)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = _status(env.cluster, env.base)
        (gone,) = [n for n in status["nodes"] if n["id"] == other["id"]]
        if not gone["alive"]:
            break
        time.sleep(1)
    assert not gone["alive"] and gone["jail_check"] == "dead" and gone["groups"] == []
    assert status["groups_ready"] == {"attempts": True, "grading": True}


def test_grading_jobs_go_to_admitted_grading_nodes_only_never_to_an_advertiser(env):
    """A plain `ray start` advertising the grading resources and far more memory than any
    admitted node is the only node Ray itself would pick for a large grading job: the job is
    refused before anything (its reference answer) is shipped, and ordinary jobs all run on
    the admitted grading node while it is up."""
    impostor = env.cluster.start_plain(
        "impostor-grading", {"ofb_jail_checked": 10_000, "ofb_grading": 10_000}, memory=10**12
    )
    env.cluster.wait_started(impostor)
    try:
        folder, key = _submissions(env, "subs-impostor")
        out, private = env.base / "v-impostor.jsonl", env.base / "e-impostor.jsonl"
        big = ["--memory-mib", "400000", "--replay-memory-mib", "400000"]
        done = env.cluster.ofb(
            [*_grade_args(env, folder, key, out, private), *big, *_ray(env)], env.repo.root
        )
        said = " ".join(done.stderr.split())
        assert done.returncode == 2 and "can take this work" in said, done.stdout + said
        assert not out.exists() or not out.read_text().strip()

        done = env.cluster.ofb(
            [*_grade_args(env, folder, key, out, private), *_ray(env)], env.repo.root
        )
        assert done.returncode == 0, done.stdout + done.stderr
        lines = [json.loads(t) for t in out.read_text().splitlines()]
        assert [d["packet"] for d in lines] == list(GRADED)
        assert {d["node"]["id"] for d in lines} == {env.nodes["grading"]}
    finally:
        os.killpg(impostor.process.pid, signal.SIGTERM)
        impostor.process.wait(timeout=60)


def _scratch() -> set[Path]:
    return set(Path(tempfile.gettempdir()).glob("ofb-ray-attempt-*"))


def test_when_the_last_attempts_node_dies_the_driver_stops_and_the_run_resumes(env):
    """Runs last: it kills the cluster's only attempts node (then starts another)."""
    out = env.base / "run-node-lost"
    script = env.base / "slow-then-submit.json"
    demo = json.loads(DEMO.read_text())
    # Each attempt's first tool call takes a while: the node dies during the second one.
    demo["turns"].insert(1, {"calls": [{"tool": "bash", "command": "sleep 12"}]})
    script.write_text(json.dumps(demo))
    args = _run_args(env, out)
    args[args.index("--standin") + 1] = str(script)
    args = [*args, "--cpus", "2", *_ray(env)]  # one attempt at a time
    before = _scratch()
    wait = {"OFB_RAY_NODE_WAIT": "3"}
    driver = subprocess.Popen(
        env.cluster.as_node([sys.executable, "-m", "openfrontiers", *args]),
        cwd=env.base, env={**env.cluster.env, **wait}, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and driver.poll() is None:
            if list(out.glob("P*/attempt.json")) and running("sleep 12"):
                break
            time.sleep(0.05)
        first = {p.parent.name: p.read_bytes() for p in out.glob("P*/attempt.json")}
        assert len(first) == 1 and running("sleep 12"), "kill during the second attempt"
        scratch = _scratch() - before
        (node,) = [n for n in env.cluster.nodes if n.name == "attempts"]
        env.cluster.kill_node(node)
        killed = time.monotonic()
        stdout, stderr = driver.communicate(timeout=300)  # Ray's own wait would be forever
        print(
            f"node killed to driver exit (OFB_RAY_NODE_WAIT=3): {time.monotonic() - killed:.1f} s"
        )
    finally:
        if driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)
            driver.wait()
    assert driver.returncode == 2, stdout + stderr
    said = " ".join(stderr.split())
    assert "no live node of the Ray cluster" in said and "--group attempts" in said, said
    assert "1 job(s) still to run" in said and "The 1 job(s) that finished are written" in said
    runs = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    assert [r["packet"] for r in runs] == list(first)
    assert scratch and all(p.exists() for p in scratch)  # the killed task could not clean up

    fresh = env.cluster.start_node("attempts-again", "attempts", 2)
    env.cluster.wait_started(fresh)
    done = env.cluster.ofb(args, env.base, env=wait)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 already finished" in done.stdout
    for pid, data in first.items():
        assert (out / pid / "attempt.json").read_bytes() == data
    runs = [json.loads(line)["packet"] for line in (out / "runs.jsonl").read_text().splitlines()]
    assert sorted(runs) == sorted(p.name for p in packet_folders(env.packets))
    assert not any(p.exists() for p in scratch)  # removed by the next task on that machine
