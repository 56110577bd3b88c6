"""The evaluator key's loader: every field typed, every problem reported with its line."""

from __future__ import annotations

from datetime import date

import pytest

from openfrontiers.errors import OfbError
from openfrontiers.evaluator import load_answers

SOLVED = """\
[answers.E03]
answer = "True"
record = "a formal proof"
solution_sources = ["arXiv:2604.00001"]
evidence_date = 2026-04-03
evidence_basis = "repository commit"
credit = ["Google"]
credit_record = "the release notes"

[answers.N09]
pending = "no public record of the construction could be read"
evidence_date = "2026-08-01"
evidence_basis = "dated post"
credit = ["human"]
"""


def load(tmp_path, text: str):
    path = tmp_path / "answers.toml"
    path.write_text(text, encoding="utf-8")
    return load_answers(path)


def test_solved_and_pending_entries_load_typed(tmp_path):
    key = load(tmp_path, SOLVED)
    e03, n09 = key["E03"], key["N09"]
    assert (e03.answer, e03.evidence_date, e03.credit) == ("True", date(2026, 4, 3), ("Google",))
    assert e03.ai_credit == {"Google"} and e03.line == 1
    assert n09.answer is None and n09.pending.startswith("no public record")
    assert n09.evidence_date == date(2026, 8, 1) and n09.ai_credit == frozenset()
    assert {"pending", "evidence_date", "credit"} <= n09.present()
    assert "record" not in n09.present()


def test_tier_support_loads_with_its_basis(tmp_path):
    key = load(tmp_path, SOLVED + 'tier_supported = "B"\ntier_basis = "accepted by the list"\n')
    assert (key["N09"].tier_supported, key["N09"].tier_basis) == ("B", "accepted by the list")
    assert key["E03"].tier_supported == ""


@pytest.mark.parametrize(
    "extra,message",
    [
        ('evidence_date = "2026-13-01"', "answers.R01.evidence_date must be a date"),
        ('credit = ["DeepMind"]', "'DeepMind' is not one of OpenAI"),
        ('credit = ["human", "OpenAI"]', "`human` means no AI lineage"),
        ('certificate_direction = "yes"', "'yes' is not one of True, False, none"),
        ('credit = "OpenAI"', "credit must be a list of strings"),
        ("status_record = 3", "status_record must be a string"),
        ('answer = "True"', "an answer needs the public record"),
        ('answer = "True"\nrecord = "r"\npending = "p"', "an answer is not pending"),
        ('winner = "x"', "has no field 'winner'"),
        ('tier_supported = "D"\ntier_basis = "b"', "'D' is not one of A, B, C"),
        ('tier_supported = "B"', "tier_supported needs tier_basis"),
    ],
)
def test_bad_entries_are_reported_with_their_line(tmp_path, extra, message):
    with pytest.raises(OfbError) as err:
        load(tmp_path, SOLVED.replace("[answers.N09]", f"[answers.R01]\n{extra}\n\n[answers.N09]"))
    text = str(err.value)
    assert message in text and f"{tmp_path / 'answers.toml'}:" in text
