"""The public certificates of Rediscovery items: `FrontierBench/evaluator/certificates/`.

Each file `<ITEM>.cert.json` is a certificate in its item's format, written from the public
record named in its `note` (and in `SOURCES.md` there); `recompute_all` checks every one
in a child process, with the verifiers beside them (`verifiers/`). Evaluator-only, like the
rest of `FrontierBench/evaluator/`.
"""

from __future__ import annotations

from pathlib import Path

from ..project import Project
from .files import SUFFIX, read_certificate
from .isolate import check_isolated
from .verdict import Verdict
from .verifiers import for_project

FOLDER = "certificates"


def certificate_files(project: Project) -> list[Path]:
    return sorted((project.evaluator_dir / FOLDER).glob(f"*{SUFFIX}"))


def item_of(path: Path) -> str:
    return path.name[: -len(SUFFIX)].split(".")[0].upper()


def recompute_all(project: Project) -> list[tuple[Path, Verdict]]:
    verifiers = for_project(project)
    return [
        (p, check_isolated(item_of(p), read_certificate(p), verifiers=verifiers))
        for p in certificate_files(project)
    ]
