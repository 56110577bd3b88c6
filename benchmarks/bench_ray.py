"""What the Ray executor costs on top of the work, measured with the stand-ins (not Lean,
not a model): grading N submissions and running M stand-in attempts with `--executor local`
and with `--executor ray` on a cluster of this machine (tests/support/ray_cluster.py: a
grading head and one attempts node, each admitted by `ofb cluster node`, in a network
namespace with only `lo`). Prints wall seconds per submission and per attempt, the
cluster's start-up (jail check and `ray start` per node), and the CPU seconds the grader
spends per submission with the stand-in tools. The Ray commands run twice: from the head's
machine, and off the cluster (own PID and mount namespaces, Ray Client). Needs root, Ray
(with the ray[client] extra) and bubblewrap.

    python3 benchmarks/bench_ray.py [--submissions 8] [--attempts 4]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tools"), str(REPO / "tests"), str(REPO / "tests" / "grade")]

from grading_helpers import STANDIN_TOOLS, GradingCheckout, submission  # noqa: E402

from harness.helpers import SUPPORT, generic_profiles, make_packets  # noqa: E402
from ofb_testing import Checkout  # noqa: E402
from support.ray_cluster import can_run, new_cluster  # noqa: E402

DEMO = REPO / "tools/openfrontiers/harness/standin_scripts/continuation-demo.json"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--submissions", type=int, default=8)
    parser.add_argument("--attempts", type=int, default=4)
    args = parser.parse_args()
    reason = can_run()
    if reason:
        print(f"cannot run here: {reason}")
        return 2
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="ofb-bench-ray-"))
    base.chmod(0o755)
    repo = GradingCheckout(base / "repo")
    olean = repo.root / ".lake/packages/mathlib/.lake/build/lib/lean/Mathlib.olean"
    olean.parent.mkdir(parents=True)
    olean.write_text("stand-in\n")
    subs = base / "subs"
    subs.mkdir()
    packets = {}
    for n in range(1, args.submissions + 1):
        pid = f"P{n:03d}"
        (subs / f"{pid}.lean").write_text(submission("honest_yes_no").replace("P901", pid))
        packets[pid] = "R97"
    key = repo.key(packets)
    attempt_packets = make_packets(Checkout(base / "packets-repo"), args.attempts)

    cluster = new_cluster()
    try:
        began = time.monotonic()
        head = cluster.start_node("head", "grading", 2, head=True, cwd=repo.root)
        cluster.wait_started(head)
        worker = cluster.start_node("attempts", "attempts", 2)
        cluster.wait_started(worker)
        print(
            f"cluster up (2 nodes, each: jail check + ray start): {time.monotonic() - began:.1f} s"
        )
        grade = [
            "grade", str(subs), "--key", str(key), "--answers", str(repo.answers_path),
            "--jail", "bwrap", "--memory-mib", "512", "--replay-memory-mib", "512",
            "--wall", "60", "--lean4export", str(STANDIN_TOOLS / "lean4export"),
            "--comparator", str(STANDIN_TOOLS / "comparator"),
            "--landrun", str(STANDIN_TOOLS / "landrun"),
        ]  # fmt: skip
        ray = ["--executor", "ray", "--ray-address", cluster.address]
        client = ["--executor", "ray", "--ray-address", cluster.client_address]
        ways = (
            ("local --jobs 2", ["--jobs", "2"]),
            ("ray (2 CPUs), driver on the head's machine", ray),
            ("ray (2 CPUs), driver off the cluster (Ray Client)", client),
        )
        for name, extra in ways:
            out = base / f"verdicts-{len(extra)}-{extra[-1].split(':')[0]}.jsonl"
            cpu, start = children_cpu(), time.monotonic()
            done = cluster.ofb(
                [*grade, "--out", str(out), *extra], repo.root, timeout=1800,
                off_cluster=extra is client,
            )  # fmt: skip
            wall = time.monotonic() - start
            if done.returncode != 0:
                print(done.stdout + done.stderr)
                return 1
            lines = [json.loads(t) for t in out.read_text().splitlines()]
            total = sum(d["timings"]["total"] for d in lines) / len(lines)
            # Locally the grading's CPU is the command's whole process tree; on Ray it is
            # spent in the nodes' workers, which this process does not wait for.
            spent = (children_cpu() - cpu) / len(lines)
            print(
                f"grading {name}: {len(lines)} submissions in {wall:.1f} s wall "
                f"({wall / len(lines):.2f} s each); the grader's own time per submission "
                f"{total:.2f} s; CPU of the command's process tree {spent:.2f} s each"
            )
        run = [
            "run", "--packets", str(attempt_packets), "--agent", "generic-test",
            "--profiles", str(generic_profiles(base)), "--agent-exe",
            str(SUPPORT / "generic_agent.py"), "--model", "standin-model", "--protocol",
            "continuation", "--standin", str(DEMO), "--cpus", "1", "--memory-gib", "2",
            "--work-gib", "0.0625", "--tmp-gib", "0.0625", "--wall-minutes", "5",
            "--allow-no-lean",
        ]  # fmt: skip
        for name, extra in ways:
            out = base / f"run-{len(extra)}-{extra[-1].split(':')[0]}"
            start = time.monotonic()
            done = cluster.ofb(
                [*run, "--out", str(out), *extra], base, timeout=1800, off_cluster=extra is client
            )
            wall = time.monotonic() - start
            if done.returncode != 0:
                print(done.stdout + done.stderr)
                return 1
            minutes = [
                json.loads((p / "attempt.json").read_text())["wall_minutes"]
                for p in sorted(out.glob("P*"))
            ]
            inside = 60 * sum(minutes) / len(minutes)
            print(
                f"attempts {name}: {len(minutes)} in {wall:.1f} s wall "
                f"({wall / len(minutes):.2f} s each); inside the attempt {inside:.2f} s each"
            )
    finally:
        cluster.stop()
        import shutil

        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
