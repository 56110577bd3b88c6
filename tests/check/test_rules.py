"""Every rule of `ofb check`: the good statement passes all of them, and each rule has a
failing example that it reports (at the right line where the line is known)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from ofb_testing import GOOD_KEY, GOOD_STATEMENT, Checkout
from openfrontiers.check import RULES, run_check
from openfrontiers.check.engine import ENGINE_RULES
from openfrontiers.register.model import AnswerKind, Focus, Review, Source, Split, Status, Verdict

MAIN = (
    "theorem main : answer(sorry) ↔ ∃ n : ℕ, 1 < n ∧ ¬ n.Prime ∧ n.totient ∣ n - 1 := by\n  sorry"
)
NS_OPEN = "namespace FrontierBench.O02\n"


def findings(repo: Checkout, *paths):
    return run_check(repo.project(), list(paths)).findings


def rules_of(repo: Checkout) -> set[str]:
    return {f.rule for f in findings(repo)}


def test_the_good_statement_passes_every_rule(checkout):
    assert findings(checkout) == []


def edit(old: str, new: str) -> Callable[[Checkout], None]:
    def apply(repo: Checkout) -> None:
        assert old in GOOD_STATEMENT, old
        repo.statement("O02", GOOD_STATEMENT.replace(old, new, 1))

    return apply


def insert_after_namespace(text: str) -> Callable[[Checkout], None]:
    return edit(NS_OPEN, NS_OPEN + "\n" + text + "\n")


def add_comment(text: str) -> Callable[[Checkout], None]:
    return insert_after_namespace(f"-- {text}")


def register(**changes) -> Callable[[Checkout], None]:
    def apply(repo: Checkout) -> None:
        repo.set_item(replace(repo.items["O02"], **changes))

    return apply


def solved_item_without_credit(repo: Checkout) -> None:
    from ofb_testing import written_item

    repo.set_item(written_item("E03"))
    repo.statement("E03", GOOD_STATEMENT.replace("O02", "E03"))
    repo.sync()
    repo.answers(
        GOOD_KEY + '[answers.E03]\nanswer = "True"\nrecord = "r"\nevidence_date = 2026-04-03\n'
        'evidence_basis = "arXiv v1"\n'
    )


def mark_e03_written(repo: Checkout) -> None:
    from ofb_testing import written_item

    repo.set_item(replace(written_item("E03"), title="Erdős Problem #152"))


def new_unsynced_statement(repo: Checkout) -> None:
    repo.set_item(replace(repo.items["O02"], id="O22"))
    repo.statement("O22", GOOD_STATEMENT.replace("O02", "O22"))


def misplaced_file(repo: Checkout) -> None:
    (repo.library / "Lehmer.lean").write_text("theorem t : True := trivial\n", encoding="utf-8")


def bad_register_field(repo: Checkout) -> None:
    path = repo.library / "items.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            'title = "Problem O02"', 'title = "Problem O02"\ncolour = "blue"'
        ),
        encoding="utf-8",
    )


def evaluator_source_in_statement(repo: Checkout) -> None:
    repo.answers('[answers.O02]\nnote = "open"\nsolution_sources = ["arXiv:2401.00001"]\n')
    add_comment("compare arXiv:2401.00001")(repo)


def register_note(text: str) -> Callable[[Checkout], None]:
    def apply(repo: Checkout) -> None:
        reviews = (
            Review("reviewer-b", Focus.FIDELITY, Verdict.OK, notes=text),
            Review("reviewer-c", Focus.SEMANTICS, Verdict.OK),
        )
        repo.set_item(replace(repo.items["O02"], reviews=reviews))

    return apply


def orphan_evaluator_review(repo: Checkout) -> None:
    (repo.library / "evaluator" / "reviews.toml").write_text(
        '[[reviews.O02]]\nreviewer = "reviewer-x"\nfocus = "semantics"\nround = 1\nnotes = "n"\n',
        encoding="utf-8",
    )


def solved_item_verifier_in_the_package(repo: Checkout) -> None:
    """A solved item's certificate verifier states its answer: not in the package."""
    solved = next(i for i in repo.items.values() if i.split is Split.REDISCOVERY)
    folder = repo.root / "tools" / "openfrontiers" / "cert" / "verifiers"
    folder.mkdir(parents=True)
    (folder / f"{solved.id.lower()}.py").write_text('"""direction False"""\n', encoding="utf-8")


