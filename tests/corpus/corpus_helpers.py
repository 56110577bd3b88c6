"""Helpers for the corpus tests: where the real snapshots are, a fixed snapshot time, running
an importer, and a valid record to start from (built by hand, not by an importer).

Real upstream snapshots are read in place from `../shared/data/sources` (relative to the
repository root; `$OFB_SHARED_DATA` names another `shared/data` folder, e.g. for a worktree
elsewhere) and never copied into the repository; tests that need them skip, saying why,
where that folder is absent.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

from openfrontiers.corpus.config import CorpusConfig
from openfrontiers.corpus.importers import IMPORTERS
from openfrontiers.corpus.importers.base import ImportContext, ImportResult, Snapshot
from openfrontiers.corpus.record import make_record
from openfrontiers.corpus.revision import resolve

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("OFB_SHARED_DATA") or REPO.parent / "shared" / "data")
SOURCES = SHARED / "sources"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SNAPSHOT = Snapshot.parse("2026-10-10T00:00:00Z")


def shared_source(name: str) -> Path:
    path = SOURCES / name
    if not path.exists():
        pytest.skip(
            f"upstream snapshot {path} is absent (the shared data folder is not beside "
            "the repository)"
        )
    return path


def run_importer(
    config: CorpusConfig, name: str, path: Path, key: str | None = None, rev: str | None = None
) -> ImportResult:
    """Run one importer as the build would (with the input's revision: git's, or `rev`)."""
    source = config.registry[key or name]
    revision = resolve(path, rev, f"{name}={path}")
    ctx = ImportContext(source, config.taxonomy, SNAPSHOT, config.dir, revision)
    return IMPORTERS[name].run(path, ctx)


def provenance_revision(folder: str) -> str:
    """`COMMIT:DATE` of a shared snapshot, read from the table of its PROVENANCE.md (the
    revisions the snapshots were taken at; the folders themselves are not git checkouts)."""
    text = (SOURCES / "PROVENANCE.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0] == f"{folder}/":
            return f"{cells[2]}:{cells[3]}"
    raise AssertionError(f"PROVENANCE.md has no row for {folder}/")


def shared_spec(key: str, folder: str) -> str:
    """`KEY=PATH@COMMIT:DATE` for a shared snapshot, as a user would give it."""
    return f"{key}={shared_source(folder)}@{provenance_revision(folder)}"


FC_SNAPSHOT = "formal-conjectures-v4.33.0"


def fc_checkout() -> tuple[Path, str | None]:
    """A real formal-conjectures tree and its revision: `$OFB_FC_CHECKOUT` (a git checkout
    or an export, revision from git or unknown) when set, else the shared v4.33.0 snapshot
    with the revision of its PROVENANCE.md row (skipped where the shared folder is absent)."""
    given = os.environ.get("OFB_FC_CHECKOUT")
    if given:
        return Path(given), None
    return shared_source(FC_SNAPSHOT), provenance_revision(FC_SNAPSHOT)


def sample_record(**overrides: Any) -> dict[str, Any]:
    record = make_record(
        id="problem:erdos-problems/7",
        record_kind="problem",
        title="Erdős Problem #7 · number theory / covering systems",
        problem_statement="Is there a covering system all of whose moduli are odd?",
        field={"main": "math", "slug": "number-theory", "source_labels": ["number theory"]},
        msc2020=[
            {
                "code": "11",
                "basis": "community-map",
                "evidence": "Inferred from community label: number theory",
            }
        ],
        status="open",
        source_status_json='{"informal_status":{"state":"verifiable"}}',
        source={
            "key": "erdos-problems",
            "name": "Erdős Problems (Thomas Bloom)",
            "type": "problem-list",
            "collection": None,
            "url": "https://www.erdosproblems.com/7",
            "license": "See site",
            "license_class": "permissive",
            "license_basis": "Apache-2.0 (the database)",
        },
        provenance={
            "imported_at": "2026-10-10",
            "status_as_of": "2025-08-31",
            "status_as_of_basis": "source-field",
            "has_full_text": False,
            "source_record": "data/problems.yaml#number=7",
            "input_file": "data/problems.yaml",
            "sha256": "0" * 64,
            "revision": None,
            "importer": "erdos-problems@1",
        },
        references=[
            {
                "kind": "website",
                "citation": "Erdős Problems #7",
                "url": "https://www.erdosproblems.com/7",
            }
        ],
        formalizations=[
            {
                "language": "Lean 4",
                "format": "declaration",
                "path": "E/7.lean",
                "declaration": "Erdos7.erdos_7",
                "commit": None,
                "toolchain": None,
                "license": "Apache-2.0",
                "has_sorry_or_admit": True,
                "has_axiom": False,
                "verification_status": "not-checked",
                "code": "theorem x : True := by sorry",
            }
        ],
        progress={
            "best_lower": "1",
            "best_upper": "2",
            "bounds": [
                {
                    "direction": "lower",
                    "value": "1",
                    "reference": None,
                    "url": None,
                    "date": None,
                    "comment": None,
                }
            ],
        },
        quality_flags=["formalization-contains-placeholder"],
        snapshot_at="2026-10-10T00:00:00Z",
    )
    for path, value in overrides.items():
        set_path(record, path, value)
    return record


def set_path(record: dict[str, Any], path: str, value: Any) -> None:
    """`set_path(r, "provenance.sha256", "x")`, `"msc2020.0.basis"`."""
    parts = path.split(".")
    target: Any = record
    for p in parts[:-1]:
        target = target[int(p)] if isinstance(target, list) else target[p]
    last = parts[-1]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value


def clone(record: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(record)
