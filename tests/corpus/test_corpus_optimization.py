"""Importer `optimization-constants` on the real repository snapshot and on a fixture."""

from __future__ import annotations

import json
import re

import pytest
from corpus_helpers import run_importer, shared_source


@pytest.fixture(scope="module")
def constants(config):
    return run_importer(config, "optimization-constants", shared_source("optimizationproblems"))


def test_one_record_per_page(constants):
    pages = sorted(
        p.stem for p in (shared_source("optimizationproblems") / "constants").glob("*.md")
    )
    assert constants.seen == len(pages) == len(constants.records)
    assert sorted(r["id"].split("/")[1] for r in constants.records) == pages
    assert all(
        r["problem_statement"] and r["provenance"]["has_full_text"] for r in constants.records
    )


def test_bounds_tables_are_kept_row_by_row(constants):
    page = {r["id"]: r for r in constants.records}["problem:optimization-constants/1a"]
    bounds = page["progress"]["bounds"]
    text = (shared_source("optimizationproblems") / "constants" / "1a.md").read_text(
        encoding="utf-8"
    )
    upper = text.split("## Known upper bounds")[1].split("##")[0]
    lower = text.split("## Known lower bounds")[1].split("##")[0]

    def rows(section):
        return [ln for ln in section.splitlines() if ln.startswith(("| $", "| 1"))]

    assert [b["value"] for b in bounds if b["direction"] == "upper"] == [
        r.split("|")[1].strip() for r in rows(upper)
    ]
    assert [b["value"] for b in bounds if b["direction"] == "lower"] == [
        r.split("|")[1].strip() for r in rows(lower)
    ]
    mv = next(b for b in bounds if b["reference"] == "[MV2009]")
    assert mv["url"] == "https://arxiv.org/abs/0907.1379"  # resolved from ## References
    assert page["progress"]["best_upper"] == json.loads(page["source_status_json"])["best_upper"]


def test_status_is_the_readme_claim_and_equal_bounds_only_a_local_check(constants):
    by_id = {r["id"].rsplit("/", 1)[1]: r for r in constants.records}
    readme = (shared_source("optimizationproblems") / "README.md").read_text(encoding="utf-8")
    progress = readme.split("## Recent progress", 1)[1].split("\n## ", 1)[0]
    claimed = set(re.findall(r"constants/([0-9a-z]+)\.html\) \*\*solved", progress))
    assert claimed == {"11b", "48a", "3d"}
    for stem, r in by_id.items():
        assert r["status"] == ("solved" if stem in claimed else "open"), stem
        claim = json.loads(r["source_status_json"])
        assert ("recent_progress" in claim) == (
            stem in re.findall(r"constants/([0-9a-z]+)\.html", progress)
        )
    # 83a's best bounds are written identically, but the README does not call it solved:
    # the comparison is recorded as a local check and the status stays the source's.
    assert "bounds-written-equal" in by_id["83a"]["quality_flags"]
    assert by_id["83a"]["status"] == "open"
    assert "bounds-written-equal" in by_id["11b"]["quality_flags"]
    assert any("83a" in note for note in constants.notes)
    assert "unverified-bounds-reported" in by_id["1a"]["quality_flags"]


def test_every_constant_has_an_editorial_msc_class(config, constants):
    assert all(r["msc2020"] for r in constants.records)
    assert {m["basis"] for r in constants.records for m in r["msc2020"]} == {"editorial"}
    one = {r["id"].rsplit("/", 1)[1]: r for r in constants.records}["9a"]
    assert [m["code"] for m in one["msc2020"]] == ["05", "94"]
    assert one["msc2020"][0]["evidence"].startswith(
        "Editorial (importers/optimization-constants.toml [msc] '9a'): Shannon capacity"
    )
    assert one["field"]["slug"] == "combinatorics"


PAGE = """# A made-up constant

## Description of constant

$C_{9z}$ is the best constant in $|f| \\leq C \\|f\\|$.

## Known upper bounds

| Bound | Reference | Comments |
| ----- | --------- | -------- |
| $2$ | [AB2001] | first |
| $1.5*$ | [CD2026] | not yet checked |

## Known lower bounds

| Bound | Reference | Comments |
| ----- | --------- | -------- |
| $1$ | Trivial | |

## Additional comments

Related to [another page](https://example.org/other).

## References

- [AB2001] Author, A. A paper. [arXiv:0101.00001](https://arxiv.org/abs/0101.00001)
- [CD2026] Person, C. A preprint, 2026. https://example.org/cd

## Contribution notes

Prepared with a spell checker.
"""
README = """# Optimization Constants

| Number | Description | Best lower bound | Best upper bound |
| ------ | ----------- | ---------------- | ---------------- |
| [9z](https://example.org/constants/9z.html) | Made-up constant | 1 | 1.5 (1.4*) |
| [10](https://example.org/constants/10a.html) | A row without a page | 1 | 1 |
"""


def test_fixture_page(config, tmp_path):
    (tmp_path / "constants").mkdir()
    (tmp_path / "constants" / "9z.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    result = run_importer(config, "optimization-constants", tmp_path)
    assert [(s.locator, s.reason) for s in result.skips] == [("row 10", "no-page")]
    (record,) = result.records
    assert record["title"] == "Optimization constant C9z · A made-up constant"
    assert record["problem_statement"] == "$C_{9z}$ is the best constant in $|f| \\leq C \\|f\\|$."
    assert record["status"] == "open"
    assert (
        record["background"]
        == "## Additional comments\n\nRelated to [another page](https://example.org/other)."
    )
    assert [r["url"] for r in record["references"]] == [
        "https://arxiv.org/abs/0101.00001",
        "https://example.org/cd",
    ]
    assert [(b["direction"], b["value"], b["url"]) for b in record["progress"]["bounds"]] == [
        ("upper", "$2$", "https://arxiv.org/abs/0101.00001"),
        ("upper", "$1.5*$", "https://example.org/cd"),
        ("lower", "$1$", None),
    ]
    assert record["source"]["url"] == "https://example.org/constants/9z.html"
    assert "unverified-bounds-reported" in record["quality_flags"]


@pytest.mark.parametrize(
    "names, ordered",
    [
        (["x1", "1x"], ["1x", "x1"]),  # digits first: a TypeError with the old key
        (["10a", "2b", "2a", "1"], ["1", "2a", "2b", "10a"]),
        (["a10", "a9", "a", "b"], ["a", "a9", "a10", "b"]),
        (["", "0", "00"], ["", "0", "00"]),
    ],
)
def test_natural_order_of_page_names(names, ordered):
    from openfrontiers.corpus.text import natural_key

    assert sorted(names, key=natural_key) == ordered


def test_a_page_whose_name_starts_with_a_letter_is_imported(config, tmp_path):
    """Page names mixing digits and letters both ways sort (issue 35: `x1` beside `1a`
    raised TypeError), and the records follow that order."""
    import shutil

    copy = tmp_path / "optimizationproblems"
    shutil.copytree(shared_source("optimizationproblems"), copy)
    shutil.copyfile(copy / "constants" / "1a.md", copy / "constants" / "x1.md")
    result = run_importer(config, "optimization-constants", copy, rev="0" * 40)
    stems = [r["id"].split("/")[1] for r in result.records]
    assert "x1" in stems and stems.index("1a") < stems.index("2a") < stems.index("x1")
    assert stems[-1] == "x1"
