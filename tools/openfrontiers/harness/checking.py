"""`check_submission` as the harness runs it: on the agent's current `Solution.lean`, next
to the packet's *original* files, in a fresh grading jail (no network, nothing of the
host but the toolchain, Mathlib and Python, read-only).

Both the MCP tool and the continuation protocol's "passing submission" use this. The
agent's own workspace copy of `check_submission` or `Problem.lean` is never trusted: only
its `Solution.lean` is read (with `safefs`), and the check runs against the packet as it
was exported. Where no Lean toolchain is configured (`--allow-no-lean`) the check applies
the static layer alone and says the file was not compiled (`lean: null` in the records); the
continuation protocol does not count such a pass as a passing check."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..jail.bwrap import BwrapBackend
from ..jail.policy import GiB, Limits, base_policy, python_executable, python_paths
from ..jail.workspace import copy_tree
from .safefs import read_regular

SOLUTION = "Solution.lean"


@dataclass
class CheckResult:
    present: bool
    passed: bool
    sha256: str | None
    report: dict | None = None
    detail: str = ""
    seconds: float = 0.0
    lean: bool | None = None  # None: no toolchain, static layer only

    def as_dict(self) -> dict:
        return {
            "present": self.present,
            "passed": self.passed,
            "sha256": self.sha256,
            "lean": self.lean,
            "issues": [
                f"{i.get('line')}:{i.get('column')}: {i.get('rule')}: {i.get('message')}"
                for i in ((self.report or {}).get("static") or {}).get("issues", [])
            ][:20],
            "detail": self.detail[:2000],
        }

    def message(self) -> str:
        """What the model is told."""
        if not self.present:
            return "No Solution.lean in your working directory yet."
        report = self.report or {}
        uncompiled = report.get("lean") is None and bool(report)
        head = "FAILED"
        if self.passed:
            head = "NOT COMPILED: static rules passed" if uncompiled else "PASSED"
        lines = [f"check_submission: {head} (Solution.lean sha256 {self.sha256})"]
        static = report.get("static") or {}
        for issue in static.get("issues", [])[:30]:
            lines.append(
                f"  Solution.lean:{issue.get('line')}:{issue.get('column')}: "
                f"{issue.get('rule')}: {issue.get('message')}"
            )
        lean = report.get("lean")
        if lean is None and static.get("passed"):
            lines.append(
                "  not compiled: this sandbox has no Lean toolchain, so only the static rules "
                "were checked; this is not a passing check"
            )
        elif isinstance(lean, dict):
            lines.append(
                f"  compiled: {lean.get('compiled')}; axioms of main: {lean.get('axioms')}"
            )
            if lean.get("non_standard_axioms"):
                lines.append("  not allowed: " + ", ".join(lean["non_standard_axioms"]))
            if lean.get("log"):
                lines.append(str(lean["log"])[-3000:])
        if self.detail and not report:
            lines.append(self.detail[-2000:])
        return "\n".join(lines)


@dataclass
class SubmissionChecker:
    packet: Path  # the exported packet folder (trusted)
    work: Path  # the agent's workspace on the host (untrusted)
    log_path: Path
    toolchain: Path | None = None
    mathlib: Path | None = None
    wall_seconds: float = 1800.0
    memory: int = 8 * GiB
    _cache: dict[str, CheckResult] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    round: int = 0

    def current(self) -> bytes | None:
        return read_regular(self.work, SOLUTION)

    def check(self, via: str = "harness") -> CheckResult:
        with self._lock:
            data = self.current()
            if data is None:
                result = CheckResult(False, False, None)
            else:
                digest = hashlib.sha256(data).hexdigest()
                cached = self._cache.get(digest)
                result = cached if cached is not None else self._run(data, digest)
                self._cache[digest] = result
            self._log(result, via)
            return result

    def _log(self, result: CheckResult, via: str) -> None:
        entry = {"time": time.time(), "round": self.round, "via": via, **result.as_dict()}
        with self.log_path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, sort_keys=True) + "\n")

    def _run(self, data: bytes, digest: str) -> CheckResult:
        started = time.monotonic()
        scratch = Path(tempfile.mkdtemp(prefix="ofb-check-"))
        try:
            copy_tree(self.packet, scratch)
            (scratch / SOLUTION).write_bytes(data)
            read_only = list(python_paths())
            path = "/usr/bin:/bin"
            if self.toolchain is not None:
                read_only.append(self.toolchain)
                path = f"{self.toolchain / 'bin'}:{path}"
            if self.mathlib is not None:
                read_only.append(self.mathlib)
            policy = base_policy(
                read_only=read_only,
                work_dir=scratch,
                work_size=4 * GiB,
                env=(("PATH", path), ("HOME", str(scratch)), ("LANG", "C.UTF-8")),
                limits=Limits(
                    memory=self.memory, processes=512, cpus=1.0, wall_seconds=self.wall_seconds
                ),
            )
            args = [str(python_executable()), "check_submission", "--format", "json"]
            if self.toolchain is None:
                args.append("--no-lean")
            result = BwrapBackend().run(args, policy)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        seconds = time.monotonic() - started
        try:
            report = json.loads(result.stdout)
        except ValueError:
            return CheckResult(
                True,
                False,
                digest,
                None,
                f"the check did not finish ({result.describe()}): " + result.text("stderr")[-1500:],
                seconds,
            )
        lean = report.get("lean")
        return CheckResult(
            True,
            result.exit_code == 0 and result.ok,
            digest,
            report,
            "",
            seconds,
            None if lean is None else bool(lean.get("compiled")),
        )
