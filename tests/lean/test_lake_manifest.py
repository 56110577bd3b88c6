"""Lake's manifest layout: `lake update` rewrites `lake-manifest.json` with Lean's JSON
printer and CI diffs it against the committed file, so every manifest we write must be
byte for byte what Lake writes.

The fixtures under fixtures/ are written by hand in the layout Lake gives its manifests
(descending member order, `{"version": …,` on the first line, one-column nesting); they
are not copies of any project's file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ofb_testing import REPO
from openfrontiers.lean import lake_manifest
from openfrontiers.packet import workspace

FIXTURES = Path(__file__).parent / "fixtures"
LAKE_WRITTEN = sorted(FIXTURES.glob("lake-manifest.*.json"))
# Every manifest the repository commits: `lake update` in each folder must leave it as is.
COMMITTED = ["lake-manifest.json", "comparator", "comparator/lean4export", "repl"]


@pytest.mark.parametrize("fixture", LAKE_WRITTEN, ids=lambda p: p.name)
def test_a_manifest_in_lake_s_layout_comes_back_byte_for_byte(fixture):
    text = fixture.read_text(encoding="utf-8")
    assert lake_manifest.dumps(json.loads(text)) == text


def test_python_s_own_layout_is_not_lake_s():
    text = (FIXTURES / "lake-manifest.two-packages.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert json.dumps(data, indent=1) + "\n" != text  # what the project wrote before
    assert text.startswith('{"version": "1.2.0",\n "packagesDir": ".lake/packages",\n')


def test_members_come_out_in_descending_key_order_whatever_the_input_order():
    data = json.loads((FIXTURES / "lake-manifest.two-packages.json").read_text(encoding="utf-8"))
    shuffled = {k: data[k] for k in sorted(data)}
    shuffled["packages"] = [{k: p[k] for k in sorted(p)} for p in data["packages"]]
    text = lake_manifest.dumps(shuffled)
    keys = [line.split('"')[1] for line in text.splitlines() if line.lstrip(" [{").startswith('"')]
    top = [k for k in keys if k in data]
    assert top[:3] == ["version", "packagesDir", "packages"]
    assert top[-3:] == ["name", "lakeDir", "fixedToolchain"]
    first_package = keys[3:13]
    assert first_package == sorted(first_package, reverse=True)


def test_short_groups_stay_on_one_line_and_long_members_break_after_the_colon():
    assert lake_manifest.pretty({"a": [1, 2], "b": None}) == '{"b": null, "a": [1, 2]}'
    assert lake_manifest.pretty({"packages": []}) == '{"packages": []}'
    long = "x" * 90
    assert lake_manifest.pretty({"a": long, "b": 1}) == f'{{"b": 1,\n "a":\n "{long}"}}'
    # A group that fits alone but not with what follows it up to the next break breaks too.
    assert lake_manifest.pretty([["ab", "cd"]], width=14) == '[["ab", "cd"]]'
    assert lake_manifest.pretty([["ab", "cd"]], width=13) == '[["ab",\n  "cd"]]'


def test_strings_are_escaped_as_lean_escapes_them():
    assert lake_manifest.pretty('a"b\\c\nd\re\tf\x01é/') == '"a\\"b\\\\c\\nd\\re\\u0009f\\u0001é/"'


def test_values_a_manifest_cannot_hold_are_refused():
    with pytest.raises(TypeError):
        lake_manifest.pretty({"x": 1.5})


@pytest.mark.parametrize("where", COMMITTED)
def test_every_committed_manifest_is_what_lake_writes(where):
    path = REPO / where
    path = path if path.suffix == ".json" else path / "lake-manifest.json"
    assert path.is_file(), f"{path} is not committed"
    data = lake_manifest.load(path)
    text = path.read_text(encoding="utf-8")
    assert text == lake_manifest.dumps(lake_manifest.load(path)), f"{path} is not in Lake's layout"
    # Lake v4.30 and later write manifest version 1.2.0 with `fixedToolchain`.
    assert data["version"] == "1.2.0" and data["fixedToolchain"] is False
    assert data["packagesDir"] == ".lake/packages" and data["lakeDir"] == ".lake"


def test_the_root_manifest_is_byte_identical_to_lake_s_rendering_of_it():
    text = (REPO / "lake-manifest.json").read_text(encoding="utf-8")
    assert text == lake_manifest.dumps(json.loads(text))
    assert json.loads(text)["name"] == "FrontierBench"


def test_workspace_manifests_are_written_in_lake_s_layout(checkout):
    project = checkout.project()
    root = json.loads((checkout.root / "lake-manifest.json").read_text(encoding="utf-8"))
    for name, packages_dir in (("P001", None), ("ofb_solution", "../../.lake/packages")):
        text = workspace.manifest(name, project, packages_dir)
        data = json.loads(text)
        assert text == lake_manifest.dumps(data)
        assert data["name"] == name
        assert data["packagesDir"] == (packages_dir or ".lake/packages")
        assert data["packages"] == root["packages"]


def test_an_unreadable_manifest_is_an_error_naming_the_file(tmp_path):
    from openfrontiers.errors import OfbError

    bad = tmp_path / "lake-manifest.json"
    bad.write_text('{"version": "1.2.0",\n oops}\n')
    with pytest.raises(OfbError, match=r"lake-manifest.json:2:"):
        lake_manifest.load(bad)
    bad.write_text("[]\n")
    with pytest.raises(OfbError, match="JSON object"):
        lake_manifest.load(bad)
