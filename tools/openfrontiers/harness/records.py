"""The records of an attempt and the end reasons (Table 7 of the paper).

An attempt folder `P###/` holds `Solution.lean` (where one was left; the layout `ofb grade`
reads), `attempt.json`, `rounds.jsonl`, the raw event streams `events/round-NNN.jsonl`
(with the CLI's stderr beside them) and the host services' logs: `gateway.jsonl`,
`mcp.jsonl`, `checks.jsonl`, and in B/C `retrieval.jsonl`, in C `web.jsonl`.
`attempt.json` is written last and atomically: an attempt folder without it did not finish.
An attempt stopped with its run (Ctrl-C on `ofb run`) did not finish either: its record,
end reason `interrupted`, is written as `interrupted.json` instead, so grading and the
report count it unfinished and a resumed run moves the folder aside and runs it again.
"""

from __future__ import annotations

import json
import os
import tempfile
from enum import StrEnum
from pathlib import Path

ATTEMPT_FORMAT = "openfrontiers-attempt/1"
ROUND_FORMAT = "openfrontiers-round/1"
INTERRUPTED_RECORD = "interrupted.json"  # the record of an attempt its run stopped


class EndReason(StrEnum):
    AGENT_STOPPED = "agent stopped"  # the session ended (native), or too little time left
    SUBMITTED = "submitted"  # continuation: a submission passes the pre-submission check
    # continuation without Lean (--allow-no-lean): the static rules pass, nothing compiled it
    SUBMITTED_UNCOMPILED = "submitted uncompiled"
    WALL_CLOCK = "wall clock"  # the budget was spent; the jail ended the session
    STALLED = "stalled"  # continuation: too many rounds without tool use
    AGENT_ERROR = "agent error"  # no successful model call (3 rounds), or the CLI failed
    DISK_QUOTA = "disk quota"  # the work dir is full
    API_ERROR = "api error"  # the model API refused in a way no retry changes (4xx)
    # The run was stopped (Ctrl-C): not an end of the attempt's own, never in Table 7.
    INTERRUPTED = "interrupted"


def write_json_atomic(path: Path, doc: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def append_jsonl(path: Path, doc: dict) -> None:
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(doc, sort_keys=True, ensure_ascii=False) + "\n")


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def finished(folder: Path) -> dict | None:
    """The attempt record of a finished attempt folder, or None."""
    try:
        doc = json.loads((folder / "attempt.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if doc.get("format") == ATTEMPT_FORMAT and doc.get("end_reason") else None


def stalled(no_tool: list[bool], consecutive: int, window: int, hits: int) -> bool:
    """The stall rule on the rounds so far (True = a round without tool use): the last
    `consecutive` rounds all without, or `hits` of the last `window`."""
    run = 0
    for flag in reversed(no_tool):
        if not flag:
            break
        run += 1
    if run >= consecutive:
        return True
    recent = no_tool[-window:]
    return len(recent) >= hits and sum(recent) >= hits
