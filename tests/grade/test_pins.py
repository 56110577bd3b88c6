"""Every tool the grader builds is pinned to a commit: each committed lakefile's requires are
resolved in a committed manifest, lean4export's tag included, and landrun is fetched by
commit rather than from its moving main branch."""

from __future__ import annotations

import re
import tomllib

import pytest

from ofb_testing import REPO
from openfrontiers.lean import lake_manifest

COMMIT = re.compile(r"^[0-9a-f]{40}$")
WORKSPACES = [".", "comparator", "comparator/lean4export", "repl"]
SELFTEST = REPO / "ci" / "grader-tools.sh"


@pytest.mark.parametrize("where", WORKSPACES)
def test_every_require_is_resolved_to_a_commit_in_a_committed_manifest(where):
    folder = REPO / where
    requires = tomllib.loads((folder / "lakefile.toml").read_text(encoding="utf-8"))["require"]
    manifest = folder / "lake-manifest.json"
    assert manifest.is_file(), f"{where}/lake-manifest.json must be committed"
    entries = {p["name"]: p for p in lake_manifest.load(manifest)["packages"]}
    for require in requires:
        entry = entries.get(require["name"])
        assert entry is not None, f"{where}: {require['name']} is not in the manifest"
        assert COMMIT.match(entry["rev"]), f"{where}: {require['name']} is not at a commit"
        assert entry["inputRev"] == require["rev"] and not entry["inherited"]
    for entry in entries.values():
        assert COMMIT.match(entry["rev"])


def test_lean4export_s_tag_is_pinned_to_its_commit():
    folder = REPO / "comparator" / "lean4export"
    (entry,) = lake_manifest.load(folder / "lake-manifest.json")["packages"]
    assert (entry["name"], entry["inputRev"]) == ("lean4export", "v4.33.0")
    readme = (REPO / "comparator" / "README.md").read_text(encoding="utf-8")
    assert f"tag `v4.33.0` = commit `{entry['rev']}`" in readme


def test_the_build_never_re_resolves_lean4export():
    script = SELFTEST.read_text(encoding="utf-8")
    assert not re.search(r"lean4export.*lake update", script)


def test_landrun_is_fetched_by_commit_not_from_a_branch():
    script = SELFTEST.read_text(encoding="utf-8")
    m = re.search(r"^LANDRUN_COMMIT=(\S+)$", script, re.MULTILINE)
    assert m and COMMIT.match(m.group(1)), "landrun must be pinned to a 40-hex commit"
    assert not re.search(r"git clone[^\n]*landrun", script)  # a clone takes the main branch
    assert 'fetch -q --depth 1 "$LANDRUN_REPOSITORY" "$LANDRUN_COMMIT"' in script
    assert 'test "$(git -C "$landrun" rev-parse HEAD)" = "$LANDRUN_COMMIT"' in script
    readme = (REPO / "comparator" / "README.md").read_text(encoding="utf-8")
    assert f"commit `{m.group(1)}` of Zouuup/landrun" in readme
    assert "main branch of Zouuup/landrun" not in readme
