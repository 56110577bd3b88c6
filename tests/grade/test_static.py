"""The grader's static layer: every rule rejects its attack and the honest submission passes."""

from __future__ import annotations

import pytest

from ofb_testing import GOOD_STATEMENT
from openfrontiers.grade import static

REFERENCE = GOOD_STATEMENT.replace(
    "namespace FrontierBench.O02\n",
    "namespace FrontierBench.O02\n\n/-- Numbers whose totient divides n - 1. -/\n"
    "def LehmerNumber (n : ℕ) : Prop := n.totient ∣ n - 1\n",
)
REFERENCE = REFERENCE.replace("n.totient ∣ n - 1 := by", "LehmerNumber n := by")
NS = {"FrontierBench.O02": "FrontierBench.O02", "P007": "FrontierBench.O02"}
PROOF = "  exact ⟨fun _ => ⟨3, by decide⟩, fun _ => trivial⟩"


def honest(answer: str = "True", proof: str = PROOF) -> str:
    return REFERENCE.replace("answer(sorry)", f"answer({answer})").replace(
        "  sorry\n", proof + "\n"
    )


def rules(submission: str, yes_no: bool | None = True) -> set[str]:
    return {
        i.rule for i in static.check(submission, REFERENCE, namespaces=NS, yes_no=yes_no).issues
    }


def test_honest_submission_passes_and_reports_its_answer():
    result = static.check(honest(), REFERENCE, namespaces=NS, yes_no=True)
    assert result.passed and result.answer == "True"


def test_packet_namespace_is_accepted():
    packet = honest().replace("FrontierBench.O02", "P007")
    assert rules(packet) == set()


def test_helper_lemmas_before_main_and_anything_after_are_fine():
    sub = honest().replace(
        "/-- Is there", "@[simp] theorem three_ok : (3 : ℕ) = 3 := rfl\n\n/-- Is there"
    )
    sub = sub.replace(
        "end FrontierBench.O02", "instance : Inhabited ℕ := ⟨0⟩\nend FrontierBench.O02"
    )
    assert rules(sub) == set()


def before_main(text: str) -> str:
    return honest().replace("/-- Is there", text + "\n\n/-- Is there")


ATTACKS = {
    "imports": [honest().replace("import Mathlib\n", "import Mathlib\nimport Evil\n")],
    "sorry": [
        honest(proof="  sorry"),
        honest(proof="  admit"),
        honest(proof="  exact sorryAx _ false"),
    ],
    "axiom": [before_main("axiom cheat : False")],
    "trust": [
        honest(proof="  native_decide"),
        honest(proof="  decide +native"),
        before_main("@[implemented_by id] def f (n : ℕ) : ℕ := n"),
        honest(proof="  exact Lean.ofReduceBool _ _ rfl"),
        "prelude\n" + honest(),
        before_main("unsafe def u : ℕ := 1"),
        before_main("opaque o : ℕ"),
    ],
    "metaprogramming": [
        before_main('macro "cheat" : tactic => `(tactic| sorry)'),
        before_main('notation "ℕ" => Int'),
        before_main('syntax "x" : term'),
        before_main('elab "e" : term => return default'),
    ],
    "run-code": [
        before_main('#eval IO.FS.writeFile "/tmp/x" ""'),
        before_main("run_cmd pure ()"),
        before_main("initialize pure ()"),
    ],
    "set-option": [
        before_main("set_option debug.skipKernelTC true"),
        honest(proof="  set_option backward.isDefEq.lazyWhnfCore false in\n  simp"),
    ],
    "before-main": [
        before_main("instance : Inhabited ℕ := ⟨1⟩"),
        before_main("attribute [instance] Nat.instInhabited"),
        before_main("open Real"),
        before_main("variable (n : ℕ)"),
        before_main("/-- d -/\ndef helper : ℕ := 1"),
    ],
    "shadowing": [
        before_main("theorem LehmerNumber.x : True := trivial").replace(
            "LehmerNumber.x", "Nat.totient"
        )
    ],
    "definitions": [honest().replace("n.totient ∣ n - 1\n", "True\n")],
    "main": [
        honest().replace("theorem main", "theorem main'"),
        honest()
        .replace("namespace FrontierBench.O02", "namespace Other")
        .replace("end FrontierBench.O02", "end Other"),
    ],
    "statement": [
        honest().replace("1 < n ∧", "0 < n ∧"),
        honest().replace("theorem main :", "theorem main (h : False) :"),
        honest().replace("answer(True) ↔", "True ↔"),
    ],
    "answer": [honest("1 = 1"), honest("¬False"), honest("sorry")],
}


@pytest.mark.parametrize(
    "rule,submission",
    [(r, s) for r, subs in ATTACKS.items() for s in subs],
    ids=[f"{r}-{i}" for r, subs in ATTACKS.items() for i in range(len(subs))],
)
def test_attack_is_rejected_by_its_rule(rule, submission):
    assert rule in rules(submission)


def test_every_rule_has_an_attack():
    assert set(ATTACKS) == set(static.RULES)


def test_value_answers_must_be_explicit():
    ref = REFERENCE.replace(
        "answer(sorry) ↔ ∃ n : ℕ, 1 < n ∧ ¬ n.Prime ∧ LehmerNumber n",
        "IsLeast {n : ℕ | 1 < n ∧ LehmerNumber n} answer(sorry)",
    )
    ok = ref.replace("answer(sorry)", "answer(2)").replace("  sorry\n", "  sorry_free\n")
    bad = ref.replace("answer(sorry)", "answer(sInf {n : ℕ | 1 < n ∧ LehmerNumber n})")
    check = lambda s: {i.rule for i in static.check(s, ref, namespaces=NS, yes_no=False).issues}  # noqa: E731
    assert "answer" not in check(ok)
    assert "answer" in check(bad)


def test_issues_carry_lines_and_columns():
    sub = honest(proof="  native_decide")
    (issue,) = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
    line = sub.splitlines()[issue.line - 1]
    assert line[issue.column - 1 :].startswith("native_decide")


def test_local_checker_reads_wrapped_axiom_lists():
    from openfrontiers.grade.local import axioms_of

    out = (
        "'P001.main' depends on axioms: [propext,\n Classical.choice,\n Quot.sound]\n"
        "'P001.other' does not depend on any axioms\n"
    )
    assert axioms_of(out, "P001.main") == ["propext", "Classical.choice", "Quot.sound"]
    assert axioms_of(out, "P001.other") == []
    assert axioms_of(out, "P002.main") is None


@pytest.mark.parametrize(
    "statement,expected",
    [
        ("theorem main : answer(sorry) ↔ ∃ n : ℕ, n = n := by sorry", True),
        ("theorem main : answer(sorry) <-> True := by sorry", True),
        ("theorem main : IsLeast {n : ℕ | 0 < n} answer(sorry) := by sorry", False),
        ("theorem main : (answer(sorry) ∧ True) ↔ True := by sorry", False),
        ("theorem main : True := by sorry", False),
    ],
)
def test_yes_no_form_is_read_from_main_s_type(statement, expected):
    from openfrontiers.grade.local import is_yes_no

    assert is_yes_no(statement) is expected
