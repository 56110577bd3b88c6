"""Reference answers (`FrontierBench/evaluator/answers.toml`).

One table per item:

    [answers.E03]
    answer = "True"        # "True"/"False" for yes/no items, a Lean term for value items;
                           # absent when no public record states the answer
    record = "…"           # the public record that states it
    record_url = "…"
    solution_sources = ["arXiv:…"]
    note = "…"

An answer is recorded only where a public record states it; a missing answer is `None`,
never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, Location, OfbError
from ..register.model import ITEM_ID
from ..tomlpos import load_toml

FIELDS = {"answer", "record", "record_url", "solution_sources", "note"}


@dataclass(frozen=True)
class ReferenceAnswer:
    item_id: str
    answer: str | None
    record: str = ""
    record_url: str = ""
    solution_sources: tuple[str, ...] = ()
    note: str = ""

    @property
    def is_yes_no(self) -> bool:
        return self.answer in ("True", "False")


def load_answers(path: Path) -> dict[str, ReferenceAnswer]:
    """All reference answers in `path`; every problem is reported with its line."""
    data, lines = load_toml(path)
    errors: list[InputError] = []

    def error(where: tuple, rule: str, message: str) -> None:
        errors.append(InputError(Location(path, lines.line(where)), rule, message))

    for key in data:
        if key != "answers":
            error((key,), "unknown-field", f"unexpected top-level key {key!r} (expected answers)")
    answers: dict[str, ReferenceAnswer] = {}
    for item_id, table in data.get("answers", {}).items():
        where = ("answers", item_id)
        if not ITEM_ID.match(item_id) or not isinstance(table, dict):
            error(where, "unknown-id", f"{item_id!r} is not an item id with a table")
            continue
        for key in table:
            if key not in FIELDS:
                error(
                    where + (key,),
                    "unknown-field",
                    f"answers.{item_id} has no field {key!r} (known: {', '.join(sorted(FIELDS))})",
                )
        answer = table.get("answer")
        if answer is not None and (not isinstance(answer, str) or not answer.strip()):
            error(where + ("answer",), "type", "answer must be a non-empty string when present")
            answer = None
        if answer is not None and not table.get("record"):
            error(
                where + ("record",),
                "answer-without-record",
                "an answer needs the public record that states it (record = …)",
            )
        sources = table.get("solution_sources", [])
        if not isinstance(sources, list) or not all(isinstance(s, str) for s in sources):
            error(
                where + ("solution_sources",), "type", "solution_sources must be a list of strings"
            )
            sources = []
        answers[item_id] = ReferenceAnswer(
            item_id=item_id,
            answer=answer.strip() if answer else None,
            record=str(table.get("record", "")),
            record_url=str(table.get("record_url", "")),
            solution_sources=tuple(sources),
            note=str(table.get("note", "")),
        )
    if errors:
        raise OfbError(f"{len(errors)} problem(s) in {path}:\n" + "\n".join(map(str, errors)))
    return answers
