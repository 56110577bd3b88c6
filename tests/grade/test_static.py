"""The grader's static layer: every rule rejects its attack and the honest submission passes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ofb_testing import GOOD_STATEMENT
from openfrontiers.submission import static

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


def test_helper_lemmas_before_main_are_fine():
    sub = honest().replace(
        "/-- Is there", "@[simp] theorem three_ok : (3 : ℕ) = 3 := rfl\n\n/-- Is there"
    )
    assert rules(sub) == set()


WITNESS = """\
open Finset in
/-- A witness, chosen classically. -/
noncomputable def witness : ℕ := Classical.choose (⟨3, rfl⟩ : ∃ n : ℕ, n = 3)

theorem witness_spec : witness = 3 := Classical.choose_spec (⟨3, rfl⟩ : ∃ n : ℕ, n = 3)

/-- A graph of our own. -/
structure Gadget where
  size : ℕ
  pos : 0 < size
  deriving DecidableEq, Repr

inductive Colour
  | red
  | blue

abbrev double (n : ℕ) : ℕ := 2 * n

@[simp] lemma double_two : double 2 = 4 := rfl

noncomputable section

variable (k : ℕ)

theorem double_eq : double k = k + k := by omega

end

example : double 1 = 2 := rfl

set_option maxHeartbeats 400000 in
theorem heavy : True := trivial"""


def test_definitions_structures_and_lemmas_under_fresh_names_are_fine():
    """Issue 11, item 9: a disproof by construction defines its object first."""
    assert rules(before_main(WITNESS)) == set()


def test_compile_time_code_of_every_kind_is_rejected_with_its_name_and_line():
    """Issue 11, item 1: what a deny-list missed is rejected because it is not allowed."""
    attacks = {
        '#eval! IO.FS.writeFile "/tmp/x" ""': ("run-code", "`#eval!`"),
        "theorem t : (by_elab pure (Lean.mkConst ``True)) := trivial": ("run-code", "by_elab"),
        "#guard 1 + 1 = 2": ("run-code", "`#guard`"),
        '#html "x"': ("run-code", "`#html`"),
        "@[env_linter] def myLinter : Nat := 0\n#lint": ("attribute", "env_linter"),
        "@[app_delab Nat.succ] def d : Nat := 0\n#check Nat.succ 1": ("attribute", "app_delab"),
        "@[aesop safe tactic] def t : Nat := 0\ntheorem u : True := by aesop": (
            "attribute",
            "aesop safe tactic",
        ),
    }
    for text, (rule, name) in attacks.items():
        sub = before_main(text)
        issues = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
        hit = next((i for i in issues if i.rule == rule), None)
        assert hit is not None, (text, issues)
        assert name in hit.message
        assert sub.splitlines()[hit.line - 1].strip().startswith(text.split()[0][:2])


def test_commands_hidden_inside_a_proof_are_found():
    """Lean starts a command at a command keyword wherever it stands."""
    hidden = {
        "theorem t : True := trivial add_aesop_rules safe tactic foo": "command",
        "theorem t : True := by\n  trivial\n  initialize pure ()": "run-code",
        "theorem t : True := by\n  trivial\n  run_tac pure ()": "run-code",
        "theorem t : True := trivial instance : Inhabited ℕ := ⟨1⟩": "command",
        "theorem t : True := (trivial @[aesop safe] def f : ℕ := 1)": "attribute",
        "theorem t : True := trivial #check Nat": "run-code",
    }
    for text, rule in hidden.items():
        assert rule in rules(before_main(text)), text


def test_mathlib_cardinality_notation_needs_a_space():
    proof = "  have (s : Finset ℕ) (h : s = ∅) : {card} = 0 := by simp [h]\n  trivial"
    assert "run-code" in rules(honest(proof=proof.format(card="#s")))
    assert "run-code" not in rules(honest(proof=proof.format(card="# s")))
    assert "run-code" not in rules(honest(proof=proof.format(card="#(s)")))


def before_main(text: str) -> str:
    return honest().replace("/-- Is there", text + "\n\n/-- Is there")


ATTACKS = {
    "lexing": [
        # A string after `end`: the parse error there makes Lean restart inside it.
        honest() + '"\n#eval (toString 1).length\n"\n',
        # `)` is a parse error; Lean restarts at each character and reads `run_cmd`.
        honest() + ")xrun_cmd pure ()\n",
        # Lean reads `\\/` (Or) then code; the lexer would see a comment hiding the sorry.
        honest(proof='  first | exact (True \\/- 1 "-/") | skip\n  exact sorry -- "'),
        # Lean reads `×'` (PProd) then a string; the lexer a character literal.
        honest(proof='  first | exact (trivial : Nat ×\'"\' ") | skip\n  exact sorry -- "'),
        # A «name» holding a command keyword: the same restart reads it.
        before_main("theorem «run_cmd» : True := trivial"),
        # Nothing may run to the end of the file.
        honest() + "/-\n#eval 1\n",
        honest() + '"\n#eval 1\n',
    ],
    "imports": [honest().replace("import Mathlib\n", "import Mathlib\nimport Evil\n")],
    "sorry": [
        honest(proof="  stop\n  trivial"),
        honest(proof="  sorry"),
        honest(proof="  admit"),
        honest(proof="  exact sorryAx _ false"),
        honest(proof="  exact _root_.sorryAx _ false"),
        honest(proof="  exact «sorryAx» _ false"),
        # `println!` interpolates its string; the lexer does not know it, the sweep does.
        honest(proof='  have := println! "{(sorry : ℕ)}"\n  trivial'),
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
        before_main("theorem b (x : BitVec 8) : x + 0 = x := by bv_decide"),
        before_main("theorem d : 10 < 20 := by decide (config := ⟨false, true, true, false⟩)"),
        before_main("theorem d : 10 < 20 := by decide (config := .mk false true true false)"),
        # inside an interpolation the lexer does not know, read as a string: swept all the same
        before_main(
            'def t : ℕ := dbg_trace "{(by decide (config := ⟨false, true⟩) : 10 < 20)}"; 0'
        ),
        before_main("theorem d : 10 < 20 := by decide +«native»"),
    ],
    "command": [
        before_main('macro "cheat" : tactic => `(tactic| sorry)'),
        before_main('notation "ℕ" => Int'),
        before_main('syntax "x" : term'),
        before_main('elab "e" : term => return default'),
        before_main("instance : Inhabited ℕ := ⟨1⟩"),
        before_main("attribute [instance] Nat.instInhabited"),
        before_main("class Foo where"),
        before_main("mutual\ntheorem a : True := trivial\nend"),
        before_main("partial def loop (n : ℕ) : ℕ := loop n"),
        before_main("structure G where\n  n : ℕ\n  deriving ToJson"),
        before_main("theorem t : True := trivial\nregister_simp_attr my_simps"),
        honest().replace("theorem main", "instance : Inhabited ℕ := ⟨0⟩\ntheorem main"),
        # `X in section` is `section X section end`: X stays in effect up to the next `end`
        honest()
        .replace("/-- Is there", "open Classical in\nsection\n\n/-- Is there")
        .replace("end FrontierBench.O02", "end\n\nend FrontierBench.O02"),
        before_main("variable (h : False) in\nnoncomputable section\nend"),
        before_main("theorem t : True := trivial open Classical in\nsection\nend"),
    ],
    "attribute": [
        before_main("@[csimp] theorem c : @id = @id := rfl"),
        before_main("@[local simp] theorem c : (1 : ℕ) = 1 := rfl"),
        before_main("@[positivity Nat.succ _] def ext : ℕ := 1"),
    ],
    "run-code": [
        before_main('#eval IO.FS.writeFile "/tmp/x" ""'),
        before_main("run_cmd pure ()"),
        before_main("initialize pure ()"),
        before_main("theorem p : ∀ n : ℕ, n + 0 = n := by plausible"),
        before_main("theorem u : True := by aesop (add safe tactic t)"),
        before_main("theorem u : True := by aesop (add safe [apply trivial, (tactic t)])"),
        # no builder named: aesop's default builder runs a `TacticM Unit` declaration
        before_main("theorem u : True := by aesop (add safe t)"),
        before_main("theorem u : True := by aesop (add norm t)"),
        before_main("theorem u : True := by aesop (add safe [apply trivial, t])"),
        before_main("theorem u : True := by aesop (add safe (rule_sets := [apply]) t)"),
    ],
    "metaprogramming": [
        before_main("open Lean Elab in\ntheorem t : True := trivial"),
        before_main("def prog : IO Unit := pure ()"),
        before_main("def n : Name := `foo"),
        before_main('def prog := IO.FS.writeFile "/tmp/x" ""'),
        before_main("def t := Mathlib.Tactic.Ring.RingNF.M.run"),
        # the meta namespaces opened or entered: their names then lose the prefix
        before_main("open Mathlib.Tactic in\ndef t := Ring.RingNF.M.run"),
        before_main("open Mathlib in\ndef t := Tactic.Ring.RingNF.M.run"),
        before_main("open Batteries.Tactic in\ntheorem t : True := trivial"),
        before_main("end FrontierBench.O02\nnamespace Mathlib.Tactic\nexample : True := trivial"),
        before_main('def t := System.FilePath.readDir "/"'),
        before_main("def t := Std.Internal.IO.Async.sleep 1"),
    ],
    "set-option": [
        before_main("set_option debug.skipKernelTC true"),
        honest(proof="  set_option backward.isDefEq.lazyWhnfCore false in\n  simp"),
        before_main('set_option trace.profiler.output "/tmp/x"'),
        before_main('set_option trace.«profiler».output "/tmp/x"'),
    ],
    "shadowing": [
        before_main("theorem LehmerNumber.x : True := trivial").replace(
            "LehmerNumber.x", "Nat.totient"
        ),
        before_main("def _root_.helper : ℕ := 1"),
        before_main("end FrontierBench.O02\ndef outside : ℕ := 1\nnamespace FrontierBench.O02"),
        before_main("def Real : Type := ℕ"),
    ],
    "definitions": [honest().replace("n.totient ∣ n - 1\n", "True\n")],
    "main": [
        honest().replace("theorem main", "theorem main'"),
        honest()
        .replace("namespace FrontierBench.O02", "namespace Other")
        .replace("end FrontierBench.O02", "end Other"),
        honest().replace("theorem main", "@[simp] theorem main"),
        honest().replace("theorem main", "open Classical in\ntheorem main"),
        honest().replace("theorem main", "set_option pp.all true in\ntheorem main"),
        # not at a line start, so not split off as a command: still a prefix to Lean
        before_main("theorem t : True := trivial open Classical in"),
        before_main("theorem t : True := trivial variable (h : False) in"),
    ],
    "statement": [
        # an `open` Lean reads as a command, where no line starts with it
        before_main("theorem t : True := trivial open Classical"),
        before_main("theorem t : True := trivial\n  open Classical"),
        honest().replace("1 < n ∧", "0 < n ∧"),
        honest().replace("theorem main :", "theorem main (h : False) :"),
        honest().replace("answer(True) ↔", "True ↔"),
        # in effect at `main`: notations, instances, names and variables change its reading
        before_main("open scoped Classical"),
        before_main("variable (LehmerNumber : ℕ → Prop)"),
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


def test_a_copy_of_the_reference_gets_no_lexing_exemption():
    """A copy of the reference's definition that differs only by a comment is exempt from
    the command rules, but a comment glued to one of its symbols is still rejected: Lean's
    token table may join them (`</`) and read the comment's inside as code."""
    glued = honest().replace("n.totient ∣ n - 1\n", "n.totient ∣ n -/-\n#eval 1\n-/ 1\n", 1)
    assert glued != honest()
    assert "lexing" in rules(glued)
    spaced = honest().replace("n.totient ∣ n - 1\n", "n.totient ∣ n - /- a note -/ 1\n", 1)
    assert rules(spaced) == set()


