"""The model registry (`FrontierBench/models.toml`): who was evaluated, with what cutoff.

One table per model, keyed by the name runs record (`ofb run --model NAME`, the `model` of
`attempt.json` and of a run's manifest):

    [models.gpt-6-1-sol]
    label = "GPT-6.1-sol"              # how tables name it
    provider = "OpenAI"                # who serves it (free text)
    lineage = "OpenAI"                 # the credit lineage excluded from its clean subset
                                       # (answers.py CREDITS); absent: no lineage exclusion
    knowledge_cutoff = 2026-06-30      # the published training cutoff, or, where none is
    release_date = 2026-06-13          # published, the public release date (used instead)
    agent = "codex"                    # the harness's agent profile
    note = "…"

Section 5.2 and Appendix E: a model's clean subset drops the items credited to its lineage
and the items with solution evidence on or before its cutoff. A model with neither date has
no clean subset: the report says so instead of guessing one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from ..errors import InputError, Location, OfbError, UsageError
from ..evaluator.answers import AI_CREDITS
from ..tomlpos import load_toml

FIELDS = frozenset(
    {"label", "provider", "lineage", "knowledge_cutoff", "release_date", "agent", "note"}
)
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


@dataclass(frozen=True)
class Model:
    name: str  # as runs record it
    label: str
    agent: str
    provider: str = ""
    lineage: str | None = None  # None: no lineage exclusion
    knowledge_cutoff: date | None = None
    release_date: date | None = None
    note: str = ""

    @property
    def cutoff(self) -> date | None:
        """The date the clean subset is taken at: the knowledge cutoff, else the release."""
        return self.knowledge_cutoff or self.release_date

    @property
    def cutoff_basis(self) -> str:
        if self.knowledge_cutoff:
            return "knowledge cutoff"
        if self.release_date:
            return "release date"
        return "none recorded"

    def describe(self) -> str:
        """`lineage, cutoff` as Table 3 prints it (– for no lineage exclusion)."""
        cutoff = self.cutoff.isoformat() if self.cutoff else "no cutoff"
        return f"{self.lineage or '–'}, {cutoff}"


@dataclass(frozen=True)
class ModelRegistry:
    path: Path
    models: dict[str, Model]

    def get(self, name: str) -> Model:
        found = self.models.get(name)
        if found is not None:
            return found
        by_label = [m for m in self.models.values() if m.label == name]
        if len(by_label) == 1:
            return by_label[0]
        known = ", ".join(sorted(self.models)) or "none"
        raise UsageError(f"unknown model {name!r}: not in {self.path} (known: {known})")


def load_models(path: Path) -> ModelRegistry:
    """Read and validate a model registry; every problem is reported with its line."""
    if not path.is_file():
        raise UsageError(f"{path}: no such model registry (see docs/results.md)")
    data, lines = load_toml(path)
    errors: list[InputError] = []

    def error(where: tuple, rule: str, message: str) -> None:
        errors.append(InputError(Location(path, lines.line(where)), rule, message))

    for key in data:
        if key not in ("schema", "models"):
            error((key,), "unknown-field", f"unexpected top-level key {key!r} (schema, models)")
    if data.get("schema", 1) != 1:
        error(("schema",), "schema-version", f"schema must be 1 (found {data.get('schema')!r})")
    raw = data.get("models", {})
    if not isinstance(raw, dict):
        error(("models",), "type", "models must be a table of model tables")
        raw = {}
    models: dict[str, Model] = {}
    for name, table in raw.items():
        where = ("models", name)
        if not _NAME.fullmatch(name):
            error(where, "bad-name", f"{name!r}: a model name is letters, digits, '.', '_', '-'")
            continue
        if not isinstance(table, dict):
            error(where, "type", f"models.{name} must be a table")
            continue
        model = _model(name, table, where, error)
        if model is not None:
            models[name] = model
    seen: dict[str, str] = {}
    for name, model in models.items():
        if model.label in seen:
            error(
                ("models", name, "label"),
                "duplicate-label",
                f"models {seen[model.label]} and {name} are both labelled {model.label!r}",
            )
        seen.setdefault(model.label, name)
    if errors:
        raise OfbError(f"{len(errors)} problem(s) in {path}:\n" + "\n".join(map(str, errors)))
    return ModelRegistry(path, models)


def _model(name: str, t: dict[str, Any], where: tuple, error: Any) -> Model | None:
    ok = True
    for key in t:
        if key not in FIELDS:
            error((*where, key), "unknown-field", f"models.{name} has no field {key!r}")
            ok = False
    strings: dict[str, str] = {}
    for key in ("label", "provider", "agent", "note", "lineage"):
        value = t.get(key, "")
        if not isinstance(value, str):
            error((*where, key), "type", f"models.{name}.{key} must be a string")
            ok = False
        else:
            strings[key] = value.strip()
    for key in ("label", "agent"):
        if key in strings and not strings[key]:
            error(where, "missing-field", f"models.{name} needs {key} = …")
            ok = False
    lineage = strings.get("lineage") or None
    if lineage is not None and lineage not in AI_CREDITS:
        error(
            (*where, "lineage"),
            "bad-enum",
            f"models.{name}.lineage {lineage!r} is not one of {', '.join(sorted(AI_CREDITS))} "
            "(leave it out for no lineage exclusion)",
        )
        ok = False
    dates: dict[str, date | None] = {}
    for key in ("knowledge_cutoff", "release_date"):
        value = t.get(key)
        if value is None:
            dates[key] = None
        elif isinstance(value, date) and not hasattr(value, "hour"):
            dates[key] = value
        else:
            error((*where, key), "date", f"models.{name}.{key} must be a date (YYYY-MM-DD)")
            ok = False
    if not ok:
        return None
    return Model(
        name=name,
        label=strings["label"],
        agent=strings["agent"],
        provider=strings["provider"],
        lineage=lineage,
        knowledge_cutoff=dates["knowledge_cutoff"],
        release_date=dates["release_date"],
        note=strings["note"],
    )
