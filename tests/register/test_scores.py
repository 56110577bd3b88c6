"""Curator scores, split groups and the Rediscovery fields `tier_condition` and `reference`:
validation with lines, the documented defaults, and the committed register's state."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ofb_testing import REPO, written_item
from openfrontiers.register import RegisterError, load_register
from openfrontiers.register.dump import dump_register
from openfrontiers.register.model import (
    SCORE_NAMES,
    Confidence,
    GroupKind,
    Origin,
    Reference,
    Score,
    Split,
    SplitGroup,
    Status,
)
from openfrontiers.register.scores import default_score, stale, with_defaults

SCORED = """\
schema = 1

[items.O02]
title = "Lehmer's totient problem"
area = "Number th."
split = "Open-90"
hq50 = true
importance = 4
importance_reason = "a famous question"
clarity = 5
clarity_reason = "precisely posed"
scores_judged = ["importance"]
status = "written"

[items.E03]
title = "Erdős Problem #152"
area = "Add. comb."
split = "Rediscovery-110"
hq50 = false
tier = "A"
tier_condition = "under GRH"
reference = "lean-proof"
status = "planned"

[items.E04]
title = "Erdős Problem #193"
area = "Geom./top."
split = "Rediscovery-110"
hq50 = false
status = "planned"

[split_groups.one-paper]
kind = "paper"
description = "a paper settling both"
members = ["E03", "E04"]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "items.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_scores_groups_and_new_fields_load_typed(tmp_path):
    reg = load_register(write(tmp_path, SCORED))
    o02 = reg.get("O02")
    assert o02.importance == Score(4, "a famous question", judged=True)
    assert o02.clarity == Score(5, "precisely posed", judged=False)
    assert o02.formalization_cost is None and o02.score("proof_cost") is None
    e03 = reg.get("E03")
    assert e03.tier_condition == "under GRH" and e03.reference is Reference.LEAN_PROOF
    assert reg.groups == {
        "one-paper": SplitGroup(
            "one-paper", GroupKind.PAPER, ("E03", "E04"), "a paper settling both"
        )
    }
    assert reg.group_of("E04") is reg.groups["one-paper"] and reg.group_of("O02") is None
    with pytest.raises(ValueError, match="not a curator score"):
        o02.score("beauty")


def test_dump_round_trips_scores_and_groups(tmp_path):
    reg = load_register(write(tmp_path, SCORED))
    again = load_register(write(tmp_path, dump_register(reg, reg.groups.values())))
    assert again.items == reg.items and again.groups == reg.groups


@pytest.mark.parametrize(
    "change,rule,line",
    [
        (("importance = 4", "importance = 6"), "score", 8),
        (("importance = 4", "importance = true"), "score", 8),
        (("importance = 4", 'importance = "4"'), "score", 8),
        (('importance_reason = "a famous question"', 'importance_reason = ""'), "score", 8),
        (('importance_reason = "a famous question"', 'importance_reason = "a\\nb"'), "score", 9),
        (("clarity = 5\n", ""), "score", 10),
        (('scores_judged = ["importance"]', 'scores_judged = ["beauty"]'), "bad-enum", 12),
        (('scores_judged = ["importance"]', 'scores_judged = ["proof_cost"]'), "score", 12),
        (('reference = "lean-proof"', 'reference = "vibes"'), "bad-enum", 22),
        (("clarity = 5", 'clarity = 5\ntier_condition = "x"'), "split-field", 11),
        (('members = ["E03", "E04"]', 'members = ["E03"]'), "group-members", 35),
        (('members = ["E03", "E04"]', 'members = ["E03", "E99"]'), "unknown-id", 35),
        (('kind = "paper"', 'kind = "rumour"'), "bad-enum", 33),
        (('kind = "paper"', 'kind = "paper"\ncolour = "red"'), "unknown-field", 34),
    ],
)
def test_bad_scores_and_groups_name_file_line_and_rule(tmp_path, change, rule, line):
    path = write(tmp_path, SCORED.replace(*change))
    with pytest.raises(RegisterError) as info:
        load_register(path)
    assert [(e.rule, e.where.line) for e in info.value.errors] == [(rule, line)]
    assert str(info.value.errors[0]).startswith(f"{path}:{line}: {rule}: ")


def test_an_item_is_in_one_group_at_most(tmp_path):
    text = SCORED + '\n[split_groups.another]\nkind = "release"\nmembers = ["E04", "O02"]\n'
    with pytest.raises(RegisterError, match="E04 is in split groups one-paper and another"):
        load_register(write(tmp_path, text))


def test_defaults_follow_the_documented_rules():
    open_hq = written_item("O02")  # HQ-50, written, high confidence, new
    assert default_score(open_hq, "importance").value == 4
    assert default_score(open_hq, "clarity").value == 5
    assert default_score(open_hq, "formalization_cost").value == 3
    assert default_score(open_hq, "proof_cost").value == 3
    solved = replace(written_item("E03"), hq50=False, origin=Origin.ADAPTED)
    assert default_score(solved, "importance").value == 3
    assert default_score(solved, "clarity").value == 4  # high confidence, never 5 alone
    assert default_score(solved, "formalization_cost").value == 2
    medium = replace(solved, formalization_confidence=Confidence.MEDIUM)
    assert default_score(medium, "clarity").value == 3
    low = replace(solved, formalization_confidence=Confidence.LOW)
    assert default_score(low, "clarity").value == 2
    unwritten = replace(solved, status=Status.NEEDS_SOURCE, origin=None)
    assert default_score(unwritten, "clarity").value == 2
    assert default_score(unwritten, "formalization_cost").value == 4
    hq_solved = replace(solved, hq50=True)
    assert default_score(hq_solved, "clarity").value == 4  # the clarity-5 rule is for open items
    for name in SCORE_NAMES:
        assert not default_score(open_hq, name).judged
        assert default_score(open_hq, name).reason.startswith("default: ")


def test_defaults_never_replace_a_judgment():
    judged = Score(2, "judged: a curator says so", judged=True)
    item = replace(written_item("O02"), importance=judged, clarity=Score(1, "stale default"))
    assert stale(item) == ["clarity", "formalization_cost", "proof_cost"]
    filled = with_defaults(item)
    assert filled.importance == judged
    assert filled.clarity == default_score(item, "clarity")
    assert stale(filled) == []


def test_committed_register_is_scored_and_its_defaults_follow_the_rules():
    reg = load_register(REPO / "FrontierBench" / "items.toml")
    judged: dict[str, list[str]] = {}
    for item in reg:
        assert stale(item) == [], f"{item.id}: run `ofb items scores --fill-defaults`"
        names = [n for n in SCORE_NAMES if item.score(n).judged]
        if names:
            judged[item.id] = names
    # The paper's own statements are the only judgments recorded so far.
    assert all(item_id in ("R01", "R04", "R29", "N01", "N08", "N21", "N28") for item_id in judged)
    assert {reg.get(i).importance.value for i in ("R01", "R04", "R29")} == {3}
    conditional = sorted(i.id for i in reg if i.tier_condition)
    assert conditional == ["N13", "N49", "N50", "R26"]
    members = {m for g in reg.groups.values() for m in g.members}
    assert members == {
        *("N06", "N16", "N19", "N20", "N31", "N35", "N46"),
        *("N10", "N11", "N12", "N41", "N07", "O66", "R28", "R29", "E14", "E15"),
    }
    assert all(reg.get(m).split is Split.REDISCOVERY or m == "O66" for m in members)
