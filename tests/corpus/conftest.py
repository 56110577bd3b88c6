"""Fixtures for the corpus tests (helpers live in corpus_helpers.py)."""

from __future__ import annotations

import pytest

from openfrontiers.corpus.config import CorpusConfig

from corpus_helpers import REPO


@pytest.fixture(scope="session")
def config() -> CorpusConfig:
    return CorpusConfig(REPO / "Corpus")
