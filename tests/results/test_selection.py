"""The HQ-50 selection (Appendix C): each hard filter, the score's parts, every cap of the
greedy selection, determinism, and freezing a new version without touching v1."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from cli_helpers import ofb
from ofb_testing import REPO, written_item
from openfrontiers.evaluator.answers import ReferenceAnswer
from openfrontiers.register.load import Register
from openfrontiers.register.model import (
    Confidence,
    Focus,
    GroupKind,
    Origin,
    Priority,
    Reference,
    Review,
    Score,
    Source,
    SourceRole,
    SplitGroup,
    Status,
    Tier,
    Upstream,
    Verdict,
)
from openfrontiers.register.subsets import Subset
from openfrontiers.results.selection import (
    APPENDIX_C,
    Rubric,
    collection,
    select,
)
from openfrontiers.results.selection_report import as_dict, compare, render

OK_OK = (
    Review("f", Focus.FIDELITY, Verdict.OK),
    Review("s", Focus.SEMANTICS, Verdict.OK),
)
READ = (Source("the problem list, read in a stored copy", note="read (stored copy)"),)
VERIFIED = {"sources": READ, "primary_source_read": True, "primary_source_note": "read"}


def solved(item_id: str, area: str = "Comb.", title: str = "", **changes):
    base = replace(
        written_item(item_id),
        title=title or f"Problem {item_id}",
        area=area,
        **VERIFIED,
        reviews=OK_OK,
        importance=Score(4, "r"),
        clarity=Score(4, "r"),
        proof_cost=Score(3, "r"),
    )
    return replace(base, **changes)


def opened(item_id: str, area: str = "Comb.", **changes):
    base = replace(
        written_item(item_id),
        area=area,
        **VERIFIED,
        reviews=OK_OK,
        importance=Score(4, "r"),
        clarity=Score(5, "r"),
        proof_cost=Score(3, "r"),
        priority=Priority.STRETCH,
        certificate=False,
    )
    return replace(base, **changes)


def key_entry(item_id: str, when: date = date(2026, 8, 1), *credit: str, answer="True"):
    if item_id.startswith("O"):
        return ReferenceAnswer(item_id, None, status_checked=date(2026, 11, 1))
    return ReferenceAnswer(
        item_id,
        answer,
        record="r" if answer else "",
        evidence_date=when,
        credit=credit or ("human",),
    )


def register_of(items, groups=()):
    return Register(Path("items.toml"), {i.id: i for i in items}, {g.name: g for g in groups})


def run(items, key=None, groups=(), rubric=APPENDIX_C, check_errors=None):
    register = register_of(items, groups)
    key = key if key is not None else {i.id: key_entry(i.id) for i in items}
    return register, select(register, key, check_errors or {}, rubric)


def test_every_hard_filter_names_its_reason():
    items = [
        solved("E01"),  # passes
        solved("E02", status=Status.NEEDS_SOURCE),
        solved("E03", formalization_confidence=Confidence.MEDIUM),
        solved("E04", reviews=OK_OK[:1]),
        solved("E05", reviews=(OK_OK[0], Review("s", Focus.SEMANTICS, Verdict.MUST_FIX))),
        solved(
            "E06",
            reviews=(
                Review("f", Focus.FIDELITY, Verdict.MINOR),
                Review("s", Focus.SEMANTICS, Verdict.MINOR),
            ),
        ),
        solved("E07", primary_source_read=False),
        solved("E13", primary_source_read=None),
        solved("E14", origin=Origin.ADAPTED, primary_source_read=False),  # only scored
        solved("E08", tier=Tier.B),
        solved("E09", tier_condition="under GRH"),
        solved("E10", importance=Score(3, "r")),  # credited to an AI lineage
        solved("N03"),  # excluded by hand
        solved("E11"),  # no answer in the key
        solved("E12"),  # check error
        opened("O01"),  # passes
        opened("O02", clarity=Score(4, "r")),
        opened("O03", importance=Score(3, "r")),
        opened("O04", repair_rounds=1),
        opened("O05", reviews=(OK_OK[0], Review("s", Focus.SEMANTICS, Verdict.MINOR, round=2))),
        opened("O06"),  # no status check
    ]
    key = {i.id: key_entry(i.id) for i in items}
    key["E11"] = key_entry("E11", answer=None)
    key["E10"] = key_entry("E10", date(2026, 8, 1), "OpenAI")
    del key["O06"]
    _, selection = run(items, key, check_errors={"E12": ["main-theorem: no theorem main"]})
    failures = {i: c.failures for i, c in selection.candidates.items()}
    assert failures["E01"] == () and failures["O01"] == () and failures["E14"] == ()
    expected = {
        "E02": "no statement (status needs-source)",
        "E03": "formalization confidence medium",
        "E04": "no semantics review",
        "E05": "a must-fix review",
        "E06": "both reviews raised issues that are not fixed (minor + minor)",
        "E07": "newly written, and its posing source was not read (primary-source wording",
        "E13": "newly written, and its posing source was not recorded as read",
        "E08": "tier B, not A",
        "E09": "conditional Tier A",
        "E10": "solved item of importance 3, no exception (not human-solved)",
        "N03": "excluded by hand (Appendix G)",
        "E11": "no reference answer in the evaluator key (cannot be graded)",
        "E12": "ofb check reports 1 error(s): main-theorem: no theorem main",
        "O02": "open item of clarity 4 (needs 5)",
        "O03": "open item of importance 3 (needs >= 4)",
        "O04": "open item with 1 repair round(s) (needs none)",
        "O05": "open item whose reviews are not both ok",
        "O06": "open status not checked (no status_checked in the key)",
    }
    for item_id, text in expected.items():
        assert any(f.startswith(text) for f in failures[item_id]), (item_id, failures[item_id])


def test_importance_3_exception_human_post_cutoff_both_ok():
    items = [
        solved("R01", importance=Score(3, "r")),  # human, 2026-09, ok+ok: allowed
        solved("R02", importance=Score(3, "r")),  # credited to an AI lineage
        solved("R03", importance=Score(3, "r")),  # before the cutoff
    ]
    key = {
        "R01": key_entry("R01", date(2026, 9, 7), "human"),
        "R02": key_entry("R02", date(2026, 9, 7), "OpenAI"),
        "R03": key_entry("R03", date(2026, 6, 30), "human"),
    }
    _, selection = run(items, key)
    assert selection.candidates["R01"].passes
    assert "not human-solved" in selection.candidates["R02"].failures[0]
    assert "evidence not after 2026-06-30" in selection.candidates["R03"].failures[0]
    assert dict(selection.candidates["R01"].parts)["importance 3"] == -1.0


def test_score_parts_follow_the_rubric():
    items = [
        solved(
            "N01",
            importance=Score(5, "r"),
            reference=Reference.LEAN_PROOF,
            proof_cost=Score(4, "r"),
            primary_source_read=False,
            origin=Origin.ADAPTED,
            repair_rounds=1,
            scope_differences=("a", "b", "c"),
        ),
        solved(
            "N02",
            reference=Reference.CERTIFICATE,
            reviews=(OK_OK[0], Review("s", Focus.SEMANTICS, Verdict.MINOR)),
        ),
        opened(
            "O01",
            origin=Origin.ADAPTED,
            upstream=(Upstream("google-deepmind/formal-conjectures", "F/X.lean"),),
            certificate=True,
            priority=Priority.PILOT,
            scope_differences=tuple("abcde"),
        ),
    ]
    key = {
        "N01": key_entry("N01", date(2026, 7, 1)),
        "N02": key_entry("N02", date(2026, 4, 1)),
        "O01": key_entry("O01"),
    }
    _, selection = run(items, key)
    n01 = dict(selection.candidates["N01"].parts)
    assert n01 == {
        "both reviews ok": 2.0,
        "importance 5": 2.0,
        "proof cost 4": 1.0,
        "Lean reference": 2.0,
        "evidence 2026-07": 2.0,
        "posing source unread": -0.5,
        "1 repair round(s)": -0.5,
        "3 scope differences": -0.5,
    }
    assert selection.candidates["N01"].score == 7.5
    assert dict(selection.candidates["N02"].parts) == {
        "one review ok": 1.0,
        "certificate reference": 1.0,
        "evidence 2026-04": 1.0,
        "1 unfixed minor issue(s)": -0.5,
    }
    assert dict(selection.candidates["O01"].parts) == {
        "both reviews ok": 2.0,
        "upstream statement": 1.5,
        "finite-certificate direction": 1.0,
        "priority pilot": 1.0,
        "5 scope differences": -1.0,
    }


def test_greedy_caps_each_stop_the_next_item():
    rubric = Rubric(
        solved_total=6,
        open_total=2,
        erdos_solved=1,
        kourovka_solved=1,
        erdos_open=1,
        area_solved=2,
        area_open=1,
        openai_solved=1,
        group_exceptions=(("big-release", 3),),
    )
    items = [
        # Ranked by score: importance 5 first, then by id.
        solved("R01", title="Erdős Problem #1", importance=Score(5, "r")),
        solved("R02", title="Erdős Problem #2"),  # Erdős cap
        solved("R03", title="Kourovka 1.1", area="Group th.", importance=Score(5, "r")),
        solved("R04", title="Kourovka 1.2", area="Group th."),  # Kourovka cap
        solved("R05", area="Graph th.", importance=Score(5, "r")),  # OpenAI, taken
        solved("R06", area="Graph th."),  # OpenAI cap
        solved("R07", area="Comb."),  # paper group, taken
        solved("R08", area="Comb."),  # paper group cap
        solved("R09", area="Comb."),  # Comb. area: R01, R07 → capped
        solved("R10", area="Alg./matrix"),  # release: taken
        solved("R11", area="Alg./matrix"),  # release: taken (2 of 3 for big-release)
        solved("R12", area="Anal./PDE"),  # places filled (6)
        opened("O01", title="Erdős Problem #9"),
        opened("O02", title="Erdős Problem #10", area="Graph th."),  # Erdős open cap
        opened("O03", area="Comb."),  # open area cap (O01 is Comb.)
        opened("O04", area="Number th."),
        opened("O05", area="Geom./top."),  # open places filled
    ]
    items = [replace(i, title=i.title) for i in items]
    groups = [
        SplitGroup("one-paper", GroupKind.PAPER, ("R07", "R08")),
        SplitGroup("big-release", GroupKind.RELEASE, ("R10", "R11")),
    ]
    key = {i.id: key_entry(i.id) for i in items}
    key["R05"] = key_entry("R05", date(2026, 8, 1), "OpenAI")
    key["R06"] = key_entry("R06", date(2026, 8, 1), "OpenAI", "Anthropic")
    _, selection = run(items, key, groups, rubric)
    outcome = {i: (c.outcome, c.cap) for i, c in selection.candidates.items()}
    assert outcome["R02"] == ("capped", "Erdős solved items (at most 1)")
    assert outcome["R04"] == ("capped", "Kourovka solved items (at most 1)")
    assert outcome["R06"] == ("capped", "solved items credited to OpenAI (at most 1)")
    assert outcome["R08"] == ("capped", "paper group one-paper (at most 1)")
    assert outcome["R09"] == ("capped", "solved items in Comb. (at most 2)")
    assert outcome["R12"] == ("not-reached", "the 6 places were filled")
    assert outcome["O02"] == ("capped", "Erdős open items (at most 1)")
    assert outcome["O03"] == ("capped", "open items in Comb. (at most 1)")
    assert outcome["O05"] == ("not-reached", "the 2 places were filled")
    assert selection.selected == ("R01", "R03", "R05", "R07", "R10", "R11", "O01", "O04")
    assert selection.counts["release group big-release"] == 2


def test_release_cap_is_two_unless_excepted():
    items = [solved(f"R0{i}", area=a) for i, a in enumerate(AREAS3, start=1)]
    group = SplitGroup("release", GroupKind.RELEASE, tuple(i.id for i in items))
    _, selection = run(items, groups=[group])
    assert selection.selected == ("R01", "R02")
    assert selection.candidates["R03"].cap == "release group release (at most 2)"
    excepted = SplitGroup("openai-ten-advances", GroupKind.RELEASE, group.members)
    _, selection = run(items, groups=[excepted])
    assert selection.selected == ("R01", "R02", "R03")


AREAS3 = ("Comb.", "Graph th.", "Anal./PDE")


def test_collection_is_read_from_the_register():
    assert collection(solved("E01", title="Erdős Problem #106: squares")) == "Erdős"
    fc = Upstream("google-deepmind/formal-conjectures", "FormalConjectures/ErdosProblems/1.lean")
    assert collection(solved("N39", title="van der Waerden", upstream=(fc,))) == "Erdős"
    assert collection(solved("E23", title="Kourovka Notebook Problem 14.54")) == "Kourovka"
    assert collection(solved("N01", title="Beck–Fiala")) == ""


def test_primary_source_read_is_the_recorded_field_not_the_source_notes():
    # A statement source read does not verify the posing wording; only the field counts.
    restated = (
        Source("the original paper", note="not opened"),
        Source("a later survey", role=SourceRole.STATEMENT, note="read (stored copy)"),
    )
    items = [
        solved("E01", sources=restated, primary_source_read=False),
        solved("E02", sources=restated, primary_source_read=True),
    ]
    _, selection = run(items)
    assert selection.candidates["E01"].failures[0].startswith("newly written")
    assert selection.candidates["E02"].passes
    assert "posing source unread" not in dict(selection.candidates["E02"].parts)


def test_degenerate_registers_select_nothing_without_error():
    _, selection = run([])
    assert selection.selected == () and selection.candidates == {}
    _, selection = run([solved("E01", tier=Tier.B)])
    assert selection.selected == () and selection.candidates["E01"].outcome == "filtered"


def test_report_explains_every_difference_from_the_frozen_version():
    items = [solved("E01"), solved("E02", tier=Tier.B), solved("E03"), opened("O01")]
    register, selection = run(items)
    frozen = Subset("HQ-50", "v1", ("E01", "E02"), "test")
    differences = {
        d.item_id: (d.change, d.explanation) for d in compare(selection, register, frozen)
    }
    assert differences["E01"][0] == "kept"
    assert differences["E02"] == ("dropped", "fails: tier B, not A")
    assert differences["E03"][0] == "added" and "not in HQ-50@v1" in differences["E03"][1]
    assert differences["O01"][0] == "added"
    text = render(selection, register, frozen)
    assert "| E02 | dropped | fails: tier B, not A |" in text
    assert "1 kept, 1 dropped, 2 added." in text
    doc = as_dict(selection, register, frozen)
    assert doc["solved"] == 2 and doc["open"] == 1 and doc["against"] == "HQ-50@v1"


def test_selection_on_the_real_register_is_deterministic(capsys, monkeypatch):
    """The script twice on today's register: byte-identical output, in both formats."""
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    first = ofb(capsys, "items", "select")
    second = ofb(capsys, "items", "select")
    assert first.code == 0, first.err
    assert first.out == second.out and first.out.startswith("# HQ-50 selection")
    doc = json.loads(ofb(capsys, "items", "select", "--format", "json").out)
    assert doc["solved"] <= 40 and doc["open"] <= 10
    assert {d["change"] for d in doc["differences"]} <= {"kept", "dropped", "added"}
    assert all(d["explanation"] for d in doc["differences"])