def test_what_reads_alike_to_lean_and_to_the_lexer_passes():
    """No false rejections from the lexing rule: Mathlib's `''` and `⁻¹'`, character
    literals after a bracket, a comment right after a name, a configuration literal, names
    ending in an inert keyword, and a docstring that mentions commands."""
    text = """\
/-- A docstring may mention `#eval`, `run_cmd` and `instance`: Lean reads it whole. -/
theorem images (s : Set ℕ) (f : ℕ → ℕ) : f '' s = f '' s ∧ f ⁻¹' s = f ⁻¹' s := ⟨rfl, rfl⟩
theorem chars : ('a', ['b', 'c']) = ('a', ['b', 'c']) := rfl
theorem glued : True := trivial/- a comment right after a name -/
theorem cfg : 10 < 20 := by decide (config := { kernel := true })
theorem cfg' : (2 : ℕ) ^ 3 = 8 := by simp (config := { decide := true, maxSteps := 2 ^ 20 })
theorem take_prefix' (l : List ℕ) : l.take 1 <+: l := List.take_prefix 1 l
theorem strings : "ab".length = 2 := rfl
theorem by_aesop (n : ℕ) : n + 0 = n := by aesop (add simp Nat.add_zero)"""
    assert rules(before_main(text)) == set()


def test_imports_of_mathlib_modules_are_judged_by_the_imports_rule_alone():
    """`import Mathlib.Tactic.Ring` names a module, not meta-level code; a word that is
    no module still fails the imports rule."""
    sub = honest().replace("import Mathlib\n", "import Mathlib.Tactic.Ring\nimport Mathlib\n")
    assert sub != honest() and rules(sub) == set()
    assert rules(honest().replace("import Mathlib\n", "import Mathlib\nsorry\n")) >= {"imports"}


