"""`ofb report` on run and verdict fixtures built here: Table 3 and Table 7, open items
apart, the solve matrix, pass@k, overlaps, the figures (real PNG and SVG of the stated
size), the degenerate cases (no attempts, all unsolved, a model without a cutoff, an
unfinished attempt) and bad input."""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import pytest
from PIL import Image
from run_fixtures import FakeAttempt, make_run, packet_key, url

from cli_helpers import ofb
from ofb_testing import REPO
from openfrontiers.errors import BadInput, InputError, OfbError, UsageError
from openfrontiers.evaluator.answers import ReferenceAnswer
from openfrontiers.register.load import Register
from openfrontiers.register.model import Item, Split, Status
from openfrontiers.results.analysis import pass_at_k
from openfrontiers.results.models import Model, ModelRegistry
from openfrontiers.results.report import Inputs, build_report

ITEMS = {
    "P001": "R01",
    "P002": "E03",
    "P003": "N16",
    "P004": "N17",
    "P005": "O02",
    "P006": "O22",
}


def _item(item_id: str, title: str = "") -> Item:
    split = Split.OPEN if item_id.startswith("O") else Split.REDISCOVERY
    return Item(item_id, title or item_id, "Comb.", split, hq50=True, status=Status.WRITTEN)


def _answer(item_id: str, when: date | None, *credit: str, sources=(), answer="True"):
    return ReferenceAnswer(
        item_id,
        answer,
        record="r" if answer else "",
        pending="" if answer else "not read",
        solution_sources=tuple(sources),
        evidence_date=when,
        credit=credit,
    )


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("world")
    register = Register(
        tmp_path / "items.toml",
        {
            i.id: i
            for i in [
                _item("R01"),
                _item("E03", "Erdős Problem #152: isolated elements"),
                _item("N16"),
                _item("N17"),
                _item("O02"),
                _item("O22"),
            ]
        },
    )
    key = {
        "R01": _answer("R01", date(2026, 9, 7), "human", sources=["arXiv:2609.07113"]),
        "E03": _answer("E03", date(2026, 4, 2), "Google"),
        "N16": _answer("N16", date(2026, 8, 20), "OpenAI", sources=["github:openai/ten-proofs"]),
        "N17": _answer("N17", None, answer=None),
        "O02": ReferenceAnswer("O02", None, status_checked=date(2026, 11, 20)),
        "O22": ReferenceAnswer("O22", None, status_checked=date(2026, 11, 20)),
    }
    registry = ModelRegistry(
        tmp_path / "models.toml",
        {
            "alpha": Model("alpha", "Alpha", "codex", "OpenAI", "OpenAI", date(2026, 6, 30)),
            "beta": Model("beta", "Beta", "claude-code", release_date=date(2026, 8, 15)),
            "gamma": Model("gamma", "Gamma", "generic"),  # no cutoff
        },
    )
    return register, key, registry


