"""`ofb corpus candidates OLD NEW`: status drift turned into a curators' worklist.

A record of OLD and a record of NEW are the same problem when their ids match without the
partition prefix (as in `diff.py`). Each pair gives a *signal* when, in the source's own
claim (never the corpus `status`, which a source's `status_policy` may hold at `unassessed`):

* `status` — the claim mapped by the importer's status table moved from open (or
  unassessed) toward partially-solved or solved, or back (a reversal);
* `category` — a Formal Conjectures declaration of the problem (the main one, a variant or
  a part) went from `research open` to `research solved`, or back;
* `formal-proof` — a Formal Conjectures declaration of the problem gained a `formal_proof`
  link (the Erdős database's own Lean claim is reported, not a signal: it follows a
  settlement the database already recorded);
* `dispute` — the claim turned to `disputed` or `withdrawn`, or the database's settled state
  changed sides (`proved` ↔ `disproved`).

Signals about one Erdős problem — from the database and from the files
`FormalConjectures/ErdosProblems/<n>.lean` — make one candidate. A candidate is `new` work
(every signal upward), a `reversal` (every signal back toward open) or a `dispute` (a dispute
signal, or signals both ways): reversals and disputes are for review of what exists, not
new items.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import BadInput
from .config import CorpusConfig
from .importers.base import status_table
from .importers.erdos import DATABASE, SITE, claimed_state
from .links import ERDOS, FC
from .text import natural_key

RANK = {"open": 0, "unassessed": 0, "partially-solved": 1, "solved": 2}
_FC_ERDOS_FILE = re.compile(r"FormalConjectures/ErdosProblems/([0-9]+)\.lean")
_FC_OPEN, _FC_SOLVED = "research open", "research solved"
_SIDES_OF_SETTLED = frozenset({"proved", "disproved"})
# Reference kinds that describe the record rather than settle it.
_NOT_RESOLVING = frozenset({"formalization", "oeis"})


@dataclass(frozen=True)
class Claim:
    """What a record's source says at one revision."""

    status: str | None  # the source's claim mapped to a corpus status; None: no claim read
    state: str | None  # the claim in the source's own words
    lean_statement: bool
    lean_proof: bool
    categories: dict[str, str]  # Formal Conjectures: declaration → category
    proofs: dict[str, tuple[str, ...]]  # declaration → its formal_proof targets


@dataclass
class Signal:
    source: str
    kinds: list[str]
    direction: str  # "up", "down" or "dispute"
    old: dict[str, Any]
    new: dict[str, Any]
    declarations: list[dict[str, Any]]
    references: list[dict[str, Any]]
    record: dict[str, Any]  # the NEW record
    claim: Claim


@dataclass
class Candidate:
    id: str
    title: str
    erdos_number: str | None
    signals: list[Signal] = field(default_factory=list)
    register: list[dict[str, Any]] = field(default_factory=list)
    # NEW records of the same problem that gave no signal (an Erdős problem's Formal
    # Conjectures file whose category did not move): they still say whether Lean exists
    # upstream and which declarations the register may name.
    related: list[tuple[dict[str, Any], Claim]] = field(default_factory=list)

    @property
    def seen(self) -> list[tuple[dict[str, Any], Claim]]:
        return [(s.record, s.claim) for s in self.signals] + self.related

    @property
    def kind(self) -> str:
        directions = {s.direction for s in self.signals}
        if "dispute" in directions or directions == {"up", "down"}:
            return "dispute"
        return "reversal" if directions == {"down"} else "new"

    @property
    def date(self) -> str | None:
        """The newest date of a new claim: when the source last dated what it now says."""
        dates = [s.new["as_of"] for s in self.signals if s.new["as_of"]]
        return max(dates) if dates else None

    @property
    def sources(self) -> list[str]:
        return sorted({s.source for s in self.signals})


