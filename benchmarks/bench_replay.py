"""The kernel replay's cost: what `leanchecker --fresh` takes for a Solution that imports
Mathlib, run exactly as the grader runs it (the build's outputs laid out in an export
workspace, `leanchecker` called with the grader's `LEAN_PATH`, the jail, the replay's own
limits), so the defaults of `ofb grade --replay-memory-mib/--replay-wall` can be set
from a measurement. Needs the Lean toolchain and Mathlib's build in the checkout, and root
for the jail; the `lean` CI job runs it and prints the figures.

    python benchmarks/bench_replay.py [--memory-mib 16384] [--wall 14400] [--jail auto]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
from openfrontiers.errors import OfbError  # noqa: E402
from openfrontiers.grade import workspaces  # noqa: E402
from openfrontiers.grade.runs import (  # noqa: E402
    REPLAY_MEMORY_MIB,
    REPLAY_WALL_SECONDS,
    replay_limits,
    step_policy,
    trust_git_repositories,
)
from openfrontiers.jail import Limits, MiB, get_backend  # noqa: E402
from openfrontiers.lean.toolchain import Toolchain  # noqa: E402
from openfrontiers.packet import workspace as packet_workspace  # noqa: E402
from openfrontiers.project import Project  # noqa: E402

SOLUTION = """import Mathlib

theorem bench_replay_main : (2 : ℕ) + 2 = 4 := by norm_num
"""


def write_workspace(folder: Path, project: Project, packages: Path) -> None:
    """A Solution workspace as the grader writes one: the benchmark's pins, the utility
    library, Mathlib's prebuilt packages by a relative `packagesDir`."""
    folder.mkdir(mode=0o755)
    rel = os.path.relpath(packages, folder)
    files = {
        "lean-toolchain": project.toolchain_file.read_text(encoding="utf-8"),
        "lakefile.toml": packet_workspace.lakefile("bench_replay", project, ("Solution",), rel),
        "lake-manifest.json": packet_workspace.manifest("bench_replay", project, rel),
        "Solution.lean": SOLUTION,
    }
    for path in sorted(project.util_dir.rglob("*.lean")):
        files[path.relative_to(project.root).as_posix()] = path.read_text(encoding="utf-8")
    for rel_path, text in files.items():
        path = folder / rel_path
        path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o644)
    for sub in folder.rglob("*"):
        if sub.is_dir():
            sub.chmod(0o755)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memory-mib", type=int, default=REPLAY_MEMORY_MIB)
    parser.add_argument("--wall", type=float, default=REPLAY_WALL_SECONDS)
    parser.add_argument("--jail", default="auto")
    args = parser.parse_args()
    project = Project(REPO)
    try:
        toolchain = Toolchain.discover(project)
        jail = get_backend(args.jail)
    except OfbError as exc:
        print(f"bench_replay: cannot measure here: {exc}", file=sys.stderr)
        return 2
    leanchecker = toolchain.prefix / "bin" / "leanchecker"
    packages = (project.root / ".lake" / "packages").resolve()
    steps = Limits(memory=8192 * MiB, processes=512, cpus=1.0, wall_seconds=1800.0)
    replay = replay_limits(steps, args.memory_mib, args.wall)
    with tempfile.TemporaryDirectory(prefix="ofb-bench-replay-") as tmp:
        os.chmod(tmp, 0o755)
        ws = Path(tmp) / "solution"
        write_workspace(ws, project, packages)

        # The build, as the grader's trusted build: only its outputs come back.
        outputs = workspaces.module_outputs("Solution") + workspaces.util_outputs()
        policy = step_policy(toolchain, ws, steps, [packages], copy_back=outputs)
        trust_git_repositories(ws)
        start = time.monotonic()
        built = jail.run([str(toolchain.lake), "build", "Solution"], policy)
        print(f"lake build Solution: {built.describe()} ({time.monotonic() - start:.1f} s)")
        if not built.ok:
            print(built.text("stdout")[-2000:] + built.text("stderr")[-2000:])
            return 1
        # The replay, as the grader's: in an export workspace, no Lake, our search path.
        folder = workspaces.export_workspace(Path(tmp), "Solution", ws, ws)
        env = {
            "LEAN_PATH": workspaces.lean_path(folder, packages, workspaces.package_names(project)),
            "LEAN_SYSROOT": str(toolchain.prefix),
        }
        policy = step_policy(toolchain, folder, replay, [packages], env)
        start = time.monotonic()
        done = jail.run([str(leanchecker), "--fresh", "Solution"], policy)
        seconds = time.monotonic() - start
    peak = f"{done.peak_memory / MiB:.0f} MiB" if done.peak_memory else "unknown"
    cpu = f"{done.cpu_time:.1f} s" if done.cpu_time is not None else "unknown"
    print(
        f"leanchecker --fresh Solution (imports Mathlib), jail {jail.name}, limits "
        f"{args.memory_mib} MiB / {args.wall:g} s / {replay.cpus:g} CPU:"
    )
    print(f"  outcome {done.outcome} ({done.describe()})")
    print(f"  wall {seconds:.1f} s, CPU {cpu}, peak memory {peak}")
    if not done.ok:
        print((done.text("stderr") or done.text("stdout"))[-2000:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
