"""Where the register's curated figures and the evaluator key's records disagree.

The register carries curated figures (a solved item's tier, evidence month and AI class; an
open item's certificate flag); the key carries what the public records read for each item
say (earliest evidence day, credit and its record, the tier the records support, the
certificate direction). Neither overwrites the other: every disagreement is listed, with the
key field it comes from, in the evaluator's curation report
(`FrontierBench/evaluator/curation-report.md`, written by `ofb items report`).

The report is evaluator data — a credit, an evidence month or a recorded certificate
direction is read from the key — but it is written to be read beside the register, so it
names the curated value and the kind of record that contradicts it (a lineage credited, a
month, a tier, whether a finite certificate direction is recorded), never an answer, a
certificate's direction, a record's text or a solution source.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..register.model import AiClass, Item, Split, Status
from .answers import ReferenceAnswer


@dataclass(frozen=True)
class Disagreement:
    """A curated figure of the register that the evaluator key's records contradict: the
    field, the curated value and what the key records against it."""

    item_id: str
    field: str  # tier, evidence_date, ai_class, certificate
    curated: str
    key: str


# AI systems a credit record may name; a human credit whose record names none of them
# cannot support a curated `assist` (an assisting system would be named).
_AI_SYSTEM = re.compile(
    r"\b(ChatGPT|GPT[-‑ ]?\d|GPT Pro|OpenAI|o[34](-mini)?|Codex|Gemini|DeepMind|AlphaEvolve|"
    r"AlphaProof|AlphaGeometry|co-mathematician|Claude|Anthropic|Aristotle|Harmonic|Grok|"
    r"DeepSeek|Kimi|Qwen|Seed-Prover|Goedel-Prover|Kimina)\b",
    re.IGNORECASE,
)
# A record that says no AI system was used names none in substance.
_NO_AI = re.compile(r"\bno AI\b|\bwithout AI\b|\bnot relying on the AI", re.IGNORECASE)


def names_ai_system(text: str) -> bool:
    """The record names an AI system as taking part (not merely that none did)."""
    return bool(_AI_SYSTEM.search(_NO_AI.sub("", text)))


def _ai_class(item: Item, entry: ReferenceAnswer) -> Iterable[Disagreement]:
    if item.ai_class is None or not entry.credit:
        return
    curated = f"ai_class {item.ai_class}"
    lineages = ", ".join(sorted(entry.ai_credit))
    human = entry.credit == ("human",)
    if item.ai_class is AiClass.AI and human:
        yield Disagreement(item.id, "ai_class", curated, "the key credits humans")
    elif item.ai_class is AiClass.ASSIST and lineages:
        yield Disagreement(
            item.id, "ai_class", curated, f"the key credits {lineages} with the key mathematics"
        )
    elif item.ai_class is AiClass.NONE and lineages:
        yield Disagreement(item.id, "ai_class", curated, f"the key credits {lineages}")
    elif item.ai_class is AiClass.ASSIST and not names_ai_system(entry.credit_record):
        yield Disagreement(
            item.id,
            "ai_class",
            curated,
            "the key credits humans and its credit record names no AI system",
        )
    elif item.ai_class is AiClass.NONE and names_ai_system(entry.credit_record):
        yield Disagreement(
            item.id,
            "ai_class",
            curated,
            "the key credits humans, but its credit record names an AI system",
        )


def _month(item: Item, entry: ReferenceAnswer) -> Iterable[Disagreement]:
    if not item.evidence_date or entry.answer is None:
        return
    curated = f"evidence month {item.evidence_date}"
    if entry.evidence_date is None:
        yield Disagreement(item.id, "evidence_date", curated, "the key records no evidence date")
    elif f"{entry.evidence_date:%Y-%m}" != item.evidence_date:
        yield Disagreement(
            item.id,
            "evidence_date",
            curated,
            f"earliest evidence located in the key: {entry.evidence_date:%Y-%m}",
        )


def _tier(item: Item, entry: ReferenceAnswer) -> Iterable[Disagreement]:
    if item.tier is None or not entry.tier_supported:
        return
    if entry.tier_supported != str(item.tier):
        yield Disagreement(
            item.id,
            "tier",
            f"Tier {item.tier}",
            f"the records located support Tier {entry.tier_supported}",
        )


def _certificate(item: Item, entry: ReferenceAnswer) -> Iterable[Disagreement]:
    direction = entry.certificate_direction
    if not direction:
        return
    recorded = direction != "none"
    if recorded != item.certificate:
        yield Disagreement(
            item.id,
            "certificate",
            f"certificate = {str(item.certificate).lower()}",
            "the key records a finite-certificate direction"
            if recorded
            else "the key records no finite-certificate direction",
        )


def disagreements(items: Iterable[Item], key: Mapping[str, ReferenceAnswer]) -> list[Disagreement]:
    """Every disagreement between the curated figures of the written `items` and their key
    entries, in item order, then by field."""
    found: list[Disagreement] = []
    for item in items:
        entry = key.get(item.id)
        if entry is None or item.status is not Status.WRITTEN:
            continue
        if item.split is Split.REDISCOVERY:
            found += [*_tier(item, entry), *_month(item, entry), *_ai_class(item, entry)]
        else:
            found += list(_certificate(item, entry))
    return found


def render(found: Sequence[Disagreement], label: str) -> str:
    """The curation report on the items of `label`: every disagreement, counted by field."""
    lines = [
        f"# Curated figures and the evaluator key: {label}",
        "",
        "Generated by `ofb items report` from `FrontierBench/items.toml` and",
        "`FrontierBench/evaluator/answers.toml`; do not edit by hand. Evaluator data: this file",
        "stays under `FrontierBench/evaluator/`.",
        "",
        "Where a curated figure of the register (a solved item's tier, evidence month or AI",
        "class; an open item's certificate flag) disagrees with what the key's records say.",
        "Neither is changed to match the other; the records themselves are in the key.",
        "",
    ]
    if not found:
        return "\n".join([*lines, "No disagreement."]) + "\n"
    by_field = Counter(d.field for d in found)
    lines.append(
        f"{len(found)} disagreement(s): "
        + ", ".join(f"{field} {by_field[field]}" for field in sorted(by_field))
    )
    lines += ["", "| id | field | curated | what the key records |", "|---|---|---|---|"]
    lines += [
        "| "
        + " | ".join(x.replace("|", "\\|") for x in (d.item_id, d.field, d.curated, d.key))
        + " |"
        for d in found
    ]
    return "\n".join(lines) + "\n"
