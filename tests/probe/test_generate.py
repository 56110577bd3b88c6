"""Probe generation on fixture statements, compared with golden files.

Regenerate the golden files after an intended change with OFB_UPDATE_GOLDEN=1."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from openfrontiers.errors import InputError, UsageError
from openfrontiers.lean.decls import LeanFile
from openfrontiers.probe.generate import (
    generate,
    parse_tactics,
    value_variants,
    yes_no_variants,
)

HERE = Path(__file__).parent
FIXTURES, GOLDEN = HERE / "fixtures", HERE / "golden"
CASES = {
    "O98": (yes_no_variants, ("decide", "simp", "omega", "aesop")),
    "E98": (yes_no_variants, ("decide", "simp")),
    "N98": (lambda: value_variants("m"), ("decide", "simp")),
}


def fixture(item_id: str) -> str:
    return (FIXTURES / f"{item_id}.lean").read_text(encoding="utf-8")


@pytest.mark.parametrize("item_id", sorted(CASES))
def test_generated_file_matches_golden(item_id):
    variants, tactics = CASES[item_id]
    pf = generate(item_id, fixture(item_id), variants(), tactics, heartbeats=100_000)
    golden = GOLDEN / f"Probe{item_id}.lean"
    if os.environ.get("OFB_UPDATE_GOLDEN"):
        golden.write_text(pf.text, encoding="utf-8")
    assert pf.text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("item_id", sorted(CASES))
def test_line_ranges_point_at_each_probe(item_id):
    variants, tactics = CASES[item_id]
    pf = generate(item_id, fixture(item_id), variants(), tactics)
    lines = pf.text.splitlines()
    for p in pf.probes:
        assert lines[p.start_line - 1].startswith("set_option maxHeartbeats 200000 in")
        assert lines[p.start_line].startswith(f"theorem {p.name}")
        assert lines[p.statement_end_line - 1].endswith(" :=")
        assert lines[(p.statement_end_line + 1) - 1] == f"  by {p.tactic}"
        assert lines[p.end_line - 1] == f"#print axioms {p.name}"
    ranges = sorted((p.start_line, p.end_line) for p in pf.probes)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(ranges))


@pytest.mark.parametrize("item_id", sorted(CASES))
def test_no_probe_signature_ends_with_by(item_id):
    """Lean reports goals left open at `by`: it must not share the statement's line."""
    variants, tactics = CASES[item_id]
    pf = generate(item_id, fixture(item_id), variants(), tactics)
    lines = pf.text.splitlines()
    for p in pf.probes:
        signature = lines[p.start_line : p.statement_end_line]
        assert not any(line.rstrip().endswith("by") for line in signature)
        assert lines[(p.statement_end_line + 1) - 1].lstrip().startswith("by ")


def test_yes_no_item_gets_both_answers_for_every_tactic():
    pf = generate("O98", fixture("O98"), yes_no_variants(), ("decide", "simp"))
    assert [(p.variant, p.tactic, p.means) for p in pf.probes] == [
        ("True", "decide", "PROVES"),
        ("True", "simp", "PROVES"),
        ("False", "decide", "REFUTES"),
        ("False", "simp", "REFUTES"),
    ]


def test_value_item_gets_the_answer_and_its_negation():
    pf = generate("N98", fixture("N98"), value_variants("m"), ("simp",))
    assert [(p.target, p.means) for p in pf.probes] == [
        ("statement", "PROVES"),
        ("negation", "REFUTES"),
    ]
    assert "theorem ofb_probe_ref_simp (m : ℕ) (hm : 0 < m) :" in pf.text
    assert "theorem ofb_probe_not_ref_simp : ¬ (∀ (m : ℕ) (hm : 0 < m), IsLeast" in pf.text


def test_only_mains_placeholder_is_substituted():
    pf = generate("O98", fixture("O98"), yes_no_variants(), ("simp",))
    assert pf.text.count("answer(sorry)") == 3  # the comments and the string keep theirs
    assert 'def decoy : String := "answer(sorry)"' in pf.text
    lean = LeanFile.parse(pf.text)
    names = [d.name for d in lean.declarations]
    assert "main" not in names and names[:2] == ["IsBigEven", "decoy"]
    assert [t.text for t in lean.stream if not t.is_comment and t.text == "sorry"] == []


def test_the_rest_of_the_file_is_kept():
    source = fixture("O98")
    pf = generate("O98", source, yes_no_variants(), ("simp",))
    assert pf.text.startswith(source[: source.index("/-- Is every even")])
    assert pf.text.rstrip().endswith("end FrontierBench.O98")


@pytest.mark.parametrize(
    "text, rule",
    [
        (
            "namespace FrontierBench.O98\ntheorem other : True := trivial\nend FrontierBench.O98\n",
            "probe-main",
        ),
        (
            (
                "namespace FrontierBench.O98\ntheorem main : answer(sorry) ↔ answer(sorry) := "
                "by\n  sorry\n"
                "end FrontierBench.O98\n"
            ),
            "probe-answer",
        ),
        (
            (
                "namespace FrontierBench.O98\ntheorem main : answer(True) ↔ True := by\n  sorry\n"
                "end FrontierBench.O98\n"
            ),
            "probe-answer",
        ),
        (
            (
                "namespace FrontierBench.O98\ntheorem main : True ↔ True := by\n  sorry\n"
                "end FrontierBench.O98\n"
            ),
            "probe-answer",
        ),
    ],
)
def test_malformed_statements_are_input_errors(text, rule):
    with pytest.raises(InputError) as err:
        generate("O98", text, yes_no_variants(), ("simp",))
    assert err.value.rule == rule


def test_tactic_list_is_checked():
    assert parse_tactics(None) == ("decide", "simp", "omega", "aesop")
    assert parse_tactics("simp, omega,simp") == ("simp", "omega")
    for bad in ("simp; exact foo", "native_decide", "sorry", ""):
        with pytest.raises(UsageError):
            parse_tactics(bad)
