"""`ofb report … --site DIR` on the run and verdict fixtures of test_results_report: the pages
and their tables with denominators, public fields only on item pages, no network resource,
the same bytes from the same inputs, the leak scan refusing a build, the overwrite rule and
the command line. The site in a real browser: test_site_browser.py."""

from __future__ import annotations

import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from run_fixtures import FakeAttempt, make_run, packet_key
from test_results_report import ITEMS, build, everything, world  # noqa: F401  (a fixture)

from cli_helpers import ofb
from ofb_testing import REPO
from openfrontiers.errors import BadInput, UsageError
from openfrontiers.results.site import build_site, provenance

COMMIT = "0123456789abcdef0123456789abcdef01234567"


def make_site(tmp_path: Path, world, runs=None, statements=None, name="site"):  # noqa: F811
    register, key, _ = world
    report = build(tmp_path, world, runs if runs is not None else everything(tmp_path))
    prov = provenance(report.results.runs, [("register", tmp_path / "items.toml")], COMMIT, False)
    return build_site(report, register, key, tmp_path / name, prov, statements)


@pytest.fixture(scope="module")
def site(tmp_path_factory, world):  # noqa: F811
    tmp_path = tmp_path_factory.mktemp("site")
    statements = tmp_path / "statements"
    statements.mkdir()
    (statements / "R01.lean").write_text(
        "/-- Is every widget a gadget? -/\ntheorem R01 : answer(sorry) ↔ True := by\n  sorry\n",
        encoding="utf-8",
    )
    return make_site(tmp_path, world, statements=statements)


