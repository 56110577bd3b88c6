"""The files of one packet: a standalone Lake workspace for one problem.

P001/
  README.md                      the task, the grader's static rules, the time budget
  lean-toolchain                 the benchmark's Lean
  lakefile.toml                  Mathlib at the benchmark's pin; libraries Problem, Solution;
                                 with `--mathlib-from DIR`, `packagesDir = DIR` (packet.mathlib)
  lake-manifest.json             the benchmark's resolved dependencies (Lake's own layout)
  Problem.lean                   the statement, namespace P001
  FrontierBench/Util/*.lean      the utility library, vendored unchanged
  check_submission               the offline pre-submission check
  checker/openfrontiers/…        the code it runs (lexer, scanner, diagnostics, static layer
                                 and its allow-lists)
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..lean import lake_manifest
from ..project import Project
from ..submission import static
from .transform import Problem

# Our own modules that `check_submission` needs, vendored verbatim (they import nothing else).
CHECKER_MODULES = (
    "__init__.py",
    "lean/__init__.py",
    "lean/lexer.py",
    "lean/decls.py",
    "lean/diagnostics.py",
    "submission/__init__.py",
    "submission/allowlist.py",
    "submission/static.py",
    "submission/local.py",
)
CHECK_SUBMISSION = '''#!/usr/bin/env python3
"""Check Solution.lean before submitting: the grader's static rules, the statement
comparison and, where Lean is installed, compilation and the axioms of main. Offline."""
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
sys.path.insert(0, str(here / "checker"))
from openfrontiers.submission.local import main  # noqa: E402

sys.exit(main(root=here))
'''


@dataclass(frozen=True)
class Packet:
    packet_id: str
    item_id: str
    files: dict[str, bytes]
    executables: frozenset[str]
    stripped: tuple[str, ...]


def _package_root() -> Path:
    return Path(__file__).resolve().parents[1]


def _mathlib_pin(project: Project) -> dict:
    pins = tomllib.loads((project.root / "lakefile.toml").read_text(encoding="utf-8"))
    (mathlib,) = [r for r in pins.get("require", []) if r.get("name") == "mathlib"]
    return dict(mathlib)


def lakefile(
    packet_id: str,
    project: Project,
    libraries: tuple[str, ...] = ("Problem", "Solution"),
    packages_dir: str | None = None,
    mathlib: dict | None = None,
) -> str:
    """The packet's lakefile; the grader builds its Challenge and Solution workspaces from
    the same text with other library names and Mathlib's prebuilt `packages_dir`."""
    mathlib = _mathlib_pin(project) if mathlib is None else mathlib
    blocks = [
        (
            "# Your submission: Solution.lean.\n"
            if lib == "Solution" and "Problem" in libraries
            else ""
        )
        + f'[[lean_lib]]\nname = "{lib}"\n'
        for lib in libraries
    ]
    return (
        f'name = "{packet_id}"\n'
        f'defaultTargets = ["{libraries[0]}"]\n'
        + (f"packagesDir = {json.dumps(packages_dir)}\n" if packages_dir is not None else "")
        + "\n[leanOptions]\nautoImplicit = false\nrelaxedAutoImplicit = false\n\n"
        "[[require]]\n"
        f'name = "mathlib"\nscope = "{mathlib["scope"]}"\nrev = "{mathlib["rev"]}"\n\n'
        "# The benchmark's utility library (the answer(·) syntax), vendored unchanged.\n"
        '[[lean_lib]]\nname = "FrontierBench"\nglobs = ["FrontierBench.Util.+"]\n\n'
        + "\n".join(blocks)
    )


def manifest(packet_id: str, project: Project, packages_dir: str | None = None) -> str:
    """The benchmark's manifest renamed to the workspace, in Lake's own layout (so a
    `lake update` there would leave it unchanged)."""
    data = lake_manifest.load(project.root / "lake-manifest.json")
    data["name"] = packet_id
    if packages_dir is not None:
        data["packagesDir"] = packages_dir
    return lake_manifest.dumps(data)


def environment(toolchain: str, packages_dir: str | None) -> str:
    """The README's account of what the solver's sandbox holds."""
    lean = f"Lean `{toolchain.strip()}` (`lean`, `lake`), as `lean-toolchain` names it"
    if packages_dir is None:
        mathlib = (
            "- Mathlib is **not** part of this packet: `lake exe cache get` fetches it and "
            "its\n  prebuilt files into `.lake/packages` (this needs the network once); after "
            "that\n  `lake build` works offline."
        )
    else:
        mathlib = (
            f"- Mathlib and its dependencies, **prebuilt and read-only**, at `{packages_dir}` "
            "(the\n  `packagesDir` of `lakefile.toml` and `lake-manifest.json`). `lake build` "
            "uses them as\n  they are and fetches nothing. They belong to another user, so "
            "git must trust\n  them: `check_submission` tells it to; for your own `lake` "
            "runs, the sandbox's\n  git configuration does (or run `git config --global "
            "safe.directory '*'`)."
        )
    return (
        "## Your environment\n\n"
        "The sandbox you work in holds:\n\n"
        "- this folder, writable: the Lake workspace of the problem;\n"
        f"- {lean};\n"
        f"{mathlib}\n\n"
        "Nothing else of the benchmark is in it: no other problem and no answer."
    )


