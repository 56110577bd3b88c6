"""The source registry (`Corpus/sources.toml`): every source a record can come from."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from .tomldoc import ConfigError, TomlDoc, check_keys, expect_str

PARTITIONS = frozenset({"problem", "catalogue-only"})
SOURCE_TYPES = frozenset(
    {
        "problem-list",
        "workshop-list",
        "survey",
        "preprint",
        "prize-list",
        "wiki-list",
        "blog",
        "formal-library",
        "bounds-repository",
        "benchmark",
        "community",
        "conference-list",
        "catalogue",
    }
)
LICENSE_CLASSES = frozenset(
    {"cc0", "permissive", "share-alike", "non-commercial", "none-established"}
)
STATUS_POLICIES = frozenset({"mapped", "unassessed"})
FIELDS = {
    "name",
    "partition",
    "type",
    "url",
    "license",
    "license_class",
    "status_policy",
    "field",
    "importer",
    "input_license",
    "input_license_class",
    "records_in_paper",
}
REQUIRED = {"name", "partition", "type", "license", "license_class", "status_policy", "field"}
KEY = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True)
class Source:
    key: str
    name: str
    partition: str
    type: str
    url: str | None
    license: str
    license_class: str
    status_policy: str
    field: str
    importer: str | None = None
    input_license: str | None = None
    records_in_paper: int | None = None
    input_license_class: str | None = None


@dataclass(frozen=True)
class Registry:
    path: Path
    sha256: str
    sources: dict[str, Source]

    def __contains__(self, key: str) -> bool:
        return key in self.sources

    def __getitem__(self, key: str) -> Source:
        return self.sources[key]

    def __len__(self) -> int:
        return len(self.sources)

    @property
    def contributing(self) -> list[Source]:
        return [s for s in self.sources.values() if s.partition == "problem"]


def load_registry(path: Path, fields: frozenset[str] | None = None) -> Registry:
    """Read and check the registry; `fields` are the allowed top-level fields."""
    doc = TomlDoc.load(path)
    errors: list[InputError] = []
    check_keys(doc, (), doc.data, {"sources"}, {"sources"}, errors)
    sources: dict[str, Source] = {}
    for key, entry in doc.table("sources", errors).items():
        where = ("sources", key)
        if not KEY.fullmatch(key):
            errors.append(
                doc.error(
                    where,
                    "source-key",
                    f"source key {key!r} must be lower-case words joined by '-'",
                )
            )
        if not isinstance(entry, dict):
            errors.append(doc.error(where, "type", f"[sources.{key}] must be a table"))
            continue
        check_keys(doc, where, entry, FIELDS, REQUIRED, errors)
        n_before = len(errors)
        name = expect_str(doc, where + ("name",), entry.get("name"), errors)
        partition = expect_str(
            doc, where + ("partition",), entry.get("partition"), errors, PARTITIONS
        )
        kind = expect_str(doc, where + ("type",), entry.get("type"), errors, SOURCE_TYPES)
        license_ = expect_str(doc, where + ("license",), entry.get("license"), errors)
        license_class = expect_str(
            doc, where + ("license_class",), entry.get("license_class"), errors, LICENSE_CLASSES
        )
        policy = expect_str(
            doc, where + ("status_policy",), entry.get("status_policy"), errors, STATUS_POLICIES
        )
        field = expect_str(doc, where + ("field",), entry.get("field"), errors, fields)
        url = entry.get("url")
        if url is not None and not (isinstance(url, str) and re.fullmatch(r"https?://\S+", url)):
            errors.append(doc.error(where + ("url",), "url", "`url` must be an http(s) address"))
        importer = entry.get("importer")
        if importer is not None:
            expect_str(doc, where + ("importer",), importer, errors)
        if "input_license" in entry:
            expect_str(doc, where + ("input_license",), entry["input_license"], errors)
        if "input_license_class" in entry:
            expect_str(
                doc,
                where + ("input_license_class",),
                entry["input_license_class"],
                errors,
                LICENSE_CLASSES,
            )
            if "input_license" not in entry:
                errors.append(
                    doc.error(
                        where + ("input_license_class",),
                        "missing-key",
                        "`input_license_class` classes `input_license`: give both",
                    )
                )
        count = entry.get("records_in_paper")
        if count is not None and (
            not isinstance(count, int) or isinstance(count, bool) or count < 0
        ):
            errors.append(
                doc.error(
                    where + ("records_in_paper",),
                    "type",
                    "`records_in_paper` must be a non-negative integer",
                )
            )
        if len(errors) == n_before:
            # No error was added, so every required value above is a checked string.
            assert name and partition and kind and license_ and license_class and policy
            assert field
            sources[key] = Source(
                key,
                name,
                partition,
                kind,
                url,
                license_,
                license_class,
                policy,
                field,
                importer,
                entry.get("input_license"),
                count,
                entry.get("input_license_class"),
            )
    if errors:
        raise ConfigError(errors)
    return Registry(path, doc.sha256, sources)
