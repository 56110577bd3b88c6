"""Grader throughput on what runs without Lean: reading lean4export NDJSON, the closure and
axiom walks, the static layer, and the grader's own overhead per attempt (the jailed steps
run with the stand-in tools of tests/support, so this is everything but Lean's time).

A synthetic export of N definitions stands for a Mathlib-heavy statement: each definition's
value mentions the two before it and a shared subterm, and `main`'s statement reaches all
of them, so both walks visit every constant.

    python benchmarks/bench_grade.py [--constants 100000] [--attempts 8]
"""

from __future__ import annotations

import argparse
import io
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "tests" / "grade"))
from openfrontiers.grade.compare import axiom_closure, compare_closure  # noqa: E402
from openfrontiers.grade.export_format import Canon, read  # noqa: E402
from openfrontiers.submission import static  # noqa: E402
from support.ndjson import Builder  # noqa: E402


def synthetic_export(n: int, *, proof: bool) -> str:
    b = Builder()
    prop = b.sort(0)
    b.axiom("propext", prop)
    shared = b.lam("x", prop, b.pi("y", prop, b.bvar(1)))
    b.definition("D.d0", prop, shared)
    b.definition("D.d1", prop, b.app(shared, b.const("D.d0")))
    for i in range(2, n):
        value = b.app(b.app(shared, b.const(f"D.d{i - 1}")), b.const(f"D.d{i // 2}"))
        b.definition(f"D.d{i}", prop, b.lam("z", prop, value))
    statement = b.app(b.const(f"D.d{n - 1}"), b.const("D.d0"))
    b.theorem("P001.main", statement, b.const("propext") if proof else b.const("D.d0"))
    return b.text()


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_exports(n: int) -> None:
    start = time.perf_counter()
    challenge_text, solution_text = (
        synthetic_export(n, proof=False),
        synthetic_export(n, proof=True),
    )
    made = time.perf_counter() - start
    lines = challenge_text.count("\n")
    size = len(challenge_text.encode()) / 2**20
    start = time.perf_counter()
    challenge = read(io.StringIO(challenge_text))
    read_s = time.perf_counter() - start
    solution = read(io.StringIO(solution_text))
    canon = Canon()
    start = time.perf_counter()
    canon.exprs(challenge), canon.exprs(solution)
    canon_s = time.perf_counter() - start
    start = time.perf_counter()
    result = compare_closure(challenge, solution, "P001.main", canon)
    compare_s = time.perf_counter() - start
    start = time.perf_counter()
    axioms = axiom_closure(solution, "P001.main")
    axioms_s = time.perf_counter() - start
    assert result.ok and axioms.ok and result.compared >= n
    print(f"export of {n:,} constants: {lines:,} lines, {size:.1f} MiB (generated in {made:.1f} s)")
    print(
        f"  read        {read_s:6.2f} s  ({lines / read_s:,.0f} lines/s, {size / read_s:.1f} MiB/s)"
    )
    print(f"  identities  {canon_s:6.2f} s  (both exports)")
    print(f"  closure     {compare_s:6.2f} s  ({result.compared:,} constants compared)")
    print(f"  axioms      {axioms_s:6.2f} s  ({axioms.constants:,} constants walked)")
    print(f"  peak memory {peak_mib():,.0f} MiB (process)")