class Claims:
    """Reads each source's claim from `source_status_json` with its importer's table."""

    def __init__(self, config: CorpusConfig) -> None:
        from .tomldoc import TomlDoc

        importers = config.dir / "importers"
        self.erdos = status_table(TomlDoc.load(importers / "erdos-problems.toml"))
        self.fc = status_table(TomlDoc.load(importers / "formal-conjectures.toml"), "category")

    def read(self, record: dict[str, Any]) -> Claim:
        key = record["source"]["key"]
        raw = json.loads(record["source_status_json"] or "{}")
        if key == ERDOS:
            state, lean, _ = claimed_state(raw)
            formalized = (raw.get("formalized") or {}).get("state") == "yes"
            return Claim(self.erdos.get(str(state)), _text(state), formalized, lean, {}, {})
        if key == FC:
            members = [raw, *(raw.get("sub_questions") or [])]
            cats = {
                m["declaration"]: m["category"]
                for m in members
                if m.get("declaration") and m.get("category")
            }
            proofs = {
                m["declaration"]: tuple(p.get("at", "") for p in m.get("formal_proofs") or [])
                for m in members
                if m.get("declaration")
            }
            main = raw.get("category")
            if main is None:  # a problem stated only in parts: open while a part is open
                main = _FC_OPEN if _FC_OPEN in cats.values() else next(iter(cats.values()), None)
            attached = record.get("lean4_proof_status") in ("linked", "attached-not-checked")
            has_proof = attached or any(proofs.values())
            return Claim(self.fc.get(str(main)), main, True, has_proof, cats, proofs)
        status = record["status"]
        return Claim(status, status, bool(record.get("formalizations")), False, {}, {})


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _erdos_number(record: dict[str, Any]) -> str | None:
    key = record["source"]["key"]
    if key == ERDOS:
        return str(record["id"].rsplit("/", 1)[1])
    if key == FC:
        m = _FC_ERDOS_FILE.fullmatch(record["provenance"]["input_file"])
        return m.group(1) if m else None
    return None


def _side(record: dict[str, Any], claim: Claim) -> dict[str, Any]:
    prov = record["provenance"]
    as_of = prov["status_as_of"] if prov.get("status_as_of_basis") != "build-date" else None
    url = record["source"].get("url")
    page = None
    if record["source"]["key"] == ERDOS:
        # The page is the problem's, not the revision's; the data file at the commit is.
        page = url
        url = (
            f"{DATABASE}/blob/{prov['revision']}/{prov['input_file']}" if prov["revision"] else None
        )
    return {
        "id": record["id"],
        "status": claim.status,
        "state": claim.state,
        "as_of": as_of,
        "revision": prov.get("revision"),
        "url": url,
        "page": page,
        "source_record": prov.get("source_record"),
    }


def _ref_key(ref: dict[str, Any]) -> str:
    """A reference is the same at both revisions when its address is (its wording may
    change); one without an address is compared by its citation."""
    return ref.get("url") or ref.get("citation") or ""


def compare(
    old: dict[str, Any], new: dict[str, Any], old_claim: Claim, new_claim: Claim
) -> Signal | None:
    """The signal one problem gives between two revisions of one source, or None."""
    kinds: list[str] = []
    directions: set[str] = set()
    r0, r1 = RANK.get(old_claim.status or ""), RANK.get(new_claim.status or "")
    if new_claim.status in ("disputed", "withdrawn") and old_claim.status != new_claim.status:
        kinds.append("dispute")
        directions.add("dispute")
    elif r0 is not None and r1 is not None and r0 != r1:
        kinds.append("status")
        directions.add("up" if r1 > r0 else "down")
    elif (
        old_claim.state in _SIDES_OF_SETTLED
        and new_claim.state in _SIDES_OF_SETTLED
        and old_claim.state != new_claim.state
    ):
        kinds.append("dispute")
        directions.add("dispute")
    declarations = []
    for name in sorted(old_claim.categories.keys() & new_claim.categories.keys(), key=natural_key):
        c0, c1 = old_claim.categories[name], new_claim.categories[name]
        gained = sorted(set(new_claim.proofs.get(name, ())) - set(old_claim.proofs.get(name, ())))
        flip = None
        if (c0, c1) == (_FC_OPEN, _FC_SOLVED):
            flip = "up"
        elif (c0, c1) == (_FC_SOLVED, _FC_OPEN):
            flip = "down"
        if flip or gained:
            declarations.append(
                {
                    "declaration": name,
                    "old_category": c0,
                    "new_category": c1,
                    "gained_formal_proofs": gained,
                }
            )
        if flip:
            directions.add(flip)
            if "category" not in kinds:
                kinds.append("category")
        if gained and "formal-proof" not in kinds:
            kinds.append("formal-proof")
            directions.add("up")
    if not kinds:
        return None
    old_refs = {_ref_key(r) for r in old["references"]}
    references = [
        r
        for r in new["references"]
        if _ref_key(r) not in old_refs and r.get("kind") not in _NOT_RESOLVING
    ]
    direction = (
        "dispute"
        if "dispute" in directions or {"up", "down"} <= directions
        else ("down" if directions == {"down"} else "up")
    )
    return Signal(
        source=new["source"]["key"],
        kinds=kinds,
        direction=direction,
        old=_side(old, old_claim),
        new=_side(new, new_claim),
        declarations=declarations,
        references=references,
        record=new,
        claim=new_claim,
    )


