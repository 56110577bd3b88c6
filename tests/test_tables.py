"""Output for people: tables as wide as the terminal, commands and URLs whole, titles
without LaTeX markup."""

from __future__ import annotations

import re

import pytest

from cli_helpers import ofb
from openfrontiers.commands.tables import plain_title


@pytest.mark.parametrize(
    ("title", "shown"),
    [
        ("walks in $\\mathbb{Z}$3", "walks in ℤ3"),
        ("is $|A+A| \\leq 2|A|$?", "is |A+A| ≤ 2|A|?"),
        ("$\\varphi(n) \\mid n-1$", "φ(n) ∣ n-1"),
        ("R(3;k)$^{1/k}$ as $k \\to \\infty$", "R(3;k)^(1/k) as k → ∞"),
        ("fractional parts {$\\alpha$ pn}", "fractional parts {α pn}"),  # braces of the text stay
        ("$\\operatorname{ex}(n, C_4)$", "ex(n, C_4)"),
        ("a prize of $500", "a prize of $500"),  # one dollar sign is not math
        ("no markup at all", "no markup at all"),
    ],
)
def test_titles_lose_their_latex_markup(title, shown):
    assert plain_title(title) == shown


@pytest.mark.parametrize("width", [60, 100, 140])
def test_the_items_table_fits_the_terminal(checkout, capsys, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    run = ofb(capsys, "items")
    assert run.code == 0
    assert max(len(line) for line in run.out.splitlines()) <= width


def test_doctor_prints_each_fix_whole_on_a_narrow_terminal(checkout, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no elan here: its fix is a long command
    run = ofb(capsys, "doctor")
    fixes = [line for line in run.out.splitlines() if re.match(r"\s+elan: ", line)]
    assert fixes and "https://" in fixes[0] and fixes[0].rstrip().endswith("none")