def everything(tmp_path: Path) -> list[Path]:
    runs = tmp_path / "runs"
    packets = list(ITEMS)

    def unsolved(pid: str, **kw) -> FakeAttempt:
        return FakeAttempt(pid, verdict="unsolved" if kw.get("lean") else None, **kw)

    return [
        # All unsolved: no verdict but unsolved ones, one .lean left and not graded.
        make_run(
            runs,
            "alpha-native-A",
            model="alpha",
            condition="A",
            protocol="native",
            items=ITEMS,
            attempts=[
                unsolved("P001", minutes=0.5),
                unsolved("P002", minutes=1.5, lean=True),
                unsolved("P003", minutes=2.5, end_reason="agent error"),
                FakeAttempt("P004", minutes=3.5, lean=True),  # left a .lean, never graded
                unsolved("P005", minutes=4.5),
                unsolved("P006", minutes=5.5),
            ],
        ),
        # Live web: two solves after fetching a located source, one without; a refused
        # fetch does not count; an open item accepted.
        make_run(
            runs,
            "alpha-native-C",
            model="alpha",
            condition="C",
            protocol="native",
            items=ITEMS,
            attempts=[
                FakeAttempt(
                    "P001",
                    minutes=10,
                    lean=True,
                    verdict="solved",
                    end_reason="submitted",
                    urls=[url("https://arxiv.org/abs/2609.07113v1")],
                ),
                FakeAttempt("P002", minutes=20, lean=True, verdict="solved"),
                FakeAttempt(
                    "P003",
                    minutes=30,
                    lean=True,
                    verdict="solved",
                    urls=[
                        url(
                            "https://github.com/openai/ten-proofs",
                            "repo:github.com/openai/ten-proofs",
                        )
                    ],
                ),
                FakeAttempt(
                    "P004",
                    minutes=40,
                    urls=[url("https://erdosproblems.com/152", "mcp-fetch_url-refused", None)],
                ),
                FakeAttempt(
                    "P005",
                    minutes=50,
                    lean=True,
                    verdict="frozen-review",
                    reason="open-item-accepted",
                ),
                FakeAttempt(
                    "P006",
                    minutes=60,
                    urls=[url("https://erdosproblems.com/152", decision="refused")],
                ),
            ],
        ),
        # Two runs of one configuration: pass@k over two attempts per item.
        make_run(
            runs,
            "beta-cont-A-1",
            model="beta",
            condition="A",
            protocol="continuation",
            items=ITEMS,
            attempts=[
                FakeAttempt(
                    "P001", minutes=180, lean=True, verdict="solved", end_reason="submitted"
                ),
                *(FakeAttempt(p, minutes=180, end_reason="wall clock") for p in packets[1:]),
            ],
        ),
        make_run(
            runs,
            "beta-cont-A-2",
            model="beta",
            condition="A",
            protocol="continuation",
            items=ITEMS,
            attempts=[
                FakeAttempt(
                    "P001", minutes=90, lean=True, verdict="solved", end_reason="submitted"
                ),
                FakeAttempt("P002", minutes=180, end_reason="stalled"),
                FakeAttempt(
                    "P003", minutes=60, lean=True, verdict="solved", end_reason="submitted"
                ),
                *(FakeAttempt(p, minutes=180, end_reason="wall clock") for p in packets[3:]),
            ],
        ),
        # A model without a cutoff; an unfinished attempt; an opposite answer frozen.
        make_run(
            runs,
            "gamma-native-B",
            model="gamma",
            condition="B",
            protocol="native",
            items=ITEMS,
            attempts=[
                FakeAttempt("P001", lean=True, verdict="frozen-review", reason="opposite-answer"),
                FakeAttempt("P002", finished=False),
                FakeAttempt("P003", minutes=7),
            ],
        ),
        # No attempts at all.
        make_run(
            runs,
            "beta-native-B",
            model="beta",
            condition="B",
            protocol="native",
            items=ITEMS,
            attempts=[],
        ),
    ]


@pytest.fixture(scope="module")
def built(tmp_path_factory, world):
    """The report of every fixture run, built once for the tests that only read it."""
    tmp_path = tmp_path_factory.mktemp("built")
    return build(tmp_path, world, everything(tmp_path))


def build(tmp_path, world, runs, out_name="out"):
    register, key, registry = world
    for name in ("items.toml", "models.toml", "answers.toml"):  # hashed as the report's inputs
        (tmp_path / name).write_text("# fixture\n", encoding="utf-8")
    inputs = Inputs(
        runs,
        packet_key(tmp_path / "packets.key.json", ITEMS),
        tmp_path / "answers.toml",
        tmp_path / "models.toml",
        tmp_path / "items.toml",
    )
    return build_report(inputs, register, key, registry, tmp_path / out_name)


def rows(report, name):
    table = next(t for t in report.tables if t.name == name)
    return [dict(zip(table.columns, row, strict=True)) for row in table.rows]


def test_pass_at_k_is_the_unbiased_estimator():
    assert pass_at_k(5, 0, 1) == 0.0 and pass_at_k(5, 5, 3) == 1.0
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)
    assert pass_at_k(10, 3, 2) == pytest.approx(1 - 21 / 45)
    assert pass_at_k(4, 3, 2) == 1.0  # every pair holds a solved attempt
    # Against the definition: the share of k-subsets of the n attempts holding a solve.
    for n, c, k in [(6, 2, 3), (7, 1, 4), (5, 3, 1), (8, 0, 2)]:
        attempts = [True] * c + [False] * (n - c)
        subsets = list(itertools.combinations(range(n), k))
        share = sum(any(attempts[i] for i in s) for s in subsets) / len(subsets)
        assert pass_at_k(n, c, k) == pytest.approx(share)
    for bad in [(3, 4, 1), (3, 1, 0), (3, 1, 4), (3, -1, 1)]:
        with pytest.raises(ValueError):
            pass_at_k(*bad)


