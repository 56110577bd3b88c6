"""The default probe backend: one jailed `lake env lean --json probe.lean` per item.

The generated file is the only thing in the jail's fresh work dir; the project (with
Mathlib's build) and the toolchain are read-only. Lean starts once per item, so the
pass costs (items × import time) + (probes × at most the heartbeat cap).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from ..jail import Backend, Limits
from ..lean.diagnostics import parse_json_output
from ..lean.toolchain import Toolchain
from ..progress import SILENT, Progress
from .run import ItemReport, ProbeJob, ProcessEnd, classify_item

WORK = "/work"


class LeanFileBackend:
    name = "lean"

    def __init__(self, toolchain: Toolchain, jail: Backend, limits: Limits | None = None) -> None:
        self.toolchain = toolchain
        self.jail = jail
        self.limits = limits or Limits(memory=8 << 30, processes=256, cpus=1.0, wall_seconds=1800)

    def run_one(self, job: ProbeJob) -> ItemReport:
        name = f"{WORK}/Probe{job.probe_file.item_id}.lean"
        policy = replace(
            self.toolchain.policy(limits=self.limits), files=((name, job.probe_file.text.encode()),)
        )
        start = time.monotonic()
        result = self.toolchain.run(self.jail, self.toolchain.lake_env_lean_json(name), policy)
        messages, _ = parse_json_output(result.text())
        # Lean exits 1 when a probe fails; anything else (killed, crashed) is abnormal.
        normal = result.outcome in ("ok", "exit") and result.exit_code in (0, 1)
        tail = (result.text("stderr").strip().splitlines() or [""])[-1][:300]
        end = ProcessEnd(normal, "" if normal else f"Lean {result.describe()} {tail}".strip())
        return classify_item(job.probe_file, messages, end, job.reference, time.monotonic() - start)

    def run(
        self, jobs: Sequence[ProbeJob], workers: int, progress: Progress = SILENT
    ) -> list[ItemReport]:
        def one(job: ProbeJob) -> ItemReport:
            report = self.run_one(job)
            progress.done(report.item_id, report.verdict, report.verdict == "clean")
            return report

        progress.start("probing", len(jobs))
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            return list(pool.map(one, jobs))