def util_importing_formal_conjectures(repo: Checkout) -> None:
    """A utility module importing it would bring the clash into every statement."""
    (repo.library / "Util" / "Extra.lean").write_text(
        "import FormalConjecturesUtil.Answer.Syntax\n", encoding="utf-8"
    )
    repo.sync()


def not_utf8(repo: Checkout) -> None:
    (repo.library / "O02.lean").write_bytes(GOOD_STATEMENT.encode() + b"\xff\xfe")


FAILING: dict[str, list[Callable[[Checkout], None]]] = {
    "file-name": [misplaced_file],
    "imports": [
        edit("import Mathlib\n", "import Mathlib\nimport Mathlib.Data.Nat.Basic\n"),
        edit("import Mathlib\n", ""),
        edit("import FrontierBench.Util.Answer\n", ""),
    ],
    "formal-conjectures-import": [
        edit("import Mathlib\n", "import Mathlib\nimport FormalConjectures.Util.ProblemImports\n"),
        edit("import Mathlib\n", "import Mathlib\nimport FormalConjecturesUtil\n"),
        util_importing_formal_conjectures,
    ],
    "auto-implicit": [edit("set_option autoImplicit false\n", "")],
    "module-docstring": [edit("# O02 —", "# Lehmer —"), edit("# O02 —", "# O03 —")],
    "namespace": [
        lambda r: r.statement("O02", GOOD_STATEMENT.replace("FrontierBench.O02", "Lehmer")),
        edit("end FrontierBench.O02", ""),
    ],
    "single-theorem": [
        insert_after_namespace("/-- x -/\ntheorem extra : True := trivial"),
        insert_after_namespace("example : True := trivial"),
    ],
    "main-name": [edit("theorem main", "theorem lehmer")],
    "main-docstring": [
        edit("/-- Is there a composite $n > 1$ with $\\varphi(n) \\mid n - 1$? -/\n", "")
    ],
    "def-docstring": [insert_after_namespace("def helper : ℕ := 1")],
    "binders-before-colon": [edit("theorem main :", "theorem main (m : ℕ) :")],
    "main-proof": [edit(":= by\n  sorry", ":= by\n  simp")],
    "sorry-placement": [insert_after_namespace("/-- h -/\ndef h : ℕ := sorry")],
    "admit": [insert_after_namespace("/-- h -/\ndef h : ℕ := by admit")],
    "forbidden-keyword": [
        insert_after_namespace("axiom ax : False"),
        insert_after_namespace("/-- o -/\nopaque o : ℕ"),
        insert_after_namespace("/-- d -/\ndef d : 1 = 1 := by native_decide"),
        insert_after_namespace("/-- i -/\n@[implemented_by id] def i (n : ℕ) : ℕ := n"),
        insert_after_namespace('/-- e -/\n@[extern "c"] def e (n : ℕ) : ℕ := n'),
        insert_after_namespace("/-- u -/\nunsafe def u : ℕ := 1"),
        insert_after_namespace("/-- p -/\npartial def p (n : ℕ) : ℕ := p n"),
        edit("import Mathlib\n", "prelude\nimport Mathlib\n"),
        insert_after_namespace("/-- s -/\ndef s : ℕ := sorryAx ℕ"),
        insert_after_namespace("/-- r -/\ndef r := Lean.ofReduceBool"),
        insert_after_namespace("/-- t -/\ndef t := Lean.trustCompiler"),
    ],
    "open-classical": [
        edit("set_option autoImplicit false\n", "set_option autoImplicit false\nopen Classical\n"),
        edit(
            "set_option autoImplicit false\n",
            "set_option autoImplicit false\nopen scoped Classical\n",
        ),
    ],
    "set-option": [
        insert_after_namespace("set_option debug.skipKernelTC true"),
        edit("set_option autoImplicit false", "set_option autoImplicit true"),
        edit(":= by\n  sorry", ":= by\n  set_option trace.Meta.synthInstance true in\n  sorry"),
    ],
    "forbidden-command": [
        insert_after_namespace("#eval 1"),
        insert_after_namespace("#exit"),
        insert_after_namespace("run_cmd pure ()"),
        insert_after_namespace("initialize pure ()"),
        edit("import Mathlib\n", "module\nimport Mathlib\n"),
    ],
    "stray-command": [insert_after_namespace("#check Nat.totient")],
    "metaprogramming": [
        insert_after_namespace('notation "φ" => Nat.totient'),
        insert_after_namespace('macro "one" : term => `(1)'),
        insert_after_namespace('syntax "foo" : term'),
        insert_after_namespace('infixl:65 " +++ " => Nat.add'),
        insert_after_namespace("/-- b -/\n@[term_elab foo] def bar := 1"),
    ],
    "answer-placeholder": [
        edit("answer(sorry) ↔ ", "True ↔ "),
        edit("1 < n ∧", "answer(sorry) ∧ 1 < n ∧"),
        insert_after_namespace("/-- h -/\ndef h : Prop := answer(sorry)"),
    ],
    "answer-shape": [edit(MAIN, "theorem main : ∃ n : ℕ, n = answer(sorry) := by\n  sorry")],
    "leak-answer": [
        edit("answer(sorry)", "answer(True)"),
        edit("answer(sorry)", "answer(False)"),
        edit("answer(sorry)", "answer(1 = 1)"),
        add_comment("answer(True)"),
        insert_after_namespace('/-- s -/\ndef s : String := "answer(False)"'),
    ],
    "leak-answer-sentence": [
        add_comment("the answer is no"),
        edit("Lehmer's totient problem:", "The conjecture is false. Lehmer's totient problem:"),
    ],
    "leak-key-phrase": [add_comment("Key True"), add_comment("the key's record")],
    "leak-public-text": [
        register_note("Key False: the record says so."),
        register_note("the answer is yes"),
    ],
    "evaluator-reviews": [orphan_evaluator_review],
    "leak-verifier": [solved_item_verifier_in_the_package],
    "leak-status-link": [
        add_comment("see https://www.erdosproblems.com/152"),
        add_comment("https://oeis.org/A000010"),
        add_comment("https://mathoverflow.net/questions/1973"),
        add_comment("https://github.com/x/y"),
        add_comment("https://en.wikipedia.org/wiki/Lehmer%27s_totient_problem"),
    ],
    "link-review": [add_comment("https://example.org/lehmer")],
    "leak-arxiv-2026": [
        add_comment("arXiv:2605.20579"),
        add_comment("https://arxiv.org/abs/2601.01234"),
    ],
    "leak-status-word": [
        add_comment("This was solved."),
        add_comment("It has been proved."),
        add_comment("A counterexample was found."),
        add_comment("disproved"),
    ],
    "leak-ai-name": [
        add_comment("found by GPT-5.2"),
        add_comment("with AlphaProof"),
        add_comment("an AI system"),
        add_comment("OpenAI"),
    ],
    "leak-recent-year": [add_comment("posed again in 2026")],
    "leak-upstream-name": [
        add_comment("compare erdos_152"),
        add_comment("see FormalConjectures"),
        insert_after_namespace("/-- x -/\ndef erdos_152 : ℕ := 1"),
    ],
    "leak-evaluator-data": [evaluator_source_in_statement],
    "leak-title": [
        add_comment("Problem   O02 as listed"),
        register(title="Lehmer's totient problem"),
    ],
    "declarative-title": [
        edit("Is there a composite n with φ(n) ∣ n − 1?", "A composite n with φ(n) ∣ n − 1 exists")
    ],
    "register-entry": [
        register(status=Status.PLANNED),
        register(status=Status.NEEDS_SOURCE, needs_source="x"),
    ],
    "register-files": [mark_e03_written],
    "register-complete": [
        register(origin=None),
        register(writer=""),
        register(sources=()),
        register(status=Status.NEEDS_SOURCE),
        register(primary_source_read=None),
        register(primary_source_note=" "),
        register(sources=(Source("D. H. Lehmer (1932)", note="not opened; quoted elsewhere"),)),
        register(status=Status.CANDIDATE, sources=(), upstream=()),
    ],
    "review-independence": [
        register(
            reviews=(
                Review("writer-a", Focus.FIDELITY, Verdict.OK),
                Review("reviewer-c", Focus.SEMANTICS, Verdict.OK),
            )
        ),
        register(
            reviews=(
                Review("reviewer-b", Focus.FIDELITY, Verdict.OK),
                Review("reviewer-b", Focus.SEMANTICS, Verdict.OK),
            )
        ),
        register(
            reviews=(
                Review("reviewer-b", Focus.FIDELITY, Verdict.MUST_FIX),
                Review("reviewer-c", Focus.SEMANTICS, Verdict.OK),
            )
        ),
    ],
    "review-missing": [register(reviews=())],
    "evaluator-key": [
        lambda repo: repo.answers(""),
        lambda repo: repo.answers(GOOD_KEY + 'record = "a solution paper"\n'),
        lambda repo: repo.answers(GOOD_KEY.replace('certificate_direction = "True"\n', "")),
        solved_item_without_credit,
    ],
    "root-imports": [new_unsynced_statement],
    "register-schema": [bad_register_field],
    "encoding": [not_utf8],
}


