"""Records of two sources that describe the same problem: Formal Conjectures ↔ Erdős Problems.

A file `FormalConjectures/ErdosProblems/<n>.lean` formalizes Erdős problem `n`. When both
sources are in a build, every record of such a file and the Erdős record of `n` point at
each other (`cross_references`: `formalizes` / `formalized-by`). The file's principal
record — the declaration named for the problem, `erdos_<n>` — states the problem itself
(the others are special cases, bounds and related results), and for it

* where the status claims disagree — the repository's category says `research solved` while
  the database's state maps to open, or `research open` while it maps to solved — both
  records are flagged `status-claims-conflict` and the pair is listed in REPORT.md (the
  claims are kept as they are: neither source overrides the other);
* an Erdős record whose database claims a Lean proof without a link gets the link that the
  principal record gives (`formal_proof using lean4|formal_conjectures at "…"`), as a
  `formal-proof` reference naming where it comes from;
* the database's "formalized: yes" reference gets the address of the file at its commit.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

FC = "formal-conjectures"
ERDOS = "erdos-problems"
_FC_ERDOS_FILE = re.compile(r"FormalConjectures/ErdosProblems/([0-9]+)\.lean")
_LEAN4_PROOF_KINDS = frozenset({"lean4", "formal_conjectures"})
_FC_OPEN, _FC_SOLVED = "research open", "research solved"


@dataclass(frozen=True)
class Conflict:
    erdos_id: str
    fc_id: str
    erdos_state: str  # the database's informal_status.state
    erdos_status: str  # … as the corpus maps it
    fc_category: str


@dataclass
class LinkReport:
    linked_pairs: int = 0
    conflicts: list[Conflict] = field(default_factory=list)
    proof_links: list[str] = field(default_factory=list)  # Erdős ids that gained a proof link
    fc_without_erdos: list[str] = field(default_factory=list)  # FC ids: no Erdős record
    erdos_formalized_without_fc: list[str] = field(default_factory=list)

    @property
    def active(self) -> bool:
        return bool(self.linked_pairs or self.fc_without_erdos or self.erdos_formalized_without_fc)


def link_formal_conjectures_to_erdos(
    records: list[dict[str, Any]], add_flag: Callable[[dict[str, Any], str], None]
) -> LinkReport:
    report = LinkReport()
    erdos = {r["id"].rsplit("/", 1)[1]: r for r in records if r["source"]["key"] == ERDOS}
    fc_by_number: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        if r["source"]["key"] != FC:
            continue
        m = _FC_ERDOS_FILE.fullmatch(r["provenance"]["input_file"])
        if m:
            fc_by_number.setdefault(m.group(1), []).append(r)
    if not erdos or not fc_by_number:
        return report
    for number, fcs in sorted(fc_by_number.items(), key=lambda kv: int(kv[0])):
        target = erdos.get(number)
        if target is None:
            report.fc_without_erdos.extend(r["id"] for r in fcs)
            continue
        claim = json.loads(target["source_status_json"] or "{}")
        state = str((claim.get("informal_status") or {}).get("state"))
        principal = [fc for fc in fcs if _is_principal(fc, number)]
        for fc in fcs:
            report.linked_pairs += 1
            fc["cross_references"].append({"relation": "formalizes", "id": target["id"]})
            target["cross_references"].append({"relation": "formalized-by", "id": fc["id"]})
        for fc in principal:
            fc_claim = json.loads(fc["source_status_json"] or "{}")
            category = fc_claim.get("category")
            unsolved = target["status"] == "open"
            if (category == _FC_SOLVED and unsolved) or (
                category == _FC_OPEN and target["status"] == "solved"
            ):
                report.conflicts.append(
                    Conflict(target["id"], fc["id"], state, target["status"], category)
                )
                add_flag(fc, "status-claims-conflict")
                add_flag(target, "status-claims-conflict")
        _formalization_address(target, fcs)
        if "formal-proof-claim-without-link" in target["quality_flags"]:
            _proof_link(target, principal, report)
    with_fc = set(fc_by_number)
    for number, r in erdos.items():
        formalized = json.loads(r["source_status_json"] or "{}").get("formalized") or {}
        if formalized.get("state") == "yes" and number not in with_fc:
            report.erdos_formalized_without_fc.append(r["id"])
    return report


def _is_principal(fc: dict[str, Any], number: str) -> bool:
    last = fc["id"].rsplit("/", 1)[1].rsplit(".", 1)[-1]
    return re.fullmatch(rf"erdos_?{number}", last, re.IGNORECASE) is not None


def _formalization_address(target: dict[str, Any], fcs: list[dict[str, Any]]) -> None:
    url = next((fc["source"]["url"] for fc in fcs if fc["source"]["url"]), None)
    if url is None:
        return
    file_url = url.split("#", 1)[0]
    for ref in target["references"]:
        if ref["kind"] == "formalization" and ref["url"] is None:
            ref["url"] = file_url


def _proof_link(target: dict[str, Any], fcs: list[dict[str, Any]], report: LinkReport) -> None:
    for fc in fcs:
        claim = json.loads(fc["source_status_json"] or "{}")
        for p in claim.get("formal_proofs") or []:
            url = p.get("at", "")
            if p.get("using") in _LEAN4_PROOF_KINDS and url.startswith(("http://", "https://")):
                target["references"].append(
                    {
                        "kind": "formal-proof",
                        "citation": (
                            "Lean proof linked by Formal Conjectures for "
                            f"{claim.get('declaration')} (formal_proof using {p['using']}); "
                            "the Erdős problem database records a Lean solution"
                        ),
                        "url": url,
                    }
                )
                target["lean4_proof_status"] = "linked"
                target["quality_flags"] = [
                    f for f in target["quality_flags"] if f != "formal-proof-claim-without-link"
                ]
                report.proof_links.append(target["id"])
                return
