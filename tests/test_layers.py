"""The import graph runs one way: the foundations at the bottom (errors, the Lean syntax,
the register, the jail), what several stages share above them, the stages above that, the
commands on top. A module may import its own component and any layer below its own; two
components of one layer are independent. Every import counts — also one inside a function
or under `TYPE_CHECKING` — since each is a dependency all the same.

A new package goes into `LAYERS` where its imports put it; the test names any module the
table does not place."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from ofb_testing import REPO

PACKAGE = "openfrontiers"

# Top to bottom. Each entry of a layer is a component: a module or a package prefix.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("__main__",),
    ("cli",),
    ("commands",),
    ("doctor",),  # looks at what every stage needs: the harness's agent CLIs too
    ("cluster",),  # runs attempts, grading and probes as Ray tasks
    ("lean_summary", "results"),  # read what the grader and the harness wrote
    ("grade",),  # rebuilds a packet's problem to grade against it
    ("packet",),  # gates an export on `ofb check`
    ("check", "probe", "build", "corpus", "harness", "cert"),
    ("lake", "gitdiff"),
    ("evaluator", "submission"),  # shared by stages: answer records, the key, static rules
    ("lean.toolchain",),  # runs Lean in the jail for a project
    ("project",),
    ("register", "lean", "jail"),
    ("tomlpos", "outputs", "plainfile", "stamp", "extras"),
    ("errors", "progress", ""),  # "" is the package itself (its version)
)


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, dotted
    target: str  # the imported module, dotted
    where: str  # file:line


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(root: Path) -> list[Import]:
    """Every import of the package at `root` from one of its modules to another."""
    found: list[Import] = []
    for path in sorted(root.rglob("*.py")):
        module = _module_name(root, path)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                # `from m import x`: x is a module of m or a name defined in m (`place`
                # tells them apart).
                targets = [f"{stem}.{a.name}" for a in node.names]
            for target in targets:
                if target == PACKAGE or target.startswith(PACKAGE + "."):
                    found.append(Import(module, target, f"{path}:{node.lineno}"))
    return found


def place(module: str, modules: set[str]) -> tuple[int, str] | None:
    """(layer, component) of a module, by the longest component prefix; None if unplaced.
    A name that is not a module (an attribute imported from a package) is its package's."""
    while module not in modules and "." in module:
        module = module.rpartition(".")[0]
    rel = module.removeprefix(PACKAGE).removeprefix(".")
    best: tuple[int, str] | None = None
    for level, layer in enumerate(LAYERS):
        for component in layer:
            if (
                rel == component
                or (component and rel.startswith(component + "."))
                or (not component and not rel)
            ) and (best is None or len(component) > len(best[1])):
                best = (level, component)
    return best


def violations(root: Path) -> list[str]:
    found = imports(root)
    modules = {_module_name(root, p) for p in root.rglob("*.py")}
    problems: list[str] = []
    for module in sorted(modules):
        if place(module, modules) is None:
            problems.append(f"{module}: in no layer; add it to LAYERS in {Path(__file__).name}")
    for imp in found:
        source, target = place(imp.source, modules), place(imp.target, modules)
        if source is None or target is None or source[1] == target[1]:
            continue
        if target[0] < source[0]:
            problems.append(
                f"{imp.where}: {imp.source} imports {imp.target}, a layer above it "
                f"({target[1]} sits above {source[1] or PACKAGE})"
            )
        elif target[0] == source[0]:
            problems.append(
                f"{imp.where}: {imp.source} imports {imp.target}; {source[1]} and "
                f"{target[1]} share a layer and must not depend on each other"
            )
    return problems


def test_imports_run_down_the_layers():
    problems = violations(REPO / "tools" / PACKAGE)
    assert not problems, "upward or sideways imports:\n" + "\n".join(problems)


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / PACKAGE
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        # A foundation reaching up to a stage, even inside a function.
        (
            {"register/__init__.py": "def f():\n    from ..grade import pipeline\n"},
            "openfrontiers.register imports openfrontiers.grade.pipeline, a layer above it",
        ),
        # Two stages of one layer.
        (
            {"check/rules.py": "from ..probe.run import verdict\n"},
            "check and probe share a layer",
        ),
        # A stage reaching the commands.
        (
            {"packet/export.py": "import openfrontiers.commands.common\n"},
            "openfrontiers.packet.export imports openfrontiers.commands.common, a layer above",
        ),
        # A package nobody placed.
        ({"newstage/__init__.py": ""}, "openfrontiers.newstage: in no layer"),
    ],
)
def test_the_check_catches_what_it_is_for(tmp_path, files, expected):
    base = {
        "__init__.py": "",
        "errors.py": "",
        "grade/__init__.py": "",
        "grade/pipeline.py": "from ..register import x\n",
        "probe/__init__.py": "",
        "probe/run.py": "",
        "commands/__init__.py": "",
        "commands/common.py": "from ..packet import export\n",
        "check/__init__.py": "",
        "packet/__init__.py": "",
    }
    clean = _package(tmp_path / "clean", base)
    assert violations(clean) == []
    planted = _package(tmp_path / "planted", {**base, **files})
    assert any(expected in p for p in violations(planted)), violations(planted)