def test_table3_counts_with_denominators_and_clean_subsets(built):
    report = built
    table = {(r["model"], r["protocol"], r["condition"]): r for r in rows(report, "table3")}
    a = table[("Alpha", "native", "A")]
    assert (a["solved"], a["denominator"], a["clean solved"], a["eligible"]) == (0, 4, 0, 1)
    c = table[("Alpha", "native", "C")]
    # Alpha (OpenAI, 2026-06-30): R01 eligible; E03 before the cutoff; N16 its own
    # lineage; N17 has no answer. Three solved, one of them clean. The open item O02 is
    # not a solve.
    assert (c["solved"], c["clean solved"], c["eligible"]) == (3, 1, 1)
    beta = table[("Beta", "continuation", "A")]
    # Beta (no lineage, released 2026-08-15): R01 (09-07) and N16 (08-20) eligible.
    assert (beta["solved"], beta["clean solved"], beta["eligible"]) == (2, 2, 2)
    assert beta["attempts per item"] == "2" and beta["runs"] == "beta-cont-A-1, beta-cont-A-2"
    gamma = table[("Gamma", "native", "B")]
    assert gamma["clean solved"] is None and gamma["eligible"] is None
    assert gamma["lineage, cutoff"] == "–, no cutoff" and gamma["solved"] == 0
    empty = table[("Beta", "native", "B")]
    assert (empty["solved"], empty["denominator"], empty["eligible"]) == (0, 0, 0)
    text = (report.out / "tables" / "table3.md").read_text()
    assert "| Alpha | OpenAI, 2026-06-30 | 0/4 | 0/1 | – | – | 3/4 | 1/1 |" in text
    assert "| Gamma | –, no cutoff | – | – | 0/3 | – | – | – |" in text
    assert "accuracy" in text  # the note says it is never reported


def test_table7_minutes_lean_end_reasons_open_and_retrieval(built):
    report = built
    table = {(r["model"], r["protocol"], r["condition"]): r for r in rows(report, "table7")}
    a = table[("Alpha", "native", "A")]
    assert a["median minutes"] == 3.0 and a[".lean"] == 2 and a["ungraded .lean"] == 1
    assert a["end reasons"] == "agent stopped 5, agent error 1" and a["open accepted"] == 0
    assert a["fetched a solution source"] is None
    c = table[("Alpha", "native", "C")]
    assert c["open accepted"] == 1 and c["median minutes"] == 35.0
    # P001 and P003 fetched a located source; the refused fetches of P004 and P006 (and
    # P006's open item has no solution source at all) do not count.
    assert c["fetched a solution source"] == 2 and c["solves after such a fetch"] == "2/3"
    gamma = table[("Gamma", "native", "B")]
    assert gamma["attempts"] == 3 and gamma["unfinished"] == 1
    empty = table[("Beta", "native", "B")]
    assert empty["attempts"] == 0 and empty["median minutes"] is None
    assert empty["end reasons"] is None
    retrieval = json.loads((report.out / "report.json").read_text())["retrieval"]
    assert retrieval[0]["fetches"] == [
        {"run": "alpha-native-C", "item": "R01", "sources": ["arxiv:2609.07113"]},
        {"run": "alpha-native-C", "item": "N16", "sources": ["repo:github.com/openai/ten-proofs"]},
    ]


def test_open_items_and_frozen_items_are_apart(built):
    report = built
    table = {(r["model"], r["protocol"], r["condition"]): r for r in rows(report, "open_items")}
    c = table[("Alpha", "native", "C")]
    assert c["open items"] == 2 and c["accepted before review"] == "O02"
    assert c["frozen"] == "O02 (open-item-accepted)"
    assert table[("Gamma", "native", "B")]["frozen"] == "R01 (opposite-answer)"