def test_every_rule_has_a_failing_example():
    listed = {r.id for r in RULES} | {rule_id for rule_id, *_ in ENGINE_RULES}
    assert listed == set(FAILING)


CASES = [(rule, i, make) for rule, makes in FAILING.items() for i, make in enumerate(makes)]


@pytest.mark.parametrize("rule,index,make", CASES, ids=[f"{r}-{i}" for r, i, _ in CASES])
def test_rule_reports_its_failing_example(checkout, rule, index, make):
    make(checkout)
    assert rule in rules_of(checkout)


def test_findings_point_at_the_offending_line(checkout):
    add_comment("This was solved.")(checkout)
    (hit,) = [f for f in findings(checkout) if f.rule == "leak-status-word"]
    lines = (checkout.library / "O02.lean").read_text(encoding="utf-8").splitlines()
    assert "solved" in lines[hit.line - 1]
    assert lines[hit.line - 1][hit.column - 1 :].startswith("solved")
    assert hit.path == "FrontierBench/O02.lean"


def test_words_in_string_literals_are_not_leaks(checkout):
    insert_after_namespace(
        '/-- s -/\ndef s : String := "solved by GPT in 2026, https://github.com"'
    )(checkout)
    assert findings(checkout) == []


def test_words_in_nested_comments_are_leaks_but_not_code(checkout):
    add_comment("")(checkout)
    checkout.statement(
        "O02",
        GOOD_STATEMENT.replace(NS_OPEN, NS_OPEN + "/- outer /- sorry axiom -/ was solved -/\n"),
    )
    assert rules_of(checkout) == {"leak-status-word"}


