"""The results site in a real browser: Debian's headless `chromium` (driven over its
DevTools pipe, tests/results/browser.py) inside a loopback-only network namespace opens a
site built by `ofb report --site` from real `ofb run` folders — the real Claude Code CLI with
the stand-in model, two models — graded by `ofb grade` with the stand-in Lean tools, as
tests/test_end_to_end.py does. The page loads from file:// with its style, script and
figures and nothing else, the DOM holds Table 3 with the report's denominators, sorting
works by keyboard and by click, a phone-wide window needs no sideways scrolling, and the
screenshots are kept in the test's tmp_path (the path is printed)."""

from __future__ import annotations

import json
import re

import pytest
from browser import Browser, chromium

from cli_helpers import ofb
from grade.grading_helpers import GradingCheckout
from harness.helpers import need_netns, run_in_netns
from ofb_testing import REPO
from support import agent_clis
from test_end_to_end import MODEL, SCRIPT, grade_in_process

SECOND = "kimi-k3"  # served by the stand-in too; it writes nothing
NOTHING = {"turns": [{"text": "No proof found."}], "then": {"text": "No proof found."}}

TABLE3 = """(() => {
  const t = document.getElementById("table3");
  const heads = [...t.tHead.rows[0].cells].map(c => c.textContent.trim());
  return {heads, sort: [...t.tHead.rows[0].cells].map(c => c.getAttribute("aria-sort")),
          rows: [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent.trim()))};
})()"""


def column(table: dict, name: str) -> list[str]:
    index = [re.sub(r"\s+", " ", h) for h in table["heads"]].index(name)
    return [row[index] for row in table["rows"]]