def test_solve_matrix_pass_at_k_and_overlaps(built):
    report = built
    matrix = {r["item"]: r for r in rows(report, "solve_matrix")}
    assert matrix["R01"]["beta-cont-A-1"] == "solved" == matrix["R01"]["beta-cont-A-2"]
    assert matrix["N16"]["beta-cont-A-1"] == "no .lean"
    assert matrix["N16"]["beta-cont-A-2"] == "solved"
    assert matrix["R01"]["alpha-native-C"] == "solved" and matrix["O02"]["gamma-native-B"] is None
    assert matrix["E03"]["gamma-native-B"] == "unfinished"
    assert matrix["R01"]["gamma-native-B"] == "frozen"
    assert matrix["N17"]["alpha-native-A"] == "ungraded"
    assert matrix["E03"]["alpha-native-A"] == "unsolved"
    columns = next(t for t in report.tables if t.name == "solve_matrix").columns
    assert columns[1:] == [  # in the order of the configurations
        "alpha-native-A", "alpha-native-C", "beta-native-B", "gamma-native-B",
        "beta-cont-A-1", "beta-cont-A-2",
    ]  # fmt: skip
    text = (report.out / "tables" / "solve_matrix.md").read_text()
    assert "| R01 | · | ✓ | – | F | ✓ | ✓ |" in text
    passk = {(r["model"], r["protocol"], r["condition"]): r for r in rows(report, "pass_at_k")}
    beta = passk[("Beta", "continuation", "A")]
    # Four solved items, two attempts each: R01 2/2, N16 1/2, E03 and N17 0/2.
    assert beta["pass@1"] == pytest.approx((1 + 0.5) / 4)
    assert beta["pass@2"] == pytest.approx((1 + 1) / 4)
    assert passk[("Alpha", "native", "A")]["pass@2"] is None  # one attempt per item
    overlaps = {(r["protocol"], r["condition"], r["model"]): r for r in rows(report, "overlaps")}
    assert overlaps[("native", "C", "Alpha")]["solved by no other model"] == "R01, E03, N16"
    # Native B: Gamma and Beta, both without solves.
    assert overlaps[("native", "B", "Gamma")]["shared"] == "Beta 0"


def test_figures_are_real_images_of_the_stated_size(built):
    report = built
    assert [f.name for f in report.figures] == ["solves", "end_reasons", "minutes", "solve_matrix"]
    for figure in report.figures:
        assert figure.png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with Image.open(figure.png) as image:
            image.verify()
        with Image.open(figure.png) as image:
            assert image.format == "PNG"
            assert image.size == (figure.width_px, figure.height_px)
        root = ET.parse(figure.svg).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("width") == f"{figure.width_pt:g}pt"
        assert root.get("height") == f"{figure.height_pt:g}pt"
        assert len(list(root.iter())) > 20  # drawn, not an empty canvas
    markdown = report.markdown_path.read_text()
    for figure in report.figures:
        assert f"![{figure.title}](figures/{figure.png.name})" in markdown
        assert f"({figure.width_px}×{figure.height_px} px)" in markdown


def test_same_inputs_give_the_same_files(tmp_path, world):
    runs = everything(tmp_path)
    first = build(tmp_path, world, runs, "one")
    second = build(tmp_path, world, runs, "two")
    for a, b in zip(sorted(first.out.rglob("*.*")), sorted(second.out.rglob("*.*")), strict=True):
        assert a.name == b.name
        if a.name == "report.md" or a.name == "report.json":
            continue  # they name their own folder
        assert a.read_bytes() == b.read_bytes(), a.name


def test_no_attempts_at_all_still_writes_every_table_and_figure(tmp_path, world):
    run = make_run(tmp_path / "runs", "empty", model="alpha", condition="A", protocol="native",
                   items=ITEMS, attempts=[])  # fmt: skip
    report = build(tmp_path, world, [run])
    assert rows(report, "table3")[0]["solved"] == 0
    assert rows(report, "solve_matrix") == [] and rows(report, "overlaps")[0]["solved"] == 0
    for figure in report.figures:
        with Image.open(figure.png) as image:
            assert image.size == (figure.width_px, figure.height_px)
    assert "(no rows)" in (tmp_path / "out" / "tables" / "solve_matrix.md").read_text()


def test_markdown_report_has_every_table_the_inputs_and_the_gaps(built):
    report = built
    text = report.markdown_path.read_text()
    for title in ("Table 3", "Table 7", "Open items", "Solve matrix", "pass@k", "Overlaps"):
        assert f"### {title}" in text
    assert "Gamma native B: 1 attempt(s) unfinished" in text
    assert "Alpha native A: 1 .lean file(s) not graded" in text
    assert "No cutoff in the model registry for Gamma" in text
    assert "packet key: `" in text and "sha256" in text
    for table in report.tables:
        for suffix in ("md", "csv", "json"):
            assert (report.out / "tables" / f"{table.name}.{suffix}").is_file()
    csv_head = (report.out / "tables" / "table3.csv").read_text().splitlines()[0]
    assert csv_head.startswith("model,lineage, cutoff".replace(", ", ',"')[:5])


