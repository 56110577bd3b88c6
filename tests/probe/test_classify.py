"""Mapping Lean's messages back to probes, and the item verdict."""

from __future__ import annotations

import re
from pathlib import Path

from openfrontiers.lean.diagnostics import Diagnostic
from openfrontiers.probe.generate import generate, value_variants, yes_no_variants
from openfrontiers.probe.run import ProcessEnd, classify_item

FIXTURES = Path(__file__).parent / "fixtures"
NORMAL = ProcessEnd(True)


def probe_file(item_id="O98", variants=None, tactics=("decide", "simp")):
    text = (FIXTURES / f"{item_id}.lean").read_text(encoding="utf-8")
    return generate(item_id, text, variants or yes_no_variants(), tactics)


def msg(line, severity, text, column=2):
    return Diagnostic("ProbeO98.lean", severity, line, column, None, None, text)


def axioms(probe, *names, namespace="FrontierBench.O98"):
    listed = ",\n ".join(names)
    return msg(
        probe.end_line,
        "information",
        f"'{namespace}.{probe.name}' depends on axioms: [{listed}]",
        column=0,
    )


def proof_line(probe):
    return probe.statement_end_line + 1


def test_nothing_proved_is_clean():
    pf = probe_file()
    messages = []
    for p in pf.probes:
        messages += [msg(proof_line(p), "error", "simp made no progress"), axioms(p, "sorryAx")]
    report = classify_item(pf, messages, NORMAL)
    assert report.verdict == "clean"
    assert {r.outcome for r in report.probes} == {"failed"}


def test_a_proof_of_the_false_answer_refutes():
    pf = probe_file()
    true_decide, true_simp, false_decide, false_simp = pf.probes
    messages = [
        msg(proof_line(p), "error", "failed") for p in (true_decide, true_simp, false_decide)
    ]
    messages.append(axioms(false_simp, "propext", "Classical.choice", "Quot.sound"))
    report = classify_item(pf, messages, NORMAL, reference="True")
    assert report.verdict == "REFUTES"
    proved = [r for r in report.probes if r.outcome == "proved"]
    assert [r.name for r in proved] == ["ofb_probe_False_simp"]
    assert proved[0].against_reference and "Quot.sound" in proved[0].message


def test_a_proof_of_the_true_answer_proves():
    pf = probe_file()
    messages = [axioms(pf.probes[0])] + [msg(proof_line(p), "error", "x") for p in pf.probes[1:]]
    report = classify_item(pf, messages, NORMAL, reference="True")
    assert report.verdict == "PROVES" and not report.probes[0].against_reference


def test_timeout_statement_error_and_silence():
    pf = probe_file()
    a, b, c, _d = pf.probes
    messages = [
        msg(
            proof_line(a),
            "error",
            "(deterministic) timeout at `whnf`, maximum number of "
            "heartbeats (200000) has been reached",
        ),
        msg(b.start_line + 1, "error", "type mismatch"),  # in the restated statement
        axioms(c, "sorryAx"),
    ]
    report = classify_item(pf, messages, NORMAL)
    assert [r.outcome for r in report.probes] == ["timeout", "crash", "failed", "crash"]
    assert report.probes[1].message.startswith("statement did not elaborate")
    assert report.verdict == "incomplete"


def test_a_dead_lean_process_leaves_unreported_probes_crashed():
    pf = probe_file()
    end = ProcessEnd(False, "Lean killed for memory in 12.00s")
    report = classify_item(pf, [msg(proof_line(pf.probes[0]), "error", "x")], end)
    assert [r.outcome for r in report.probes] == ["failed", "crash", "crash", "crash"]
    assert report.probes[1].message == "Lean killed for memory in 12.00s"
    assert report.verdict == "incomplete" and "memory" in report.detail


def test_sorry_warning_inside_a_probe_is_not_a_proof():
    pf = probe_file()
    p = pf.probes[0]
    messages = [msg(p.start_line + 1, "warning", "declaration uses 'sorry'"), axioms(p, "propext")]
    assert classify_item(pf, messages, NORMAL).probes[0].outcome == "failed"


