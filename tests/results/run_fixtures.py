"""Run folders, attempt records, verdict lines and packet keys as the harness and the grader
write them (docs/harness.md "Records", docs/grading.md "Verdicts"), built by the tests."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from openfrontiers.evaluator.key import KEY_FORMAT

# The Solution.lean every fake attempt that left one left (its hash is in the verdict line).
SOLUTION = b"theorem main : True := trivial\n"


@dataclass
class FakeAttempt:
    packet: str
    minutes: float = 1.0
    end_reason: str = "agent stopped"
    lean: bool = False
    verdict: str | None = None  # solved, unsolved, frozen-review; None: no verdict line
    reason: str = ""
    urls: list[dict] = field(default_factory=list)
    finished: bool = True
    exceptions: list[str] = field(default_factory=list)  # e.g. ["no-lean"] (--allow-no-lean)


def url(address: str, via: str = "proxy", decision: str | None = "allowed") -> dict:
    """One `urls` entry of attempt.json as the harness writes it: the URL, how it was
    reached (and the proxy's decision), and the harness's own normalisation of it."""
    from openfrontiers.harness.urls import normalise

    entry: dict = {"url": address, "via": via, "round": 1}
    if decision is not None:
        entry["decision"] = decision
    return {**entry, **normalise(address).as_dict()}


def packet_key(path: Path, mapping: dict[str, str]) -> Path:
    doc = {
        "format": KEY_FORMAT,
        "subset": {"name": "test", "version": None},
        "packets": {
            pid: {
                "item": item,
                "source": {"path": f"FrontierBench/{item}.lean", "sha256": "0" * 64},
            }
            for pid, item in mapping.items()
        },
    }
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return path


def attempt_record(
    a: FakeAttempt, model: str, condition: str, protocol: str, profile: str = "codex"
) -> dict:
    """attempt.json (`openfrontiers-attempt/1`) with every field the harness writes."""
    return {
        "format": "openfrontiers-attempt/1",
        "packet": a.packet,
        "model": model,
        "agent": {
            "profile": profile,
            "version": "0.0.0",
            "executable": "/clis/agent",
            "bound": "/clis",
        },
        "condition": condition,
        "condition_label": {"A": "closed-book", "B": "frozen retrieval", "C": "live web"}[
            condition
        ],
        "protocol": protocol,
        "cutoff": "2026-01-06" if condition == "B" else None,
        "limits": {
            "cpus": 5.0,
            "memory_bytes": 24 << 30,
            "processes": 4096,
            "tmp_bytes": 10 << 30,
            "wall_seconds": 10800.0,
            "work_bytes": 10 << 30,
        },
        "rules": None,
        "access": {
            "lean": "no-lean" not in a.exceptions,
            "sources_missing": ["arxiv"] if "no-sources" in a.exceptions else [],
            "allow_no_sources": "no-sources" in a.exceptions,
            "allow_no_lean": "no-lean" in a.exceptions,
        },
        "exceptions": a.exceptions,
        "wall_minutes": a.minutes,
        "end_reason": a.end_reason,
        "end_detail": "",
        "rounds": 1,
        "tool_versions": {
            "ofb": "0.1.0",
            "python": "3.11",
            "bwrap": "bubblewrap 0.8.0",
            "agent": "0.0.0",
            "mcp": None,
            "uvicorn": None,
            "starlette": None,
            "httpx2": None,
        },
        "jail": {
            "backend": "bwrap",
            "seccomp_profile": "agent",
            "work_capped": True,
            "network": "loopback only; exits: gateway, mcp",
        },
        "tool_uses": 3,
        "model_calls": {"total": 4, "ok": 4, "failed": 0, "refused": 0},
        "tokens": {"input": 10, "output": 20, "cache_read": 0, "cache_write": 0},
        "mcp_calls": 1,
        "urls": a.urls,
        "refused": {"gateway": 0, "proxy": 0},
        "records": {
            "rounds": "rounds.jsonl",
            "events": "events/",
            "gateway": "gateway.jsonl",
            "mcp": "mcp.jsonl",
            "checks": "checks.jsonl",
            "retrieval": "retrieval.jsonl" if condition in ("B", "C") else None,
            "web": "web.jsonl" if condition == "C" else None,
            "solution": "Solution.lean" if a.lean else None,
        },
        "submission": {
            "present": a.lean,
            "passed": False,
            "sha256": hashlib.sha256(SOLUTION).hexdigest() if a.lean else None,
            "lean": None,
            "issues": [],
            "detail": "",
        },
        "start": "2026-12-01T10:00:00+00:00",
        "end": "2026-12-01T10:03:00+00:00",
        "node": {"executor": "local", "id": None, "group": None, "jail_check": None},
    }


def verdict_line(a: FakeAttempt, item: str, solution: bytes = SOLUTION) -> dict:
    """One line of `ofb grade`, made by the grader's own record type, for the submission
    `solution` (the attempt's Solution.lean: its hash is how a report matches the two)."""
    from openfrontiers.grade.verdict import Decision, VerdictRecord

    assert a.verdict is not None
    solved = a.verdict == "solved"
    stage = "static" if a.verdict == "unsolved" else None
    return VerdictRecord(
        submission=f"{a.packet}/Solution.lean",
        packet=a.packet,
        item=item,
        decision=Decision(a.verdict, stage, a.reason),
        answer={"kind": "yes-no", "submitted": "True", "matches": True if solved else None},
        hashes={"submission": hashlib.sha256(solution).hexdigest(), "statement": "0" * 64},
    ).as_dict()


def make_run(
    root: Path,
    name: str,
    *,
    model: str,
    condition: str,
    protocol: str,
    attempts: list[FakeAttempt],
    items: dict[str, str],
    planned: list[str] | None = None,
    exceptions: list[str] | None = None,
) -> Path:
    """A run folder: manifest, one attempt folder per packet, verdicts.jsonl when graded."""
    run = root / name
    run.mkdir(parents=True)
    packets = planned if planned is not None else [a.packet for a in attempts]
    manifest = {
        "format": "openfrontiers-run/1",
        "created": "2026-12-01T09:00:00+00:00",
        "ofb": "0.1.0",
        "parameters": {
            "model": model,
            "agent_profile": "codex",
            "condition": condition,
            "protocol": protocol,
            "cutoff": "2026-01-06" if condition == "B" else None,
            "limits": {"cpus": 5.0, "wall_seconds": 10800.0},
            "rules": {"stall_consecutive": 20, "stall_window": 40, "stall_window_hits": 30},
            "packets_dir": str(root / "packets"),
            "packets": packets,
            "selection": "ids",
            "config": None,
        }
        | ({"exceptions": exceptions} if exceptions else {}),
    }
    (run / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    lines = []
    for a in attempts:
        folder = run / a.packet
        folder.mkdir()
        if a.lean:
            (folder / "Solution.lean").write_bytes(SOLUTION)
        if a.finished:
            record = attempt_record(a, model, condition, protocol)
            (folder / "attempt.json").write_text(json.dumps(record, indent=2), encoding="utf-8")
            (folder / "rounds.jsonl").write_text("{}\n", encoding="utf-8")
        if a.verdict is not None:
            lines.append(json.dumps(verdict_line(a, items[a.packet])))
    if lines:
        (run / "verdicts.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return run
