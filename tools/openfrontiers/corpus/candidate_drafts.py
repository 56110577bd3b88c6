"""`ofb corpus candidates --draft`: a register entry per new candidate not in the register.

`drafts.toml` holds `[drafts."<candidate id>"]` tables in the register's item format
(docs/register.md), read back by `register.load_drafts`: status `candidate` (never
`written`), split Rediscovery-110, the problem's own sources — the Erdős database page as a
statement source, the Formal Conjectures file as a formalization source and its declarations
as `upstream` metadata — and the area the MSC class suggests. The entry is public, so it
carries nothing a candidate knows about the settlement: no resolving reference, no Lean
proof link, no new status or its date, none of the curated evidence fields (tier, month, AI
class), which a curator sets on admission.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import tomli_w

from ..errors import OfbError
from ..register.load import SCHEMA_VERSION, load_drafts
from ..register.model import Split, Status
from .importers.erdos import SITE

# The register's areas (Appendix A) from the corpus field of the candidate's records; the
# first one that maps wins. A field without an area leaves it empty for the curator.
_AREA = {
    "number-theory": "Number th.",
    "combinatorics": "Comb.",
    "geometry-topology": "Geom./top.",
    "algebraic-geometry": "Geom./top.",
    "analysis": "Anal./PDE",
    "differential-equations": "Anal./PDE",
    "algebra": "Alg./matrix",
    "probability": "Probability",
    "statistics": "Probability",
    "logic-foundations": "TCS/logic",
}
_FC_REPO = "google-deepmind/formal-conjectures"
HEADER = """\
# Draft register entries from `ofb corpus candidates --draft`: one per new candidate that is
# not in the register. Status `candidate`: nothing here is admitted. A curator who admits one
# moves it into FrontierBench/items.toml under a new item id (docs/register.md), reads its
# posing source, and records the solution evidence in FrontierBench/evaluator/.
"""


def _area(areas: list[str]) -> str:
    return next((_AREA[a] for a in areas if a in _AREA), "")


def entry(row: dict[str, Any]) -> dict[str, Any]:
    sources = []
    upstream = []
    number = row["erdos_number"]
    if number is not None:
        sources.append(
            {
                "citation": f"T. F. Bloom, Erdős Problems, Problem #{number}",
                "url": f"{SITE}/{number}",
                "role": "statement",
                "note": "from the candidate stream; the posing source is still to be found",
            }
        )
    for s in row["signals"]:
        new = s["new"]
        if s["source"] == "formal-conjectures":
            path = (new.get("source_record") or "").split("#", 1)[0]
            decl = new["id"].partition(":")[2].partition("/")[2]
            upstream.append(
                {
                    "repo": _FC_REPO,
                    "path": path,
                    "declaration": decl,
                    "commit": new["revision"] or "",
                }
            )
            if new.get("url"):
                sources.append(
                    {
                        "citation": f"Formal Conjectures, {path}",
                        "url": new["url"],
                        "role": "formalization",
                        "note": "from the candidate stream: the upstream formal statement",
                    }
                )
    out: dict[str, Any] = {
        "title": row["title"],
        "area": _area(row["areas"]),
        "split": str(Split.REDISCOVERY),
        "hq50": False,
        "status": str(Status.CANDIDATE),
    }
    if sources:
        out["sources"] = sources
    if upstream:
        out["upstream"] = [{k: v for k, v in u.items() if v} for u in upstream]
    return out


def drafts(rows: list[dict[str, Any]]) -> str:
    """The drafts file for the new candidates not in the register, checked by the register's
    own reader before it is returned."""
    entries = {r["id"]: entry(r) for r in rows if r["kind"] == "new" and not r["in_register"]}
    text = HEADER + "\n" + tomli_w.dumps({"schema": SCHEMA_VERSION, "drafts": entries})
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "drafts.toml"
        path.write_text(text, encoding="utf-8")
        try:
            load_drafts(path)
        except OfbError as exc:
            raise OfbError(
                f"the drafts do not load as register entries (a bug here): {exc}"
            ) from None
    return text
