"""Grading that survives an interruption: job keys, and verdict files kept as they grow.

Each submission's grading is a job with a key — the sha256 of what decides its verdict:
the packet, item, submission, statement, the key and answers files, the grader's version
and the options that bear on a verdict (limits, jail, tools, waiver). Every verdict line
(and evaluator line) carries its `job`. `ofb grade --out FILE` appends each line as its
job ends, whichever executor ran it; run again with the same inputs and options, it keeps
the lines already there and grades only the rest, so nothing is graded twice. At the end
the file is rewritten in submission order, as one uninterrupted run writes it. A line of
another grading (a key no job of this run has) is refused, not dropped.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .. import __version__
from ..errors import InputError, Location
from ..jail import Limits, MiB
from .inputs import GradeJob
from .runs import REPLAY_MEMORY_MIB, REPLAY_WALL_SECONDS, replay_limits
from .verdict import EVALUATOR_FORMAT, FORMAT, VerdictRecord


@dataclass(frozen=True)
class GradeSettings:
    """The options of `ofb grade` that bear on a verdict, as plain data (a cluster's grading
    node rebuilds the grader from them)."""

    jail: str = "auto"
    memory_mib: int = 8192
    wall: float = 1800.0
    replay_memory_mib: int = REPLAY_MEMORY_MIB
    replay_wall: float = REPLAY_WALL_SECONDS
    lean4export: str | None = None
    comparator: str | None = None
    landrun: str | None = None
    nanoda: str | None = None
    allow_no_cgroups: bool = False
    needs_lean: bool = True  # some submission passes the static layer
    hashes: dict = field(default_factory=dict)  # sha256 of the key and the answers files

    def limits(self) -> Limits:
        return Limits(memory=self.memory_mib * MiB, processes=512, cpus=1.0, wall_seconds=self.wall)

    def replay(self) -> Limits:
        return replay_limits(self.limits(), self.replay_memory_mib, self.replay_wall)

    def peak_memory(self) -> int:
        """The most one job's steps may hold at once (they run one after another)."""
        return max(self.memory_mib, self.replay_memory_mib) * MiB


def job_key(job: GradeJob, settings: GradeSettings) -> str:
    options = asdict(settings)
    options.pop("needs_lean")  # follows from the other submissions, not from this one
    material = {
        "packet": job.packet_id,
        "item": job.item_id,
        "submission": job.submission.sha256,
        "statement": job.statement_sha256,
        "ofb": __version__,
        "options": options,
    }
    text = json.dumps(material, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _line(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False) + "\n"


def _append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())


def _rewrite(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _read(path: Path, fmt: str, keys: set[str]) -> dict[str, dict]:
    """The lines of an earlier (possibly interrupted) run of this grading, by job key."""
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    found: dict[str, dict] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except ValueError as exc:
            if number == len(lines):  # no newline after it: a write the interruption cut
                print(
                    f"{path}:{number}: an incomplete last line (an interrupted write) is "
                    "graded again",
                    file=sys.stderr,
                )
                continue
            raise InputError(Location(path, number), "verdict-file", f"not JSON ({exc})") from None
        if not isinstance(doc, dict) or doc.get("format") != fmt:
            raise InputError(
                Location(path, number), "verdict-file", f"not a line of {fmt}: give another --out"
            )
        key = doc.get("job")
        if key not in keys:
            raise InputError(
                Location(path, number),
                "verdict-file",
                f"a verdict of another grading ({doc.get('packet')}, job {key or 'none'}): "
                "these submissions, inputs or options did not make it; give another file "
                "(or remove this one to grade again)",
            )
        found[key] = doc
    return found


class VerdictFiles:
    """The verdict file (`--out`, or stdout at the end) and the evaluator's file."""

    def __init__(self, out: Path | None, evaluator_out: Path | None, keys: list[str]) -> None:
        self.out = out
        self.evaluator_out = evaluator_out
        self.order = keys
        wanted = set(keys)
        self.verdicts = _read(out, FORMAT, wanted) if out is not None else {}
        self.evaluator = (
            _read(evaluator_out, EVALUATOR_FORMAT, wanted) if evaluator_out is not None else {}
        )
        for path in (out, evaluator_out):
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)

    def done(self, key: str) -> bool:
        return key in self.verdicts and (self.evaluator_out is None or key in self.evaluator)

    def add(self, record: VerdictRecord) -> None:
        """Keep one graded job's lines (appended to the files at once)."""
        assert record.job, "a verdict kept for resuming needs its job key"
        line, private = record.as_dict(), record.evaluator_dict()
        self.verdicts[record.job] = line
        self.evaluator[record.job] = private
        if self.out is not None:
            _append(self.out, _line(line))
        if self.evaluator_out is not None:
            _append(self.evaluator_out, _line(private))

    def finish(self) -> list[dict]:
        """Rewrite the files in submission order; the verdict lines, in that order."""
        lines = [self.verdicts[k] for k in self.order if k in self.verdicts]
        if self.out is not None:
            _rewrite(self.out, "".join(_line(d) for d in lines))
        if self.evaluator_out is not None:
            private = [self.evaluator[k] for k in self.order if k in self.evaluator]
            _rewrite(self.evaluator_out, "".join(_line(d) for d in private))
        return lines