def test_value_negation_proved_refutes():
    pf = probe_file("N98", value_variants("m"), ("simp",))
    statement, negation = pf.probes
    messages = [
        msg(proof_line(statement), "error", "simp failed"),
        axioms(negation, "propext", namespace="FrontierBench.N98"),
    ]
    report = classify_item(pf, messages, NORMAL, reference="m")
    assert report.verdict == "REFUTES"
    assert report.probes[1].target == "negation"


def test_errors_outside_the_probes_are_reported():
    pf = probe_file()
    messages = [msg(15, "error", "unknown identifier 'Even'")]
    messages += [axioms(p, "sorryAx") for p in pf.probes]
    report = classify_item(pf, messages, NORMAL)
    assert "line 15" in report.detail and "unknown identifier" in report.detail


def token_at(pf, probe, word):
    """(line, column) of `word` in the probe's lines, as Lean reports positions (1-based
    line, 0-based column)."""
    lines = pf.text.splitlines()
    for n in range(probe.start_line, probe.end_line + 1):
        found = re.search(rf"(?<![\w.]){re.escape(word)}(?![\w.])", lines[n - 1])
        if found:
            return n, found.start()
    raise AssertionError(f"no {word!r} in {probe.name}")


def at(pf, probe, word, severity, text):
    line, column = token_at(pf, probe, word)
    return Diagnostic("ProbeO98.lean", severity, line, column, line, column + len(word), text)


UNSOLVED = "unsolved goals\n⊢ ∀ (n : ℕ), IsBigEven n → ∃ p q, Nat.Prime p ∧ Nat.Prime q ∧ p + q = n"


def test_goals_left_open_by_simp_are_an_ordinary_failure():
    """`simp` rewrites `True ↔ P` to `P` without closing it; Lean reports "unsolved goals"
    at the `by` token, which is on the tactic's own line."""
    pf = probe_file(tactics=("simp",))
    messages = []
    for p in pf.probes:
        messages += [at(pf, p, "by", "error", UNSOLVED), axioms(p, "sorryAx")]
        assert messages[-2].line == (p.statement_end_line + 1) > p.statement_end_line
    report = classify_item(pf, messages, NORMAL)
    assert [r.outcome for r in report.probes] == ["failed", "failed"]
    assert report.probes[0].message == "unsolved goals"
    assert report.verdict == "clean"


def test_aesop_failing_to_prove_the_goal_is_an_ordinary_failure():
    pf = probe_file(tactics=("aesop",))
    nonterminal, terminal = pf.probes
    messages = [
        # aesop's own warning at its token, then Lean's report at `by`
        at(
            pf,
            nonterminal,
            "aesop",
            "warning",
            "aesop: failed to prove the goal after exhaustive search.",
        ),
        at(pf, nonterminal, "by", "error", UNSOLVED),
        axioms(nonterminal, "sorryAx"),
        # a terminal aesop fails with an error of its own
        at(
            pf,
            terminal,
            "aesop",
            "error",
            "aesop: failed to prove the goal after exhaustive search.",
        ),
        axioms(terminal, "sorryAx"),
    ]
    report = classify_item(pf, messages, NORMAL)
    assert [r.outcome for r in report.probes] == ["failed", "failed"]
    assert report.probes[1].message.startswith("aesop: failed to prove the goal")
    assert report.verdict == "clean"


def test_goals_left_reported_on_the_statement_s_lines_are_still_a_failure():
    """Whatever position a Lean version gives the report, it is about the tactic."""
    pf = probe_file(tactics=("simp",))
    messages = []
    for p in pf.probes:
        messages += [at(pf, p, ":=", "error", UNSOLVED), axioms(p, "sorryAx")]
        assert messages[-2].line <= p.statement_end_line
    report = classify_item(pf, messages, NORMAL)
    assert {r.outcome for r in report.probes} == {"failed"} and report.verdict == "clean"


def test_a_statement_that_does_not_elaborate_still_crashes_the_probe():
    pf = probe_file(tactics=("simp",))
    p = pf.probes[0]
    messages = [
        at(pf, p, "IsBigEven", "error", "function expected"),
        at(pf, p, "by", "error", UNSOLVED),
        axioms(p, "sorryAx"),
    ]
    result = classify_item(pf, messages, NORMAL).probes[0]
    assert result.outcome == "crash" and "function expected" in result.message
