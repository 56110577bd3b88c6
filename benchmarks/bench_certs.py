"""Verification time of the stored certificates of solved items (evaluator data, with the
verifiers beside them), and of each public verifier's toy certificate, in this process and
isolated (child process with limits). Prints only times and verdict classes.

    python3 benchmarks/bench_certs.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]

from cert.cases import CASES  # noqa: E402
from openfrontiers.cert import check_bytes, check_isolated, check_value  # noqa: E402
from openfrontiers.cert.public import certificate_files, item_of  # noqa: E402
from openfrontiers.cert.verifiers import for_project, get, o02  # noqa: E402
from openfrontiers.project import Project  # noqa: E402


def timed(fn, repeat: int = 5) -> tuple[float, str]:
    times, summary = [], ""
    for _ in range(repeat):
        began = time.perf_counter()
        summary = fn().summary()
        times.append(time.perf_counter() - began)
    return statistics.median(times), summary


def main() -> None:
    project = Project(ROOT)
    verifiers = for_project(project)
    print("stored certificates (median of 5; in-process / isolated):")
    for path in certificate_files(project):
        data = path.read_bytes()
        item = item_of(path)
        inproc, summary = timed(lambda d=data, i=item: check_bytes(i, d, verifiers=verifiers))
        isolated, _ = timed(
            lambda d=data, i=item: check_isolated(i, d, verifiers=verifiers), repeat=3
        )
        print(
            f"  {path.name:<16} {len(data):>7} B  {inproc * 1000:8.1f} ms  "
            f"{isolated * 1000:8.1f} ms  {summary.split(':')[0]}"
        )
    print("toy-valid certificates of every verifier (median of 5, in-process):")
    for case in CASES:
        if case.status not in ("valid", "partial"):
            continue
        params = dict(case.params)
        if params.get("function") == "carmichael":
            params["function"] = o02.carmichael
        t, summary = timed(lambda c=case, p=params: check_value(get(c.item), c.cert, **p))
        print(f"  {case.item}  {t * 1000:8.2f} ms  {summary[:60]}")


if __name__ == "__main__":
    main()