def test_aesop_rules_that_name_their_builder_pass():
    """Only a rule without a builder is refused (aesop's default would try `tactic`): a
    builder before a `[…]` list holds for each rule in it, and option groups are skipped."""
    for clause in (
        "(add safe apply Nat.le_refl)",
        "(add safe apply Nat.le_succ, norm simp Nat.add_zero)",
        "(add safe apply [Nat.le_refl, Nat.le_succ])",
        "(add safe [apply Nat.le_refl, cases Or], norm unfold id)",
        "(add safe (rule_sets := [Foo]) forward Nat.le_refl)",
        "(add safe destruct And, safe constructors Or)",
    ):
        text = f"theorem by_aesop (n : ℕ) : n ≤ n := by aesop {clause}"
        assert rules(before_main(text)) == set(), clause
    refused = before_main("theorem u (n : ℕ) : n ≤ n := by aesop (add safe apply [h, g], safe t)")
    found = static.check(refused, REFERENCE, namespaces=NS, yes_no=True).issues
    assert [(i.rule, i.column) for i in found] == [("run-code", 63)]  # the second rule's `safe`


def test_scoped_opens_and_variables_before_main_are_fine():
    """`open`/`variable` inside a `section … end`, or as `… in` on a helper, or after
    `main`, leave `main`'s statement as the reference reads it."""
    text = """\
section
open Finset
variable (k : ℕ)
theorem card_e : (∅ : Finset ℕ).card = k - k := by simp
end

open Finset in
theorem card_e' : (∅ : Finset ℕ).card = 0 := card_empty

variable (k : ℕ) in
theorem k_eq : k = k := rfl"""
    assert rules(before_main(text)) == set()
    assert (
        rules(honest().replace("end FrontierBench.O02", "open Finset\nend FrontierBench.O02"))
        == set()
    )


