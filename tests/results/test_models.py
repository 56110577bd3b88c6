"""The model registry and `ofb items --clean-for`: cutoffs, lineages, exclusions with their
reasons, split groups reported together, and the refusals."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from cli_helpers import ofb
from ofb_testing import REPO
from openfrontiers.errors import OfbError, UsageError
from openfrontiers.evaluator.answers import ReferenceAnswer
from openfrontiers.register.load import Register
from openfrontiers.register.model import GroupKind, Item, Split, SplitGroup, Status
from openfrontiers.results.eligibility import clean_listing
from openfrontiers.results.models import Model, load_models

MODELS = """\
schema = 1

[models.alpha]
label = "Alpha"
provider = "OpenAI"
lineage = "OpenAI"
knowledge_cutoff = 2026-06-30
agent = "codex"

[models.beta]
label = "Beta"
release_date = 2026-08-01
agent = "claude-code"

[models.gamma]
label = "Gamma"
agent = "generic"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "models.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_registry_loads_cutoffs_and_their_basis(tmp_path):
    registry = load_models(write(tmp_path, MODELS))
    alpha, beta, gamma = (registry.get(n) for n in ("alpha", "beta", "gamma"))
    assert (alpha.cutoff, alpha.cutoff_basis) == (date(2026, 6, 30), "knowledge cutoff")
    assert (beta.cutoff, beta.cutoff_basis, beta.lineage) == (
        date(2026, 8, 1),
        "release date",
        None,
    )
    assert gamma.cutoff is None and gamma.cutoff_basis == "none recorded"
    assert alpha.describe() == "OpenAI, 2026-06-30" and beta.describe() == "–, 2026-08-01"
    assert registry.get("Beta") is beta  # a label names the model too
    with pytest.raises(UsageError, match=r"unknown model .delta.*known: alpha, beta, gamma"):
        registry.get("delta")


@pytest.mark.parametrize(
    "change,rule,line",
    [
        (('lineage = "OpenAI"', 'lineage = "DeepMind"'), "bad-enum", 6),
        (("knowledge_cutoff = 2026-06-30", 'knowledge_cutoff = "June"'), "date", 7),
        (("knowledge_cutoff = 2026-06-30", "knowledge_cutoff = 2026-06-30T10:00:00"), "date", 7),
        (('agent = "codex"', 'agent = ""'), "missing-field", 3),
        (('agent = "codex"', 'agent = "codex"\ncolour = "red"'), "unknown-field", 9),
        (('label = "Beta"', 'label = "Alpha"'), "duplicate-label", 11),
        (("[models.gamma]", "[models.'gam ma']"), "bad-name", 15),
        (("schema = 1", "schema = 3"), "schema-version", 1),
        (('label = "Gamma"', "label = 3"), "type", 16),
    ],
)
def test_bad_registry_names_file_line_and_rule(tmp_path, change, rule, line):
    path = write(tmp_path, MODELS.replace(*change))
    with pytest.raises(OfbError) as info:
        load_models(path)
    message = str(info.value)
    assert message.startswith(f"1 problem(s) in {path}:")
    assert f"\n{path}:{line}: {rule}: " in message


def test_missing_registry_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="no such model registry"):
        load_models(tmp_path / "nope.toml")


def item(item_id: str, split: Split = Split.REDISCOVERY) -> Item:
    return Item(item_id, item_id, "Comb.", split, hq50=True, status=Status.WRITTEN)


def answer(item_id: str, when: date, *credit: str) -> ReferenceAnswer:
    return ReferenceAnswer(item_id, "True", record="r", evidence_date=when, credit=credit)


