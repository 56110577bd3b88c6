"""A tiny FrontierBench checkout and the stand-in toolchain, for runner tests without Lean."""

from __future__ import annotations

import shutil
from pathlib import Path

from openfrontiers.lean.toolchain import Toolchain
from openfrontiers.project import Project

HERE = Path(__file__).parent
REPO = HERE.parents[1]
FIXTURES = REPO / "tests" / "probe" / "fixtures"


def make_project(root: Path, items: dict[str, str]) -> Project:
    """A checkout with the lakefile, the utility library and the given statement files."""
    (root / "FrontierBench" / "Util").mkdir(parents=True)
    (root / "FrontierBench" / "evaluator").mkdir()
    for name in ("lakefile.toml", "lean-toolchain"):
        shutil.copy(REPO / name, root / name)
    shutil.copy(
        REPO / "FrontierBench" / "Util" / "Answer.lean",
        root / "FrontierBench" / "Util" / "Answer.lean",
    )
    for item_id, text in items.items():
        (root / "FrontierBench" / f"{item_id}.lean").write_text(text, encoding="utf-8")
    root.chmod(0o755)
    return Project(root)


def standin_toolchain(project: Project) -> Toolchain:
    """The stand-in (see toolchain/bin/lake): not Lean, only for process control."""
    return Toolchain(HERE / "toolchain", "standin", "standin", project.root)
