"""Reading what runs and grading left: one `Attempt` per planned attempt of each run.

A run folder (`ofb run --out RUN`, docs/harness.md) holds `manifest.json`
(`openfrontiers-run/1`: the model, condition, protocol and packets), one attempt folder
`P###/` per packet with `attempt.json` (`openfrontiers-attempt/1`, written last: a folder
without it did not finish) and `Solution.lean` where one was left, and — once graded with
`ofb grade RUN --out RUN/verdicts.jsonl` — the verdict lines (`openfrontiers-verdict/1`).
The packet key (`ofb packet export`) maps each packet to its item.

Nothing is dropped silently: a planned attempt without `attempt.json` is kept as
unfinished, a `Solution.lean` without a verdict as ungraded, and records that contradict
each other (another model in an attempt than in its manifest, a verdict naming another item
than the key) are errors naming the file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..errors import BadInput, InputError, Location, OfbError, UsageError
from ..evaluator.key import load_key
from ..grade.verdict import FORMAT as VERDICT_FORMAT
from ..grade.verdict import VERDICTS
from ..harness.records import ATTEMPT_FORMAT

# The run manifest's format (harness/run.py; not imported: that module starts the whole
# harness, whose optional packages a report does not need — a test keeps the two equal).
RUN_FORMAT = "openfrontiers-run/1"
CONDITIONS = ("A", "B", "C")
PROTOCOLS = ("native", "continuation")
# URL records that did not fetch anything: refused by the proxy or the fetch tool, or only
# listed (a search result, a citation) — listed and fetched are kept apart.
_NOT_FETCHED_VIA = ("-refused", "-listed")
_NOT_FETCHED_DECISIONS = ("refused", "failed")
# A URL named in the agent's own tool call (curl, WebFetch, …) is fetched when the proxy
# carried a connection to its host in that round: an HTTPS fetch shows the proxy only the
# host (CONNECT), the tool call shows the whole URL, so together they name the page.
_TOOL_CALL_VIA = "agent-tool-call"


@dataclass(frozen=True)
class UrlVisit:
    key: str
    via: str
    fetched: bool


@dataclass(frozen=True)
class Attempt:
    run: str
    packet: str
    item: str
    finished: bool
    wall_minutes: float | None = None
    end_reason: str | None = None
    left_lean: bool = False
    verdict: str | None = None  # None: not graded
    verdict_reason: str = ""
    urls: tuple[UrlVisit, ...] = ()
    # why a verdict line for this attempt was not counted: it graded other bytes than the
    # attempt's Solution.lean (the hashes differ), or the attempt left none
    mismatch: str = ""
    # what the attempt lacked of the paper's protocol, explicitly allowed by the evaluator
    # (attempt.json `exceptions`: `no-sources`, `no-lean`)
    exceptions: tuple[str, ...] = ()

    @property
    def solved(self) -> bool:
        return self.verdict == "solved"

    @property
    def open_accepted(self) -> bool:
        return self.verdict == "frozen-review" and self.verdict_reason == "open-item-accepted"

    def fetched(self, keys: frozenset[str]) -> tuple[str, ...]:
        """The keys of `keys` this attempt fetched."""
        return tuple(sorted({u.key for u in self.urls if u.fetched and u.key in keys}))


@dataclass(frozen=True)
class Config:
    """What a run varies: one model under one protocol and one condition."""

    model: str
    protocol: str
    condition: str

    @property
    def label(self) -> str:
        return f"{self.model} {self.protocol} {self.condition}"


@dataclass
class Run:
    path: Path
    name: str
    config: Config
    packets: tuple[str, ...]
    attempts: list[Attempt] = field(default_factory=list)
    verdicts_file: Path | None = None
    exceptions: tuple[str, ...] = ()  # the manifest's: what the whole run was allowed to lack

    @property
    def finished(self) -> list[Attempt]:
        return [a for a in self.attempts if a.finished]

    @property
    def mismatched(self) -> list[Attempt]:
        """Attempts whose verdict line graded something else: listed, never counted."""
        return [a for a in self.attempts if a.mismatch]


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", 0)
        raise InputError(Location(path, line), "json", f"not JSON ({exc})") from None


def packet_items(key_path: Path) -> dict[str, str]:
    """Packet id → item id from an evaluator key of `ofb packet export` (read, as every
    stage reads it, by `evaluator.key`)."""
    return load_key(key_path).mapping


def _exceptions(path: Path, doc: dict) -> tuple[str, ...]:
    value = doc.get("exceptions", [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(Location(path), "exceptions", "exceptions must be a list of strings")
    return tuple(value)


def _manifest(run_dir: Path) -> tuple[Config, tuple[str, ...], tuple[str, ...]]:
    path = run_dir / "manifest.json"
    if not path.is_file():
        if not run_dir.is_dir():
            raise UsageError(f"{run_dir}: no such run folder")
        raise BadInput(f"{run_dir}: not a run folder (no manifest.json; see docs/harness.md)")
    doc = _json(path)
    if not isinstance(doc, dict) or doc.get("format") != RUN_FORMAT:
        raise InputError(Location(path), "run-format", f"not a run manifest ({RUN_FORMAT})")
    params = doc.get("parameters")
    if not isinstance(params, dict):
        raise InputError(Location(path), "run-format", "the manifest has no parameters")
    model, condition, protocol = (params.get(k) for k in ("model", "condition", "protocol"))
    packets = params.get("packets")
    problems = []
    if not isinstance(model, str) or not model:
        problems.append("model")
    if condition not in CONDITIONS:
        problems.append(f"condition ({', '.join(CONDITIONS)})")
    if protocol not in PROTOCOLS:
        problems.append(f"protocol ({', '.join(PROTOCOLS)})")
    if not isinstance(packets, list) or not all(isinstance(p, str) for p in packets):
        problems.append("packets (a list of packet ids)")
    if problems:
        raise InputError(
            Location(path), "run-format", "the manifest lacks a valid " + ", ".join(problems)
        )
    assert isinstance(model, str) and isinstance(condition, str) and isinstance(protocol, str)
    assert isinstance(packets, list)
    return Config(model, protocol, condition), tuple(packets), _exceptions(path, params)


def _verdicts(path: Path, items: Mapping[str, str]) -> dict[str, dict]:
    """packet → its verdict line; every inconsistency is an error with its line."""
    found: dict[str, dict] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(Location(path), "json", f"not UTF-8 ({exc.reason})") from None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = Location(path, number)
        try:
            doc = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(where, "json", f"not a JSON line ({exc.msg})") from None
        if not isinstance(doc, dict) or doc.get("format") != VERDICT_FORMAT:
            raise InputError(where, "verdict-format", f"not a verdict line ({VERDICT_FORMAT})")
        packet, item, verdict = doc.get("packet"), doc.get("item"), doc.get("verdict")
        if verdict not in VERDICTS:
            raise InputError(where, "verdict-format", f"verdict {verdict!r} is not one of "
                             f"{', '.join(VERDICTS)}")  # fmt: skip
        if not isinstance(packet, str) or packet not in items:
            raise InputError(where, "unknown-packet", f"packet {packet!r} is not in the key")
        if item != items[packet]:
            raise InputError(
                where,
                "verdict-item",
                f"{packet} is {items[packet]} in the packet key, but the verdict says {item!r}",
            )
        if packet in found:
            raise InputError(
                where, "duplicate-verdict", f"a second verdict for {packet}: grade once per run"
            )
        found[packet] = doc
    return found


def _matched(
    folder: Path, verdict: dict | None, recorded: object = None
) -> tuple[dict | None, str]:
    """The verdict line if it graded this attempt's Solution.lean, else (None, why): the
    line's `hashes.submission` must be the sha256 of the file in the attempt folder, and,
    where `attempt.json` recorded the file's hash (`recorded`), that one too."""
    if verdict is None:
        return None, ""
    claimed = (verdict.get("hashes") or {}).get("submission")
    solution = folder / "Solution.lean"
    if not solution.is_file():
        return None, "the verdict grades a submission, but the attempt left no Solution.lean"
    actual = hashlib.sha256(solution.read_bytes()).hexdigest()
    if isinstance(recorded, str) and recorded != actual:
        return None, (
            f"Solution.lean (sha256 {actual[:12]}…) is not the file the attempt left "
            f"({recorded[:12]}…)"
        )
    if claimed != actual:
        shown = claimed[:12] + "…" if isinstance(claimed, str) else repr(claimed)
        return (
            None,
            f"the verdict graded sha256 {shown}, the attempt's Solution.lean is {actual[:12]}…",
        )
    return verdict, ""