def test_lexing_issues_point_at_the_token():
    sub = honest(proof='  first | exact (trivial : Nat ×\'"\' ") | skip\n  exact sorry -- "')
    issues = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
    lexing = next(i for i in issues if i.rule == "lexing")
    line = sub.splitlines()[lexing.line - 1]
    assert line[lexing.column - 1 :].startswith("'\"'") and "×'" in lexing.message
    # the sweep of the string's inside finds the sorry the lexer's view hid
    assert any(i.rule == "sorry" for i in issues)


@pytest.mark.parametrize(
    "where, char, name",
    [
        (0, "\ufeff", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
        ("theorem main", "\u00a0", "U+00A0 (NO-BREAK SPACE)"),
        ("exact", "\u202e", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("/-- Is there", "\u200b", "U+200B (ZERO WIDTH SPACE)"),
        ("exact", "\x0c", "U+000C"),
    ],
)
def test_characters_lean_reads_otherwise_are_reported_alone(where, char, name):
    """A byte order mark, a no-break space, a direction or zero-width character, a control
    character: each is reported where it stands, with its code point, and nothing else is,
    since every other rule would be reading a file Lean reads otherwise."""
    text = honest()
    at = where if isinstance(where, int) else text.index(where) + len(where) - 1
    sub = text[:at] + char + text[at:]
    issues = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
    assert len(issues) == 1 and issues[0].rule == "lexing", issues
    line = sub.split("\n")[issues[0].line - 1]  # Lean's lines: not splitlines' \x0c
    assert line[issues[0].column - 1] == char
    assert issues[0].message.startswith(name + (" at the start" if at == 0 else ":"))


@pytest.mark.parametrize(
    "proof",
    [
        "linarith (config := { discharger := do let s ← get; set s })",
        "nlinarith (config := { oracle := .fourierMotzkin })",
        "linarith («preprocessors» := [])",
    ],
)
def test_configuration_fields_that_hold_code_are_refused(proof):
    """linarith runs its configuration's discharger, oracle and preprocessors: a value set
    there is the submission's meta code, typed by the field."""
    sub = before_main(f"theorem q (x : ℚ) (h : x < 1) : x < 2 := by\n  {proof}")
    issues = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
    assert any(
        i.rule == "run-code" and "sets code that the tactic runs" in i.message for i in issues
    )


def test_add_is_an_aesop_clause_unless_the_submission_s_own_add_is_applied():
    own = "def add (a b : ℕ) : ℕ := a + b\n\n"
    term = before_main(own + "theorem q : (add 1 2) = 3 := rfl")
    assert rules(term) == set()
    for tactic in (
        "aesop (add safe h)",
        "aesop (config := {}) (add safe h)",
        "aesop? (add safe h)",
    ):
        clause = before_main(own + f"theorem q (h : True) : True := by {tactic}")
        assert "run-code" in rules(clause), tactic
    # without a declared `add`, any `(add …)` is read as a clause: a tactic may pass it on
    assert "run-code" in rules(
        before_main("theorem q (h : True) : True := by aesop_cat (add safe h)")
    )


def test_a_binomial_coefficient_is_an_explicit_answer():
    assert rules(honest("Nat.choose 4 2"), yes_no=False) == set()
    chosen = static.check(
        honest("(⟨3, rfl⟩ : ∃ n : ℕ, n = 3).choose"), REFERENCE, namespaces=NS, yes_no=False
    )
    message = next(i.message for i in chosen.issues if i.rule == "answer")
    assert "not built with choose" in message and "Nat.choose n k" in message


def test_namespaces_nested_past_the_cap_are_refused_in_linear_memory():
    """Each namespace scope holds its whole name: 20,000 nested ones took 445 MB before the
    cap. Past 256 scopes the layer stops following them and says so."""
    deep = before_main("namespace a\n" * 20_000 + "theorem q : True := trivial")
    issues = static.check(deep, REFERENCE, namespaces=NS, yes_no=True).issues
    assert [i.message.split(":")[0] for i in issues if "nested more than" in i.message] == [
        "namespaces and sections nested more than 256 deep"
    ]
    shallow = before_main("namespace a\n" * 200 + "theorem q : True := trivial\n" + "end a\n" * 200)
    assert rules(shallow) == set()


def test_deeply_nested_aesop_rule_lists_are_read_without_recursion():
    """`(add safe [[[…]]])` nests as deep as the file is long: the builder check reads it
    with a stack, and a builder named outside the lists holds for the rule inside."""
    deep = "[" * 5000 + "h" + "]" * 5000
    named = before_main(f"theorem q : True := by aesop (add safe apply {deep})")
    bare = before_main(f"theorem q : True := by aesop (add safe {deep})")
    assert rules(named) == set()
    assert "run-code" in rules(bare)


@pytest.mark.parametrize(
    "proof",
    ["use (discharger := simp) 1", "field_simp (discharger := positivity)", "exact ⟨1, by simp⟩"],
)
def test_a_discharger_clause_takes_tactics_and_passes(proof):
    """`(discharger := tactics)` right after `(` is a clause of simp, field_simp, use, …:
    Lean's configuration syntax never reads it as linarith's field."""
    sub = before_main(f"theorem q : ∃ n : ℕ, 0 < n := by\n  {proof}")
    assert rules(sub) == set()


def test_one_finding_per_character_and_line():
    sub = honest().replace("exact", "exact\u00a0\u00a0\u202e")
    issues = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
    assert [i.message.split(" (")[0] for i in issues] == ["U+00A0", "U+202E"]


def test_non_ascii_that_lean_reads_passes():
    """Lean's own notation, letters and dashes in comments are not affected."""
    sub = honest().replace("/-- Is there", "-- Erdős — “quotes” and ≤ ∑ ℕ\n/-- Is there")
    assert rules(sub) == set()


def test_every_statement_passes_with_its_own_main():
    """Each statement of the benchmark, its answer filled in and a proof in place of
    `sorry`, passes in its own namespace and in a packet's."""
    import re

    from ofb_testing import REPO
    from openfrontiers.submission.local import is_yes_no, problem_namespace

    checked = 0
    for path in sorted((REPO / "FrontierBench").glob("*.lean")):
        ref = path.read_text(encoding="utf-8")
        if "answer(sorry)" not in ref:
            continue
        yes_no = is_yes_no(ref)
        ns = problem_namespace(ref)
        sub = ref.replace("answer(sorry)", "answer(True)" if yes_no else "answer(2)")
        sub = re.sub(r":= by\n  sorry", ":= by\n" + PROOF, sub)
        for text, names in ((sub, {ns: ns}), (sub.replace(ns, "P123"), {"P123": ns, ns: ns})):
            result = static.check(text, ref, namespaces=names, yes_no=yes_no)
            assert result.passed, (path.name, [i.text(path.name) for i in result.issues])
        checked += 1
    assert checked > 100


def test_ascii_spellings_count_only_where_lean_reads_the_same_notation():
    """`<=`, `->`, `fun … =>` are `≤`, `→`, `fun … ↦`; `!=` is `bne` (a Bool), not `≠`."""
    ref = REFERENCE.replace("1 < n ∧", "n ≠ 1 ∧ 0 ≤ n ∧")
    sub = ref.replace("answer(sorry)", "answer(True)").replace("  sorry\n", PROOF + "\n")

    def check(text: str) -> set[str]:
        return {i.rule for i in static.check(text, ref, namespaces=NS, yes_no=True).issues}

    assert check(sub) == set()
    assert check(sub.replace("0 ≤ n", "0 <= n")) == set()
    assert "statement" in check(sub.replace("n ≠ 1", "n != 1"))


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


def test_value_answers_are_plain_terms_of_the_statement_alone():
    """Issue 11, items 1 and 5: the answer is elaborated in the Challenge, beside nothing of
    the submission; it may not run code there or name the submission's declarations."""
    ref = REFERENCE.replace(
        "answer(sorry) ↔ ∃ n : ℕ, 1 < n ∧ ¬ n.Prime ∧ LehmerNumber n",
        "IsLeast {n : ℕ | 1 < n ∧ LehmerNumber n} answer(sorry)",
    )

    def check(answer: str, before: str = "") -> list[static.Issue]:
        sub = ref.replace("answer(sorry)", f"answer({answer})").replace("  sorry\n", "  x\n")
        sub = sub.replace("/-- Is there", before + "\n/-- Is there")
        return [
            i
            for i in static.check(sub, ref, namespaces=NS, yes_no=False).issues
            if i.rule == "answer"
        ]

    assert check("2 + 3") == [] and check("(fun k : ℕ => k ^ 2) 3") == []
    # infimum notation and other choices are not explicit either
    assert check("⨅ n ∈ {n : ℕ | 1 < n ∧ LehmerNumber n}, n")
    assert check("Nat.lt_wfRel.wf.min {n : ℕ | 1 < n} ⟨2, by norm_num⟩")
    # the answer's text is pasted into the Challenge: no comment may swallow what follows
    (comment,) = check("2 -- the least\n")
    assert "no comment" in comment.message
    assert check("2 /- two -/")
    assert "without by" in check("by exact 2")[0].message
    # a character literal holding a line break, as Lean reads it: the `"` after it starts a
    # string to Lean, so the tactic block after that string is code, not string
    hidden = check("(fun _ _ k _ => k) '\n'\"'a' \" (by exact 2) '\"'")
    assert hidden and "without by" in hidden[0].message
    (own,) = check("myValue", "def myValue : ℕ := 2\n")
    assert "myValue" in own.message and "declared by the submission" in own.message
    assert check("FrontierBench.O02.myValue", "def myValue : ℕ := 2\n")


def test_issues_carry_lines_and_columns():
    sub = honest(proof="  native_decide")
    (issue,) = static.check(sub, REFERENCE, namespaces=NS, yes_no=True).issues
    line = sub.splitlines()[issue.line - 1]
    assert line[issue.column - 1 :].startswith("native_decide")


def test_local_checker_reads_wrapped_axiom_lists():
    from openfrontiers.submission.local import axioms_of

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
    from openfrontiers.submission.local import is_yes_no

    assert is_yes_no(statement) is expected


def test_bracket_pass_agrees_with_group_end():
    """The one-pass bracket table the rules use finds the same closers as `group_end`, also
    with unbalanced and mixed brackets."""
    import random

    from openfrontiers.lean.lexer import brackets, group_end, tokenize

    rng = random.Random(7)
    pieces = ["(", ")", "[", "]", "{", "}", "⟨", "⟩", "@[", "answer(", "x", " ", "y"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        code = [t for t in tokenize(text) if not t.is_trivia]
        closing, enclosing = brackets(code)
        for i, tok in enumerate(code):
            if tok.text in static.OPENERS:
                assert closing.get(i) == group_end(code, i), (text, i)
            j = enclosing[i]
            assert j is None or (j < i and closing.get(j, len(code)) >= i), (text, i)


# Pieces a hostile submission is made of: brackets, quotes, comment openers, keywords.
_PIECES = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "⟨",
    "⟩",
    "«",
    "»",
    '"',
    "'",
    "/-",
    "-/",
    "--",
    "/--",
    "`",
    "``",
    "@[",
    "#eval",
    "s!",
    'r#"',
    '"#',
    ":=",
    "=>",
    "|",
    ",",
    "·",
    ".",
    "\\",
    "×'",
    "add",
    "safe",
    "apply",
    "config",
    "open",
    "in",
    "section",
    "namespace",
    "end",
    "theorem",
    "main",
    "def",
    "answer(",
    "True",
    "by",
    "simp",
    "with",
    "where",
    "fun",
    "discharger",
    "use",
    "stop",
    "Mathlib",
    "_root_",
    "instance",
    "deriving",
    "structure",
    "variable",
    "set_option",
    "universe",
    "private",
    "noncomputable",
    "mutual",
    "import",
    "P901",
    "0x",
    "1e",
] + ["\n", " "]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_PIECES), max_size=40),
    st.integers(min_value=0),
    st.sampled_from([True, False, None]),
)
def test_any_input_gets_findings_never_an_exception(pieces, at, yes_no):
    """The layer runs unjailed in the grader: whatever a submission holds, it answers
    with findings (or a pass), never an exception."""
    text = honest()
    at %= len(text) + 1
    sub = text[:at] + "".join(pieces) + text[at:]
    result = static.check(sub, REFERENCE, namespaces=NS, yes_no=yes_no)
    assert all(i.line >= 1 and i.column >= 1 and i.rule in static.RULES for i in result.issues)


