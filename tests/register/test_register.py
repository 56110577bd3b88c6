"""The item register: seeding, loading into typed records, validation with lines, subsets."""

from __future__ import annotations

from pathlib import Path

import pytest

from ofb_testing import REPO, SHARED_DATA
from openfrontiers.errors import InputError, OfbError, UsageError
from openfrontiers.register import RegisterError, load_register, load_subsets
from openfrontiers.register.dump import dump_register
from openfrontiers.register.model import Split, Status
from openfrontiers.register.seed import items_from_csv, v1_subsets

ITEM = """\
schema = 1

[items.O02]
title = "Lehmer's totient problem"
area = "Number th."
split = "Open-90"
hq50 = true
priority = "core"
certificate = true
status = "written"
answer_kind = "yes-no"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "items.toml"
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(path: Path) -> list[InputError]:
    with pytest.raises(RegisterError) as info:
        load_register(path)
    return info.value.errors


def test_loads_typed_records(tmp_path):
    reg = load_register(write(tmp_path, ITEM))
    item = reg.get("O02")
    assert item.split is Split.OPEN and item.status is Status.WRITTEN and item.certificate
    assert [i.id for i in reg.written()] == ["O02"]


@pytest.mark.parametrize(
    "change,rule,line",
    [
        (("hq50 = true", 'hq50 = true\ncolour = "red"'), "unknown-field", 8),
        (('status = "written"', 'status = "done"'), "bad-enum", 10),
        (('answer_kind = "yes-no"', 'answer_kind = "maybe"'), "bad-enum", 11),
        (("[items.O02]", "[items.X2]"), "unknown-id", 3),
        (('priority = "core"', 'tier = "A"'), "split-field", 8),
        (("hq50 = true", 'hq50 = "yes"'), "type", 7),
        (('area = "Number th."', 'area = "Numerology"'), "bad-enum", 5),
        (("schema = 1", "schema = 2"), "schema-version", 1),
    ],
)
def test_bad_input_names_file_line_and_rule(tmp_path, change, rule, line):
    path = write(tmp_path, ITEM.replace(*change))
    errors = errors_of(path)
    assert [(e.rule, e.where.line) for e in errors] == [(rule, line)]
    assert str(errors[0]).startswith(f"{path}:{line}: {rule}: ")


def test_all_problems_are_reported_together(tmp_path):
    path = write(
        tmp_path,
        ITEM.replace('status = "written"', 'status = "done"').replace(
            "hq50 = true", 'hq50 = true\ncolour = "red"'
        ),
    )
    assert {e.rule for e in errors_of(path)} == {"bad-enum", "unknown-field"}


def test_toml_syntax_error_has_a_line(tmp_path):
    with pytest.raises(InputError) as info:
        load_register(write(tmp_path, ITEM + "\nbroken = \n"))
    assert info.value.rule == "toml-syntax" and info.value.where.line == 13


def test_nested_tables_are_located(tmp_path):
    text = ITEM + '\n[[items.O02.reviews]]\nreviewer = "r"\nfocus = "fidelity"\nverdict = "meh"\n'
    (error,) = errors_of(write(tmp_path, text))
    assert (error.rule, error.where.line) == ("bad-enum", 16)


@pytest.mark.skipif(not (SHARED_DATA / "items.csv").exists(), reason="needs ../shared/data")
def test_seed_from_the_curated_csv_round_trips(tmp_path):
    items = items_from_csv(SHARED_DATA / "items.csv")
    assert len(items) == 200
    path = write(tmp_path, dump_register(items))
    reg = load_register(path)
    assert [i.id for i in reg] == [i.id for i in items]
    assert reg.get("O02") == items[[i.id for i in items].index("O02")]
    subsets = {s.label: s for s in v1_subsets(items)}
    hq = subsets["HQ-50@v1"].ids
    assert len(hq) == 50
    assert sum(reg.get(i).split is Split.REDISCOVERY for i in hq) == 40
    assert len(subsets["Rediscovery-110@v1"].ids) == 110 and len(subsets["Open-90@v1"].ids) == 90


def test_bad_csv_row_names_its_line(tmp_path):
    csv_path = tmp_path / "items.csv"
    csv_path.write_text(
        "id,split,hq50,title,area,tier,date,ai,priority,cert\n"
        "R01,Rediscovery-110,True,T,Comb.,Z,2026-01,AI,,\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as info:
        items_from_csv(csv_path)
    assert info.value.where.line == 2 and info.value.rule == "bad-enum"


def test_committed_register_and_subsets_are_valid():
    reg = load_register(REPO / "FrontierBench" / "items.toml")
    catalog = load_subsets(REPO / "FrontierBench" / "subsets.toml", reg)
    hq = catalog.resolve("HQ-50@v1", reg)
    assert len(hq.ids) == 50
    assert sum(reg.get(i).split is Split.OPEN for i in hq.ids) == 10
    assert catalog.resolve("HQ-50", reg) == hq
    assert len(catalog.resolve("all", reg).ids) == 200
    assert len(catalog.resolve("Open-90@v1", reg).ids) == 90


def test_subset_resolution_errors(checkout):
    reg = checkout.project().register
    catalog = checkout.project().subsets
    with pytest.raises(UsageError, match="unknown subset"):
        catalog.resolve("HQ-51", reg)
    with pytest.raises(UsageError, match="no version v9"):
        catalog.resolve("HQ-50@v9", reg)
    with pytest.raises(UsageError, match="computed"):
        catalog.resolve("all@v1", reg)
    assert catalog.resolve("written", reg).ids == ("O02",)


def test_editing_a_frozen_subset_is_an_error(checkout):
    path = checkout.library / "subsets.toml"
    path.write_text(path.read_text().replace('"E03",\n', ""), encoding="utf-8")
    with pytest.raises(OfbError, match="frozen-subset-changed"):
        load_subsets(path, checkout.project().register)


def test_primary_source_read_loads_dumps_and_is_absent_when_unrecorded(tmp_path):
    text = ITEM + 'primary_source_read = false\nprimary_source_note = "quoted by a survey"\n'
    reg = load_register(write(tmp_path, text))
    item = reg.get("O02")
    assert item.primary_source_read is False and item.primary_source_note == "quoted by a survey"
    again = load_register(write(tmp_path, dump_register(reg)))
    assert again.items == reg.items
    unrecorded = load_register(write(tmp_path, ITEM)).get("O02")
    assert unrecorded.primary_source_read is None
    # A boolean has no empty value: the dump leaves an unrecorded one out rather than
    # writing "" (which would not load back).
    assert "primary_source_read" not in dump_register([unrecorded])
    path = write(tmp_path, ITEM + 'primary_source_read = "yes"\n')
    assert [(e.rule, e.where.line) for e in errors_of(path)] == [("type", 12)]


def test_committed_register_is_canonical_and_records_what_was_read():
    path = REPO / "FrontierBench" / "items.toml"
    reg = load_register(path)
    assert dump_register(reg, reg.groups.values()) == path.read_text(encoding="utf-8")
    for item in reg.written():
        assert item.primary_source_read is not None and item.primary_source_note.strip(), item.id


def test_a_source_note_saying_not_opened_marks_it_unread():
    from openfrontiers.register.model import Source

    assert Source("x", note="not opened; cited by the list").unread
    assert Source("x", note="Page not opened (no copy)").unread
    assert Source("x", note="the list itself was not opened; quoted elsewhere").unread
    assert not Source("x", note="read (stored copy): the question is posed").unread
    assert not Source("x", note="abstract read; the full text was not opened").unread
    # The live page was not opened, a stored copy of it was.
    assert not Source("x", note="page not opened live; read in a stored copy").unread


def test_admission_ruling_is_a_rediscovery_field_and_round_trips(tmp_path):
    solved = ITEM.replace("[items.O02]", "[items.E09]").replace(
        'split = "Open-90"\nhq50 = true\npriority = "core"\ncertificate = true',
        'split = "Rediscovery-110"\nhq50 = false\nadmission_ruling = "admitted: eventual form"',
    )
    reg = load_register(write(tmp_path, solved))
    assert reg.get("E09").admission_ruling == "admitted: eventual form"
    assert load_register(write(tmp_path, dump_register(reg))).items == reg.items
    path = write(tmp_path, ITEM + 'admission_ruling = "x"\n')
    assert [(e.rule, e.where.line) for e in errors_of(path)] == [("split-field", 12)]
