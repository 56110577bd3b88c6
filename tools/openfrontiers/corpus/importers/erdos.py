"""Importer `erdos-problems`: the Erdős problem database, `data/problems.yaml`.

See `Corpus/importers/erdos-problems.toml` for the status table and its reasons.

The database states a problem's status in two forms. The current one has
`informal_status {state, last_update}` (the mathematics) beside `formal_status {state: Lean |
unformalized, url, note}`; the older one (for example at the end of 2025) has only
`status {state, last_update}`, where a Lean formalization of the solution is written into
the state itself (`proved (Lean)`). `claimed_state` reads both, so a drift between two
snapshots compares like with like.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from ...errors import InputError, Location
from ..record import field_value, make_record, record_id, reference, status_json
from .base import ImportContext, Importer, ImportResult, status_table

NAME = "erdos-problems"
VERSION = "1"
DATA = Path("data") / "problems.yaml"
SITE = "https://www.erdosproblems.com"
DATABASE = "https://github.com/teorth/erdosproblems"  # the repository of data/problems.yaml
_OEIS = re.compile(r"A[0-9]{6}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_STATE_KEYS = ("informal_status", "formal_status", "status", "formalized")
_LEAN_SUFFIX = " (Lean)"
# libyaml's safe loader where PyYAML was built with it (about ten times faster on the
# database), else the pure-Python one: both build the same values.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def run(path: Path, ctx: ImportContext) -> ImportResult:
    data_file = path if path.is_file() else path / DATA
    root = data_file.parent if path.is_file() else path
    result = ImportResult(root, NAME, VERSION)
    statuses = status_table(ctx.config(NAME))
    text = result.read_text(data_file)
    try:
        entries = yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = Location(data_file, mark.line + 1, mark.column + 1) if mark else Location(data_file)
        raise InputError(where, "yaml-syntax", str(getattr(exc, "problem", exc))) from None
    if not isinstance(entries, list):
        raise InputError(Location(data_file), "erdos-format", "expected a YAML list of problems")
    rel = result.rel(data_file)
    taken: set[str] = set()
    for index, entry in enumerate(entries):
        result.seen += 1
        locator = f"entry {index + 1}"
        if not isinstance(entry, dict) or entry.get("number") in (None, ""):
            result.skip(rel, locator, "missing-number", "entry has no `number`")
            continue
        number = str(entry["number"])
        locator = f"number={number}"
        if number in taken:
            result.skip(rel, locator, "duplicate-number", f"problem {number} appears twice")
            continue
        state, lean_claim, field_name = claimed_state(entry)
        if state not in statuses:
            result.skip(
                rel,
                locator,
                "unmapped-state",
                f"{field_name}.state {state!r} has no row in erdos-problems.toml",
            )
            continue
        taken.add(number)
        result.records.append(_record(entry, number, statuses[state], lean_claim, rel, result, ctx))
    return result


def claimed_state(entry: dict[str, Any]) -> tuple[Any, bool, str]:
    """(the mathematical state, whether a Lean formalization of the solution is claimed, the
    field it was read from), in either form of the database (module docstring)."""
    informal = entry.get("informal_status")
    if isinstance(informal, dict):
        formal = entry.get("formal_status") or {}
        return informal.get("state"), formal.get("state") == "Lean", "informal_status"
    state = (entry.get("status") or {}).get("state")
    if isinstance(state, str) and state.endswith(_LEAN_SUFFIX):
        return state[: -len(_LEAN_SUFFIX)], True, "status"
    return state, False, "status"


def _state_object(entry: dict[str, Any]) -> dict[str, Any]:
    informal = entry.get("informal_status")
    return informal if isinstance(informal, dict) else entry.get("status") or {}


def _record(
    entry: dict[str, Any],
    number: str,
    status: str,
    lean_claim: bool,
    rel: str,
    result: ImportResult,
    ctx: ImportContext,
) -> dict[str, Any]:
    tags = [str(t) for t in entry.get("tags") or []]
    field, msc, unmapped = ctx.taxonomy.from_labels(tags)
    result.count_unmapped(unmapped)
    page = f"{SITE}/{number}"
    references = [reference("website", f"Thomas Bloom (ed.), Erdős Problems #{number}", page)]
    for seq in entry.get("oeis") or []:
        # "N/A" and "possible" are the database's notes, not sequences.
        if _OEIS.fullmatch(str(seq)):
            references.append(reference("oeis", f"OEIS {seq}", f"https://oeis.org/{seq}"))
    formal = entry.get("formal_status") or {}
    lean_proof = "not-recorded"
    flags = ["no-statement-text"]
    if lean_claim:
        # The database says a solution is formalized in Lean; a link makes that a
        # reference, a bare claim stays in source_status_json only (the build may find the
        # link on the cross-referenced formal-conjectures record).
        url = formal.get("url")
        if isinstance(url, str) and url.startswith(("http://", "https://")):
            lean_proof = "linked"
            references.append(
                reference(
                    "formal-proof",
                    "Erdős problem database: solution formalized in Lean"
                    + (f" ({formal['note']})" if formal.get("note") else ""),
                    url,
                )
            )
        else:
            flags.append("formal-proof-claim-without-link")
    if (entry.get("formalized") or {}).get("state") == "yes":
        references.append(
            reference(
                "formalization",
                f"Formal Conjectures: statement in FormalConjectures/ErdosProblems/{number}.lean",
            )
        )
    as_of = _state_object(entry).get("last_update")
    as_of = str(as_of) if as_of is not None and _DATE.fullmatch(str(as_of)) else None
    comment = str(entry["comments"]) if entry.get("comments") else ""
    suffix = comment or " / ".join(tags)
    prize = str(entry.get("prize") or "")
    if unmapped:
        flags.append("unmapped-labels")
    return make_record(
        id=record_id("problem", ctx.source.key, number),
        record_kind="problem",
        title=f"Erdős Problem #{number}" + (f" · {suffix}" if suffix else ""),
        field=field_value(field or ctx.default_field(), tags),
        msc2020=msc,
        status=status,
        source_status_json=status_json({k: entry[k] for k in _STATE_KEYS if k in entry}),
        source=ctx.source_value(url=page),
        provenance=result.provenance(
            ctx, rel, f"{rel}#number={number}", has_full_text=False, status_as_of=as_of
        ),
        references=references,
        lean4_proof_status=lean_proof,
        notes=f"Prize offered: {prize}" if prize and prize != "no" else None,
        quality_flags=flags,
        snapshot_at=ctx.snapshot.iso,
    )


IMPORTER = Importer(NAME, VERSION, run, "Erdős problem database: data/problems.yaml")
