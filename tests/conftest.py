"""Pytest configuration: the `lean` marker skips tests that need a Lean toolchain where
`lake` is not on PATH, and the `checkout` fixture gives each test a fresh checkout."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ofb_testing import Checkout

# The real jail (bwrap) and a Docker daemon of the tests' own, for every folder.
pytest_plugins = ["support.jail_fixtures"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if shutil.which("lake"):
        return
    skip = pytest.mark.skip(reason="needs a Lean toolchain: `lake` is not on PATH")
    for item in items:
        if item.get_closest_marker("lean") is not None:
            item.add_marker(skip)


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Checkout:
    monkeypatch.delenv("OFB_ROOT", raising=False)
    repo = Checkout(tmp_path / "repo")
    monkeypatch.chdir(repo.root)
    return repo
