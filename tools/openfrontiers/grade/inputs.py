"""What `ofb grade` reads: submissions, the evaluator key, the answers — turned into jobs.

A submission is a Lean file named by its packet id: `P001.lean`, or `Solution.lean` in a
folder named `P001`. `SUBMISSIONS` is one such file or a folder of them. Submissions are
read as root from wherever solvers put them, so only regular files are read, opened
without following links (a link to the answers would otherwise be read and its text shown
in a verdict), through folders that are not links, and at most `MAX_SUBMISSION_BYTES`.
The evaluator key (`ofb packet export`) maps each packet id to its item and records the
sha256 of the statement the packet was made from; the answers file gives each solved
item's reference answer. Every problem is reported at once, with the file it is in,
before any grading.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import BadInput, InputError, Location, OfbError, UsageError, shown
from ..evaluator import ReferenceAnswer, load_answers
from ..evaluator.key import PACKET_ID, load_key
from ..plainfile import read_plain_file
from ..project import Project
from ..register.model import AnswerKind, Item, Split
from ..submission.static import read_source

MAX_SUBMISSION_BYTES = 8 << 20


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Submission:
    path: Path
    packet_id: str
    text: str
    sha256: str


@dataclass(frozen=True)
class GradeJob:
    """One submission with everything needed to grade it."""

    submission: Submission
    item_id: str
    statement: str  # the reference statement FrontierBench/<ID>.lean
    statement_sha256: str
    yes_no: bool
    open_item: bool  # an Open-90 item: an accepted solution freezes it for review
    reference: str | None  # the reference answer (None for open items)

    @property
    def packet_id(self) -> str:
        return self.submission.packet_id


def packet_id_of(path: Path) -> str | None:
    if PACKET_ID.fullmatch(path.stem):
        return path.stem
    if path.name == "Solution.lean" and PACKET_ID.fullmatch(path.parent.name):
        return path.parent.name
    return None


def read_submission(path: Path, folder: Path | None = None) -> bytes:
    """The bytes of the submission `path`: a regular file opened without following a link,
    reached from `folder` through real folders only; else an `OfbError` saying why."""
    if folder is not None:
        for parent in path.relative_to(folder).parents:
            if parent != Path(".") and (folder / parent).is_symlink():
                raise OfbError(
                    f"{shown(path)}: refused: {shown(folder / parent)} is a symbolic link"
                )
    return read_plain_file(path, MAX_SUBMISSION_BYTES)


def find_submissions(target: Path) -> list[Submission]:
    """The submission file `target`, or every submission in the folder `target`."""
    if not os.path.lexists(target):
        raise UsageError(f"{shown(target)}: no such file or folder")
    folder = None
    if not target.is_dir() or target.is_symlink():
        candidates = [target]
    else:
        folder = target
        candidates = sorted({*target.glob("P*.lean"), *target.glob("P*/Solution.lean")})
        if not candidates:
            raise UsageError(
                f"{shown(target)}: no submissions (expected P###.lean or P###/Solution.lean)"
            )
    found: dict[str, Submission] = {}
    errors: list[str] = []
    for path in candidates:
        pid = packet_id_of(path)
        if pid is None:
            errors.append(
                f"{shown(path)}: cannot tell its packet id (name it P###.lean, or "
                "Solution.lean inside a folder P###)"
            )
            continue
        if pid in found:
            errors.append(
                f"{shown(path)}: a second submission for {pid} (the first is "
                f"{shown(found[pid].path)})"
            )
            continue
        try:
            data = read_submission(path, folder)
        except OfbError as exc:
            errors.append(str(exc))
            continue
        try:
            text = read_source(data)
        except UnicodeDecodeError as exc:
            errors.append(f"{shown(path)}: not UTF-8 ({exc.reason} at byte {exc.start})")
            continue
        found[pid] = Submission(path, pid, text, sha256(data))
    if errors:
        raise BadInput(f"{len(errors)} problem(s) with the submissions:\n" + "\n".join(errors))
    return sorted(found.values(), key=lambda s: s.packet_id)


def _answer_kind(item: Item, statement: str) -> bool:
    """Whether the item is a yes/no item: the register says so, and the statement agrees."""
    from ..submission.local import is_yes_no

    shaped = is_yes_no(statement)
    if item.answer_kind is None:
        raise OfbError(f"{item.id}: the register records no answer_kind")
    if (item.answer_kind is AnswerKind.YES_NO) != shaped:
        raise OfbError(
            f"{item.id}: the register says {item.answer_kind} but the statement "
            f"{'is' if shaped else 'is not'} of the form answer(sorry) ↔ P"
        )
    return shaped


def load_jobs(
    project: Project, submissions: list[Submission], key_path: Path, answers_path: Path
) -> list[GradeJob]:
    """Map each submission to its item, statement and reference answer."""
    key = load_key(key_path)
    if not answers_path.is_file():
        raise UsageError(f"--answers: no such file {answers_path}")
    answers: dict[str, ReferenceAnswer] = load_answers(answers_path)
    register = project.register
    jobs: list[GradeJob] = []
    errors: list[str] = []
    for sub in submissions:
        where = Location(sub.path)
        entry = key.packets.get(sub.packet_id)
        if entry is None:
            errors.append(
                str(
                    InputError(
                        where,
                        "unknown-packet",
                        f"{sub.packet_id} is not in the evaluator key {key_path}",
                    )
                )
            )
            continue
        item_id = entry.item
        if item_id not in register:
            errors.append(
                str(
                    InputError(
                        where,
                        "unknown-item",
                        f"the key maps {sub.packet_id} to {item_id}, which is "
                        f"not in the register {register.path}",
                    )
                )
            )
            continue
        item = register.get(item_id)
        path = project.item_file(item_id)
        if not path.is_file():
            errors.append(str(InputError(where, "no-statement", f"{item_id}: {path} is missing")))
            continue
        data = path.read_bytes()
        if entry.source_sha256 != sha256(data):
            errors.append(
                str(
                    InputError(
                        where,
                        "statement-changed",
                        f"{path} changed since the packet {sub.packet_id} was "
                        "exported (its sha256 differs from the key's): grading "
                        "must use the statement the solver saw",
                    )
                )
            )
            continue
        statement = data.decode("utf-8")
        open_item = item.split is Split.OPEN
        reference = answers.get(item_id)
        answer = reference.answer if reference is not None else None
        if not open_item and answer is None:
            errors.append(
                str(
                    InputError(
                        Location(answers_path),
                        "no-answer",
                        f"{item_id} ({sub.packet_id}) is a solved item without a reference answer "
                        "in "
                        f"{answers_path}: it cannot be graded",
                    )
                )
            )
            continue
        try:
            yes_no = _answer_kind(item, statement)
        except OfbError as exc:
            errors.append(str(InputError(where, "answer-kind", str(exc))))
            continue
        if yes_no and answer is not None and answer not in ("True", "False"):
            errors.append(
                str(
                    InputError(
                        Location(answers_path),
                        "answer",
                        f"{item_id} is a yes/no item, but its reference answer "
                        f"is {answer!r}, not True or False",
                    )
                )
            )
            continue
        jobs.append(
            GradeJob(
                sub,
                item_id,
                statement,
                sha256(data),
                yes_no,
                open_item,
                None if open_item else answer,
            )
        )
    if errors:
        raise BadInput(
            f"{len(errors)} problem(s) before grading; nothing was graded:\n" + "\n".join(errors)
        )
    return jobs
