"""What a rule sees: one scanned file with its register entry, or the whole tree."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from pathlib import Path

from ..errors import InputError
from ..evaluator import ReferenceAnswer
from ..evaluator.reviews import EvaluatorReview
from ..lean.decls import Declaration, LeanFile
from ..lean.lexer import COMMENT_KINDS, Kind, Token
from ..project import Project
from ..register import Item, Register
from ..register.model import ITEM_ID
from ..tomlpos import KeyLines
from . import leaks
from .public_text import PublicTextScan

STRING_KINDS = frozenset({Kind.STRING, Kind.RAW_STRING, Kind.INTERP_STRING})


class FileKind(StrEnum):
    ITEM = "item"  # FrontierBench/<ID>.lean
    UTIL = "util"  # FrontierBench/Util/**.lean, our own utility library
    OTHER = "other"  # any other .lean file under FrontierBench/ (a misplaced statement)


def classify(path: Path, library: Path) -> tuple[FileKind, str | None]:
    """The kind of a Lean file and, for item-shaped names, the item id it claims."""
    stem = path.stem
    try:
        rel = path.resolve().relative_to(library.resolve())
    except ValueError:
        rel = None
    if rel is not None and rel.parts and rel.parts[0] == "Util":
        return FileKind.UTIL, None
    if rel is not None and len(rel.parts) == 1 and ITEM_ID.fullmatch(stem):
        return FileKind.ITEM, stem
    return FileKind.OTHER, stem if ITEM_ID.fullmatch(stem) else None


@dataclass
class FileContext:
    path: Path
    kind: FileKind
    item_id: str | None
    lean: LeanFile
    project: Project | None
    register: Register | None
    answer: ReferenceAnswer | None = None
    public_scan: PublicTextScan | None = None  # the evaluator key's secrets, when present

    @property
    def item(self) -> Item | None:
        if self.register is None or self.item_id is None:
            return None
        return self.register.items.get(self.item_id)

    @property
    def namespace(self) -> str:
        return f"FrontierBench.{self.item_id}"

    @cached_property
    def code(self) -> list[Token]:
        """Significant tokens: no whitespace, comments or docstrings."""
        return [
            t
            for t in self.lean.tokens
            if t.kind not in COMMENT_KINDS and t.kind is not Kind.WHITESPACE
        ]

    @cached_property
    def comments(self) -> list[Token]:
        """Comments, doc comments and module docs: the prose a reader sees."""
        return [t for t in self.lean.tokens if t.kind in COMMENT_KINDS]

    @cached_property
    def theorems(self) -> list[Declaration]:
        return [d for d in self.lean.declarations if d.kind in ("theorem", "lemma")]

    @cached_property
    def main(self) -> Declaration | None:
        mains = [d for d in self.theorems if d.name == "main"]
        return mains[0] if len(mains) == 1 else None

    @cached_property
    def strings(self) -> list[Token]:
        """String literals: words a reader of the file sees, though not prose."""
        return [t for t in self.lean.tokens if t.kind in STRING_KINDS]

    def answer_hits(self, pattern: leaks.Pattern) -> list[tuple[int, re.Match[str]]]:
        """Hits of one of the answer patterns in the comments and the string literals."""
        return sorted(
            (
                (tok.start + m.start(), m)
                for tok in self.comments + self.strings
                for m in pattern.regex.finditer(tok.text)
            ),
            key=lambda hit: hit[0],
        )

    @cached_property
    def prose_hits(self) -> list[tuple[int, leaks.Hit]]:
        """Every leak pattern hit in the comments, with its offset in the file."""
        return [
            (tok.start + hit.start, hit)
            for tok in self.comments
            for hit in leaks.scan_text(tok.text)
        ]

    @cached_property
    def _code_starts(self) -> list[int]:
        return [t.start for t in self.code]

    def code_in(self, start: int, end: int) -> list[Token]:
        """Code tokens lying within [start, end)."""
        lo = bisect.bisect_left(self._code_starts, start)
        hi = lo
        code = self.code
        while hi < len(code) and code[hi].end <= end:
            hi += 1
        return code[lo:hi]


@dataclass
class TreeContext:
    """The files of one run, for rules about the tree as a whole."""

    project: Project
    register: Register | None
    item_files: dict[str, Path] = field(default_factory=dict)
    complete: bool = False  # the whole library was scanned (not a subset of files)
    load_errors: list[InputError] = field(default_factory=list)
    answers: dict[str, ReferenceAnswer] = field(default_factory=dict)  # the evaluator key
    answers_path: Path | None = None
    # the evaluator's parts of the register's reviews (`evaluator/reviews.toml`)
    evaluator_reviews: dict[str, list[EvaluatorReview]] = field(default_factory=dict)
    reviews_path: Path | None = None
    public_scan: PublicTextScan | None = None

    @cached_property
    def register_lines(self) -> KeyLines | None:
        if self.register is None:
            return None
        return KeyLines(self.register.path.read_text(encoding="utf-8"))
