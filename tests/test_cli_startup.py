"""`ofb --help` and the mounting of every verb load no stage and none of the heavy
libraries: each verb imports what it runs when it runs (benchmarks/bench_cli.py measures
the time). Every document a help text names exists."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from ofb_testing import REPO

HEAVY = ("pyarrow", "jsonschema", "fastjsonschema", "markdown_it", "docker", "yaml")
WRITTEN = {"REPORT.md", "report.md"}  # files the verbs write, not documents
ALLOWED = {
    "openfrontiers",
    "openfrontiers.cli",
    "openfrontiers.errors",
    "openfrontiers.progress",
}


def _modules_after(code: str) -> list[str]:
    probe = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=REPO,
        env={"PYTHONPATH": str(REPO / "tools"), "PATH": "/usr/bin:/bin", "COLUMNS": "100"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_mounting_the_verbs_loads_no_stage_and_no_heavy_library():
    loaded = _modules_after("import openfrontiers.cli")
    ours = {m for m in loaded if m.startswith("openfrontiers")}
    stages = sorted(m for m in ours - ALLOWED if not m.startswith("openfrontiers.commands"))
    assert stages == [], f"importing the CLI loads stages: {stages}"
    assert [m for m in HEAVY + ("rich",) if m in loaded] == []


def test_help_loads_no_stage():
    loaded = _modules_after(
        "from openfrontiers.cli import app\ntry:\n    app(['--help'])\nexcept SystemExit:\n    pass"
    )
    ours = {m for m in loaded if m.startswith("openfrontiers")}
    assert sorted(m for m in ours - ALLOWED if not m.startswith("openfrontiers.commands")) == []
    assert [m for m in HEAVY if m in loaded and m != "markdown_it"] == []  # typer's help uses it


def test_every_document_a_help_text_names_exists(capsys):
    from cli_helpers import ofb

    texts = [ofb(capsys, "--help").out]
    for verb in ("check", "items", "packet", "grade", "corpus", "jail", "build", "probe"):
        texts.append(ofb(capsys, verb, "--help").out)
    named = set(re.findall(r"[\w./-]+\.md\b", " ".join(texts))) - WRITTEN
    assert named, "the help names no document"
    assert sorted(n for n in named if not (REPO / n).is_file()) == []


def test_option_defaults_written_in_the_commands_are_the_stages_own():
    from openfrontiers.commands import grade as grade_command
    from openfrontiers.commands import probe as probe_command
    from openfrontiers.grade import runs
    from openfrontiers.probe import DEFAULT_HEARTBEATS

    assert grade_command.REPLAY_MEMORY_MIB == runs.REPLAY_MEMORY_MIB
    assert grade_command.REPLAY_WALL_SECONDS == runs.REPLAY_WALL_SECONDS
    import inspect

    options = inspect.signature(probe_command.probe).parameters
    assert options["heartbeats"].default.default == DEFAULT_HEARTBEATS
