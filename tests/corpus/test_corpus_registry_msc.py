"""The source registry, the field list, the MSC table and the label rules."""

from __future__ import annotations

import csv
import shutil

import pytest
from corpus_helpers import REPO, SHARED

from openfrontiers.corpus.config import CorpusConfig
from openfrontiers.corpus.importers import IMPORTERS
from openfrontiers.corpus.msc import Taxonomy, ams_codes
from openfrontiers.corpus.registry import load_registry
from openfrontiers.corpus.tomldoc import ConfigError


def test_registry_holds_the_62_collections_and_the_catalogue_only_sources(config):
    registry = config.registry
    assert len(registry.contributing) == 62
    catalogue = [s.key for s in registry.sources.values() if s.partition == "catalogue-only"]
    assert {"kourovka-notebook", "green-100-problems"} <= set(catalogue)
    for name in IMPORTERS:
        if name != "generic":
            assert registry[name].importer == name
    # Workshop lists assert no current status.
    workshop = [s for s in registry.sources.values() if s.type == "workshop-list"]
    assert workshop and all(s.status_policy == "unassessed" for s in workshop)


def test_registry_matches_the_source_collections_table(config):
    table = SHARED / "source-collections.csv"
    if not table.is_file():
        pytest.skip(f"{table} is absent (the shared data folder is not beside the repository)")
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    by_name = {s.name: s for s in config.registry.contributing}
    assert len(rows) == len(by_name) == 62
    for row in rows:
        source = by_name[row["collection"]]
        assert source.license == row["license_note"]
        assert source.records_in_paper == int(row["records"])


def test_a_bad_registry_entry_names_file_line_and_rule(tmp_path, config):
    text = (REPO / "Corpus" / "sources.toml").read_text(encoding="utf-8")
    text = text.replace('status_policy = "unassessed"', 'status_policy = "whatever"', 1)
    bad = tmp_path / "sources.toml"
    bad.write_text(text, encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "whatever" in ln)
    with pytest.raises(ConfigError) as info:
        load_registry(bad, frozenset(config.taxonomy.fields))
    assert (
        f"sources.toml:{line}: enum: `sources.aim-problem-lists.status_policy` = 'whatever' "
        "is not one of mapped, unassessed"
    ) in str(info.value)


def test_msc_table_has_the_63_classes_each_with_a_known_field(config):
    taxonomy = config.taxonomy
    assert len(taxonomy.classes) == 63
    assert taxonomy.classes["11"][0] == "Number theory"
    assert str(taxonomy.class_field("05C35")) == "math/combinatorics"
    for _, field in taxonomy.classes.values():
        assert taxonomy.knows_field(field.main, field.slug)


def test_ams_attribute_codes_are_two_digit_classes():
    assert ams_codes("AMS 5 11") == ["05", "11"]
    assert ams_codes("AMS 3") == ["03"]
    assert ams_codes("category research open") == []


def test_community_labels_give_field_and_msc_with_evidence(config):
    field, msc, unmapped = config.taxonomy.from_labels(
        ["Number Theory", "primes", "polynomials", "no such tag"]
    )
    assert str(field) == "math/number-theory"
    assert msc == [
        {
            "code": "11",
            "basis": "community-map",
            "evidence": "Inferred from community label: Number Theory, primes",
        }
    ]
    assert unmapped == ["polynomials", "no such tag"]


def test_a_label_rule_with_an_unknown_class_is_reported(tmp_path):
    corpus = tmp_path / "Corpus"
    shutil.copytree(REPO / "Corpus", corpus)
    labels = corpus / "msc" / "labels.toml"
    labels.write_text(
        labels.read_text(encoding="utf-8") + '"alchemy" = { msc = ["99"] }\n', encoding="utf-8"
    )
    with pytest.raises(ConfigError) as info:
        Taxonomy.load(corpus)
    assert "labels.toml:" in str(info.value) and "unknown-msc-class" in str(info.value)


def test_config_lists_every_file_a_build_depends_on(config):
    names = [p.name for p in config.config_files()]
    assert names[:5] == [
        "problem.schema.json",
        "sources.toml",
        "fields.toml",
        "msc2020.toml",
        "labels.toml",
    ]
    assert {
        "erdos-problems.toml",
        "formal-conjectures.toml",
        "alphaevolve.toml",
        "optimization-constants.toml",
    } <= set(names)
    assert isinstance(CorpusConfig(REPO / "Corpus").registry.path.name, str)