# -- issue 28, item 1: strings read both ways -----------------------------------------


def hole(tactics: str) -> str:
    """An honest submission with a lemma proved by `tactics` before `main`."""
    return honest().replace(
        "/-- Is there", f"theorem hole : True := by\n  {tactics}\n  trivial\n\n/-- Is there"
    )


def test_println_reads_its_string_interpolated():
    # Lean: one interpolated string holding the term `" -- "`, then `; exact sorry`.
    assert "sorry" in rules(hole('have _h := println! "{" -- "}"; exact sorry'))


@pytest.mark.parametrize(
    "prefix",
    ["dbg_trace", "(fun (_ : String) => 0)", "throwErrorAt default", "trace[debug]", ""],
)
def test_a_string_that_ends_elsewhere_read_interpolated_is_refused(prefix):
    found = rules(hole(f'have _h := {prefix} "{{" -- "}}"; exact sorry'))
    assert "lexing" in found


@pytest.mark.parametrize(
    "string",
    ['"{x -- }"', '"{"', '"a{"', '"{ \\"}\\" }"', '"{(\\"{\\" : String)} -- }"'],
)
def test_strings_whose_two_readings_differ(string):
    from openfrontiers.lean.lexer import readings_agree

    assert not readings_agree(string)


@pytest.mark.parametrize(
    "string",
    ['"plain"', '"{x}"', '"a{b}c{d}"', '"{(1 : ℕ)}"', '"{ {a := 1}.a }"', "\"{'}'}\""],
)
def test_strings_whose_two_readings_agree_pass(string):
    from openfrontiers.lean.lexer import readings_agree

    assert readings_agree(string)
    assert "lexing" not in rules(hole(f"have _h : String := {string.replace('x', '1')}"))