class _Page(HTMLParser):
    """The tables (caption → rows of cell texts) and every href/src of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.links: list[str] = []
        self.ids: list[str] = []
        self._caption: str | None = None
        self._rows: list[list[str]] = []
        self._cell: list[str] | None = None
        self._in_caption = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append(value)
            if name == "id" and value is not None:
                self.ids.append(value)
        if tag == "table":
            self._caption, self._rows = "", []
        elif tag == "caption":
            self._in_caption = True
        elif tag == "tr":
            self._rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "caption":
            self._in_caption = False
        elif tag in ("td", "th") and self._cell is not None:
            self._rows[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "table":
            self.tables[self._caption or ""] = self._rows

    def handle_data(self, data):
        if self._in_caption:
            self._caption = (self._caption or "") + data
        elif self._cell is not None:
            self._cell.append(data)


def parse(path: Path) -> _Page:
    parsed = _Page()
    parsed.feed(path.read_text(encoding="utf-8"))
    return parsed


def as_dicts(rows: list[list[str]]) -> list[dict[str, str]]:
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def test_index_holds_table3_with_denominators_and_every_table(site):
    index = parse(site.index)
    table3 = as_dicts(index.tables["Table 3: solved items"])
    found = {(r["model"], r["protocol"], r["condition"]): r for r in table3}
    alpha_c = found[("Alpha", "native", "C")]
    assert (alpha_c["solved / denominator"], alpha_c["clean solved / eligible"]) == ("3/4", "1/1")
    assert found[("Alpha", "native", "A")]["solved / denominator"] == "0/4"
    beta = found[("Beta", "continuation", "A")]
    assert (beta["solved / denominator"], beta["attempts per item"]) == ("2/4", "2")
    assert found[("Gamma", "native", "B")]["clean solved / eligible"] == "–"  # no cutoff
    assert set(index.tables) >= {
        "Table 7: per-run details",
        "Open items and frozen items",
        "Solve matrix",
        "pass@k (unbiased estimator)",
        "Overlaps between models",
    }
    matrix = as_dicts(index.tables["Solve matrix"])
    r01 = next(r for r in matrix if r["item"] == "R01")
    assert (r01["alpha-native-C"], r01["alpha-native-A"], r01["gamma-native-B"]) == (
        "solved",
        "no .lean",
        "frozen",
    )
    table7 = as_dicts(index.tables["Table 7: per-run details"])
    assert next(r for r in table7 if r["condition"] == "C")["solves after such a fetch"] == "2/3"
    figures = [link for link in index.links if link.startswith("figures/")]
    assert figures == [
        f"figures/{n}.svg" for n in ("solves", "end_reasons", "minutes", "solve_matrix")
    ]


def test_every_link_stays_inside_the_site_and_nothing_comes_from_the_network(site):
    pages = sorted(site.out.rglob("*.html"))
    assert {p.relative_to(site.out).as_posix() for p in pages} >= {
        "index.html",
        "models/alpha.html",
        "models/beta.html",
        "models/gamma.html",
        "items/R01.html",
        "items/O22.html",
    }
    for page in pages:
        parsed = parse(page)
        assert len(set(parsed.ids)) == len(parsed.ids), (page, parsed.ids)
        for link in parsed.links:
            assert not re.match(r"[a-z]+:", link) and not link.startswith("//"), (page, link)
            if link.startswith("#"):
                assert link[1:] in parsed.ids, (page, link)
                continue
            target = (page.parent / link.split("#")[0]).resolve()
            if "#" in link:
                assert f'id="{link.split("#")[1]}"' in target.read_text(encoding="utf-8"), link
            assert target.is_file() and site.out.resolve() in target.parents, (page, link)
    for path in site.out.rglob("*"):
        if path.suffix in (".html", ".css", ".js"):
            text = path.read_text(encoding="utf-8")
            assert "http://" not in text and "https://" not in text, path
            assert "@import" not in text and "url(" not in text, path
    for svg in site.out.glob("figures/*.svg"):  # inline images (data:) and own ids only
        hrefs = re.findall(r'(?:href|src)="([^"#][^"]*)"', svg.read_text(encoding="utf-8"))
        assert all(h.startswith("data:image/png;base64,") for h in hrefs), (svg, hrefs)


def test_model_page_lists_the_clean_subset_with_each_exclusion_reason(site):
    alpha = parse(site.out / "models" / "alpha.html")
    excluded = {
        r["item"]: r["why"]
        for r in as_dicts(alpha.tables["Excluded from the clean subset, native A"])
    }
    assert set(excluded) == {"E03", "N16", "N17"}
    assert "credited to OpenAI" in excluded["N16"]
    assert "on or before the cutoff 2026-06-30" in excluded["E03"]
    assert "no reference answer" in excluded["N17"]
    text = (site.out / "models" / "alpha.html").read_text(encoding="utf-8")
    assert "alpha-native-A" in text and "alpha-native-C" in text
    reasons = as_dicts(alpha.tables["End reasons of finished attempts, native C"])
    assert reasons == [
        {"end reason": "agent stopped", "attempts": "5"},
        {"end reason": "submitted", "attempts": "1"},
    ]
    gamma = (site.out / "models" / "gamma.html").read_text(encoding="utf-8")
    assert "no clean subset" in gamma


def test_item_pages_show_public_fields_and_which_runs_solved_them(site, world):  # noqa: F811
    _, key, _ = world
    page = site.out / "items" / "R01.html"
    text = page.read_text(encoding="utf-8")
    assert "Is every widget a gadget?" in text and "answer(sorry)" in text  # the statement
    assert "<dd>Comb.</dd>" in text and "Rediscovery-110" in text
    assert "Solved in: alpha-native-C, beta-cont-A-1, beta-cont-A-2." in text
    attempts = as_dicts(parse(page).tables["Attempts at this item"])
    assert {r["run"]: r["result"] for r in attempts}["gamma-native-B"] == "frozen"
    for path in site.out.rglob("*"):
        if path.is_file():
            data = path.read_text(encoding="utf-8")
            for entry in key.values():
                for source in entry.solution_sources:
                    assert source not in data and source.split(":")[-1] not in data, path
    assert "No statement file." in (site.out / "items" / "E03.html").read_text(encoding="utf-8")


def test_footer_names_version_commit_and_each_input_with_its_hash(site):
    text = site.index.read_text(encoding="utf-8")
    assert COMMIT in text and "ofb " in text
    verdicts = next(p for p in (site.out.parent / "runs").glob("*/verdicts.jsonl"))
    digest = hashlib.sha256(verdicts.read_bytes()).hexdigest()
    assert f"{verdicts.parent.name}/verdicts.jsonl</code> sha256 <code>{digest}" in text
    run = verdicts.parent
    listed = sorted(
        f.relative_to(run).as_posix()
        for f in run.rglob("*")
        if f.name in ("manifest.json", "attempt.json", "Solution.lean")
    )
    lines = [f"{hashlib.sha256((run / n).read_bytes()).hexdigest()}  {n}\n" for n in listed]
    digest = hashlib.sha256("".join(lines).encode()).hexdigest()
    assert f"run: <code>{run.name}/</code> sha256 <code>{digest}" in text
    manifest = json.loads((site.out / "site.json").read_text(encoding="utf-8"))
    assert manifest["commit"] == COMMIT
    for name, sha in manifest["files"].items():
        assert hashlib.sha256((site.out / name).read_bytes()).hexdigest() == sha, name


def test_same_inputs_give_the_same_bytes(tmp_path, world):  # noqa: F811
    runs = everything(tmp_path)
    one = make_site(tmp_path, world, runs, name="one")
    two = make_site(tmp_path, world, runs, name="two")
    assert one.files == two.files
    written = {p.relative_to(two.out).as_posix(): p.read_bytes() for p in two.out.rglob("*.*")}
    assert written == two.files


def test_evaluator_data_in_any_page_refuses_the_build(tmp_path, world):  # noqa: F811
    statements = tmp_path / "statements"
    statements.mkdir()
    (statements / "N16.lean").write_text(
        "/-- See github:openai/ten-proofs for how it went. -/\ntheorem N16 : True := trivial\n",
        encoding="utf-8",
    )
    with pytest.raises(BadInput) as refused:
        make_site(tmp_path, world, statements=statements)
    message = str(refused.value)
    assert "items/N16.html" in message and "openai/ten-proofs" in message
    assert "a solution source of N16" in message
    assert not (tmp_path / "site").exists()


def test_a_folder_that_is_not_a_site_is_never_replaced(tmp_path, world):  # noqa: F811
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "notes.txt").write_text("mine\n", encoding="utf-8")
    with pytest.raises(UsageError, match="is not a site ofb report wrote"):
        make_site(tmp_path, world)
    assert (tmp_path / "site" / "notes.txt").read_text() == "mine\n"
    runs = everything(tmp_path / "again")
    first = make_site(tmp_path, world, runs, name="ours")
    (first.out / "stale.html").write_text("old\n", encoding="utf-8")
    make_site(tmp_path, world, runs, name="ours")  # a site of ours is replaced whole
    assert not (first.out / "stale.html").exists() and first.index.is_file()


def test_cli_writes_the_site_without_a_report_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    mapping = {"P001": "R07", "P002": "E03"}
    key = packet_key(tmp_path / "packets.key.json", mapping)
    run = make_run(tmp_path / "runs", "sol-A", model="gpt-6.1-sol", condition="A",
                   protocol="native", items=mapping,
                   attempts=[FakeAttempt("P001", minutes=3, lean=True, verdict="solved"),
                             FakeAttempt("P002", minutes=4)])  # fmt: skip
    out = tmp_path / "site"
    done = ofb(capsys, "report", str(run), "--key", str(key), "--site", str(out))
    assert done.code == 0, done.err
    assert f"wrote {out / 'index.html'}" in done.out
    index = parse(out / "index.html")
    (row,) = as_dicts(index.tables["Table 3: solved items"])
    assert (row["solved / denominator"], row["clean solved / eligible"]) == ("1/2", "1/1")
    statement = (REPO / "FrontierBench" / "R07.lean").read_text(encoding="utf-8")
    assert statement.splitlines()[-1].strip() in (out / "items" / "R07.html").read_text()
    neither = ofb(capsys, "report", str(run), "--key", str(key))
    assert neither.code == 2 and "--site DIR" in neither.err
    same = ofb(capsys, "report", str(run), "--key", str(key), "--out", str(out / "report"),
               "--site", str(out))  # fmt: skip
    assert same.code == 2 and "would replace the report folder" in " ".join(same.err.split())
    assert not (out / "report").exists()


def test_the_real_register_and_key_give_every_item_a_page_and_no_false_refusal(
    tmp_path, capsys, monkeypatch
):
    """Every item of the shipped register, with its statement file, checked against the
    shipped evaluator key: the leak scan must pass public text, and each solved item is
    solved in the fixture so the pages name it beside its verdict."""
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    from openfrontiers.project import Project

    project = Project.find()
    items = [i.id for i in project.register]
    mapping = {f"P{n:03d}": item for n, item in enumerate(items, start=1)}
    key = packet_key(tmp_path / "packets.key.json", mapping)
    attempts = [FakeAttempt(p, lean=True, verdict="solved") for p in mapping]
    run = make_run(tmp_path / "runs", "all", model="claude-sonnet-5.5", condition="C",
                   protocol="native", items=mapping, attempts=attempts)  # fmt: skip
    out = tmp_path / "site"
    done = ofb(capsys, "report", str(run), "--key", str(key), "--site", str(out))
    assert done.code == 0, done.err
    assert sorted(p.stem for p in (out / "items").glob("*.html")) == sorted(items)
    written = [i.id for i in project.register.written()]
    for item_id in written[:3]:
        assert "theorem" in (out / "items" / f"{item_id}.html").read_text(encoding="utf-8")