def readme(
    packet_id: str, budget_hours: float, toolchain: str = "", packages_dir: str | None = None
) -> str:
    rules = "\n".join(f"- **{rule}**: {text}" for rule, text in static.RULES.items())
    hours = f"{budget_hours:g} hour" + ("" if budget_hours == 1 else "s")
    return f"""# Problem {packet_id}

`Problem.lean` states a research-level question as the Lean 4 theorem `{packet_id}.main`
(Lean and Mathlib pinned in `lean-toolchain`, `lakefile.toml` and `lake-manifest.json`).

{environment(toolchain, packages_dir)}

## Your task

1. Copy `Problem.lean` to `Solution.lean`.
2. Replace `answer(sorry)` by your answer, keeping the `answer(…)` marker. If `main` has
   the form `answer(sorry) ↔ P`, the answer is the literal `True` (P holds) or `False`
   (P fails); otherwise it is an explicit Lean term of the expected type, written with
   Mathlib and the statement alone.
3. Replace the proof `sorry` by a complete proof. Definitions, structures, inductive types
   and lemmas you need go before `main`, in its namespace, under names of your own.
4. Run `python3 check_submission`: it applies the grader's static rules and the statement
   comparison offline and, where `lake` is available, builds `Solution` and lists the
   axioms `main` depends on (`lake build Solution` builds it by hand).

Submit `Solution.lean`.

## Rules of the grader's static layer

{rules}

A proof may use only the axioms `propext`, `Classical.choice` and `Quot.sound`. The
grader compiles the submission in an isolated workspace, compares the definitions and the
statement of `main` with the original, and replays the proof in the kernel with two
independent checkers; both must accept.

## Time budget

{hours} of wall-clock time.
"""


@dataclass(frozen=True)
class Shared:
    """What every packet of one export takes from the repository, read once: the
    toolchain, Mathlib's pin, the manifest's text and the vendored files."""

    toolchain: bytes
    mathlib: dict
    # (packet id length, packages dir) → (the manifest's text, the placeholder in it)
    manifests: dict[tuple[int, str | None], tuple[str, str]]
    vendored: dict[str, bytes]  # packet path → content, the same bytes object in every packet

    @classmethod
    def read(cls, project: Project) -> Shared:
        vendored: dict[str, bytes] = {}
        for path in sorted(project.util_dir.rglob("*.lean")):
            vendored[path.relative_to(project.root).as_posix()] = path.read_bytes()
        package = _package_root()
        for module in CHECKER_MODULES:
            vendored[f"checker/openfrontiers/{module}"] = (package / module).read_bytes()
        return cls(project.toolchain_file.read_bytes(), _mathlib_pin(project), {}, vendored)

    def manifest(self, packet_id: str, project: Project, packages_dir: str | None) -> str:
        """`manifest(packet_id, …)`, laid out once per id length: the layout depends on
        the name's width only, so a placeholder of the same width stands for it."""
        layout = (len(packet_id), packages_dir)
        if not (packet_id.isascii() and packet_id.isalnum()):  # else JSON may escape it
            return manifest(packet_id, project, packages_dir)
        if layout not in self.manifests:
            placeholder = "Q" * len(packet_id)
            text = manifest(placeholder, project, packages_dir)
            if text.count(f'"{placeholder}"') != 1:
                return manifest(packet_id, project, packages_dir)
            self.manifests[layout] = (text, placeholder)
        text, placeholder = self.manifests[layout]
        return text.replace(f'"{placeholder}"', f'"{packet_id}"')


def build(
    project: Project,
    packet_id: str,
    item_id: str,
    problem: Problem,
    budget_hours: float,
    packages_dir: str | None = None,
    shared: Shared | None = None,
) -> Packet:
    """The packet's files; `packages_dir`: where the sandbox holds the prebuilt Mathlib
    (`packet.mathlib`), None when the solver fetches it; `shared`: what the packets of one
    export share, read once (`Shared.read`)."""
    shared = Shared.read(project) if shared is None else shared
    toolchain = shared.toolchain.decode("utf-8")
    files: dict[str, bytes] = {
        "README.md": readme(packet_id, budget_hours, toolchain, packages_dir).encode(),
        "lean-toolchain": shared.toolchain,
        "lakefile.toml": lakefile(
            packet_id, project, packages_dir=packages_dir, mathlib=shared.mathlib
        ).encode(),
        "lake-manifest.json": shared.manifest(packet_id, project, packages_dir).encode(),
        "Problem.lean": problem.text.encode(),
        "check_submission": CHECK_SUBMISSION.encode(),
    }
    files.update(shared.vendored)
    return Packet(packet_id, item_id, files, frozenset({"check_submission"}), problem.stripped)
