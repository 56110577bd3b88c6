"""A checkout with three gradable items, an evaluator key, answers, submissions, and the
grader's stand-in tools (tests/support: not Lean, only for process control)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

from ofb_testing import Checkout, written_item
from openfrontiers.evaluator.key import KEY_FORMAT
from openfrontiers.grade.tools import GraderTools
from openfrontiers.lean.toolchain import Toolchain

HERE = Path(__file__).resolve().parent
ATTACKS = HERE / "attacks"
SUPPORT = HERE.parent / "support"
STANDIN_TOOLCHAIN = SUPPORT / "toolchain"
STANDIN_TOOLS = SUPPORT / "grader"
ANSWERS = """\
[answers.R97]
answer = "True"
record = "self-test"

[answers.N97]
answer = "4"
record = "self-test"
"""


def steps_for(tools, jail, limits):
    """The grader's steps on `jail`; where it has no cgroups (tests run without root), with
    the evaluator's waiver, as `ofb grade --allow-no-cgroups` would."""
    from openfrontiers.grade.runs import NO_CGROUPS, Steps

    return Steps(tools, jail, limits, waivers=[NO_CGROUPS] if jail.group_limits() is None else [])


def submission(name: str) -> str:
    return (ATTACKS / "submissions" / f"{name}.lean").read_text(encoding="utf-8")


class GradingCheckout(Checkout):
    """Items R97 (yes/no, answer True), N97 (value, answer 4) and O97 (open, yes/no)."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        from openfrontiers.register.model import AnswerKind

        for item_id in ("R97", "N97", "O97"):
            item = written_item(item_id)
            if item_id == "N97":
                item = replace(item, answer_kind=AnswerKind.VALUE, answer_type="ℕ")
            self.set_item(item)
            self.statement(item_id, (ATTACKS / "references" / f"{item_id}.lean").read_text())
        self.answers(ANSWERS)
        (root / ".lake" / "packages").mkdir(parents=True)
        root.chmod(0o755)

    def key(self, packets: dict[str, str]) -> Path:
        """An evaluator key mapping packet ids to items, with their statements' hashes."""
        entries = {}
        for pid, item_id in packets.items():
            path = self.library / f"{item_id}.lean"
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "0" * 64
            entries[pid] = {
                "item": item_id,
                "source": {"path": f"FrontierBench/{item_id}.lean", "sha256": digest},
            }
        path = self.root.parent / "key.json"
        path.write_text(json.dumps({"format": KEY_FORMAT, "packets": entries}))
        return path

    @property
    def answers_path(self) -> Path:
        return self.library / "evaluator" / "answers.toml"

    def toolchain(self) -> Toolchain:
        """The stand-in toolchain, claiming the benchmark's version (what exports are checked "
        "against)."""
        return Toolchain(STANDIN_TOOLCHAIN, "4.33.1", "4.33.1", self.root)


def submissions_folder(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for pid, text in files.items():
        (root / f"{pid}.lean").write_text(text, encoding="utf-8")
    return root


def standin_tools(repo: GradingCheckout) -> GraderTools:
    """The grader's tools as the stand-ins of tests/support (not Lean)."""
    return GraderTools.discover(
        repo.project(),
        repo.toolchain(),
        lean4export=STANDIN_TOOLS / "lean4export",
        comparator=STANDIN_TOOLS / "comparator",
        landrun=STANDIN_TOOLS / "landrun",
    )
