"""`ofb corpus diff OLD NEW`: records whose status changed between two builds.

These changes feed the candidate stream of Section 4.1 (problems newly marked solved by
their source), which `candidates.py` builds from the sources' own claims. Records are
matched on `<source key>/<source's id>`, the id without its partition prefix, since a
problem its source now calls solved moves to the catalogue partition (`problem:…` →
`catalogue:…`); such a move is a status change, reported with both ids. Besides `status`, a
change of the source's own claim (`source_status_json`) with the same corpus status is
reported — for example an Erdős problem moving from `proved` to `proved (Lean)`, or a source
under the `unassessed` policy changing its labels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import BadInput
from .schema import valid_records
from .text import natural_key


def _index(path: Path) -> dict[str, tuple[str, str | None, str, str, str]]:
    out = {}
    for line, r in valid_records(path):
        try:
            key = r["id"].partition(":")[2]
            out[key] = (
                r["status"],
                r["source_status_json"],
                r["source"]["key"],
                r["title"],
                r["id"],
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise BadInput(
                f"{path}:{line}: not a corpus record (no usable {exc}); `ofb corpus validate "
                f"{path}` lists every problem"
            ) from None
    return out


def diff(old_file: Path, new_file: Path) -> dict[str, Any]:
    old, new = _index(old_file), _index(new_file)
    status_changes, claim_changes = [], []
    for rid in sorted(old.keys() & new.keys(), key=natural_key):
        (s0, c0, key, _, id0), (s1, c1, _, title, id1) = old[rid], new[rid]
        entry = {
            "id": id1,
            "old_id": id0,
            "source": key,
            "title": title,
            "old_status": s0,
            "new_status": s1,
            "old_claim": c0,
            "new_claim": c1,
        }
        if s0 != s1:
            status_changes.append(entry)
        elif c0 != c1:
            claim_changes.append(entry)
    return {
        "old": str(old_file),
        "new": str(new_file),
        "old_records": len(old),
        "new_records": len(new),
        "status_changes": status_changes,
        "claim_changes": claim_changes,
        "added": sorted((new[k][4] for k in new.keys() - old.keys()), key=natural_key),
        "removed": sorted((old[k][4] for k in old.keys() - new.keys()), key=natural_key),
    }