def test_freezing_adds_a_version_and_never_edits_one(checkout, capsys):
    from openfrontiers.register.subsets import load_subsets

    subsets = checkout.library / "subsets.toml"
    before = subsets.read_text(encoding="utf-8")
    (checkout.library / "models.toml").write_text("schema = 1\n", encoding="utf-8")
    refused = ofb(capsys, "items", "select", "--freeze", "HQ-50@v1")
    assert refused.code == 2 and "already published and never changes" in refused.err
    assert subsets.read_text(encoding="utf-8") == before
    bad = ofb(capsys, "items", "select", "--freeze", "HQ-50")
    assert bad.code == 2 and "NAME@vN" in bad.err
    done = ofb(capsys, "items", "select", "--freeze", "HQ-50@v2")
    assert done.code == 0, done.err
    catalog = load_subsets(subsets, checkout.project().register)
    assert catalog.resolve("HQ-50@v1", checkout.project().register).ids == ("O02", "E03")
    assert "HQ-50@v2" in done.out and ("HQ-50", "v2") in catalog.frozen
    assert subsets.read_text(encoding="utf-8").startswith(before.rstrip("\n"))


def test_out_and_check(checkout, capsys):
    out = ofb(capsys, "items", "select", "--out", "sel.md")
    assert out.code == 0 and (checkout.root / "sel.md").exists()
    assert ofb(capsys, "items", "select", "--out", "sel.md", "--check").code == 0
    (checkout.root / "sel.md").write_text("stale", encoding="utf-8")
    stale = ofb(capsys, "items", "select", "--out", "sel.md", "--check")
    assert stale.code == 1 and "out of date" in stale.out


@pytest.mark.parametrize("against", ["all", "HQ-51"])
def test_against_needs_a_frozen_subset(checkout, capsys, against):
    run_ = ofb(capsys, "items", "select", "--against", against)
    assert run_.code == 2 and "Traceback" not in run_.err
