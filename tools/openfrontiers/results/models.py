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
from ..tomlpos import load_toml, schema_errors

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


# The registry's structure (`tomlpos.schema_errors`); names, the schema version, blank
# labels and duplicate labels are checked in `load_models`.
_STRING = {"type": "string"}
_MODEL_SCHEMA = {
    "type": "object",
    "properties": {
        "label": _STRING,
        "provider": _STRING,
        "agent": _STRING,
        "note": _STRING,
        "lineage": {"enum": sorted(AI_CREDITS)},
        "knowledge_cutoff": {"type": "date"},
        "release_date": {"type": "date"},
    },
    "required": ["label", "agent"],
    "additionalProperties": False,
}
_SCHEMA = {
    "type": "object",
    "properties": {"schema": {}, "models": {"type": "object"}},
    "additionalProperties": False,
}
_RULES = {
    "additionalProperties": "unknown-field",
    "required": "missing-field",
    "enum": "bad-enum",
    "date": "date",
}


def load_models(path: Path) -> ModelRegistry:
    """Read and validate a model registry; every problem is reported with its line."""
    if not path.is_file():
        raise UsageError(f"{path}: no such model registry (see docs/results.md)")
    data, lines = load_toml(path)
    errors = schema_errors(path, lines, data, _SCHEMA, rules=_RULES)

    def error(where: tuple, rule: str, message: str) -> None:
        errors.append(InputError(Location(path, lines.line(where)), rule, message))

    if data.get("schema", 1) != 1:
        error(("schema",), "schema-version", f"schema must be 1 (found {data.get('schema')!r})")
    raw = data.get("models", {})
    models: dict[str, Model] = {}
    for name, table in raw.items() if isinstance(raw, dict) else ():
        where = ("models", name)
        if not _NAME.fullmatch(name):
            error(where, "bad-name", f"{name!r}: a model name is letters, digits, '.', '_', '-'")
            continue
        found = schema_errors(path, lines, table, _MODEL_SCHEMA, at=where, rules=_RULES)
        given = table if isinstance(table, dict) else {}
        blank = [k for k in ("label", "agent") if str(given.get(k, "-")).strip() == ""]
        found += [
            InputError(
                Location(path, lines.line(where)), "missing-field", f"models.{name} needs {k}"
            )
            for k in blank
        ]
        errors += found
        if not found:
            models[name] = _model(name, table)
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


def _model(name: str, t: dict[str, Any]) -> Model:
    """A model from its table, which the schema has checked."""
    return Model(
        name=name,
        label=t["label"].strip(),
        agent=t["agent"].strip(),
        provider=t.get("provider", "").strip(),
        lineage=t.get("lineage") or None,
        knowledge_cutoff=t.get("knowledge_cutoff"),
        release_date=t.get("release_date"),
        note=t.get("note", "").strip(),
    )
