"""Time `ofb report` on a paper-sized evaluation: the seven models of the shipped registry ×
two protocols × three conditions (42 runs) × the 50 items of HQ-50, each attempt with a
synthetic record and verdict (random, seeded), against the real register and key.

    python benchmarks/bench_report.py [--repeat 3] [--attempts-per-item 1]

Prints the time to read the records and write every table, figure and the report.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from openfrontiers.evaluator import load_answers  # noqa: E402
from openfrontiers.project import Project  # noqa: E402
from openfrontiers.results.models import load_models  # noqa: E402
from openfrontiers.results.report import Inputs, build_report  # noqa: E402

REASONS = ("agent stopped", "wall clock", "submitted", "stalled", "agent error")


def write_runs(root: Path, items: list[str], models: list[str], repeats: int) -> list[Path]:
    rng = random.Random(7)
    packets = {f"P{n:03d}": item for n, item in enumerate(items, start=1)}
    key = {"format": "openfrontiers-packet-key/1", "packets": {}}
    key["packets"] = {p: {"item": i} for p, i in packets.items()}
    (root / "packets.key.json").write_text(json.dumps(key))
    runs = []
    for model in models:
        for protocol in ("native", "continuation"):
            for condition in "ABC":
                for r in range(repeats):
                    run = root / f"{model}-{protocol}-{condition}-{r}"
                    run.mkdir()
                    params = {"model": model, "condition": condition, "protocol": protocol,
                              "packets": list(packets)}  # fmt: skip
                    manifest = {"format": "openfrontiers-run/1", "parameters": params}
                    (run / "manifest.json").write_text(json.dumps(manifest))
                    lines = []
                    for pid, item in packets.items():
                        (run / pid).mkdir()
                        lean = rng.random() < 0.5
                        record = {
                            "format": "openfrontiers-attempt/1",
                            "packet": pid,
                            "model": model,
                            "condition": condition,
                            "protocol": protocol,
                            "wall_minutes": round(rng.uniform(0.2, 180), 3),
                            "end_reason": rng.choice(REASONS),
                            "records": {"solution": "Solution.lean" if lean else None},
                            "urls": [],
                        }
                        (run / pid / "attempt.json").write_text(json.dumps(record))
                        if lean:
                            solved = rng.random() < (0.3 if condition == "C" else 0.05)
                            verdict = "solved" if solved and item[0] != "O" else "unsolved"
                            lines.append(
                                json.dumps(
                                    {
                                        "format": "openfrontiers-verdict/1",
                                        "packet": pid,
                                        "item": item,
                                        "verdict": verdict,
                                        "reason": "",
                                    }
                                )
                            )
                    (run / "verdicts.jsonl").write_text("\n".join(lines) + "\n")
                    runs.append(run)
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--attempts-per-item", type=int, default=1)
    args = parser.parse_args()
    project = Project(REPO)
    register = project.register
    answers = project.evaluator_dir / "answers.toml"
    key = load_answers(answers)
    registry = load_models(project.models_path)
    items = list(project.subsets.resolve("HQ-50@v1", register).ids)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        runs = write_runs(root, items, list(registry.models), args.attempts_per_item)
        attempts = len(runs) * len(items)
        inputs = Inputs(runs, root / "packets.key.json", answers, project.models_path,
                        project.register_path)  # fmt: skip
        times = []
        for n in range(args.repeat):
            start = time.perf_counter()
            build_report(inputs, register, key, registry, root / f"out{n}")
            times.append(time.perf_counter() - start)
        best = min(times)
        print(f"{len(runs)} runs, {attempts} attempts: report in {best:.2f} s (best of "
              f"{args.repeat}; {attempts / best:,.0f} attempts/s)")  # fmt: skip


if __name__ == "__main__":
    main()
