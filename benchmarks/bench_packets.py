"""Time to export packets for all 200 items (synthetic statements where none is written).

Builds a checkout of 200 statement-shaped items (the generator of bench_check.py), then
times `ofb packet export` end to end: the check gate, the transformation, the workspaces,
the leakage scan, the archives and the key. Target: under 2 s here.

    python benchmarks/bench_packets.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import REPO, make_checkout

sys.path.insert(0, str(REPO / "tools"))
from openfrontiers.packet import export as px
from openfrontiers.register import Subset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ids = (
        [f"R{n:02d}" for n in range(1, 31)]
        + [f"E{n:02d}" for n in range(1, 31)]
        + [f"N{n:02d}" for n in range(1, 51)]
        + [f"O{n:02d}" for n in range(1, 91)]
    )
    with tempfile.TemporaryDirectory() as tmp:
        project = make_checkout(Path(tmp) / "repo", ids, random.Random(7))
        (project.root / "lake-manifest.json").write_bytes(
            (REPO / "lake-manifest.json").read_bytes()
        )
        (project.root / "lean-toolchain").write_bytes((REPO / "lean-toolchain").read_bytes())
        (project.library / "evaluator").mkdir(exist_ok=True)
        items = project.register.written()
        subset = Subset("all", "", tuple(i.id for i in items))
        times = []
        for k in range(args.repeat):
            out = project.root / f"packets{k}"
            t0 = time.perf_counter()
            px.export(
                project,
                subset,
                items,
                out=out,
                key_path=project.root / f"key{k}.json",
                salt=b"benchmark",
                budget_hours=3,
            )
            times.append(time.perf_counter() - t0)
        size = sum(p.stat().st_size for p in (project.root / "packets0").rglob("*") if p.is_file())
        print(
            f"export of {len(items)} items: best {min(times):.2f} s, median "
            f"{sorted(times)[len(times) // 2]:.2f} s ({size / 1e6:.1f} MB written)"
        )


if __name__ == "__main__":
    main()
