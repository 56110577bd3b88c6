"""Importer `generic`: CSV and JSONL with a column-mapping file."""

from __future__ import annotations

import pytest
from corpus_helpers import run_importer

from openfrontiers.corpus.importers.generic import mapping_source
from openfrontiers.corpus.tomldoc import ConfigError

MAPPING = """\
source = "open-problem-garden"
input = "{input}"
has_full_text = true

[columns]
id = "{id}"
title = "title"
problem_statement = "statement"
status = "status"
status_as_of = "checked"
url = "url"
field = "area"
msc = "msc"
references = "refs"
posed_year = "year"

[status]
"Open" = "open"
"Solved" = "solved"
"""

CSV = """\
number,title,statement,status,checked,url,area,msc,refs,year
1,Lonely runner,Does every runner get lonely?,Open,2026-01-02,https://example.org/1,\
combinatorics,11K60,"A. Author, Paper (1967)
https://example.org/paper",1967
2,No statement,,Solved,,,number theory,,,
3,Odd status,Text,Maybe,,,,,,
1,Duplicate,Text,Open,,,,,,
,No id,Text,Open,,,,,,
4,,No title,Open,,,,,,
5,Bad code,Text,Open,,,, 11K60 ; zz ,,1200
"""


def _write(tmp_path, mapping: str, name: str, data: str):
    (tmp_path / name).write_text(data, encoding="utf-8")
    path = tmp_path / "mapping.toml"
    path.write_text(mapping, encoding="utf-8")
    return path


def test_csv_rows_become_records_or_skips(config, tmp_path):
    path = _write(tmp_path, MAPPING.format(input="garden.csv", id="number"), "garden.csv", CSV)
    assert mapping_source(path) == "open-problem-garden"
    result = run_importer(config, "generic", path, key="open-problem-garden")
    assert result.seen == 7
    assert [(s.locator.split(" ")[0], s.reason) for s in result.skips] == [
        ("garden.csv:5", "unmapped-status"),
        ("garden.csv:6", "duplicate-id"),
        ("garden.csv:7", "missing-id"),
        ("garden.csv:8", "missing-title"),
    ]
    one, two, five = result.records
    assert one["id"] == "problem:open-problem-garden/1"
    assert one["status"] == "open" and one["provenance"]["status_as_of"] == "2026-01-02"
    assert one["field"]["slug"] == "combinatorics"
    assert [(m["code"], m["basis"]) for m in one["msc2020"]] == [
        ("05", "community-map"),
        ("11K60", "source-map"),
    ]
    assert one["references"] == [
        {"kind": "paper", "citation": "A. Author, Paper (1967)", "url": None},
        {
            "kind": "website",
            "citation": "https://example.org/paper",
            "url": "https://example.org/paper",
        },
    ]
    assert one["posed_year"] == 1967 and one["provenance"]["has_full_text"] is True
    assert two["problem_statement"] is None and "no-statement-text" in two["quality_flags"]
    assert two["status"] == "solved"
    assert five["posed_year"] == 1200 and [m["code"] for m in five["msc2020"]] == ["11K60"]
    assert any("'zz' is not an MSC 2020 code" in n for n in result.notes)
    assert {i.path for i in result.inputs} == {"mapping.toml", "garden.csv"}


def test_jsonl_with_nested_columns(config, tmp_path):
    mapping = MAPPING.format(input="rows.jsonl", id="meta.id").replace(
        'title = "title"', 'title = "meta.name"'
    )
    data = (
        '{"meta": {"id": 7, "name": "Seven"}, "status": "Open"}\n\n'
        '{"meta": {"id": 8}, "status": "Open"}\n'
    )
    result = run_importer(
        config, "generic", _write(tmp_path, mapping, "rows.jsonl", data), key="open-problem-garden"
    )
    assert [r["id"] for r in result.records] == ["problem:open-problem-garden/7"]
    assert [s.reason for s in result.skips] == ["missing-title"]


@pytest.mark.parametrize(
    "change, rule",
    [
        (('"Solved" = "solved"', '"Solved" = "done"'), "enum"),
        (('id = "number"', 'ident = "number"'), "unknown-key"),
        (('input = "garden.csv"', 'input = "../garden.csv"'), "input-outside"),
    ],
)
def test_bad_mapping_names_the_line(config, tmp_path, change, rule):
    mapping = MAPPING.format(input="garden.csv", id="number").replace(*change)
    path = _write(tmp_path, mapping, "garden.csv", CSV)
    (tmp_path.parent / "garden.csv").write_text(CSV, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        run_importer(config, "generic", path, key="open-problem-garden")
    line = next(i for i, ln in enumerate(mapping.splitlines(), 1) if change[1] in ln)
    assert f"mapping.toml:{line}: {rule}:" in str(info.value)


def test_a_mapped_column_missing_from_the_header_is_refused(config, tmp_path):
    from openfrontiers.errors import InputError

    path = _write(tmp_path, MAPPING.format(input="garden.csv", id="nmber"), "garden.csv", CSV)
    with pytest.raises(InputError, match=r"garden.csv:1: csv-header: .*id = 'nmber'"):
        run_importer(config, "generic", path, key="open-problem-garden")


def test_an_unclosed_quote_is_refused_not_swallowing_the_rows_after_it(config, tmp_path):
    from openfrontiers.errors import InputError

    data = CSV + '6,Open quote,"Text,Open,,,,,,\n7,After it,Text,Open,,,,,,\n'
    path = _write(tmp_path, MAPPING.format(input="garden.csv", id="number"), "garden.csv", data)
    with pytest.raises(InputError, match="csv-"):
        run_importer(config, "generic", path, key="open-problem-garden")


def test_a_bad_year_and_a_bad_date_are_noted_not_dropped_silently(config, tmp_path):
    data = CSV.replace(",2026-01-02,", ",last spring,").replace(",1967\n", ",c. 1967\n")
    path = _write(tmp_path, MAPPING.format(input="garden.csv", id="number"), "garden.csv", data)
    result = run_importer(config, "generic", path, key="open-problem-garden")
    notes = "\n".join(result.notes)
    assert "posed_year 'c. 1967' is not a year" in notes
    assert "status_as_of 'last spring' is not a date" in notes
