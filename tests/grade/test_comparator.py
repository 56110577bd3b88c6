"""Comparator: the generated config and the classification of its exit status and messages
(the messages are those of Comparator/*.lean and Main.lean at the pinned commit)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openfrontiers.grade.comparator import OK_LINE, classify, config
from openfrontiers.jail import JailResult

REPO = Path(__file__).resolve().parents[2]


def run(code=1, stdout="", stderr="", **flags) -> JailResult:
    base = {
        "backend": "bwrap",
        "exit_code": code,
        "signal": None,
        "timed_out": False,
        "killed_for_memory": False,
        "killed_for_cpu": False,
        "wall_time": 1.0,
        "cpu_time": None,
        "peak_memory": None,
        "stdout": stdout.encode(),
        "stderr": stderr.encode(),
    }
    base.update(flags)
    return JailResult(**base)


def test_config_for_one_theorem_with_and_without_nanoda():
    assert config("P001.main") == {
        "challenge_module": "Challenge",
        "solution_module": "Solution",
        "theorem_names": ["P001.main"],
        "permitted_axioms": ["propext", "Classical.choice", "Quot.sound"],
        "enable_nanoda": False,
    }
    with_nanoda = config("P001.main", "/opt/nanoda/nanoda_bin")
    assert with_nanoda["external_kernels"] == {"nanoda": ["/opt/nanoda/nanoda_bin"]}
    assert "enable_nanoda" not in with_nanoda  # comparator refuses both at once


def test_the_example_config_in_the_comparator_workspace_is_the_generated_one():
    example = json.loads((REPO / "comparator" / "config.example.json").read_text())
    assert example == config("P001.main")


def test_acceptance_needs_exit_zero_and_comparator_s_own_last_line():
    ok = run(
        0,
        "Building Challenge\nExporting #[P001.main] from Solution\n"
        "Lean default kernel accepts the solution\n" + OK_LINE + "\n",
    )
    assert classify(ok).accepted and classify(ok).category == "accepted"
    # the Solution's build output is passed through: a printed success line is not enough
    faked = run(1, OK_LINE + "\n", "uncaught exception: Illegal axiom detected: 'P001.cheat'\n")
    assert not classify(faked).accepted
    silent = run(0, "Building Challenge\n")
    assert (classify(silent).accepted, classify(silent).category) == (False, "unknown")


@pytest.mark.parametrize(
    "stdout, message, category",
    [
        ("Building Challenge\n", "Child exited with 1", "build"),
        (
            "Building Challenge\nExporting #[P001.main] from Solution\n",
            "Child exited with 134",
            "export",
        ),
        ("Building Solution\n", "process 'landrun' exited with code 1", "build"),
        ("", "Const not found in solution: 'P001.main'", "missing"),
        ("", "Constant not found in solution 'Foo'", "missing"),
        ("", "Challenge and solution constant kind don't match: 'P001.main'", "kind"),
        ("", "Solution constant is not a theorem: 'P001.main'", "kind"),
        ("", "Challenge and solution theorem statement do not match: 'P001.main'", "statement"),
        ("", "Const does not match between challenge and target 'P001.Lehmer'", "constant"),
        ("", "Illegal axiom detected: 'sorryAx'", "axiom"),
        (
            "Quotient post-check rejects the solution\n",
            "Quotient constant mismatch on: Quot.lift",
            "quotient",
        ),
        (
            "Running nanoda kernel on solution\nnanoda kernel rejected the solution\n",
            "nanoda exited with 1",
            "external-kernel",
        ),
        ("", "Error while interacting with nanoda kernel: no such file", "external-kernel"),
        (
            "Lean default kernel rejects the solution\n",
            "(kernel) declaration type mismatch, 'P001.main'",
            "kernel",
        ),
        ("", "Expected config file path as first argument.", "config"),
        (
            "",
            (
                "Cannot use enable_nanoda and an external kernel list at the same time, register "
                "nanoda "
                "in the list instead."
            ),
            "config",
        ),
        ("", "something new", "unknown"),
    ],
)
def test_rejections_are_classified(stdout, message, category):
    outcome = classify(run(1, stdout, f"some build noise\nuncaught exception: {message}\n"))
    assert (outcome.accepted, outcome.category) == (False, category)
    assert message.split(":")[0] in outcome.message


def test_limits_end_as_their_own_categories():
    assert classify(run(None, timed_out=True)).category == "timeout"
    assert classify(run(None, killed_for_memory=True)).category == "memory"
    assert classify(run(None, signal=9)).category == "crash"
    assert classify(run(None, killed_for_cpu=True)).category == "timeout"
    # a work dir that was not copied back fails even after comparator's own success line
    refused = run(0, stdout="Your solution is okay!\n", work_refused="x is sparse")
    assert (classify(refused).accepted, classify(refused).category) == (False, "work-dir")
