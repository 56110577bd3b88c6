"""Lexing and `ofb check` throughput on a generated, statement-shaped Lean tree.

Generates about 2,000 statement files (about 5 MB: module docstrings, documented helper
definitions, a `main` with the answer placeholder) in five synthetic checkouts of 400
items each, then prints files/s and MB/s for the lexer alone and for the full check.
Target: 5 MB checked in under 3 s on one core.

    python benchmarks/bench_check.py [--files 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from openfrontiers.check import run_check  # noqa: E402
from openfrontiers.lake import sync_root  # noqa: E402
from openfrontiers.lean.lexer import tokenize  # noqa: E402
from openfrontiers.project import Project  # noqa: E402
from openfrontiers.register.dump import dump_register  # noqa: E402
from openfrontiers.register.model import (  # noqa: E402
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

WORDS = (
    "set",
    "integer",
    "prime",
    "graph",
    "vertex",
    "every",
    "finite",
    "sequence",
    "bound",
    "density",
    "sum",
    "there",
    "exists",
    "constant",
    "polynomial",
    "matrix",
    "positive",
)


def statement(item_id: str, rng: random.Random) -> str:
    prose = "\n".join(
        " ".join(rng.choice(WORDS) for _ in range(14)) for _ in range(rng.randint(11, 17))
    )
    helpers = "\n\n".join(
        f"/-- Helper {k}: {' '.join(rng.choice(WORDS) for _ in range(10))}. -/\n"
        f"def helper{k} (n : ℕ) : ℕ := n ^ {k + 2} + ∑ i ∈ Finset.range n, (i + {k}) * 3"
        for k in range(rng.randint(2, 4))
    )
    return f"""import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# {item_id} — Is every {rng.choice(WORDS)} {rng.choice(WORDS)} bounded?

{prose}

*Wording:* paraphrase of the source.

*Source:* A. Author, A paper on {rng.choice(WORDS)}s, J. Math. 12 (1999) 1–20.

*Scope:* as posed.
-/

namespace FrontierBench.{item_id}

{helpers}

/-- Is there a positive `n` with `helper0 n ∣ n - 1` and `s!"{{n}}"` — the usual question? -/
theorem main : answer(sorry) ↔ ∃ n : ℕ, 1 < n ∧ ¬ n.Prime ∧ helper0 n ∣ n - 1 ∧
    ∀ m ∈ Finset.range n, (m : ℝ) / (n + 1) < 1 := by
  sorry

end FrontierBench.{item_id}
"""


def make_checkout(root: Path, ids: list[str], rng: random.Random) -> Project:
    lib = root / "FrontierBench"
    (lib / "Util").mkdir(parents=True)
    shutil.copy(REPO / "lakefile.toml", root / "lakefile.toml")
    shutil.copy(REPO / "FrontierBench/Util/Answer.lean", lib / "Util/Answer.lean")
    items = []
    for item_id in ids:
        split = Split.OPEN if item_id[0] == "O" else Split.REDISCOVERY
        extra = {"priority": Priority.CORE} if split is Split.OPEN else {}
        items.append(
            Item(
                id=item_id,
                title=item_id,
                area="Comb.",
                split=split,
                hq50=False,
                status=Status.WRITTEN,
                answer_kind=AnswerKind.YES_NO,
                answer_type="Prop",
                origin=Origin.NEW,
                formalization_confidence=Confidence.HIGH,
                writer="w",
                sources=(Source("A. Author (1999)"),),
                reviews=(
                    Review("a", Focus.FIDELITY, Verdict.OK),
                    Review("b", Focus.SEMANTICS, Verdict.OK),
                ),
                **extra,
            )
        )
        (lib / f"{item_id}.lean").write_text(statement(item_id, rng), encoding="utf-8")
    (lib / "items.toml").write_text(dump_register(items), encoding="utf-8")
    project = Project(root)
    sync_root(project)
    return project


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(20261202)
    all_ids = [f"{p}{n:02d}" for p in "RENO" for n in range(100)]
    with tempfile.TemporaryDirectory() as tmp:
        projects, sources = [], []
        remaining, k = args.files, 0
        while remaining > 0:
            ids = all_ids[: min(remaining, len(all_ids))]
            project = make_checkout(Path(tmp) / f"tree{k}", ids, rng)
            projects.append(project)
            sources += [p.read_text(encoding="utf-8") for p in project.library.glob("*.lean")]
            remaining -= len(ids)
            k += 1
        size_mb = sum(len(s.encode()) for s in sources) / 1e6
        n_files = len(sources)
        print(f"tree: {n_files} files, {size_mb:.2f} MB in {len(projects)} checkouts")

        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            for s in sources:
                tokenize(s)
            best = min(best, time.perf_counter() - t0)
        print(f"lex:   {best:.2f} s  {n_files / best:,.0f} files/s  {size_mb / best:.2f} MB/s")

        best, errors = float("inf"), 0
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            errors = sum(run_check(p, []).errors for p in projects)
            best = min(best, time.perf_counter() - t0)
        print(
            f"check: {best:.2f} s  {n_files / best:,.0f} files/s  {size_mb / best:.2f} MB/s"
            f"  ({errors} errors; the generated tree is clean, so 0 is expected)"
        )


if __name__ == "__main__":
    main()
