"""The evaluator's whole path on one checkout: `ofb packet export` → `ofb run` (the real
Claude Code CLI, a stand-in model, in a loopback-only network namespace) → `ofb grade` (the
stand-in Lean tools of tests/support) → `ofb report`, each stage reading only the files the
one before it wrote."""

from __future__ import annotations

import hashlib
import json

import pytest
from typer.testing import CliRunner

from cli_helpers import ofb
from grade.grading_helpers import STANDIN_TOOLS, GradingCheckout
from harness.helpers import need_netns, packet_folders, read_jsonl, run_in_netns
from ofb_testing import REPO
from support import agent_clis

MODEL = "claude-sonnet-5.5"  # a name of the model registry, served by the stand-in
# The stand-in model writes Solution.lean from Problem.lean: a yes/no statement gets the
# answer True and the proof of R97; any other gets the wrong value 5 and its `sorry` left.
WRITE_SOLUTION = (
    "if grep -q 'answer(sorry) ↔' Problem.lean; then "
    "sed -e 's/answer(sorry)/answer(True)/' "
    "-e 's/^  sorry$/  exact ⟨fun _ => ⟨2, rfl⟩, fun _ => trivial⟩/' Problem.lean > Solution.lean; "
    "else sed -e 's/answer(sorry)/answer(5)/' Problem.lean > Solution.lean; fi"
)
SCRIPT = {
    "turns": [{"calls": [{"tool": "bash", "command": WRITE_SOLUTION}]}, {"text": "Written."}],
    "then": {"text": "Nothing more to do."},
}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def grade_in_process(repo: GradingCheckout, run_dir, key, monkeypatch, bwrap):
    """`ofb grade RUN` with the stand-in toolchain found where Lean would be."""
    from openfrontiers.cli import app
    from openfrontiers.lean.toolchain import Toolchain

    monkeypatch.setattr(
        Toolchain, "discover", classmethod(lambda cls, project, **kw: repo.toolchain())
    )
    tools = {t: str(STANDIN_TOOLS / t) for t in ("lean4export", "comparator", "landrun")}
    return CliRunner().invoke(
        app,
        ["grade", str(run_dir), "--key", str(key), "--answers", str(repo.answers_path),
         "--out", str(run_dir / "verdicts.jsonl"), "--jail", "bwrap", "--wall", "20",
         "--memory-mib", "512",
         *(["--allow-no-cgroups"] if bwrap.group_limits() is None else []),
         *(x for t, path in tools.items() for x in (f"--{t}", path))],
    )  # fmt: skip


def test_export_run_grade_report(tmp_path, monkeypatch, capsys, bwrap):
    need_netns()
    clis, why = agent_clis.ensure()
    if clis is None:
        pytest.skip(why)
    monkeypatch.delenv("OFB_ROOT", raising=False)
    repo = GradingCheckout(tmp_path / "repo")
    repo.sync()
    monkeypatch.chdir(repo.root)

    # 1. Export: R97 (yes/no, answer True) and N97 (value, answer 4).
    salt, key = tmp_path / "salt", repo.root / "packets.key.json"
    salt.write_bytes(b"end-to-end\n")
    packets = repo.root / "packets"
    export = ofb(capsys, "packet", "export", "--ids", "R97,N97", "--out", str(packets),
                 "--salt-file", str(salt))  # fmt: skip
    assert export.code == 0, export.err
    items = {p: e["item"] for p, e in json.loads(key.read_text())["packets"].items()}
    assert sorted(items.values()) == ["N97", "R97"]
    assert [p.name for p in packet_folders(packets)] == sorted(items)
    assert all((packets / p / "Problem.lean").is_file() for p in items)
    packet_of = {item: p for p, item in items.items()}

    # 2. Run: the real Claude Code in its jail, the stand-in as the model, no network.
    script = tmp_path / "script.json"
    script.write_text(json.dumps(SCRIPT), encoding="utf-8")
    run_dir = tmp_path / "runs" / "claude-A"
    done = run_in_netns(
        ["run", "--packets", str(packets), "--out", str(run_dir), "--agent", "claude-code",
         "--clis", str(clis), "--model", MODEL, "--standin", str(script),
         "--work-gib", "0.25", "--tmp-gib", "0.25", "--memory-gib", "8",
         "--wall-minutes", "10", "--allow-no-lean"],
        repo.root,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    records, submitted = {}, {}
    for pid in items:
        records[pid] = json.loads((run_dir / pid / "attempt.json").read_text())
        submitted[pid] = (run_dir / pid / "Solution.lean").read_bytes()
        assert records[pid]["end_reason"] == "agent stopped", records[pid]
        assert records[pid]["model"] == MODEL and "no-lean" in records[pid]["exceptions"]
        assert "Claude Code" in records[pid]["agent"]["version"] and records[pid]["tool_uses"]
        gateway = read_jsonl(run_dir / pid / "gateway.jsonl")  # every model call, pinned
        assert gateway and all(call["model"] == MODEL and call["ok"] for call in gateway)
        assert records[pid]["submission"]["sha256"] == sha256(submitted[pid])
    assert b"answer(True)" in submitted[packet_of["R97"]]
    assert b"answer(5)" in submitted[packet_of["N97"]]

    # 3. Grade: R97's submission is solved; N97's (wrong value, proof left `sorry`) is not.
    graded = grade_in_process(repo, run_dir, key, monkeypatch, bwrap)
    assert graded.exit_code == 0, graded.output
    lines = [json.loads(x) for x in (run_dir / "verdicts.jsonl").read_text().splitlines()]
    verdicts = {line["packet"]: line for line in lines}
    assert sorted(verdicts) == sorted(items)
    assert verdicts[packet_of["R97"]]["verdict"] == "solved"
    assert verdicts[packet_of["N97"]]["verdict"] == "unsolved"
    assert verdicts[packet_of["N97"]]["stage"] == "static"
    for pid, line in verdicts.items():
        assert line["item"] == items[pid]
        assert line["hashes"]["submission"] == sha256(submitted[pid])

    # 4. Report: Table 3 counts the solved verdict, and flags the run without Lean.
    out = tmp_path / "report"
    made = ofb(capsys, "report", str(run_dir), "--key", str(key), "--out", str(out),
               "--answers", str(repo.answers_path),
               "--models", str(REPO / "FrontierBench" / "models.toml"))  # fmt: skip
    assert made.code == 0, made.err
    (row,) = json.loads((out / "tables" / "table3.json").read_text())["rows"]
    assert (row["model"], row["condition"], row["protocol"]) == ("Claude Sonnet 5.5", "A", "native")
    assert (row["solved"], row["denominator"], row["runs"]) == (1, 2, "claude-A")
    report = (out / "report.md").read_text()
    assert "**Not the paper's protocol**" in report
    assert "Claude Sonnet 5.5 native A:" in report and "in 2 of 2 attempts" in report
