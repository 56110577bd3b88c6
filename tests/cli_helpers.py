"""Run the `ofb` entry point in-process, as a user would, and capture what it prints."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pytest

from openfrontiers.cli import main


@dataclass
class Run:
    code: int
    out: str
    err: str


def ofb(capsys: pytest.CaptureFixture[str], *args: str) -> Run:
    argv = sys.argv
    sys.argv = ["ofb", *args]
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = argv
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)