def bench_static() -> None:
    attacks = REPO / "tests" / "grade" / "attacks"
    reference = (attacks / "references" / "R97.lean").read_text()
    honest = (attacks / "submissions" / "honest_yes_no.lean").read_text()
    ns = {"P901": "FrontierBench.R97", "FrontierBench.R97": "FrontierBench.R97"}
    lemmas = "".join(f"theorem aux{i} : {i} + 1 = {i + 1} := by norm_num\n\n" for i in range(1000))
    big = honest.replace("theorem main", lemmas + "theorem main")
    for label, text in (
        ("honest submission", honest),
        (f"with 1,000 lemmas ({len(big.splitlines()):,} lines)", big),
    ):
        runs = 20
        start = time.perf_counter()
        for _ in range(runs):
            assert static.check(text, reference, namespaces=ns, yes_no=True).passed
        print(f"static layer, {label}: {(time.perf_counter() - start) / runs * 1000:.1f} ms")
    # Hostile inputs of 1 MiB each: the layer runs unjailed in the grader, so every rule must
    # stay linear in the input (a scan from every bracket or every character is not).
    size = 1 << 20
    main_at = honest.index("theorem main")
    end_at = honest.index("end P901")
    hostile = {
        "one long string": honest[:end_at] + 'theorem s : True := by\n  "' + "a" * size + '"\n',
        "unclosed @[": honest[:end_at] + "@[" * (size // 2),
        "(config := nested": honest[:end_at]
        + "theorem s : True := by "
        + "(config := " * (size // 11),
        "sections before main": honest[:main_at] + "section\n" * (size // 8) + honest[main_at:],
        "deep parentheses": honest[:end_at]
        + "theorem s : True := "
        + "(" * (size // 2)
        + ")" * (size // 2),
        "open chain": honest[:end_at] + "theorem s : True := trivial " + "open " * (size // 5),
        "nested aesop rule lists": honest[:end_at]
        + "theorem s : True := by aesop (add safe "
        + "[" * (size // 2)
        + "]" * (size // 2)
        + ")",
    }
    for label, text in hostile.items():
        start = time.perf_counter()
        static.check(text, reference, namespaces=ns, yes_no=True)
        print(f"static layer, hostile 1 MiB, {label}: {time.perf_counter() - start:.2f} s")


def bench_attempts(count: int) -> None:
    from grading_helpers import STANDIN_TOOLS, GradingCheckout, submission, submissions_folder

    from openfrontiers.grade.inputs import find_submissions, load_jobs
    from openfrontiers.grade.pipeline import Grader, LocalExecutor, grade_all
    from openfrontiers.grade.runs import Steps
    from openfrontiers.grade.tools import GraderTools
    from openfrontiers.jail import Limits, MiB
    from openfrontiers.jail.bwrap import BwrapBackend

    jail = BwrapBackend()
    if not jail.status().works:
        print("grader overhead: skipped (no bwrap jail here)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        repo = GradingCheckout(Path(tmp) / "repo")
        pids = [f"P{n:03d}" for n in range(1, count + 1)]
        text = submission("honest_yes_no")
        folder = submissions_folder(Path(tmp) / "subs", {p: text.replace("P901", p) for p in pids})
        jobs = load_jobs(
            repo.project(),
            find_submissions(folder),
            repo.key(dict.fromkeys(pids, "R97")),
            repo.answers_path,
        )
        tools = GraderTools.discover(
            repo.project(),
            repo.toolchain(),
            lean4export=STANDIN_TOOLS / "lean4export",
            comparator=STANDIN_TOOLS / "comparator",
            landrun=STANDIN_TOOLS / "landrun",
        )
        steps = Steps(tools, jail, Limits(memory=512 * MiB, wall_seconds=60))
        for workers in (1, 4):
            start = time.perf_counter()
            records = grade_all(
                Grader(repo.project(), steps, Path(tmp) / "work"), jobs, LocalExecutor(workers)
            )
            wall = time.perf_counter() - start
            assert all(r.decision.verdict == "solved" for r in records)
            print(
                f"grader overhead (stand-in tools, 6 jailed runs per attempt), {workers} "
                f"worker(s): {wall / count * 1000:.0f} ms per attempt, {count / wall:.1f} "
                "attempts/s"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--constants", type=int, default=100_000)
    parser.add_argument("--attempts", type=int, default=8)
    args = parser.parse_args()
    bench_exports(args.constants)
    bench_static()
    bench_attempts(args.attempts)


if __name__ == "__main__":
    main()
