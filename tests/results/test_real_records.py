"""`ofb report` on the records of a real `ofb run` (the harness, a small generic agent and a
stand-in model, in a loopback-only network namespace), and the test fixtures checked
against those records field by field, so the fixtures are the real format."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from run_fixtures import FakeAttempt, attempt_record, make_run, url, verdict_line

from cli_helpers import ofb
from harness.helpers import SUPPORT, generic_profiles, need_netns, run_in_netns
from ofb_testing import GOOD_STATEMENT, written_item

# The stand-in answers True, writes Solution.lean from Problem.lean, and stops.
SCRIPT = {
    "turns": [
        {
            "calls": [
                {
                    "tool": "bash",
                    "command": "sed -e 's/answer(sorry)/answer(True)/' Problem.lean "
                    "> Solution.lean",
                }
            ]
        },
        {"text": "Solution.lean is written."},
    ],
    "then": {"text": "Nothing more to do."},
}
KEY_R50 = """
[answers.R50]
answer = "True"
record = "a public record stating the answer"
record_url = "https://arxiv.org/abs/2609.00001v1"
solution_sources = ["arXiv:2609.00001"]
evidence_date = 2026-09-01
evidence_basis = "arXiv v1"
credit = ["human"]
credit_record = "the paper's acknowledgements"
"""
MODELS = """\
schema = 1

[models.standin-model]
label = "Stand-in"
lineage = "OpenAI"
knowledge_cutoff = 2026-06-30
agent = "generic"
"""


def keys_of(doc: dict, depth: int = 2) -> dict:
    """The key tree of a record down to `depth` levels (values ignored)."""
    return {
        k: keys_of(v, depth - 1) if isinstance(v, dict) and depth > 1 else None
        for k, v in doc.items()
    }


def test_report_reads_a_real_run_and_the_fixtures_match_it(tmp_path, checkout, capsys):
    need_netns()
    # Two items: a solved one (in the key, with its answer) and the checkout's open O02.
    solved = replace(written_item("R50"), title="A solved question", hq50=False)
    checkout.set_item(solved)
    checkout.statement("R50", GOOD_STATEMENT.replace("O02", "R50"))
    key_path = checkout.library / "evaluator" / "answers.toml"
    key_path.write_text(key_path.read_text() + KEY_R50, encoding="utf-8")
    checkout.sync()
    packets, packet_key = checkout.root / "packets", checkout.root / "packets.key.json"
    export = ofb(
        capsys, "packet", "export", "--out", str(packets), "--salt-file", str(_salt(tmp_path))
    )
    assert export.code == 0, export.err
    mapping = {p: e["item"] for p, e in json.loads(packet_key.read_text())["packets"].items()}
    assert sorted(mapping.values()) == ["O02", "R50"]

    script = tmp_path / "script.json"
    script.write_text(json.dumps(SCRIPT))
    run_dir = tmp_path / "runs" / "standin-A"
    done = run_in_netns(
        ["run", "--packets", str(packets), "--out", str(run_dir), "--jobs", "1",
         "--agent", "generic-test", "--profiles", str(generic_profiles(tmp_path)),
         "--agent-exe", str(SUPPORT / "generic_agent.py"), "--model", "standin-model",
         "--standin", str(script), "--work-gib", "0.0625", "--tmp-gib", "0.0625",
         "--memory-gib", "4", "--wall-minutes", "5", "--allow-no-lean"],
        checkout.root,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    records = {p: json.loads((run_dir / p / "attempt.json").read_text()) for p in mapping}
    assert all((run_dir / p / "Solution.lean").is_file() for p in mapping)

    # The fixtures write the same fields as the harness, and the verdicts as the grader.
    for pid, real in records.items():
        fake = attempt_record(
            FakeAttempt(
                pid,
                lean=True,
                urls=[url("https://arxiv.org/abs/2609.00001")],
                exceptions=["no-lean"],
            ),
            "standin-model",
            "A",
            "native",
        )
        fake.pop("urls")
        real_keys = keys_of(real)
        real_keys.pop("urls"), real_keys.pop("host", None)
        assert keys_of(fake).keys() == real_keys.keys()
        for field in real_keys:
            assert keys_of(fake)[field] == real_keys[field], field
    manifest = json.loads((run_dir / "manifest.json").read_text())
    fake_run = make_run(tmp_path / "fake", "f", model="m", condition="A", protocol="native",
                        items=mapping, attempts=[], exceptions=["no-lean"])  # fmt: skip
    fake_manifest = json.loads((fake_run / "manifest.json").read_text())
    assert fake_manifest.keys() == manifest.keys()
    assert fake_manifest["parameters"].keys() == manifest["parameters"].keys()

    # Grade as `ofb grade` would (no Lean here): R50 solved, O02 unsolved.
    lines = [
        verdict_line(
            FakeAttempt(pid, verdict="solved" if item == "R50" else "unsolved"),
            item,
            (run_dir / pid / "Solution.lean").read_bytes(),
        )
        for pid, item in sorted(mapping.items())
    ]
    (run_dir / "verdicts.jsonl").write_text("".join(json.dumps(v) + "\n" for v in lines))
    models = tmp_path / "models.toml"
    models.write_text(MODELS, encoding="utf-8")
    out = tmp_path / "report"
    made = ofb(capsys, "report", str(run_dir), "--key", str(packet_key), "--out", str(out),
               "--models", str(models))  # fmt: skip
    assert made.code == 0, made.err
    table3 = json.loads((out / "tables" / "table3.json").read_text())["rows"]
    assert table3 == [
        {
            "model": "Stand-in",
            "lineage, cutoff": "OpenAI, 2026-06-30",
            "protocol": "native",
            "condition": "A",
            "solved": 1,
            "denominator": 1,
            "clean solved": 1,
            "eligible": 1,
            "attempts per item": "1",
            "runs": "standin-A",
        }
    ]
    table7 = json.loads((out / "tables" / "table7.json").read_text())["rows"][0]
    assert table7["attempts"] == 2 and table7[".lean"] == 2 and table7["ungraded .lean"] == 0
    reasons = {r["end_reason"] for r in records.values()}
    assert table7["end reasons"] == ", ".join(f"{r} 2" for r in sorted(reasons))
    minutes = sorted(r["wall_minutes"] for r in records.values())
    assert table7["median minutes"] == round(sum(minutes) / 2, 1)


def _salt(tmp_path: Path) -> Path:
    path = tmp_path / "salt"
    path.write_bytes(b"report tests\n")
    return path


def test_the_run_format_is_the_harness_s():
    from openfrontiers.harness.run import RUN_FORMAT
    from openfrontiers.results import records

    assert records.RUN_FORMAT == RUN_FORMAT
