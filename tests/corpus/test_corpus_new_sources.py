"""Importers `petrunin-gallery` and `colt-open-problems` on the real snapshots, read in place,
and on small fixtures written here."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from corpus_helpers import provenance_revision, run_importer, shared_source

# --- petrunin-gallery --------------------------------------------------------------------


@pytest.fixture(scope="module")
def gallery(config):
    return run_importer(
        config,
        "petrunin-gallery",
        shared_source("petrunin-gallery"),
        rev=provenance_revision("petrunin-gallery"),
    )


def test_one_record_per_subsection(gallery):
    tex = (shared_source("petrunin-gallery") / "open.tex").read_text(encoding="utf-8")
    titles = re.findall(r"^\\subsection\{(.+)\}\s*$", tex, re.MULTILINE)
    assert len(titles) == 18 == gallery.seen == len(gallery.records) and not gallery.skips
    assert [r["title"] for r in gallery.records] == [f"Petrunin's gallery · {t}" for t in titles]
    collections = {r["source"]["collection"] for r in gallery.records}
    assert collections == {"Homemade", "Overheard"}


def test_statement_is_the_pr_environment_verbatim(gallery):
    by_title = {r["title"].split(" · ", 1)[1]: r for r in gallery.records}
    braid = by_title["Braid space"]
    assert braid["problem_statement"] == (
        "Is it true that $\\mathbb{B}^n$ is $\\mathrm{CAT}(0)$ for any $n$?"
    )
    assert braid["background"].startswith("Let us define \\emph{braid space}")
    assert "\\cite{charney-davis}" in braid["background"]
    assert {"kind": "paper", "citation": "\\cite{charney-davis} in open.tex", "url": None} in braid[
        "references"
    ]
    fibers = by_title["Optical fibers"]
    assert [(s["label"], s["kind"]) for s in fibers["sub_questions"]] == [("2", "part")]
    assert fibers["sub_questions"][0]["statement"] == (
        "Is there an optical fiber with noncongruent ends?"
    )
    assert all(r["provenance"]["has_full_text"] for r in gallery.records)
    # Comment lines of the LaTeX are not text of the record.
    assert not any(
        line.lstrip().startswith("%")
        for r in gallery.records
        for line in (r["background"] or "").splitlines()
    )


def test_status_date_revision_and_licence_conflict(gallery):
    commit, day = provenance_revision("petrunin-gallery").split(":")
    for r in gallery.records:
        assert r["status"] == "open"
        assert r["provenance"]["status_as_of"] == day
        assert r["provenance"]["revision"] == commit
        assert r["source"]["url"].startswith(
            f"https://github.com/anton-petrunin/puzzles/blob/{commit}/open.tex#L"
        )
        assert r["source"]["license"] == "CC0 1.0 (A. Petrunin); independent summaries of v2"
        assert r["source"]["license_class"] == "none-established"
        assert "CC BY-SA 4.0" in r["source"]["license_basis"]
        assert "license-terms-conflict" in r["quality_flags"]
        assert r["msc2020"] and {m["basis"] for m in r["msc2020"]} == {"editorial"}
    assert any("licensed under CC BY-SA 4.0" in n for n in gallery.notes)


def test_a_subsection_without_a_problem_is_skipped(config, tmp_path):
    (tmp_path / "open.tex").write_text(
        "\\section*{Homemade}\n\\subsection{Talk only}\nNo problem here.\n"
        "\\subsection{Asked}\n\\begin{pr}\nIs $1 = 1$?\n\\end{pr}\n% a comment\nWhy not.\n",
        encoding="utf-8",
    )
    result = run_importer(config, "petrunin-gallery", tmp_path)
    assert [(s.locator, s.reason) for s in result.skips] == [
        ("open.tex:2 Talk only", "no-problem-environment")
    ]
    (record,) = result.records
    assert record["id"] == "problem:petrunin-gallery/asked"
    assert record["problem_statement"] == "Is $1 = 1$?" and record["background"] == "Why not."
    assert record["provenance"]["status_as_of_basis"] == "build-date"


# --- colt-open-problems ------------------------------------------------------------------


@pytest.fixture(scope="module")
def colt(config):
    return run_importer(config, "colt-open-problems", shared_source("colt-open-problems"))


def _posts():
    for post in sorted(shared_source("colt-open-problems").glob("v*/*.md")):
        meta = yaml.safe_load(post.read_text(encoding="utf-8").split("---")[1])
        yield post, meta


def test_every_paper_is_a_record(colt):
    posts = list(_posts())
    assert len(posts) == 73 == colt.seen == len(colt.records) and not colt.skips
    kinds = {r["id"].split("/", 1)[1]: r["record_kind"] for r in colt.records}
    without = {f"{p.parent.name}/{p.stem}" for p, m in posts if not m.get("abstract")}
    assert without == {"v23/li12", "v35/bhaskara14b"}
    assert {k for k, v in kinds.items() if v == "catalogue"} == without


def test_problem_records_carry_the_abstract_and_the_papers_date(colt):
    by_key = {r["id"].split("/", 1)[1]: r for r in colt.records}
    for post, meta in _posts():
        r = by_key[f"{post.parent.name}/{post.stem}"]
        day = str(meta["date"])
        assert r["provenance"]["status_as_of"] == day
        assert r["provenance"]["status_as_of_basis"] == "source-field"
        assert (
            r["source"]["url"]
            == f"https://proceedings.mlr.press/{post.parent.name}/{meta['id']}.html"
        )
        assert r["status"] == "unassessed" and r["source_status_json"] is None
        if r["record_kind"] == "problem":
            assert r["problem_statement"] == meta["abstract"].strip()
            assert r["posed_year"] == int(day[:4])
            assert "statement-is-abstract" in r["quality_flags"]
            assert r["provenance"]["has_full_text"] is False
        else:
            assert r["problem_statement"] is None and r["posed_year"] is None
            assert "catalogue-only" in r["quality_flags"] and "no abstract" in r["notes"]
    rudin = by_key["v23/rudin12"]
    assert rudin["source"]["collection"] == "COLT 2012"
    assert rudin["references"][0]["citation"].startswith("Cynthia Rudin")
    assert rudin["field"]["slug"] == "learning-theory"
    assert [m["code"] for m in rudin["msc2020"]] == ["68Q32"]


def test_colt_fixture_titles_and_catalogue_overrides(config, tmp_path):
    vol = tmp_path / "v999"
    vol.mkdir()
    (vol / "_config.yml").write_text(
        "shortname: COLT 2099\nurl: https://proceedings.mlr.press\n", encoding="utf-8"
    )

    def post(name: str, title: str, abstract: str) -> None:
        (vol / f"{name}.md").write_text(
            f"---\ntitle: '{title}'\nid: {name}\nabstract: '{abstract}'\ndate: 2099-07-01\n---\n",
            encoding="utf-8",
        )

    post("a99", "Open Problem: Is it hard?", "We ask whether it is hard.")
    post("b99", "A regular paper", "We prove a theorem.")
    post("c99", "Open Question: Anything?", "We describe a setting.")
    result = run_importer(config, "colt-open-problems", tmp_path)
    assert [(s.locator, s.reason) for s in result.skips] == [("v999/b99.md", "not-an-open-problem")]
    kinds = {r["id"]: r["record_kind"] for r in result.records}
    assert kinds == {
        "problem:colt-open-problems/v999/a99": "problem",
        "catalogue:colt-open-problems/v999/c99": "catalogue",
    }
    c99 = next(r for r in result.records if r["record_kind"] == "catalogue")
    assert c99["background"] == "We describe a setting." and "does not pose" in c99["notes"]


def test_colt_build_is_unassessed_in_the_problem_partition(config, tmp_path):
    from corpus_helpers import SNAPSHOT

    from openfrontiers.corpus.build import build, parse_sources

    out = tmp_path / "b"
    spec = f"colt-open-problems={shared_source('colt-open-problems')}"
    manifest = build(config, parse_sources([spec], config), out, SNAPSHOT)
    records = [json.loads(x) for x in (out / "records.jsonl").read_text().splitlines()]
    assert {r["status"] for r in records} == {"unassessed"}
    assert manifest["sources"][0]["counts"]["problem_records"] == 71