def test_yes_no_rule_follows_the_register(checkout):
    register(answer_kind=AnswerKind.VALUE)(checkout)
    assert rules_of(checkout) == {"answer-shape"}


def test_wikipedia_permalinks_and_literature_links_pass(checkout):
    add_comment(
        "https://en.wikipedia.org/w/index.php?title=Lehmer&oldid=123 and "
        "https://doi.org/10.1090/S0002-9904-1932-05521-5 and https://arxiv.org/abs/1504.00001"
    )(checkout)
    assert findings(checkout) == []


def test_upstream_declaration_names_from_the_register(checkout):
    from openfrontiers.register.model import Upstream

    up = Upstream("google-deepmind/formal-conjectures", "F/358.lean", "Erdos358.erdos_358.parts.i")
    register(upstream=(up,))(checkout)
    insert_after_namespace("/-- i -/\ndef i : ℕ := 1")(checkout)
    assert findings(checkout) == []  # `i` and `parts` are not distinctive
    add_comment("see Erdos358")(checkout)
    assert rules_of(checkout) == {"leak-upstream-name"}


def test_shannon_is_not_an_ai_name(checkout):
    add_comment("after Claude Shannon's coding theorem")(checkout)
    assert findings(checkout) == []


def test_a_formal_conjectures_import_is_reported_once_at_its_line(checkout):
    edit("import Mathlib\n", "import Mathlib\nimport FormalConjectures.Util.ProblemImports\n")(
        checkout
    )
    found = findings(checkout)
    assert "imports" not in {f.rule for f in found}  # the specific rule says why, once
    (hit,) = [f for f in found if f.rule == "formal-conjectures-import"]
    assert hit.line == 2 and "answer(" in hit.message and "ambigu" in hit.message