def test_records_that_contradict_each_other_are_errors(tmp_path, world):
    runs = tmp_path / "runs"
    run = make_run(runs, "r", model="alpha", condition="A", protocol="native", items=ITEMS,
                   attempts=[FakeAttempt("P001", lean=True, verdict="unsolved")])  # fmt: skip
    verdicts = run / "verdicts.jsonl"
    line = json.loads(verdicts.read_text())
    line["item"] = "E03"
    verdicts.write_text(json.dumps(line) + "\n")
    with pytest.raises(InputError, match="P001 is R01 in the packet key, but the verdict says"):
        build(tmp_path, world, [run])
    line["item"] = "R01"
    verdicts.write_text((json.dumps(line) + "\n") * 2)
    with pytest.raises(InputError) as info:
        build(tmp_path, world, [run])
    assert info.value.rule == "duplicate-verdict" and info.value.where.line == 2
    verdicts.write_text("not json\n")
    with pytest.raises(InputError, match="not a JSON line"):
        build(tmp_path, world, [run])
    verdicts.unlink()
    record = json.loads((run / "P001" / "attempt.json").read_text())
    record["model"] = "beta"
    (run / "P001" / "attempt.json").write_text(json.dumps(record))
    with pytest.raises(InputError, match="model is 'beta' here but 'alpha'"):
        build(tmp_path, world, [run])


def test_missing_and_unknown_inputs_are_usage_errors(tmp_path, world):
    with pytest.raises(BadInput, match="not a run folder"):  # a folder, but not a run
        build(tmp_path, world, [tmp_path])
    with pytest.raises(UsageError, match="at least one run folder"):
        build(tmp_path, world, [])
    stranger = make_run(tmp_path / "runs", "s", model="delta", condition="A", protocol="native",
                        items=ITEMS, attempts=[FakeAttempt("P001")])  # fmt: skip
    with pytest.raises(UsageError, match=r"run model\(s\) not in .*: delta"):
        build(tmp_path, world, [stranger])
    planned = make_run(tmp_path / "runs", "p", model="alpha", condition="A", protocol="native",
                       items=ITEMS, attempts=[], planned=["P999"])  # fmt: skip
    with pytest.raises(UsageError, match="packets not in the packet key: P999"):
        build(tmp_path, world, [planned])
    twice = make_run(tmp_path / "other", "s", model="alpha", condition="A", protocol="native",
                     items=ITEMS, attempts=[])  # fmt: skip
    with pytest.raises(OfbError, match="share a name"):
        build(tmp_path, world, [stranger, twice])


def test_cli_writes_the_report_in_one_command(tmp_path, capsys, monkeypatch):
    """`ofb report RUN… --key K --out DIR` on the real register, key and model registry."""
    monkeypatch.setenv("OFB_ROOT", str(REPO))
    mapping = {"P001": "R07", "P002": "E03", "P003": "O02"}
    key = packet_key(tmp_path / "packets.key.json", mapping)
    runs = [
        make_run(tmp_path / "runs", "sol-A", model="gpt-6.1-sol", condition="A",
                 protocol="native", items=mapping,
                 attempts=[FakeAttempt("P001", minutes=3, lean=True, verdict="solved"),
                           FakeAttempt("P002", minutes=4), FakeAttempt("P003", minutes=5)]),
        make_run(tmp_path / "runs", "kimi-A", model="kimi-k3", condition="A",
                 protocol="native", items=mapping,
                 attempts=[FakeAttempt(p, minutes=30) for p in mapping]),
    ]  # fmt: skip
    out = tmp_path / "report"
    run = ofb(capsys, "report", *map(str, runs), "--key", str(key), "--out", str(out))
    assert run.code == 0, run.err
    assert "wrote" in run.out and (out / "report.md").is_file()
    table3 = json.loads((out / "tables" / "table3.json").read_text())["rows"]
    sol = next(r for r in table3 if r["model"] == "GPT-6.1-sol")
    # R07 (human, evidence 2026-07-01) is clean for an OpenAI model cut off on 2026-06-30.
    assert (sol["solved"], sol["denominator"], sol["clean solved"], sol["eligible"]) == (1, 2, 1, 1)
    assert sol["lineage, cutoff"] == "OpenAI, 2026-06-30"
    kimi = next(r for r in table3 if r["model"] == "Kimi-K3")
    # the README demo's run (model `standin`, not graded) reaches the report too (issue 29)
    demo = make_run(tmp_path / "runs", "demo", model="standin", condition="A",
                    protocol="continuation", items=mapping,
                    attempts=[FakeAttempt(p, lean=True) for p in mapping])  # fmt: skip
    assert ofb(capsys, "report", str(demo), "--key", str(key), "--out", str(out)).code == 0
    assert (
        "Stand-in (demo) continuation A: 3 .lean file(s) not graded"
        in (out / "report.md").read_text()
    )
    assert kimi["lineage, cutoff"] == "–, 2026-06-13"
    bad = ofb(capsys, "report", str(runs[0]), "--key", str(tmp_path / "nope"), "--out", str(out))
    assert bad.code == 2 and "no such packet key" in " ".join(bad.err.split())
    assert "Traceback" not in bad.err


