"""Fields, the MSC 2020 class table and the mapping rules that assign them.

Every MSC assignment records its basis and evidence (Section 3.1):

* `source-map` — the source names the subject itself (an `AMS 5 11` attribute);
* `community-map` — inferred from a record's community label (`Corpus/msc/labels.toml`);
* `editorial` — assigned by a curator in an importer configuration.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from .tomldoc import ConfigError, TomlDoc, check_keys, expect_str

_CLASS = re.compile(r"[0-9]{2}")


@dataclass(frozen=True)
class Field:
    """A top-level field with an optional sub-field (`math/number-theory`)."""

    main: str
    slug: str | None

    def __str__(self) -> str:
        return f"{self.main}/{self.slug}" if self.slug else self.main


@dataclass(frozen=True)
class LabelRule:
    field: Field | None
    msc: tuple[str, ...]


@dataclass(frozen=True)
class Taxonomy:
    """`Corpus/fields.toml`, `Corpus/msc/msc2020.toml` and `Corpus/msc/labels.toml`."""

    fields: dict[str, dict[str, str]]  # main → {slug: description}
    classes: dict[str, tuple[str, Field]]  # "11" → (name, field)
    labels: dict[str, LabelRule]  # lower-cased label → rule

    @classmethod
    def load(cls, corpus_dir: Path) -> Taxonomy:
        errors: list[InputError] = []
        fdoc = TomlDoc.load(corpus_dir / "fields.toml")
        fields: dict[str, dict[str, str]] = {}
        for main, entry in fdoc.table("fields", errors).items():
            where = ("fields", main)
            if not isinstance(entry, dict):
                errors.append(fdoc.error(where, "type", f"[fields.{main}] must be a table"))
                continue
            check_keys(fdoc, where, entry, {"name", "subfields"}, {"name", "subfields"}, errors)
            subs = entry.get("subfields", {})
            fields[main] = {k: str(v) for k, v in subs.items()} if isinstance(subs, dict) else {}
        owners: dict[str, str] = {}
        for main, subs in fields.items():
            for slug in subs:
                if slug in owners:
                    errors.append(
                        fdoc.error(
                            ("fields", main, "subfields", slug),
                            "duplicate-subfield",
                            f"sub-field {slug!r} is already under {owners[slug]!r}",
                        )
                    )
                owners[slug] = main

        def parse_field(doc: TomlDoc, key: tuple, value: object) -> Field | None:
            text = expect_str(doc, key, value, errors)
            if text is None:
                return None
            main, _, slug = text.partition("/")
            if main not in fields or (slug and slug not in fields[main]):
                errors.append(
                    doc.error(
                        key, "unknown-field", f"{text!r} is not a field/sub-field of fields.toml"
                    )
                )
                return None
            return Field(main, slug or None)

        mdoc = TomlDoc.load(corpus_dir / "msc" / "msc2020.toml")
        classes: dict[str, tuple[str, Field]] = {}
        for code, entry in mdoc.table("classes", errors).items():
            where = ("classes", code)
            if not _CLASS.fullmatch(code) or not isinstance(entry, dict):
                errors.append(
                    mdoc.error(
                        where,
                        "msc-class",
                        f"{code!r} must be a two-digit class with a table {{ name, field }}",
                    )
                )
                continue
            check_keys(mdoc, where, entry, {"name", "field"}, {"name", "field"}, errors)
            name = expect_str(mdoc, where + ("name",), entry.get("name"), errors)
            field = parse_field(mdoc, where + ("field",), entry.get("field"))
            if name and field:
                classes[code] = (name, field)

        ldoc = TomlDoc.load(corpus_dir / "msc" / "labels.toml")
        labels: dict[str, LabelRule] = {}
        for label, entry in ldoc.table("labels", errors).items():
            where = ("labels", label)
            if not isinstance(entry, dict):
                errors.append(ldoc.error(where, "type", f"label {label!r} needs {{ field, msc }}"))
                continue
            check_keys(ldoc, where, entry, {"field", "msc"}, set(), errors)
            field = (
                parse_field(ldoc, where + ("field",), entry["field"]) if "field" in entry else None
            )
            codes = entry.get("msc", [])
            if not isinstance(codes, list) or any(c not in classes for c in codes):
                errors.append(
                    ldoc.error(
                        where + ("msc",),
                        "unknown-msc-class",
                        f"`msc` of {label!r} must list classes of msc2020.toml",
                    )
                )
                codes = []
            labels[label.lower()] = LabelRule(field, tuple(codes))
        if errors:
            raise ConfigError(errors)
        return cls(fields, classes, labels)

    # --- lookups -------------------------------------------------------------------------
    def field(self, spec: str) -> Field:
        """`math/number-theory` or `math` → Field; KeyError when not in fields.toml."""
        main, _, slug = spec.partition("/")
        if main not in self.fields or (slug and slug not in self.fields[main]):
            raise KeyError(spec)
        return Field(main, slug or None)

    def knows_field(self, main: str, slug: str | None) -> bool:
        return main in self.fields and (slug is None or slug in self.fields[main])

    def class_field(self, code: str) -> Field | None:
        entry = self.classes.get(code[:2])
        return entry[1] if entry else None

    def from_labels(self, labels: list[str]) -> tuple[Field | None, list[dict], list[str]]:
        """Field, community-map MSC assignments and unmapped labels for a record's labels."""
        field: Field | None = None
        evidence: dict[str, list[str]] = {}
        unmapped: list[str] = []
        for label in labels:
            rule = self.labels.get(label.strip().lower())
            if rule is None:
                unmapped.append(label)
                continue
            if field is None and rule.field is not None:
                field = rule.field
            for code in rule.msc:
                evidence.setdefault(code, []).append(label)
        msc = [
            msc_entry(code, "community-map", "Inferred from community label: " + ", ".join(found))
            for code, found in evidence.items()
        ]
        return field, msc, unmapped


def msc_entry(code: str, basis: str, evidence: str) -> dict:
    return {"code": code, "basis": basis, "evidence": evidence}


def ams_codes(attribute: str) -> list[str]:
    """The classes of a formal-conjectures `AMS 5 11` attribute, as two-digit codes."""
    words = attribute.split()
    if not words or words[0] != "AMS":
        return []
    return [w.zfill(2) for w in words[1:] if w.isdigit() and len(w) <= 2]
