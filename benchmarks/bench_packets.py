"""Time to export packets for 200 items: wall and CPU, in process and through the CLI.

Builds a checkout of 200 statement-shaped items (the generator of bench_check.py), then
times `ofb packet export` end to end: the check gate, the transformation, the workspaces,
the leakage scan, the archives and the key. With `--cli` it also times the whole command
(start-up included) on this repository's own written statements, and with `--compare REV`
the same command as revision REV's tools/ runs it, for a before/after. CPU counts every
thread of the process (the archives compress on two). Target: under 2 s wall here.

    python benchmarks/bench_packets.py [--repeat 3] [--cli] [--compare REV]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import REPO, make_checkout

sys.path.insert(0, str(REPO / "tools"))
from openfrontiers.packet import export as px
from openfrontiers.register import Subset

IDS = (
    [f"R{n:02d}" for n in range(1, 31)]
    + [f"E{n:02d}" for n in range(1, 31)]
    + [f"N{n:02d}" for n in range(1, 51)]
    + [f"O{n:02d}" for n in range(1, 91)]
)


def _summary(label: str, walls: list[float], cpus: list[float]) -> str:
    return (
        f"{label}: wall median {statistics.median(walls):.2f} s (best {min(walls):.2f}), "
        f"CPU median {statistics.median(cpus):.2f} s"
    )


def in_process(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project = make_checkout(Path(tmp) / "repo", IDS, random.Random(7))
        (project.root / "lake-manifest.json").write_bytes(
            (REPO / "lake-manifest.json").read_bytes()
        )
        (project.root / "lean-toolchain").write_bytes((REPO / "lean-toolchain").read_bytes())
        (project.library / "evaluator").mkdir(exist_ok=True)
        items = project.register.written()
        subset = Subset("all", "", tuple(i.id for i in items))
        walls, cpus = [], []
        for k in range(repeat):
            out = project.root / f"packets{k}"
            t0, c0 = time.perf_counter(), time.process_time()
            px.export(
                project,
                subset,
                items,
                out=out,
                key_path=project.root / f"key{k}.json",
                salt=b"benchmark",
                budget_hours=3,
            )
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
        size = sum(p.stat().st_size for p in (project.root / "packets0").rglob("*") if p.is_file())
        print(_summary(f"export of {len(items)} items, in process", walls, cpus))
        print(f"  ({size / 1e6:.1f} MB written)")


def cli(tools: Path, repeat: int, label: str) -> None:
    """`ofb packet export` of this repository's default selection, as a user runs it."""
    env = {**os.environ, "PYTHONPATH": str(tools)}
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "openfrontiers", "packet", "export", "--quiet"]
                + ["--out", f"{tmp}/p{k}", "--key", f"{tmp}/k{k}.json"],
                cwd=REPO,
                env=env,
                capture_output=True,
                text=True,
                check=False,
            )
            walls.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode != 0:
                sys.exit(f"{label}: ofb packet export failed:\n{done.stderr}")
        packets = sum(1 for p in Path(tmp, "p0").iterdir() if p.name.startswith("P"))
    print(_summary(f"ofb packet export of {packets} items, {label}", walls, cpus))


def tools_at(rev: str, into: Path) -> Path:
    """Revision `rev`'s tools/ folder, unpacked under `into`."""
    archive = into / "tools.tar"
    with archive.open("wb") as out:
        subprocess.run(
            ["git", "-C", str(REPO), "archive", "--format=tar", rev, "tools"],
            stdout=out,
            check=True,
        )
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "tools"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cli", action="store_true", help="time the CLI on this repository")
    parser.add_argument("--compare", metavar="REV", help="also time REV's tools (implies --cli)")
    args = parser.parse_args()
    in_process(args.repeat)
    if args.cli or args.compare:
        cli(REPO / "tools", args.repeat, "this tree")
    if args.compare:
        with tempfile.TemporaryDirectory() as tmp:
            cli(tools_at(args.compare, Path(tmp)), args.repeat, args.compare)


if __name__ == "__main__":
    main()
