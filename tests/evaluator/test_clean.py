"""The clean subset (Section 5.2): lineage and cutoff exclusions read from the evaluator key."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from openfrontiers.errors import OfbError
from openfrontiers.evaluator.answers import ReferenceAnswer
from openfrontiers.evaluator.clean import Reason, clean_subset
from openfrontiers.register.load import Register
from openfrontiers.register.model import Item, Split, Status

CUTOFF = date(2026, 6, 30)


def item(item_id: str, *, split: Split = Split.REDISCOVERY, status: Status = Status.WRITTEN):
    return Item(id=item_id, title=item_id, area="Number th.", split=split, hq50=True, status=status)


def solved(item_id: str, when: date | None, *credit: str, answer: str | None = "True"):
    return ReferenceAnswer(
        item_id,
        answer,
        record="a record" if answer else "",
        pending="" if answer else "no record could be read",
        evidence_date=when,
        credit=credit,
    )


@pytest.fixture
def fixture():
    items = [
        item("E01"),  # OpenAI, after the cutoff
        item("E02"),  # human, after the cutoff
        item("E03"),  # Google, on the cutoff day
        item("E04"),  # pending
        item("E05"),  # Anthropic and Harmonic jointly, after the cutoff
        item("E06", status=Status.NEEDS_SOURCE),
        item("E07"),  # written, no key entry
        item("E08"),  # no evidence date
        item("E09"),  # no credit, after the cutoff
        item("O01", split=Split.OPEN),
    ]
    key = {
        "E01": solved("E01", date(2026, 7, 1), "OpenAI"),
        "E02": solved("E02", date(2026, 9, 7), "human"),
        "E03": solved("E03", CUTOFF, "Google"),
        "E04": solved("E04", None, answer=None),
        "E05": solved("E05", date(2026, 8, 1), "Anthropic", "Harmonic"),
        "E08": solved("E08", None, "human"),
        "E09": solved("E09", date(2026, 8, 2)),
        "O01": ReferenceAnswer("O01", None, status_checked=date(2026, 8, 22)),
    }
    return Register(Path("items.toml"), {i.id: i for i in items}), key


def test_no_lineage_removes_only_dated_and_unusable_items(fixture):
    register, key = fixture
    subset = clean_subset(register, key, None, CUTOFF)
    assert subset.eligible == ("E01", "E02", "E05", "E09")
    reasons = {e.item_id: e.reasons for e in subset.excluded}
    assert reasons == {
        "E03": (Reason.BEFORE_CUTOFF,),
        "E04": (Reason.NO_ANSWER, Reason.NO_EVIDENCE_DATE),
        "E06": (Reason.NOT_WRITTEN,),
        "E07": (Reason.NO_ENTRY,),
        "E08": (Reason.NO_EVIDENCE_DATE,),
    }
    assert "O01" not in subset.eligible + tuple(reasons)


def test_lineage_removes_its_own_credits_and_unknown_credits(fixture):
    register, key = fixture
    openai = clean_subset(register, key, "OpenAI", CUTOFF)
    assert openai.eligible == ("E02", "E05")
    assert openai.excluded_for(Reason.OWN_LINEAGE) == ("E01",)
    assert openai.excluded_for(Reason.NO_CREDIT) == ("E04", "E09")
    anthropic = clean_subset(register, key, "Anthropic", CUTOFF)
    assert anthropic.eligible == ("E01", "E02")
    harmonic = clean_subset(register, key, "Harmonic", CUTOFF)
    assert harmonic.excluded_for(Reason.OWN_LINEAGE) == ("E05",)


def test_cutoff_day_itself_is_excluded_and_the_next_day_is_not(fixture):
    register, key = fixture
    assert "E03" not in clean_subset(register, key, None, CUTOFF).eligible
    assert "E03" in clean_subset(register, key, None, date(2026, 6, 29)).eligible
    later = clean_subset(register, key, None, date(2026, 9, 30))
    assert later.eligible == ()
    assert set(later.excluded_for(Reason.BEFORE_CUTOFF)) == {"E01", "E02", "E03", "E05", "E09"}


def test_exclusions_say_why_in_words(fixture):
    register, key = fixture
    subset = clean_subset(register, key, "OpenAI", CUTOFF, ids=["E01", "E03", "E04"])
    words = {e.item_id: str(e) for e in subset.excluded}
    assert words["E01"] == "E01: key mathematics credited to OpenAI"
    assert words["E03"] == "E03: solution evidence 2026-06-30 on or before the cutoff 2026-06-30"
    assert "no reference answer" in words["E04"] and "no credit recorded" in words["E04"]


def test_selection_and_bad_lineage(fixture):
    register, key = fixture
    assert clean_subset(register, key, None, CUTOFF, ids=["E02", "O01"]).eligible == ("E02",)
    with pytest.raises(OfbError, match="unknown lineage 'DeepMind'"):
        clean_subset(register, key, "DeepMind", CUTOFF)
    with pytest.raises(OfbError, match="unknown item id 'E99'"):
        clean_subset(register, key, None, CUTOFF, ids=["E99"])


def test_hq50_clean_counts_from_the_real_register_and_key():
    """The three Section 5.2 numbers as the recorded credits and dates imply them."""
    from ofb_testing import REPO
    from openfrontiers.evaluator import load_answers
    from openfrontiers.project import Project

    project = Project(REPO)
    register = project.register
    key = load_answers(project.evaluator_dir / "answers.toml")
    hq50 = project.subsets.resolve("HQ-50", register).ids
    solved_ids = [i for i in hq50 if register.get(i).split is Split.REDISCOVERY]

    counts = {}
    eligible = {}
    for label, lineage in (("OpenAI", "OpenAI"), ("Anthropic", "Anthropic"), ("unrelated", None)):
        subset = clean_subset(register, key, lineage, CUTOFF, ids=hq50)
        # Recompute each item's fate straight from the key: the subset is exactly the
        # graded, dated-after-cutoff items not credited to the lineage.
        expected = [
            i
            for i in solved_ids
            if register.get(i).is_written
            and i in key
            and key[i].answer is not None
            and key[i].evidence_date is not None
            and key[i].evidence_date > CUTOFF
            and (lineage is None or (key[i].credit and lineage not in key[i].credit))
        ]
        assert list(subset.eligible) == expected
        assert len(subset.eligible) + len(subset.excluded) == len(solved_ids)
        counts[label] = len(subset.eligible)
        eligible[label] = set(subset.eligible)
    # A lineage exclusion only ever removes items, and only the lineage's own or uncredited ones.
    for label in ("OpenAI", "Anthropic"):
        assert eligible[label] <= eligible["unrelated"]
        for item_id in eligible["unrelated"] - eligible[label]:
            assert not key[item_id].credit or label in key[item_id].credit
