"""With a Lean toolchain: every written yes/no statement elaborates with `answer(True)` and
with `answer(False)` in place of `answer(sorry)` — the placeholder accepts the literals a
solver must submit, and nothing else in the file breaks. Skipped where `lake` is absent."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from ofb_testing import REPO
from openfrontiers.lean.answer import fill_answer
from openfrontiers.register import AnswerKind, load_register

REGISTER = load_register(REPO / "FrontierBench" / "items.toml")
YES_NO = [i.id for i in REGISTER.written() if i.answer_kind is AnswerKind.YES_NO]


def lean_errors(path: Path) -> list[dict]:
    done = subprocess.run(
        ["lake", "env", "lean", "--json", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    messages = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return [m for m in messages if m.get("severity") == "error"] + (
        [{"data": done.stderr}] if done.returncode != 0 and not messages else []
    )


@pytest.mark.lean
@pytest.mark.parametrize("answer", ["True", "False"])
@pytest.mark.parametrize("item_id", YES_NO)
def test_answered_statement_elaborates(item_id, answer, tmp_path):
    source = (REPO / "FrontierBench" / f"{item_id}.lean").read_text(encoding="utf-8")
    path = tmp_path / f"{item_id}Answered.lean"
    path.write_text(fill_answer(source, answer), encoding="utf-8")
    assert lean_errors(path) == []
