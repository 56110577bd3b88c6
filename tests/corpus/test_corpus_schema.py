"""The record schema and the checks around it."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import jsonschema
import pytest
from corpus_helpers import clone, sample_record, set_path
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from openfrontiers.corpus.record import FIELD_ORDER, make_record
from openfrontiers.corpus.schema import RecordChecker


@pytest.fixture()
def checker(config):
    return RecordChecker(config.schema, config.registry, config.taxonomy)


def test_schema_is_a_2020_12_schema_covering_every_record_field(config):
    doc = config.schema.document
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(doc)
    assert tuple(doc["required"]) == FIELD_ORDER
    assert set(doc["properties"]) == set(FIELD_ORDER)
    # Documented field by field.
    assert all(
        "description" in doc["properties"][f] or "$ref" in doc["properties"][f] for f in FIELD_ORDER
    )


def test_a_complete_record_is_valid(checker):
    assert checker.check(sample_record(), "r.jsonl", 1) == []


def test_a_bad_enum_is_rejected_naming_the_record_and_the_field(checker):
    errors = checker.check(sample_record(status="opne"), "r.jsonl", 4)
    assert [(e.field, e.rule) for e in errors] == [("status", "schema-enum")]
    text = str(errors[0])
    assert text.startswith("r.jsonl:4: schema-enum: record problem:erdos-problems/7: field status:")
    assert "'opne' is not one of" in text


@pytest.mark.parametrize(
    "path, value, field, rule",
    [
        ("msc2020.0.basis", "guessed", "msc2020[0].basis", "schema-enum"),
        ("field.main", "alchemy", "field.main", "schema-enum"),
        ("provenance.sha256", "abc", "provenance.sha256", "schema-pattern"),
        ("snapshot_at", "yesterday", "snapshot_at", "schema-format"),
        (
            "formalizations.0.has_sorry_or_admit",
            "yes",
            "formalizations[0].has_sorry_or_admit",
            "schema-type",
        ),
        ("quality_flags", ["looks-fine"], "quality_flags[0]", "schema-enum"),
        ("progress.bounds.0.direction", "sideways", "progress.bounds[0].direction", "schema-enum"),
    ],
)
def test_nested_errors_name_their_path(checker, path, value, field, rule):
    errors = checker.check(sample_record(**{path: value}), "r.jsonl", 1)
    assert (field, rule) in [(e.field, e.rule) for e in errors]


def test_unknown_is_null_and_missing_is_an_error(checker):
    record = sample_record(problem_statement=None, field=None, progress=None)
    assert checker.check(record, "r.jsonl", 1) == []
    del record["background"]
    assert [e.rule for e in checker.check(record, "r.jsonl", 1)] == ["schema-required"]
    record["background"] = None
    record["extra"] = 1
    assert [e.rule for e in checker.check(record, "r.jsonl", 1)] == ["schema-additionalProperties"]


@pytest.mark.parametrize(
    "path, value, rule",
    [
        ("record_kind", "catalogue", "id-kind"),
        ("source.key", "formal-conjectures", "id-source"),
        ("source_status_json", "[1, 2]", "status-json"),
        ("source_status_json", "{not json", "status-json"),
        ("msc2020.0.code", "99", "unknown-msc-class"),
        ("field.slug", "alchemy", "unknown-field"),
    ],
)
def test_configuration_checks(checker, path, value, rule):
    assert rule in [e.rule for e in checker.check(sample_record(**{path: value}), "r.jsonl", 1)]


def test_unregistered_source_and_duplicate_ids(checker):
    record = sample_record(**{"id": "problem:nowhere/1", "source.key": "nowhere"})
    assert "unknown-source" in [e.rule for e in checker.check(record, "r.jsonl", 1)]
    assert checker.check(sample_record(), "r.jsonl", 2) == []
    assert [e.rule for e in checker.check(sample_record(), "r.jsonl", 3)] == ["duplicate-id"]


def test_make_record_fills_every_field_in_order_and_refuses_unknown_names():
    record = make_record(id="x", quality_flags=["b", "a", "b"])
    assert tuple(record) == FIELD_ORDER
    assert record["quality_flags"] == ["a", "b"] and record["msc2020"] == []
    with pytest.raises(TypeError):
        make_record(colour="red")


# The compiled validator decides validity; jsonschema's 2020-12 validator explains. They must
# agree on every record, valid or broken.
_PATHS = [
    "status",
    "record_kind",
    "title",
    "posed_year",
    "snapshot_at",
    "field",
    "field.slug",
    "msc2020",
    "msc2020.0.code",
    "source.type",
    "source.url",
    "provenance.imported_at",
    "provenance.has_full_text",
    "references.0.url",
    "formalizations.0.commit",
    "quality_flags",
    "schema_version",
    "progress",
    "progress.bounds.0.value",
    "notes",
]
_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 3000)
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "open",
            "11",
            "2026-10-10",
            "https://x.org/a",
            "0" * 64,
            "1.1.0",
            "2026-10-10T00:00:00Z",
            "2026-13-10T00:00:00Z",
            "2026-02-30",
            "math",
            "source-map",
            "abc1234",
            "05C35",
            "2026-10-10t00:00:00z",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_PATHS), _json), min_size=1, max_size=3))
def test_fast_and_reference_validators_agree(config, mutations):
    record = sample_record()
    for path, value in mutations:
        with contextlib.suppress(KeyError, IndexError, TypeError, ValueError):
            set_path(record, path, value)
    schema = config.schema
    fast_ok = _fast_ok(schema, record)
    full_ok = not list(schema._full.iter_errors(json.loads(json.dumps(record))))
    assert fast_ok == full_ok, record


def _fast_ok(schema: Any, record: dict) -> bool:
    import fastjsonschema

    try:
        schema._fast(record)
        return True
    except fastjsonschema.JsonSchemaValueException:
        return False


def test_clone_is_independent():
    a = sample_record()
    b = clone(a)
    b["msc2020"][0]["code"] = "05"
    assert a["msc2020"][0]["code"] == "11"


@pytest.mark.parametrize(
    "path, value",
    [
        ("snapshot_at", "2026-13-10T00:00:00Z"),
        ("snapshot_at", "2026-10-10T25:00:00Z"),
        ("provenance.imported_at", "2026-02-30"),
        ("provenance.status_as_of", "2026-1-5"),
    ],
)
def test_impossible_dates_are_rejected_by_both_validators(config, path, value):
    record = sample_record(**{path: value})
    assert not _fast_ok(config.schema, record)
    assert list(config.schema._full.iter_errors(record))