def test_site_in_chromium(tmp_path, monkeypatch, capsys, bwrap):
    if chromium() is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    need_netns()
    clis, why = agent_clis.ensure()
    if clis is None:
        pytest.skip(why)
    monkeypatch.delenv("OFB_ROOT", raising=False)
    repo = GradingCheckout(tmp_path / "repo")
    repo.sync()
    monkeypatch.chdir(repo.root)
    salt, key = tmp_path / "salt", repo.root / "packets.key.json"
    salt.write_bytes(b"site in a browser\n")
    packets = repo.root / "packets"
    export = ofb(capsys, "packet", "export", "--ids", "R97,N97", "--out", str(packets),
                 "--salt-file", str(salt))  # fmt: skip
    assert export.code == 0, export.err

    runs = []
    for name, model, script in (("claude-A", MODEL, SCRIPT), ("kimi-A", SECOND, NOTHING)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(script), encoding="utf-8")
        run_dir = tmp_path / "runs" / name
        done = run_in_netns(
            ["run", "--packets", str(packets), "--out", str(run_dir), "--agent", "claude-code",
             "--clis", str(clis), "--model", model, "--standin", str(path),
             "--work-gib", "0.25", "--tmp-gib", "0.25", "--memory-gib", "8",
             "--wall-minutes", "10", "--allow-no-lean"],
            repo.root,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        if model == MODEL:  # the other left no Solution.lean: nothing to grade
            graded = grade_in_process(repo, run_dir, key, monkeypatch, bwrap)
            assert graded.exit_code == 0, graded.output
        runs.append(run_dir)

    out, site = tmp_path / "report", tmp_path / "site"
    made = ofb(capsys, "report", *map(str, runs), "--key", str(key), "--out", str(out),
               "--site", str(site), "--answers", str(repo.answers_path),
               "--models", str(REPO / "FrontierBench" / "models.toml"))  # fmt: skip
    assert made.code == 0, made.err
    expected = json.loads((out / "tables" / "table3.json").read_text())["rows"]
    by_model = {r["model"]: r for r in expected}
    assert (by_model["Claude Sonnet 5.5"]["solved"], by_model["Kimi-K3"]["solved"]) == (1, 0)

    profile = tmp_path / "chromium"
    profile.mkdir()
    with Browser(profile) as browser:
        requested = browser.open((site / "index.html").as_uri())
        assert browser.evaluate("document.title") == "Results"
        # Loaded: the style applies, the script made the sort buttons, every figure drew,
        # and every resource the page fetched is a file of the site.
        assert (
            browser.evaluate("getComputedStyle(document.querySelector('table')).borderCollapse")
            == "collapse"
        )
        assert browser.evaluate(
            "[...document.images].length === 4 && "
            "[...document.images].every(i => i.complete && i.naturalWidth > 0)"
        )
        assert sorted(requested) == sorted(
            (site / name).as_uri()
            for name in ["index.html", "assets/site.css", "assets/site.js"]
            + [f"figures/{n}.svg" for n in ("solves", "end_reasons", "minutes", "solve_matrix")]
        ), requested

        table = browser.evaluate(TABLE3)
        assert sorted(zip(column(table, "model"), column(table, "solved / denominator"),
                          column(table, "clean solved / eligible"), strict=True)) == sorted(
            (r["model"], f"{r['solved']}/{r['denominator']}",
             "–" if r["clean solved"] is None else f"{r['clean solved']}/{r['eligible']}")
            for r in expected
        )  # fmt: skip
        assert all(re.fullmatch(r"\d+/2", c) for c in column(table, "solved / denominator"))
        shots = [browser.screenshot(tmp_path / "site-index.png")]

        # Sorting by keyboard: Tab from the top of the page reaches the header's button
        # (after the skip link, the menu and the table's scrolling region); Enter presses
        # it, then Space.
        target = "solved / denominator"
        for _ in range(12):
            browser.press("Tab", "Tab", 9)
            if browser.evaluate("document.activeElement.textContent.trim()") == target:
                break
        assert browser.evaluate("document.activeElement.textContent.trim()") == target
        assert browser.evaluate("document.activeElement.tagName") == "BUTTON"
        assert browser.evaluate("document.activeElement.closest('table').id") == "table3"
        browser.press("Enter", "Enter", 13, "\r")
        table = browser.evaluate(TABLE3)
        assert column(table, "model") == ["Kimi-K3", "Claude Sonnet 5.5"]
        assert table["sort"][table["heads"].index("solved / denominator")] == "ascending"
        browser.press(" ", "Space", 32, " ")
        table = browser.evaluate(TABLE3)
        assert column(table, "model") == ["Claude Sonnet 5.5", "Kimi-K3"]
        assert table["sort"][table["heads"].index("solved / denominator")] == "descending"
        # … and by click, on text: the model names in order, the other header unmarked.
        browser.evaluate(
            "[...document.querySelectorAll('#table3 thead button')]"
            ".find(b => b.textContent.trim() === 'model').click()"
        )
        table = browser.evaluate(TABLE3)
        assert column(table, "model") == ["Claude Sonnet 5.5", "Kimi-K3"]
        assert table["sort"][0] == "ascending" and table["sort"].count(None) == 7

        # A phone: the page does not scroll sideways (wide tables scroll in their region).
        browser.viewport(390, 844, mobile=True)
        browser.open((site / "index.html").as_uri())
        assert browser.evaluate("document.documentElement.scrollWidth") <= 390
        shots.append(browser.screenshot(tmp_path / "site-index-phone.png"))

        browser.viewport(1280, 900)
        browser.open((site / "items" / "R97.html").as_uri())
        text = browser.evaluate("document.body.innerText")
        assert "Solved in: claude-A." in text and "answer(sorry)" in text
        attempts = browser.evaluate(
            "[...document.querySelectorAll('#attempts tbody tr')]"
            ".map(r => [r.cells[0].textContent, r.cells[4].textContent])"
        )
        assert sorted(attempts) == [["claude-A", "solved"], ["kimi-A", "no .lean"]]
        shots.append(browser.screenshot(tmp_path / "site-item.png"))
    for shot in shots:
        assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 10_000
    print("screenshots kept in", tmp_path, ":", ", ".join(s.name for s in shots))
