"""`ofb run`: a subset × a model × a condition × a protocol, in a run folder.

    RUN/manifest.json      the run's parameters and packets (written first)
    RUN/P###/…             one attempt folder per packet (records.py)
    RUN/runs.jsonl         one line per attempt that ended, in the order they ended
                           (`interrupted` ones included)
    RUN/.interrupted/…     attempt folders of a stopped or crashed run, kept aside when
                           it resumes

Stopping: a set `stop` (Ctrl-C, `commands/harness.py`) starts no further attempt and kills
the jails of those in flight; each ends `interrupted`, with its record in
`interrupted.json` and its line in runs.jsonl.

Resuming: the same command on the same folder runs only the attempts without an
`attempt.json`; the parameters must be the manifest's (anything else is refused, naming
the differences). An attempt folder left unfinished by a stop or a crash is moved aside
whole — nothing a run wrote is deleted. A line a crash kept out of runs.jsonl (the attempt
wrote its record, the run died before its line) is rebuilt from the record then, marked
`recovered`."""

from __future__ import annotations

import contextlib
import json
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from .. import __version__
from ..errors import UsageError
from .attempt import AttemptSpec, access_exceptions
from .executor import Executor
from .records import INTERRUPTED_RECORD, EndReason, append_jsonl, finished, write_json_atomic

RUN_FORMAT = "openfrontiers-run/1"


@dataclass(frozen=True)
class RunPlan:
    template: AttemptSpec  # packet/out are filled per attempt
    packets_dir: Path
    packet_ids: tuple[str, ...]
    selection: str  # how the packets were chosen (subset name, ids, all)

    def parameters(self) -> dict:
        """The run's parameters; `exceptions` (what the evaluator explicitly allowed the
        run to lack: `no-sources`, `no-lean`) only where there are any."""
        t = self.template
        exceptions = access_exceptions(t)
        return ({"exceptions": exceptions} if exceptions else {}) | {
            "model": t.model,
            "agent_profile": t.profile.name,
            "condition": t.condition.value,
            "protocol": t.protocol.value,
            "cutoff": t.cutoff.isoformat() if t.cutoff else None,
            "limits": t.limits.as_dict(),
            "rules": t.rules.as_dict(),
            "packets_dir": str(self.packets_dir),
            "packets": list(self.packet_ids),
            "selection": self.selection,
            "config": str(t.config.path) if t.config.path else None,
        }


@dataclass
class RunSummary:
    out: Path
    ran: int = 0
    skipped: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    interrupted: list[str] = field(default_factory=list)  # stopped in flight
    not_started: int = 0  # left in the queue by a stop
    recovered: int = 0  # runs.jsonl lines rebuilt from attempt records


def run_line(packet: str, record: dict, executor: str | None) -> dict:
    """The runs.jsonl line of an attempt that ended (finished or interrupted)."""
    return {
        "packet": packet,
        "end_reason": str(record.get("end_reason")),
        "start": record.get("start"),
        "wall_minutes": record.get("wall_minutes"),
        "rounds": record.get("rounds"),
        "submission_passed": (record.get("submission") or {}).get("passed"),
        "executor": executor,
        # Where the run stopped it (a record of its own may not exist: Ray).
        **(
            {"end_detail": record.get("end_detail")}
            if record.get("end_reason") == EndReason.INTERRUPTED
            else {}
        ),
    }


def _record(path: Path) -> dict | None:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) and doc.get("end_reason") else None


def _lines(path: Path) -> list[dict]:
    """runs.jsonl's lines that parse; a line torn by a crash is left in the file, and the
    file is ended with a newline so that the next line starts on its own."""
    if not path.exists():
        return []
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("ab") as fh:
            fh.write(b"\n")
    found = []
    for line in data.decode("utf-8", errors="replace").splitlines():
        with contextlib.suppress(ValueError):
            doc = json.loads(line)
            if isinstance(doc, dict):
                found.append(doc)
    return found


def recover_lines(out: Path, packet_ids: tuple[str, ...]) -> int:
    """Append to runs.jsonl the line of every ended attempt (attempt.json, or
    interrupted.json of a stopped one) that has none: a crash between the record and its
    line. The number appended."""
    runs = out / "runs.jsonl"
    seen = _lines(runs)
    starts = {(d.get("packet"), d.get("start")) for d in seen if d.get("start")}
    # Lines written before lines carried the start: matched by packet and end reason.
    older = {(d.get("packet"), d.get("end_reason")) for d in seen if not d.get("start")}
    missing: list[tuple[str, dict]] = []
    for pid in packet_ids:
        for name in ("attempt.json", INTERRUPTED_RECORD):
            record = _record(out / pid / name)
            if record is None:
                continue
            key = (pid, record.get("start"))
            if key in starts or (pid, str(record.get("end_reason"))) in older:
                continue
            missing.append((pid, record))
    missing.sort(key=lambda item: str(item[1].get("end") or ""))
    for pid, record in missing:
        line = run_line(pid, record, (record.get("node") or {}).get("executor"))
        append_jsonl(runs, {**line, "recovered": True})
    return len(missing)


