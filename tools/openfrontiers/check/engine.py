"""Run the rules over files and the tree; return sorted findings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, Location, OfbError, UsageError
from ..evaluator import ReferenceAnswer, load_answers
from ..evaluator.reviews import EvaluatorReview, load_reviews
from ..lean.decls import LeanFile
from ..project import Project
from ..register import Register, RegisterError, load_register
from ..register.subsets import load_subsets
from .context import FileContext, FileKind, TreeContext, classify
from .findings import Finding, Severity, display_path
from .public_text import PublicTextScan
from .rules import RULES, Rule, Scope

# Findings the engine itself reports, before any rule can look at a file.
ENGINE_RULES = (("encoding", Severity.ERROR, "file", "Lean files are UTF-8"),)


@dataclass
class CheckResult:
    findings: list[Finding]
    files: int

    @property
    def errors(self) -> int:
        return sum(f.severity is Severity.ERROR for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.severity is Severity.WARNING for f in self.findings)


def collect(paths: list[Path]) -> list[Path]:
    """The .lean files named by `paths` (files, or folders searched recursively)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.lean") if ".lake" not in p.parts))
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"{path}: no such file or folder")
    return list(dict.fromkeys(files))


def _load_tree(project: Project, register: Register | None = None) -> TreeContext:
    tree = TreeContext(project=project, register=register)
    try:
        if register is None:
            tree.register = load_register(project.register_path)
    except RegisterError as exc:
        tree.load_errors.extend(exc.errors)
    except InputError as exc:
        tree.load_errors.append(exc)
    if tree.register is not None and project.subsets_path.exists():
        try:
            load_subsets(project.subsets_path, tree.register)
        except OfbError as exc:
            tree.load_errors.extend(_as_input_errors(exc, project.subsets_path))
    return tree


def _load_reviews(project: Project, tree: TreeContext) -> dict[str, list[EvaluatorReview]]:
    path = project.evaluator_dir / "reviews.toml"
    if not path.exists():
        return {}
    try:
        return load_reviews(path)
    except OfbError as exc:
        tree.load_errors.extend(_as_input_errors(exc, path))
        return {}


def _public_scan(project: Project, tree: TreeContext) -> PublicTextScan:
    """The public-text search: generic patterns always; the key's secrets where the
    evaluator folder is present (a formalizer's clone has none)."""
    register = tree.register
    repos = {u.repo for item in register for u in item.upstream} if register else set()
    return PublicTextScan(tree.answers.values(), repos)


def _load_answers(project: Project, tree: TreeContext) -> dict[str, ReferenceAnswer]:
    path = project.evaluator_dir / "answers.toml"
    if not path.exists():
        return {}
    try:
        return load_answers(path)
    except OfbError as exc:
        tree.load_errors.extend(_as_input_errors(exc, path))
        return {}


def _as_input_errors(exc: OfbError, path: Path) -> list[InputError]:
    if isinstance(exc, InputError):
        return [exc]
    # Loaders that collect several problems report them one per line after a summary.
    lines = str(exc).splitlines()[1:] or [str(exc)]
    return [InputError(Location(path), "invalid", line) for line in lines]


def check_files(
    project: Project,
    files: list[Path],
    *,
    complete: bool,
    rules: tuple[Rule, ...] = RULES,
    register: Register | None = None,
) -> CheckResult:
    """`rules` on `files` and, with tree rules among them, on the tree; `register`: the
    project's register when the caller has loaded it already (it loaded without error)."""
    tree = _load_tree(project, register)
    tree.complete = complete
    answers = _load_answers(project, tree)
    tree.answers, tree.answers_path = answers, project.evaluator_dir / "answers.toml"
    tree.evaluator_reviews = _load_reviews(project, tree)
    tree.reviews_path = project.evaluator_dir / "reviews.toml"
    tree.public_scan = _public_scan(project, tree)
    findings: list[Finding] = []
    for path in files:
        kind, item_id = classify(path, project.library)
        shown = display_path(path)
        if kind is FileKind.ITEM and item_id:
            tree.item_files[item_id] = path
        try:
            source = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            findings.append(
                Finding(
                    shown,
                    0,
                    0,
                    "encoding",
                    Severity.ERROR,
                    f"not UTF-8 ({exc.reason} at byte {exc.start})",
                )
            )
            continue
        lean = LeanFile.parse(source)
        ctx = FileContext(
            path=path,
            kind=kind,
            item_id=item_id,
            lean=lean,
            project=project,
            register=tree.register,
            answer=answers.get(item_id) if item_id else None,
            public_scan=tree.public_scan,
        )
        for rule in rules:
            if not rule.applies_to(kind):
                continue
            for where, message in rule.check(ctx):
                if where is None:
                    line, col = 1, 1
                else:
                    offset = where if isinstance(where, int) else where.start
                    line, col = lean.line_col(offset)
                findings.append(Finding(shown, line, col, rule.id, rule.severity, message))
    if complete:
        # Item files present on disk count even when not passed explicitly.
        for path in project.library.glob("*.lean"):
            kind, item_id = classify(path, project.library)
            if kind is FileKind.ITEM and item_id:
                tree.item_files.setdefault(item_id, path)
    for rule in rules:
        if rule.scope is Scope.TREE:
            for path, line, message in rule.check(tree):
                findings.append(
                    Finding(
                        display_path(path), line, 1 if line else 0, rule.id, rule.severity, message
                    )
                )
    findings.sort(key=lambda f: (f.path, f.line, f.column, f.rule, f.message))
    return CheckResult(findings, len(files))


def run_check(project: Project, paths: list[Path], changed_since: str | None = None) -> CheckResult:
    """Check `paths` (default: the whole library); with `changed_since`, only the
    statements changed since that git revision."""
    if changed_since:
        from ..gitdiff import changed_files

        files = [
            p
            for p in changed_files(project.root, changed_since)
            if p.suffix == ".lean" and p.exists()
        ]
        return check_files(project, files, complete=False)
    targets = paths or [project.library]
    complete = any(p.resolve() == project.library.resolve() for p in targets)
    return check_files(project, collect(targets), complete=complete)