def test_listing_reports_split_groups_together():
    items = [item("N06"), item("N16"), item("N19"), item("E01"), item("O66", Split.OPEN)]
    groups = {
        "release": SplitGroup("release", GroupKind.RELEASE, ("N06", "N16", "N19")),
        "source": SplitGroup("source", GroupKind.SOURCE, ("E01", "O66")),
    }
    register = Register(Path("items.toml"), {i.id: i for i in items}, groups)
    key = {
        "N06": answer("N06", date(2026, 8, 1), "OpenAI"),
        "N16": answer("N16", date(2026, 8, 1), "human"),
        "E01": answer("E01", date(2026, 7, 28), "human"),
    }
    model = Model("alpha", "Alpha", "codex", lineage="OpenAI", knowledge_cutoff=date(2026, 6, 30))
    listing = clean_listing(register, key, model, ["N06", "N16", "E01", "O66"])
    assert listing.subset.eligible == ("N16", "E01")
    release, source = listing.groups
    assert [(m.item_id, m.state) for m in release.members] == [
        ("N06", "excluded"),
        ("N16", "eligible"),
        ("N19", "not-selected"),
    ]
    assert release.split and "credited to OpenAI" in release.members[0].detail
    assert [(m.item_id, m.state) for m in source.members] == [("E01", "eligible"), ("O66", "open")]
    assert not source.split
    as_json = listing.as_dict()
    assert as_json["cutoff_basis"] == "knowledge cutoff"
    assert as_json["groups"][0]["members"][0]["item"] == "N06"


def test_a_model_without_a_cutoff_has_no_clean_subset():
    register = Register(Path("items.toml"), {"E01": item("E01")})
    model = Model("gamma", "Gamma", "generic")
    with pytest.raises(UsageError, match="gamma has no knowledge_cutoff or release_date"):
        clean_listing(register, {}, model, ["E01"])


def test_cli_lists_the_clean_subset_of_a_registered_model(capsys, monkeypatch):
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    run = ofb(
        capsys, "items", "--clean-for", "gpt-6.1-sol", "--subset", "HQ-50", "--format", "json"
    )
    assert run.code == 0, run.err
    doc = json.loads(run.out)
    assert doc["selection"] == "HQ-50@v1" and doc["lineage"] == "OpenAI"
    assert doc["cutoff"] == "2026-06-30"
    assert len(doc["eligible"]) + len(doc["excluded"]) == 40
    assert all(e["reasons"] and e["detail"] for e in doc["excluded"])
    table = ofb(capsys, "items", "--clean-for", "GPT-6.1-sol", "--subset", "HQ-50")
    assert table.code == 0 and "split groups (reported together)" in table.out
    assert f"{len(doc['eligible'])} eligible of 40 solved items" in table.out


def test_cli_refuses_unknown_models_and_a_missing_cutoff(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    run = ofb(capsys, "items", "--clean-for", "nobody")
    assert run.code == 2 and "unknown model 'nobody'" in run.err and "Traceback" not in run.err
    models = write(tmp_path, MODELS)
    run = ofb(capsys, "items", "--clean-for", "gamma", "--models", str(models))
    assert run.code == 2 and "no knowledge_cutoff or release_date" in run.err


def test_hq50_clean_counts_for_the_three_lineages_via_the_registry(capsys, monkeypatch):
    """Section 5.2's three numbers at 2026-06-30 on HQ-50, as `ofb items --clean-for` gives
    them from the shipped registry and the evaluator key (the paper: 15, 30 and 32)."""
    from openfrontiers.evaluator import clean_subset, load_answers
    from openfrontiers.project import Project

    monkeypatch.setenv("OFB_ROOT", str(REPO))
    project = Project(REPO)
    key = load_answers(project.evaluator_dir / "answers.toml")
    hq50 = project.subsets.resolve("HQ-50", project.register).ids
    registry = load_models(project.models_path)
    counts = {}
    for label, name in (
        ("OpenAI", "gpt-6.1-sol"),
        ("Anthropic", "claude-sonnet-5.5"),
        ("unrelated", None),
    ):
        if name is None:  # an unrelated lineage at the same cutoff as the other two
            models = {m.cutoff for m in registry.models.values()}
            assert date(2026, 6, 30) in models
            expected = clean_subset(project.register, key, None, date(2026, 6, 30), ids=hq50)
            counts[label] = len(expected.eligible)
            continue
        model = registry.get(name)
        assert model.cutoff == date(2026, 6, 30) and model.lineage == label
        run = ofb(capsys, "items", "--clean-for", name, "--subset", "HQ-50", "--format", "json")
        doc = json.loads(run.out)
        expected = clean_subset(project.register, key, label, date(2026, 6, 30), ids=hq50)
        assert doc["eligible"] == list(expected.eligible)
        counts[label] = len(doc["eligible"])
    assert counts["OpenAI"] <= counts["unrelated"] and counts["Anthropic"] <= counts["unrelated"]