def _differences(old: dict, new: dict) -> list[str]:
    return [
        f"{key}: {old.get(key)!r} in the manifest, {new.get(key)!r} now"
        for key in sorted(set(old) | set(new))
        if old.get(key) != new.get(key)
    ]


def prepare(plan: RunPlan, out: Path) -> tuple[list[AttemptSpec], list[str], int]:
    """The attempts still to run, the packets already finished, and the runs.jsonl lines
    recovered; writes the manifest on a new run, checks it on a resumed one, completes
    runs.jsonl and moves unfinished attempt folders aside."""
    manifest_path = out / "manifest.json"
    parameters = plan.parameters()
    if manifest_path.exists():
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise UsageError(f"{manifest_path}: not JSON ({exc})") from None
        differences = _differences(manifest.get("parameters", {}), parameters)
        if differences:
            raise UsageError(
                f"{out} holds another run; resume it with the same parameters or choose "
                "another --out:\n  " + "\n  ".join(differences)
            )
    else:
        if out.exists() and any(out.iterdir()):
            raise UsageError(f"{out} exists and is not a run folder (no manifest.json)")
        write_json_atomic(
            manifest_path,
            {
                "format": RUN_FORMAT,
                "created": datetime.now(UTC).isoformat(timespec="seconds"),
                "ofb": __version__,
                "parameters": parameters,
            },
        )
    recovered = recover_lines(out, plan.packet_ids)
    todo: list[AttemptSpec] = []
    done: list[str] = []
    for pid in plan.packet_ids:
        folder = out / pid
        if finished(folder) is not None:
            done.append(pid)
            continue
        set_aside(folder, out / ".interrupted" / pid)
        todo.append(replace(plan.template, packet=plan.packets_dir / pid, out=folder))
    return todo, done, recovered


def set_aside(folder: Path, stem: Path) -> Path | None:
    """Move an unfinished attempt `folder` (no attempt.json) to `stem`-SECONDS, so that a
    new attempt starts in an empty folder and nothing of the old one is lost; the new
    place, or None when there was nothing to move."""
    if not folder.exists() or finished(folder) is not None:
        return None
    if folder.is_dir() and not any(folder.iterdir()):
        return None
    aside = stem.with_name(f"{stem.name}-{int(time.time())}")
    aside.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(folder), str(aside))
    return aside


def execute(
    plan: RunPlan,
    out: Path,
    executor: Executor,
    on_progress: Callable[[str, dict], None] | None = None,
    stop: threading.Event | None = None,
) -> RunSummary:
    stop = stop or threading.Event()
    with executor.opened(plan.template):  # a refusal here leaves no run folder behind
        return _execute(plan, out, executor, on_progress, stop)


def _execute(
    plan: RunPlan,
    out: Path,
    executor: Executor,
    on_progress: Callable[[str, dict], None] | None,
    stop: threading.Event,
) -> RunSummary:
    todo, done, recovered = prepare(plan, out)
    summary = RunSummary(out, skipped=len(done), recovered=recovered)
    lock = threading.Lock()
    progress = on_progress or (lambda _p, _i: None)
    for pid in done:
        record = finished(out / pid) or {}
        progress(pid, {"state": "ended", "end_reason": record.get("end_reason"), "resumed": True})
    ended = 0
    for spec, outcome in executor.run(todo, progress, stop):
        with lock:
            ended += 1
            if isinstance(outcome, BaseException):
                summary.failed.append((spec.packet_id, str(outcome)))
                progress(spec.packet_id, {"state": "failed", "error": str(outcome)})
                continue
            reason = str(outcome.get("end_reason"))
            if reason == EndReason.INTERRUPTED:
                summary.interrupted.append(spec.packet_id)
            else:
                summary.ran += 1
                summary.reasons[reason] = summary.reasons.get(reason, 0) + 1
            append_jsonl(out / "runs.jsonl", run_line(spec.packet_id, outcome, executor.name))
    summary.not_started = len(todo) - ended
    return summary