def _index(records: list[dict[str, Any]], side: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for r in records:
        try:
            out[f"{r['source']['key']}\0{r['id'].partition(':')[2]}"] = r
        except (KeyError, TypeError, AttributeError) as exc:
            raise BadInput(
                f"{side}: a record without a usable {exc}: not a corpus record"
            ) from None
    return out


def candidates(
    old_records: list[dict[str, Any]], new_records: list[dict[str, Any]], config: CorpusConfig
) -> list[Candidate]:
    """Every candidate between the two sides, merged per problem, in a fixed order."""
    claims = Claims(config)
    old, new = _index(old_records, "OLD"), _index(new_records, "NEW")
    merged: dict[str, Candidate] = {}
    for key in sorted(old.keys() & new.keys(), key=natural_key):
        o, n = old[key], new[key]
        try:
            signal = compare(o, n, claims.read(o), claims.read(n))
            number = _erdos_number(n)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise BadInput(
                f"record {n.get('id')!r}: not a corpus record (no usable {exc}); "
                "`ofb corpus validate` lists every problem"
            ) from None
        if signal is None:
            continue
        cid = f"{ERDOS}/{number}" if number else n["id"].partition(":")[2]
        title = f"Erdős Problem #{number}" if number else n["title"]
        cand = merged.setdefault(cid, Candidate(cid, title, number))
        cand.signals.append(signal)
    for n in new.values():
        number = _erdos_number(n)
        c = merged.get(f"{ERDOS}/{number}") if number else None
        if c is not None and all(s.record is not n for s in c.signals):
            c.related.append((n, claims.read(n)))
    out = list(merged.values())
    for c in out:
        c.related.sort(key=lambda rc: natural_key(rc[0]["id"]))
        c.signals.sort(key=lambda s: (s.source, natural_key(s.new["id"])))
    return out


def order(found: list[Candidate]) -> list[Candidate]:
    """Newest first (by the date of the new claim; undated last), then by id."""
    by_id = sorted(found, key=lambda c: natural_key(c.id))
    return sorted(by_id, key=lambda c: c.date or "", reverse=True)


def since(found: list[Candidate], day: str | None) -> list[Candidate]:
    """Candidates whose new claim is dated on or after `day`; an undated one is kept (its
    date is unknown, not early)."""
    if day is None:
        return found
    return [c for c in found if c.date is None or c.date >= day]


def lean_flags(c: Candidate) -> dict[str, Any]:
    urls = sorted(
        {
            r["url"]
            for record, _ in c.seen
            for r in record["references"]
            if r.get("kind") == "formal-proof" and r.get("url")
        }
    )
    return {
        "statement": any(claim.lean_statement for _, claim in c.seen),
        "proof": any(claim.lean_proof for _, claim in c.seen),
        "proof_urls": urls,
    }


def classes(c: Candidate) -> tuple[list[str], list[str]]:
    """The MSC classes and the areas (field slugs) the new records give."""
    msc: list[str] = []
    areas: list[str] = []
    for s in c.signals:
        for m in s.record.get("msc2020") or []:
            if m["code"] not in msc:
                msc.append(m["code"])
        slug = (s.record.get("field") or {}).get("slug")
        if slug and slug not in areas:
            areas.append(slug)
    return sorted(msc, key=natural_key), areas


def as_json(c: Candidate) -> dict[str, Any]:
    msc, areas = classes(c)
    # The problem's own page is where it is stated, not what settled it.
    seen = {f"{SITE}/{c.erdos_number}"} if c.erdos_number else set()
    refs = []
    for s in c.signals:
        for r in s.references:
            if _ref_key(r) not in seen:
                seen.add(_ref_key(r))
                refs.append(
                    {
                        "source": s.source,
                        "kind": r.get("kind"),
                        "citation": r.get("citation"),
                        "url": r.get("url"),
                    }
                )
    return {
        "id": c.id,
        "kind": c.kind,
        "title": c.title,
        "erdos_number": c.erdos_number,
        "date": c.date,
        "sources": c.sources,
        "signals": [
            {
                "source": s.source,
                "kinds": s.kinds,
                "direction": s.direction,
                "old": s.old,
                "new": s.new,
                "declarations": s.declarations,
            }
            for s in c.signals
        ],
        "resolving_references": refs,
        "lean": lean_flags(c),
        "msc2020": msc,
        "areas": areas,
        "in_register": bool(c.register),
        "register_matches": c.register,
    }