def _host(url: object) -> str:
    try:
        return (urlsplit(str(url)).hostname or "").lower()
    except ValueError:
        return ""


def _urls(doc: dict) -> tuple[UrlVisit, ...]:
    entries = [e for e in doc.get("urls") or () if isinstance(e, dict)]
    carried = {
        (e.get("round"), _host(e.get("url")))
        for e in entries
        if e.get("via") == "proxy" and e.get("decision") == "allowed"
    }
    visits = []
    for entry in entries:
        if not isinstance(entry.get("key"), str):
            continue
        via = str(entry.get("via", ""))
        if via == _TOOL_CALL_VIA:
            fetched = (entry.get("round"), _host(entry.get("url"))) in carried
        else:
            fetched = not via.endswith(_NOT_FETCHED_VIA) and (
                entry.get("decision") not in _NOT_FETCHED_DECISIONS
            )
        visits.append(UrlVisit(entry["key"], via, fetched))
    return tuple(visits)


def load_run(run_dir: Path, items: Mapping[str, str], verdicts: Path | None = None) -> Run:
    """Every planned attempt of a run folder, with its verdict where one was graded."""
    config, packets, exceptions = _manifest(run_dir)
    unknown = [p for p in packets if p not in items]
    if unknown:
        raise UsageError(
            f"{run_dir / 'manifest.json'}: packets not in the packet key: {', '.join(unknown)} "
            "(give the key of the export the run used)"
        )
    verdicts_path = verdicts or run_dir / "verdicts.jsonl"
    lines = _verdicts(verdicts_path, items) if verdicts_path.is_file() else {}
    if verdicts is not None and not verdicts.is_file():
        raise UsageError(f"{verdicts}: no such verdict file")
    stray = sorted(set(lines) - set(packets))
    if stray:
        raise UsageError(
            f"{verdicts_path}: verdicts for packets the run did not plan: {', '.join(stray)}"
        )
    run = Run(
        run_dir, run_dir.name, config, packets, [], verdicts_path if lines else None, exceptions
    )
    for packet in packets:
        folder = run_dir / packet
        path = folder / "attempt.json"
        if not path.is_file():
            # Unfinished: kept (and counted as not solved unless a verdict says otherwise).
            verdict, mismatch = _matched(folder, lines.get(packet))
            run.attempts.append(
                Attempt(
                    run.name,
                    packet,
                    items[packet],
                    finished=False,
                    left_lean=(folder / "Solution.lean").is_file(),
                    verdict=verdict.get("verdict") if verdict else None,
                    verdict_reason=str(verdict.get("reason") or "") if verdict else "",
                    mismatch=mismatch,
                    exceptions=exceptions,  # the run's: this attempt recorded nothing yet
                )
            )
            continue
        doc = _json(path)
        if not isinstance(doc, dict) or doc.get("format") != ATTEMPT_FORMAT:
            raise InputError(Location(path), "attempt-format", f"not {ATTEMPT_FORMAT}")
        for name, expected in (
            ("packet", packet),
            ("model", config.model),
            ("condition", config.condition),
            ("protocol", config.protocol),
        ):
            if doc.get(name) != expected:
                raise InputError(
                    Location(path),
                    "attempt-run",
                    f"{name} is {doc.get(name)!r} here but {expected!r} in the run's manifest",
                )
        minutes = doc.get("wall_minutes")
        reason = doc.get("end_reason")
        if not isinstance(minutes, int | float) or isinstance(minutes, bool) or minutes < 0:
            raise InputError(Location(path), "attempt-format", "wall_minutes must be >= 0")
        if not isinstance(reason, str) or not reason:
            raise InputError(Location(path), "attempt-format", "no end_reason")
        listed = doc.get("records")
        solution = listed.get("solution") if isinstance(listed, dict) else None
        left_lean = bool(solution) or (folder / "Solution.lean").is_file()
        final = doc.get("submission")  # the harness's final check, with the file's sha256
        recorded = final.get("sha256") if isinstance(final, dict) else None
        verdict, mismatch = _matched(folder, lines.get(packet), recorded)
        run.attempts.append(
            Attempt(
                run.name,
                packet,
                items[packet],
                finished=True,
                wall_minutes=float(minutes),
                end_reason=reason,
                left_lean=left_lean,
                verdict=verdict.get("verdict") if verdict else None,
                verdict_reason=str(verdict.get("reason") or "") if verdict else "",
                urls=_urls(doc),
                mismatch=mismatch,
                exceptions=_exceptions(path, doc),
            )
        )
    return run


def load_runs(
    run_dirs: list[Path], items: Mapping[str, str], verdicts: Mapping[Path, Path] | None = None
) -> list[Run]:
    names = [d.resolve() for d in run_dirs]
    if len(set(names)) != len(names):
        raise UsageError("a run folder is named twice")
    runs = [load_run(d, items, (verdicts or {}).get(d)) for d in run_dirs]
    labels = [r.name for r in runs]
    if len(set(labels)) != len(labels):
        raise OfbError(
            "two run folders share a name; tables name runs by folder, so rename one: "
            + ", ".join(sorted({n for n in labels if labels.count(n) > 1}))
        )
    return runs
