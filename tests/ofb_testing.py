"""Test helpers shared across the suite: a statement that passes every rule, written
register items, and `Checkout`, a small FrontierBench checkout in a temporary folder.
(Imported by name from tests; pytest's fixtures live in conftest.py.)"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


GOOD_STATEMENT = """\
import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O02 — Is there a composite n with φ(n) ∣ n − 1?

Lehmer's totient problem: does there exist a composite number $n$ such that Euler's
totient $\\varphi(n)$ divides $n - 1$?

*Wording:* paraphrase of Lehmer (1932).

*Source:* D. H. Lehmer, On Euler's totient function, Bull. Amer. Math. Soc. 38 (1932).

*Scope:* as posed.
-/

namespace FrontierBench.O02

/-- Is there a composite $n > 1$ with $\\varphi(n) \\mid n - 1$? -/
theorem main : answer(sorry) ↔ ∃ n : ℕ, 1 < n ∧ ¬ n.Prime ∧ n.totient ∣ n - 1 := by
  sorry

end FrontierBench.O02
"""


# The evaluator-key entry of the good (open) statement: its status check and certificate.
GOOD_KEY = """\
[answers.O02]
status_checked = 2026-11-20
status_record = "a survey listing the problem as open"
certificate_direction = "True"
certificate_object = "a composite n with φ(n) ∣ n − 1"
"""


def written_item(item_id: str = "O02"):
    from openfrontiers.register.model import (
        AnswerKind,
        Confidence,
        Focus,
        Item,
        Origin,
        Priority,
        Review,
        Source,
        Split,
        Status,
        Verdict,
    )

    split = Split.OPEN if item_id.startswith("O") else Split.REDISCOVERY
    base = Item(
        id=item_id,
        title=f"Problem {item_id}",
        area="Number th.",
        split=split,
        hq50=True,
        status=Status.WRITTEN,
        answer_kind=AnswerKind.YES_NO,
        answer_type="Prop",
        origin=Origin.NEW,
        formalization_confidence=Confidence.HIGH,
        writer="writer-a",
        sources=(Source("D. H. Lehmer, On Euler's totient function (1932)"),),
        primary_source_read=True,
        primary_source_note="the paper read (test fixture)",
        reviews=(
            Review("reviewer-b", Focus.FIDELITY, Verdict.OK),
            Review("reviewer-c", Focus.SEMANTICS, Verdict.OK),
        ),
    )
    if split is Split.OPEN:
        return replace(base, priority=Priority.CORE, certificate=True)
    from openfrontiers.register.model import AiClass, Tier

    return replace(base, tier=Tier.A, evidence_date="2026-04", ai_class=AiClass.NONE)


class Checkout:
    """A minimal FrontierBench checkout in a temporary folder."""

    def __init__(self, root: Path) -> None:
        from openfrontiers.register.model import Item, Split, Status

        self.root = root
        (root / "FrontierBench" / "Util").mkdir(parents=True)
        (root / "FrontierBench" / "evaluator").mkdir()
        for name in ("lakefile.toml", "lean-toolchain", "lake-manifest.json"):
            shutil.copy(REPO / name, root / name)
        shutil.copy(
            REPO / "FrontierBench" / "Util" / "Answer.lean",
            root / "FrontierBench" / "Util" / "Answer.lean",
        )
        self.items = {
            "O02": written_item("O02"),
            "E03": Item(
                id="E03",
                title="Erdős Problem #152: isolated elements",
                area="Add. comb.",
                split=Split.REDISCOVERY,
                hq50=True,
                status=Status.PLANNED,
            ),
        }
        self.write_register()
        self.write_subsets()
        self.answers(GOOD_KEY)
        self.statement("O02", GOOD_STATEMENT)
        self.sync()

    @property
    def library(self) -> Path:
        return self.root / "FrontierBench"

    def project(self):
        from openfrontiers.project import Project

        return Project(self.root)

    def write_register(self) -> None:
        from openfrontiers.register.dump import dump_register

        (self.library / "items.toml").write_text(
            dump_register(self.items.values()), encoding="utf-8"
        )

    def write_subsets(self) -> None:
        from openfrontiers.register.subsets import Subset, dump_subsets

        ids = tuple(self.items)
        (self.library / "subsets.toml").write_text(
            dump_subsets([Subset("HQ-50", "v1", ids, "test")]), encoding="utf-8"
        )

    def set_item(self, item) -> None:
        self.items[item.id] = item
        self.write_register()

    def statement(self, item_id: str, text: str) -> Path:
        path = self.library / f"{item_id}.lean"
        path.write_text(text, encoding="utf-8")
        return path

    def answers(self, text: str) -> None:
        (self.library / "evaluator" / "answers.toml").write_text(text, encoding="utf-8")

    def sync(self) -> None:
        from openfrontiers.lake import sync_root

        sync_root(self.project())