def test_a_verdict_that_does_not_belong_to_its_attempt_is_listed_and_never_counted(tmp_path, world):
    """Issue 29 item 7: verdicts whose submission hash is not the attempt's Solution.lean
    (a zero hash, a file edited after the attempt, no file at all) count as not graded."""
    runs = tmp_path / "runs"
    attempts = [
        FakeAttempt("P001", lean=True, verdict="solved"),  # matched: counted
        FakeAttempt("P002", lean=True, verdict="solved"),  # a zero hash
        FakeAttempt("P003", lean=True, verdict="solved"),  # the file edited afterwards
        FakeAttempt("P004", lean=False, verdict="solved", finished=False),  # no file
    ]
    run = make_run(runs, "r", model="alpha", condition="A", protocol="native", items=ITEMS,
                   attempts=attempts)  # fmt: skip
    verdicts = run / "verdicts.jsonl"
    lines = [json.loads(x) for x in verdicts.read_text().splitlines()]
    lines[1]["hashes"]["submission"] = "0" * 64
    verdicts.write_text("".join(json.dumps(x) + "\n" for x in lines))
    (run / "P003" / "Solution.lean").write_text("theorem main : True := by trivial\n")
    report = build(tmp_path, world, [run])
    assert rows(report, "table3")[0]["solved"] == 1
    text = report.markdown_path.read_text()
    assert "Verdicts that do not belong to their attempt" in text
    assert "`r/P002` (E03): the verdict graded sha256 000000000000…" in text
    assert "`r/P003` (N16): Solution.lean (sha256" in text and "is not the file the attempt" in text
    assert "`r/P004` (N17): the verdict grades a submission, but the attempt left no" in text
    listed = json.loads((report.out / "report.json").read_text())["mismatched_verdicts"]
    assert [m["packet"] for m in listed] == ["P002", "P003", "P004"]


def test_attempts_outside_the_paper_s_protocol_are_flagged(tmp_path, world):
    """Issue 29: a run allowed to lack Lean or its sources (recorded in the manifest and in
    attempt.json) is flagged in Table 7, in report.md and in report.json."""
    runs = tmp_path / "runs"
    allowed = ["no-sources", "no-lean"]
    flagged = make_run(
        runs, "flagged", model="alpha", condition="B", protocol="continuation", items=ITEMS,
        exceptions=allowed,
        attempts=[
            FakeAttempt("P001", end_reason="submitted uncompiled", exceptions=allowed),
            FakeAttempt("P002", exceptions=allowed),
            FakeAttempt("P003", finished=False),  # flagged by the manifest alone
        ],
    )  # fmt: skip
    clean = make_run(runs, "clean", model="alpha", condition="A", protocol="native",
                     items=ITEMS, attempts=[FakeAttempt("P001")])  # fmt: skip
    report = build(tmp_path, world, [flagged, clean])
    by_condition = {r["condition"]: r for r in rows(report, "table7")}
    assert by_condition["B"]["not the paper's protocol"] == "no-lean 3, no-sources 3"
    assert by_condition["B"]["end reasons"] == "agent stopped 1, submitted uncompiled 1"
    assert by_condition["A"]["not the paper's protocol"] is None
    text = report.markdown_path.read_text()
    assert "**Not the paper's protocol**" in text
    assert "no Lean in the sandbox (nothing compiled) in 3 of 3 attempts" in text
    assert "`flagged`: alpha, continuation, condition B" in text
    assert "allowed to lack: no-sources, no-lean" in text
    listed = json.loads((report.out / "report.json").read_text())["exceptions"]
    assert [(e["run"], e["packet"]) for e in listed] == [
        ("flagged", "P001"), ("flagged", "P002"), ("flagged", "P003"),
    ]  # fmt: skip
