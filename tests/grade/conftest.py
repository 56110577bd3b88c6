"""Fixtures shared by the grader's tests: a grading checkout, and the same as the working
directory (for CLI verbs that find the checkout from where they run)."""

from __future__ import annotations

import pytest
from grading_helpers import GradingCheckout


@pytest.fixture
def repo(tmp_path, monkeypatch) -> GradingCheckout:
    monkeypatch.delenv("OFB_ROOT", raising=False)
    return GradingCheckout(tmp_path / "repo")


@pytest.fixture
def repo_here(repo, monkeypatch) -> GradingCheckout:
    monkeypatch.chdir(repo.root)
    return repo
