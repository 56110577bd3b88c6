"""Curated register figures against the evaluator key: every disagreement is listed, in
public words (no answer, no certificate direction, no record text)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from ofb_testing import written_item
from openfrontiers.evaluator.answers import ReferenceAnswer
from openfrontiers.evaluator.curation import Disagreement, disagreements, names_ai_system
from openfrontiers.register.model import AiClass, Status, Tier


def solved(item_id: str, **changes):
    return replace(written_item(item_id), **changes)


def entry(item_id: str, credit=("human",), record="the authors' paper", **changes):
    return ReferenceAnswer(
        item_id,
        "True",
        record="r",
        evidence_date=date(2026, 8, 11),
        credit=credit,
        credit_record=record,
        **changes,
    )


def fields(found: list[Disagreement]) -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for d in found:
        out.setdefault(d.item_id, []).append((d.field, d.key))
    return out


def test_each_curated_figure_is_compared_with_the_key():
    items = [
        solved("E01", ai_class=AiClass.ASSIST, evidence_date="2026-08"),  # agrees
        solved("E02", ai_class=AiClass.ASSIST, evidence_date="2026-09"),  # month, OpenAI
        solved("E03", ai_class=AiClass.AI, evidence_date="2026-08"),  # humans credited
        solved("E04", ai_class=AiClass.NONE, evidence_date="2026-08"),  # Google credited
        solved("E05", ai_class=AiClass.ASSIST, evidence_date="2026-08"),  # no AI named
        solved("E06", ai_class=AiClass.NONE, evidence_date="2026-08"),  # an AI named
        solved("E07", tier=Tier.A, evidence_date="2026-08"),  # records support B
        solved("E08", evidence_date="2026-08"),  # no credit recorded: nothing to compare
        solved("E09", evidence_date="2026-08", status=Status.NEEDS_SOURCE),  # unwritten
        written_item("O01"),  # flagged, no direction recorded
        replace(written_item("O02"), certificate=False),  # a direction recorded
        replace(written_item("O03"), certificate=False),  # agrees
        written_item("O04"),  # no certificate_direction in the key: not compared
    ]
    key = {
        "E01": entry("E01", record="assisted by ChatGPT in the proof of Lemma 2"),
        "E02": entry("E02", credit=("OpenAI",)),
        "E03": entry("E03"),
        "E04": entry("E04", credit=("Google",)),
        "E05": entry("E05"),
        "E06": entry("E06", record="the authors thank Gemini for a computation"),
        "E07": entry("E07", record="no AI use", tier_supported="B", tier_basis="accepted"),
        "E08": entry("E08", credit=()),
        "E09": entry("E09", credit=("OpenAI",)),
        "O01": ReferenceAnswer("O01", None, certificate_direction="none"),
        "O02": ReferenceAnswer("O02", None, certificate_direction="True"),
        "O03": ReferenceAnswer("O03", None, certificate_direction="none"),
        "O04": ReferenceAnswer("O04", None),
    }
    found = fields(disagreements(items, key))
    assert found == {
        "E02": [
            ("evidence_date", "earliest evidence located in the key: 2026-08"),
            ("ai_class", "the key credits OpenAI with the key mathematics"),
        ],
        "E03": [("ai_class", "the key credits humans")],
        "E04": [("ai_class", "the key credits Google")],
        "E05": [("ai_class", "the key credits humans and its credit record names no AI system")],
        "E06": [("ai_class", "the key credits humans, but its credit record names an AI system")],
        "E07": [("tier", "the records located support Tier B")],
        "O01": [("certificate", "the key records no finite-certificate direction")],
        "O02": [("certificate", "the key records a finite-certificate direction")],
    }


def test_a_record_saying_no_ai_was_used_names_no_system():
    assert names_ai_system("the v2 acknowledgments credit ChatGPT 5.5 Pro")
    assert names_ai_system("Google DeepMind's AI co-mathematician gave significant assistance")
    assert not names_ai_system("no AI use is recorded (AI class 'none')")
    assert not names_ai_system("the four authors; Ramsey theory")


def test_a_missing_evidence_date_is_a_disagreement_only_for_an_answered_item():
    item = solved("E01", evidence_date="2026-08", ai_class=None)
    answered = replace(entry("E01"), evidence_date=None)
    pending = replace(answered, answer=None, record="")
    assert fields(disagreements([item], {"E01": answered})) == {
        "E01": [("evidence_date", "the key records no evidence date")]
    }
    assert disagreements([item], {"E01": pending}) == []
