"""How fast `ofb` starts: wall time of `ofb --help`, a verb's `--help` and a light verb,
and the time to import the CLI, each the median of several runs in a fresh interpreter.

With `--compare REV` the same figures are measured for another revision (extracted with
`git archive` into a temporary folder), to show a change's effect before and after.

    python benchmarks/bench_cli.py [--runs 7] [--compare REV]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

COMMANDS = {
    "ofb --help": ["--help"],
    "ofb check --help": ["check", "--help"],
    "ofb items --format json": ["items", "--format", "json"],
}
IMPORT = "import openfrontiers.cli"
HEAVY = ("pyarrow", "jsonschema", "fastjsonschema", "markdown_it", "docker", "yaml", "rich")


def _env(tools: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tools), "COLUMNS": "100"}


def wall(argv: list[str], tools: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            argv,
            env=_env(tools),
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def heavy_after_help(tools: Path) -> list[str]:
    probe = (
        "import sys\nfrom openfrontiers.cli import app\ntry:\n    app(['--help'])\n"
        "except SystemExit:\n    pass\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env=_env(tools),
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    return (
        [m for m in done.stdout.strip().splitlines()[-1:][0].split(",") if m] if done.stdout else []
    )


def measure(tools: Path, runs: int) -> dict[str, float | str]:
    figures: dict[str, float | str] = {
        "python (nothing)": wall([sys.executable, "-c", "pass"], tools, runs),
        IMPORT: wall([sys.executable, "-c", IMPORT], tools, runs),
    }
    for name, args in COMMANDS.items():
        figures[name] = wall([sys.executable, "-m", "openfrontiers", *args], tools, runs)
    figures["third-party modules loaded by --help"] = ", ".join(heavy_after_help(tools)) or "none"
    return figures


def extract(rev: str, into: Path) -> Path:
    archive = into / "rev.tar"
    with archive.open("wb") as fh:
        subprocess.run(["git", "-C", str(REPO), "archive", rev, "tools"], stdout=fh, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "tools"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--compare", metavar="REV", help="also measure this git revision")
    args = parser.parse_args()
    columns = {"this tree": measure(REPO / "tools", args.runs)}
    if args.compare:
        with tempfile.TemporaryDirectory() as tmp:
            columns[args.compare] = measure(extract(args.compare, Path(tmp)), args.runs)
    names = list(next(iter(columns.values())))
    width = max(len(n) for n in names)
    print(f"{'median of ' + str(args.runs) + ' runs':<{width}}  " + "  ".join(columns))
    for name in names:
        cells = []
        for label, figures in columns.items():
            value = figures[name]
            cell = f"{value:.3f} s" if isinstance(value, float) else str(value)
            cells.append(f"{cell:>{len(label)}}")
        print(f"{name:<{width}}  " + "  ".join(cells))


if __name__ == "__main__":
    main()
