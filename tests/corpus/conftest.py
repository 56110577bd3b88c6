"""Shared fixtures for the corpus tests.

Real upstream snapshots are read in place from `../shared/data/sources` (relative to the
repository root) and never copied into the repository; tests that need them skip, saying
why, where that folder is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from openfrontiers.corpus.config import CorpusConfig
from openfrontiers.corpus.importers import IMPORTERS
from openfrontiers.corpus.importers.base import ImportContext, ImportResult, Snapshot

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "data"
SOURCES = SHARED / "sources"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SNAPSHOT = Snapshot.parse("2026-10-10T00:00:00Z")


def shared_source(name: str) -> Path:
    path = SOURCES / name
    if not path.exists():
        pytest.skip(f"upstream snapshot {path} is absent (the shared data folder is not beside "
                    "the repository)")
    return path


@pytest.fixture(scope="session")
def config() -> CorpusConfig:
    return CorpusConfig(REPO / "Corpus")


def run_importer(config: CorpusConfig, name: str, path: Path, key: str | None = None) -> ImportResult:
    source = config.registry[key or name]
    ctx = ImportContext(source, config.registry, config.taxonomy, SNAPSHOT, config.dir)
    return IMPORTERS[name].run(path, ctx)