def test_reading_both_ways_stops_at_a_depth():
    from openfrontiers.lean.lexer import MAX_READING_DEPTH, readings_agree

    deep = '"{' * (MAX_READING_DEPTH + 2)
    assert not readings_agree(deep)


# -- issue 28, item 2: syntax that evaluates code at elaboration time ----------------


@pytest.mark.parametrize(
    "tactics",
    [
        "have _h : 2 ^ 10 = eval% 2 ^ 10 := rfl",
        "trace (sorryCount)",
        "success_if_fail_with_msg (myMessage) simp",
        'have _h := from_lrat (cnf) "x"',
        "conv => run_conv pure ()",
        "polyrith",
        'have _h := include_str "Problem.lean"',
        "with_panel_widgets [myWidget] simp",
    ],
)
def test_syntax_that_evaluates_code_is_refused(tactics):
    assert "run-code" in rules(hole(tactics))


def test_eval_percent_is_one_token_only_when_glued():
    assert "run-code" in rules(hole("have _h := (eval% (3 : ℕ))"))
    # `eval % n` is the name `eval` modulo `n` to Lean.
    assert "run-code" not in rules(hole("have _h := fun (eval n : ℕ) => eval % n"))


def test_lrat_proof_is_a_command_word():
    from openfrontiers.submission import allowlist

    assert "lrat_proof" in allowlist.COMMAND_WORDS
    assert "command" in rules(hole('exact trivial lrat_proof foo "p" "q"'))
