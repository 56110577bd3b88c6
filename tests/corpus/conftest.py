"""Fixtures for the corpus tests (helpers live in corpus_helpers.py)."""

from __future__ import annotations

import pytest
from corpus_helpers import REPO

from openfrontiers.corpus.config import CorpusConfig


@pytest.fixture(scope="session")
def config() -> CorpusConfig:
    return CorpusConfig(REPO / "Corpus")
