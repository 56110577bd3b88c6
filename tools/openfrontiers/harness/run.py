"""`ofb run`: a subset × a model × a condition × a protocol, in a run folder.

    RUN/manifest.json      the run's parameters and packets (written first)
    RUN/P###/…             one attempt folder per packet (records.py)
    RUN/runs.jsonl         one line per attempt that ended, in the order they ended
    RUN/.interrupted/…     attempt folders of a crashed run, kept aside when it resumes

Resuming: the same command on the same folder runs only the attempts without an
`attempt.json`; the parameters must be the manifest's (anything else is refused, naming
the differences). An attempt folder left unfinished by a crash is moved aside whole —
nothing a run wrote is deleted."""

from __future__ import annotations

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
from .records import append_jsonl, finished, write_json_atomic

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


def _differences(old: dict, new: dict) -> list[str]:
    return [
        f"{key}: {old.get(key)!r} in the manifest, {new.get(key)!r} now"
        for key in sorted(set(old) | set(new))
        if old.get(key) != new.get(key)
    ]


def prepare(plan: RunPlan, out: Path) -> tuple[list[AttemptSpec], list[str]]:
    """The attempts still to run, and the packets already finished; writes the manifest
    on a new run, checks it on a resumed one, moves unfinished attempt folders aside."""
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
    todo: list[AttemptSpec] = []
    done: list[str] = []
    for pid in plan.packet_ids:
        folder = out / pid
        if finished(folder) is not None:
            done.append(pid)
            continue
        if folder.exists():
            aside = out / ".interrupted" / f"{pid}-{int(time.time())}"
            aside.parent.mkdir(exist_ok=True)
            shutil.move(str(folder), str(aside))
        todo.append(replace(plan.template, packet=plan.packets_dir / pid, out=folder))
    return todo, done


def execute(
    plan: RunPlan,
    out: Path,
    executor: Executor,
    on_progress: Callable[[str, dict], None] | None = None,
) -> RunSummary:
    todo, done = prepare(plan, out)
    summary = RunSummary(out, skipped=len(done))
    lock = threading.Lock()
    progress = on_progress or (lambda _p, _i: None)
    for pid in done:
        record = finished(out / pid) or {}
        progress(pid, {"state": "ended", "end_reason": record.get("end_reason"), "resumed": True})
    for spec, outcome in executor.run(todo, progress):
        with lock:
            if isinstance(outcome, BaseException):
                summary.failed.append((spec.packet_id, str(outcome)))
                progress(spec.packet_id, {"state": "failed", "error": str(outcome)})
                continue
            summary.ran += 1
            reason = str(outcome.get("end_reason"))
            summary.reasons[reason] = summary.reasons.get(reason, 0) + 1
            append_jsonl(
                out / "runs.jsonl",
                {
                    "packet": spec.packet_id,
                    "end_reason": reason,
                    "wall_minutes": outcome.get("wall_minutes"),
                    "rounds": outcome.get("rounds"),
                    "submission_passed": (outcome.get("submission") or {}).get("passed"),
                    "executor": executor.name,
                },
            )
    return summary
