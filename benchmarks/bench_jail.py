"""The jail's start-to-exit overhead and the time to generate probe files.

* Overhead: median (and p90) wall time of `true` run N times in each jail backend that
  works here (bwrap; docker where a daemon answers), against `true` run directly.
  Target: bwrap under 100 ms.
* Probe generation: probe files for 200 statement-shaped items (4 tactics, both answers
  for yes/no items, the answer and its negation for value items). Target: under 1 s.

    python benchmarks/bench_jail.py [--runs 50] [--items 200] [--docker]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from openfrontiers.jail import base_policy  # noqa: E402
from openfrontiers.probe.generate import (  # noqa: E402
    DEFAULT_TACTICS,
    generate,
    value_variants,
    yes_no_variants,
)

WORDS = ("set", "integer", "prime", "graph", "vertex", "finite", "sequence", "bound", "density")


def statement(item_id: str, value: bool, rng: random.Random) -> str:
    prose = "\n".join(" ".join(rng.choice(WORDS) for _ in range(12)) for _ in range(10))
    helpers = "\n\n".join(
        f"/-- Helper {k}. -/\ndef helper{k} (n : ℕ) : ℕ :=\n  n * {k} + {rng.randint(1, 99)}"
        for k in range(rng.randint(2, 6))
    )
    if value:
        main = (
            "theorem main (m : ℕ) (hm : 0 < m) :\n    IsLeast {k : ℕ | 0 < k ∧ m ∣ helper0 k}"
            " answer(sorry) := by\n  sorry"
        )
    else:
        main = (
            "theorem main : answer(sorry) ↔\n    ∀ n : ℕ, ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ "
            "helper1 p + q = 2 * n + 4 := by\n  sorry"
        )
    return (
        f"import Mathlib\nimport FrontierBench.Util.Answer\n\nset_option autoImplicit false\n\n"
        f"/-!\n# {item_id} — a generated statement\n\n{prose}\n-/\n\n"
        f"namespace FrontierBench.{item_id}\n\n{helpers}\n\n/-- The question. -/\n{main}\n\n"
        f"end FrontierBench.{item_id}\n"
    )


def bench_generation(items: int) -> None:
    rng = random.Random(7)
    sources = [(f"N{k % 100:02d}", k % 4 == 0) for k in range(items)]
    texts = [(i, v, statement(i, v, rng)) for i, v in sources]
    start = time.perf_counter()
    probes = 0
    for item_id, value, text in texts:
        variants = value_variants("m") if value else yes_no_variants()
        probes += len(generate(item_id, text, variants, DEFAULT_TACTICS).probes)
    seconds = time.perf_counter() - start
    size = sum(len(t.encode()) for _, _, t in texts) / 1e6
    print(
        f"probe generation: {items} items ({size:.2f} MB of statements, {probes} probes) "
        f"in {seconds * 1000:.0f} ms (target < 1000 ms)"
    )


def timings(run, runs: int) -> list[float]:
    run()  # warm-up: seccomp program, page cache
    found = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        found.append(time.perf_counter() - start)
    return found


def report(label: str, samples: list[float]) -> None:
    samples = sorted(samples)
    p90 = samples[int(0.9 * (len(samples) - 1))]
    print(
        f"{label:<40} median {statistics.median(samples) * 1000:7.1f} ms   "
        f"p90 {p90 * 1000:7.1f} ms   ({len(samples)} runs)"
    )


def bench_jail(runs: int, docker: bool) -> None:
    report(
        "`true` without a jail",
        timings(lambda: subprocess.run(["/usr/bin/true"], check=True), runs),
    )
    from openfrontiers.jail.bwrap import BwrapBackend

    policy = base_policy()
    bwrap = BwrapBackend()
    status = bwrap.status()
    if status.works:

        def one() -> None:
            if not bwrap.run(["/usr/bin/true"], policy).ok:
                raise SystemExit("bwrap run failed")

        report(f"`true` in bwrap ({status.detail.split(';')[0]})", timings(one, runs))
    else:
        print(f"bwrap: not available ({status.detail})")
    if docker:
        from openfrontiers.jail.docker import DockerBackend

        jail = DockerBackend()
        status = jail.status()
        if status.works:
            report("`true` in docker", timings(lambda: jail.run(["/usr/bin/true"], policy), runs))
        else:
            print(f"docker: not available ({status.detail})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--docker", action="store_true", help="also time the docker backend")
    args = parser.parse_args()
    bench_jail(args.runs, args.docker)
    bench_generation(args.items)


if __name__ == "__main__":
    main()
