"""Memory an untrusted input can make the tools take (issue 28, item 4), before and after.

Two measurements, each in a fresh interpreter (peak resident memory from getrusage):

* an agent's event stream that is one newline-free "line": a sparse file with one byte at
  `--stream-mib` MiB (the red team's stdout seeked to 900 MiB), read by `ofb attempt`'s
  stream reader after the round;
* a verdict line for a submission of control characters (`--submission-mib` MiB, one
  character a line): the grader's static layer and the published line, its size in bytes.

With `--compare REV` the same figures are measured for another revision's `tools/`
(extracted with `git archive`), to show the change's effect.

    python benchmarks/bench_memory.py [--stream-mib 900] [--submission-mib 2] [--compare REV]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO / "tests" / "grade" / "attacks" / "references" / "R97.lean"

STREAM = """
import json, resource, sys, time
from pathlib import Path
from openfrontiers.harness.events import read_stream
start = time.perf_counter()
summary = read_stream("claude-stream-json", Path(sys.argv[1]))
print(json.dumps({"seconds": time.perf_counter() - start,
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "events": summary.events}))
"""

VERDICT = """
import hashlib, json, resource, sys, tempfile, time
from pathlib import Path
from openfrontiers.grade.inputs import GradeJob, Submission
from openfrontiers.grade.pipeline import Grader
text = Path(sys.argv[1]).read_bytes().decode("utf-8")
statement = Path(sys.argv[2]).read_text(encoding="utf-8")
sub = Submission(Path("P001.lean"), "P001", text, hashlib.sha256(text.encode()).hexdigest())
job = GradeJob(sub, "R97", statement, "", True, False, "True")
start = time.perf_counter()
with tempfile.TemporaryDirectory() as tmp:
    record = Grader(None, None, Path(tmp)).grade(job)
line = json.dumps(record.as_dict(), ensure_ascii=False)
print(json.dumps({"seconds": time.perf_counter() - start,
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "line_bytes": len(line.encode()), "verdict": record.as_dict()["verdict"]}))
"""


def run(code: str, tools: Path, *args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env={**os.environ, "PYTHONPATH": str(tools)},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(tools: Path, scratch: Path, stream_mib: int, submission_mib: int) -> dict:
    stream = scratch / "round-001.jsonl"
    if not stream.exists():
        with stream.open("wb") as fh:
            fh.seek(stream_mib << 20)
            fh.write(b"!")
    submission = scratch / "P001.lean"
    if not submission.exists():
        submission.write_bytes(b"\x01\n" * (submission_mib << 19))
    return {
        "stream": run(STREAM, tools, str(stream)),
        "verdict": run(VERDICT, tools, str(submission), str(REFERENCE)),
    }


def show(label: str, figures: dict, stream_mib: int, submission_mib: int) -> None:
    print(label)
    s, v = figures["stream"], figures["verdict"]
    if "error" in s:
        print(f"  event stream, one {stream_mib} MiB line: failed ({s['error']})")
    else:
        print(
            f"  event stream, one {stream_mib} MiB line: peak {s['peak_mib']:.0f} MiB, "
            f"{s['seconds']:.1f} s"
        )
    if "error" in v:
        print(f"  verdict, {submission_mib} MiB of control characters: failed ({v['error']})")
    else:
        print(
            f"  verdict, {submission_mib} MiB of control characters: peak {v['peak_mib']:.0f} "
            f"MiB, {v['seconds']:.1f} s, line {v['line_bytes'] / (1 << 20):.2f} MiB "
            f"({v['verdict']})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stream-mib", type=int, default=900)
    parser.add_argument("--submission-mib", type=int, default=2)
    parser.add_argument("--compare", metavar="REV", help="also measure this revision")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ofb-bench-memory-") as tmp:
        scratch = Path(tmp)
        here = measure(REPO / "tools", scratch, args.stream_mib, args.submission_mib)
        show("this checkout", here, args.stream_mib, args.submission_mib)
        if args.compare:
            other = scratch / "other"
            other.mkdir()
            archive = subprocess.run(
                ["git", "archive", args.compare, "tools"], cwd=REPO, capture_output=True, check=True
            ).stdout
            (scratch / "other.tar").write_bytes(archive)
            with tarfile.open(scratch / "other.tar") as tar:
                tar.extractall(other, filter="data")
            figures = measure(other / "tools", scratch, args.stream_mib, args.submission_mib)
            show(f"revision {args.compare}", figures, args.stream_mib, args.submission_mib)


if __name__ == "__main__":
    main()
