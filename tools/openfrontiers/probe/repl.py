"""The optional REPL probe backend: one Lean REPL per worker, `import Mathlib` once.

The REPL (leanprover-community/repl) is pinned as a Lake dependency of the small workspace
`repl/` and built there at setup (`cd repl && lake build REPL/repl`); this backend only
uses the built binary and never clones or builds anything at run time. `lean-interact`
speaks the REPL's protocol; its server process is started inside the bwrap jail (the same
policy as the file backend, without a wall limit per item but with one per worker).

Per worker, the imports of the probe files are elaborated once (one environment per
distinct import block), and each item's probe file, without its imports, runs as one
command in that environment. Message lines are relative to the command, so they are
shifted back onto the probe file's lines before the shared classification reads them.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ..errors import OfbError
from ..jail import Backend, Limits
from ..jail.bwrap import BwrapBackend
from ..lean.decls import LeanFile
from ..lean.diagnostics import Diagnostic
from ..lean.toolchain import Toolchain
from ..progress import SILENT, Progress
from .run import ItemReport, ProbeJob, ProcessEnd, classify_item

REPL_PACKAGE = Path("repl") / ".lake" / "packages" / "REPL"
_SEVERITY = {
    "info": "information",
    "information": "information",
    "warning": "warning",
    "error": "error",
}


def split_header(text: str) -> tuple[str, str, int]:
    """(imports block, the rest, number of lines of the imports block)."""
    lean = LeanFile.parse(text)
    imports = [c for c in lean.commands if c.kind == "import"]
    if not imports:
        return "", text, 0
    end = imports[-1].end
    newline = text.find("\n", end)
    end = len(text) if newline < 0 else newline + 1
    return text[:end], text[end:], text[:end].count("\n")


def repl_messages(messages: Sequence, line_offset: int, file: str) -> list[Diagnostic]:
    """lean-interact's messages as diagnostics on the probe file's lines."""
    found = []
    for m in messages:
        start, end = m.start_pos, getattr(m, "end_pos", None)
        found.append(
            Diagnostic(
                file=file,
                severity=_SEVERITY.get(m.severity, "error"),
                line=start.line + line_offset,
                column=start.column,
                end_line=end.line + line_offset if end else None,
                end_column=end.column if end else None,
                message=m.data,
            )
        )
    return found


class ReplBackend:
    name = "repl"

    def __init__(
        self,
        toolchain: Toolchain,
        jail: Backend,
        limits: Limits | None = None,
        item_timeout: float = 1800.0,
    ) -> None:
        if not isinstance(jail, BwrapBackend):
            raise OfbError(
                f"the REPL backend needs a jail that can keep a process running "
                f"(bwrap), not {jail.name}"
            )
        self.toolchain = toolchain
        self.jail = jail
        self.limits = limits or Limits(
            memory=16 << 30, processes=256, cpus=1.0, wall_seconds=24 * 3600
        )
        self.item_timeout = item_timeout
        self.repl_dir = toolchain.root / REPL_PACKAGE
        binary = self.repl_dir / ".lake" / "build" / "bin" / "repl"
        if not binary.is_file():
            raise OfbError(
                f"the Lean REPL is not built ({binary} is missing); build it once "
                f"with: cd {toolchain.root / 'repl'} && lake build REPL/repl"
            )
        try:
            import lean_interact  # noqa: F401
        except ImportError:
            raise OfbError(
                "the REPL backend needs lean-interact: pip install lean-interact"
            ) from None

    def _server(self):
        from lean_interact import LeanREPLConfig, LocalProject
        from lean_interact.server import LeanServer

        jail, policy = (
            self.jail,
            self.toolchain.policy(limits=self.limits, extra_read_only=(self.repl_dir,)),
        )
        policy = replace(policy, cwd=self.toolchain.root)

        class JailedLeanServer(LeanServer):
            """lean-interact's server, with the REPL process started inside the jail."""

            def start(self) -> None:
                binary = Path(self.config._cache_repl_dir) / ".lake" / "build" / "bin" / "repl"
                self._jailed = jail.spawn(
                    [str(self.config.lake_path), "env", str(binary)],
                    policy,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    encoding="utf-8",
                    text=True,
                    bufsize=1,
                )
                self._proc = self._jailed.proc

            def kill(self) -> None:
                jailed = getattr(self, "_jailed", None)
                if jailed is not None:
                    jailed.close()
                self._proc = None

        config = LeanREPLConfig(
            project=LocalProject(directory=str(self.toolchain.root), auto_build=False),
            local_repl_path=str(self.repl_dir),
            build_repl=False,
            lake_path=str(self.toolchain.lake),
        )
        return JailedLeanServer(config)

    def _run_chunk(self, jobs: Sequence[ProbeJob], progress: Progress) -> list[ItemReport]:
        from lean_interact import Command

        reports: list[ItemReport] = []
        server = None
        envs: dict[str, int] = {}
        try:
            for job in jobs:
                start = time.monotonic()
                pf = job.probe_file
                header, body, offset = split_header(pf.text)
                try:
                    if server is None:
                        server, envs = self._server(), {}
                    if header not in envs:
                        envs[header] = server.run(
                            Command(cmd=header or "\n"), timeout=self.item_timeout
                        ).env
                    response = server.run(
                        Command(cmd=body, env=envs[header]), timeout=self.item_timeout
                    )
                    messages = repl_messages(
                        getattr(response, "messages", []), offset, f"Probe{pf.item_id}.lean"
                    )
                    end = ProcessEnd(
                        not hasattr(response, "message") or bool(messages),
                        getattr(response, "message", ""),
                    )
                except Exception as exc:  # noqa: BLE001 - a dead or stuck REPL fails the item
                    messages, end = [], ProcessEnd(False, f"REPL: {type(exc).__name__}: {exc}")
                    if server is not None:
                        server.kill()
                    server = None
                report = classify_item(pf, messages, end, job.reference, time.monotonic() - start)
                progress.done(report.item_id, report.verdict, report.verdict == "clean")
                reports.append(report)
        finally:
            if server is not None:
                server.kill()
        return reports

    def run(
        self, jobs: Sequence[ProbeJob], workers: int, progress: Progress = SILENT
    ) -> list[ItemReport]:
        from concurrent.futures import ThreadPoolExecutor

        workers = max(1, min(workers, len(jobs) or 1))
        chunks = [list(jobs[i::workers]) for i in range(workers)]
        progress.start("probing (REPL)", len(jobs))
        with ThreadPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(lambda chunk: self._run_chunk(chunk, progress), chunks))
        by_id = {r.item_id: r for chunk in results for r in chunk}
        return [by_id[j.probe_file.item_id] for j in jobs]
