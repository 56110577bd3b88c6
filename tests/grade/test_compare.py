"""Checker 1's decisions on the export fixtures: every fixture decided right."""

from __future__ import annotations

from pathlib import Path

import pytest

from openfrontiers.grade import checker1
from openfrontiers.grade.compare import (
    BUILTINS,
    PRIMITIVES,
    STANDARD_AXIOMS,
    around_answer,
    axiom_closure,
    compare_closure,
    export_targets,
    marked_answer,
    same_answer,
    trivialising,
    yes_no_answer,
)
from openfrontiers.grade.export_format import Canon, children, read_file

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures" / "export"
MAIN = "P001.main"


def load(name: str):
    return read_file(FIXTURES / f"{name}.ndjson")


def test_fixtures_are_what_the_spec_builder_writes():
    import export_fixtures

    on_disk = {p.stem: p.read_text(encoding="utf-8") for p in FIXTURES.glob("*.ndjson")}
    assert on_disk == export_fixtures.SCENARIOS, "run python3 tests/grade/export_fixtures.py"


@pytest.mark.parametrize(
    "challenge, solution, check, message",
    [
        ("challenge", "solution_equal", None, None),
        ("challenge", "solution_equal_format30", None, None),
        ("challenge", "solution_renamed_constant", "statement", "statement of `P001.main` differs"),
        ("challenge", "solution_renamed_main", "statement", "not in the Solution export"),
        (
            "challenge",
            "solution_changed_value",
            "closure",
            "`P001.Lehmer` differs between the Challenge and the Solution (value)",
        ),
        (
            "challenge",
            "solution_kind_mismatch",
            "closure",
            "is a definition in the Challenge but an opaque constant in the Solution",
        ),
        ("challenge", "solution_prelude_nat_add", "closure", "`Nat.add` differs"),
        (
            "challenge_projection",
            "solution_projection_extra_field",
            "closure",
            "`P001.Box.mk` differs",
        ),
        ("challenge", "solution_deep_axiom", None, None),  # the statement is fine; axioms are not
    ],
)
def test_closure_comparison(challenge, solution, check, message):
    result = compare_closure(load(challenge), load(solution), MAIN)
    if check is None:
        assert result.ok, result.findings
        assert result.compared > 5
    else:
        assert [f.check for f in result.findings] == [check]
        assert message in result.findings[0].message


def test_a_structure_reached_only_through_a_projection_is_compared():
    ch = load("challenge_projection")
    main = ch.get(MAIN)
    mentioned = set(ch.constants([main.type], set()))
    assert ("P001", "Box") in mentioned
    stack, consts = [main.type], set()  # the constants the type names as constants
    while stack:
        node = ch.exprs[stack.pop()]
        if node[0] == "const":
            consts.add(node[1])
        stack += children(node)
    assert ("P001", "Box") not in consts  # only the structure of an `Expr.proj`


def test_primitives_missing_from_both_exports_are_skipped_but_not_from_one():
    ch, so = load("challenge"), load("solution_equal")
    assert ch.get("Nat.sub") is None and compare_closure(ch, so, MAIN).ok
    del so.decls[("Nat", "gcd")]
    found = compare_closure(ch, so, MAIN).findings
    assert [f.message for f in found] == ["`Nat.gcd` is missing from the Solution"]


def test_axiom_closure_allows_only_the_standard_axioms_and_shows_the_path():
    ok = axiom_closure(load("solution_equal"), MAIN)
    assert ok.ok and ok.axioms == ["propext"]
    bad = axiom_closure(load("solution_deep_axiom"), MAIN)
    assert bad.axioms == ["P001.cheat", "propext"]
    (finding,) = bad.findings
    assert finding.message == (
        "axiom `P001.cheat` is not allowed "
        "(P001.main → P001.helper → P001.step → P001.aux → P001.cheat)"
    )
    challenge = axiom_closure(load("challenge"), MAIN)  # `by sorry`
    assert [f.constant for f in challenge.findings] == ["sorryAx"]


def test_a_constant_used_but_not_exported_fails_closed():
    so = load("solution_deep_axiom")
    del so.decls[("P001", "aux")]
    report = axiom_closure(so, MAIN)
    assert (
        not report.ok and "`P001.aux` is used but not in the export" in report.findings[0].message
    )


def test_answers():
    assert yes_no_answer(load("solution_equal"), MAIN) == "True"
    assert yes_no_answer(load("solution_false"), MAIN) == "False"
    assert yes_no_answer(load("solution_not_literal"), MAIN) is None
    canon = Canon()
    four, five, ref = load("solution_value_4"), load("solution_value_5"), load("challenge_value_4")
    assert same_answer(canon, four, ref, MAIN) and not same_answer(canon, five, ref, MAIN)
    assert four.exprs[marked_answer(four, four.get(MAIN).type)] == ("nat", 4)
    assert trivialising(load("solution_value_sinf"), MAIN) == "the answer is built with InfSet.sInf"
    assert trivialising(load("solution_value_limsup"), MAIN) == (
        "the answer is built with Filter.limsup"
    )
    assert trivialising(four, MAIN) is None


def test_a_value_answer_reusing_the_statements_set_trivialises_it():
    from openfrontiers.grade.export_format import read
    from support.ndjson import Builder

    b = Builder()
    prop, nat = b.sort(0), b.sort(("succ", 0))
    b.inductive("Nat", nat, [])
    the_set = b.lam("n", b.const("Nat"), b.const("True"))
    b.definition("least", b.pi("s", prop, b.const("Nat")), b.lam("s", prop, b.nat(0)))
    statement = b.app(b.const("IsLeast"), the_set, b.answer(b.app(b.const("least"), the_set)))
    b.theorem(MAIN, statement, prop)
    import io

    export = read(io.StringIO(b.text()))
    assert (
        trivialising(export, MAIN) == "the answer reuses a set or function of the statement itself"
    )


def judge(challenge, solution, reference=None, *, yes_no=True, answer="True"):
    result = checker1.Checker1Result()
    stages = checker1.judge_exports(
        load(challenge),
        load(solution),
        load(reference) if reference else None,
        MAIN,
        yes_no=yes_no,
        reference_answer=answer,
        result=result,
    )
    return [(s.stage, s.ok, s.reason) for s in stages], result


def test_checker1_stages_on_exports():
    stages, result = judge("challenge", "solution_equal")
    assert stages == [("compare", True, ""), ("axioms", True, "")]
    assert (result.answer, result.answer_matches, result.axioms) == ("True", True, ["propext"])
    assert judge("challenge_false", "solution_false")[1].answer_matches is False
    assert judge("challenge", "solution_deep_axiom")[0][-1] == ("axioms", False, "forbidden-axiom")
    assert judge("challenge", "solution_changed_value")[0] == [("compare", False, "mismatch")]
    assert judge("challenge_not_literal", "solution_not_literal")[0] == [
        ("compare", False, "answer")
    ]
    value = judge(
        "challenge_value_5", "solution_value_5", "challenge_value_4", yes_no=False, answer="4"
    )
    assert value[0][-1] == ("axioms", True, "") and value[1].answer_matches is False
    sinf = judge("challenge_value_sinf", "solution_value_sinf", "challenge_value_4", yes_no=False)
    assert sinf[0] == [("compare", False, "answer")]


def test_a_permitted_axiom_is_checked_by_its_type_not_its_name():
    """Issue 11, item 4: a Solution whose `propext` states False passed on its name."""
    solution = load("solution_propext_false")
    assert axiom_closure(solution, MAIN).ok  # by name alone: the old hole
    report = axiom_closure(solution, MAIN, trusted=load("challenge"))
    assert not report.ok
    (finding,) = report.findings
    assert "axiom `propext` is not the standard one (its type differs from ours)" in finding.message
    assert "P001.main → P001.helper → propext" in finding.message
    assert axiom_closure(load("solution_equal"), MAIN, trusted=load("challenge")).ok
    stages, _ = judge("challenge", "solution_propext_false")
    assert stages == [("compare", True, ""), ("axioms", False, "forbidden-axiom")]


def test_a_permitted_axiom_missing_from_the_trusted_export_fails_closed():
    from openfrontiers.grade.export_format import read
    from support.ndjson import Builder

    b = Builder()
    prop = b.sort(0)
    b.axiom("propext", prop)
    b.theorem(MAIN, prop, b.const("propext"))
    import io

    solution = read(io.StringIO(b.text()))
    trusted = read(io.StringIO(Builder().text()))
    (finding,) = axiom_closure(solution, MAIN, trusted=trusted).findings
    assert "not in the trusted export" in finding.message


def test_export_targets_name_main_the_axioms_and_the_kernel_builtins():
    targets = export_targets(MAIN)
    assert targets[0] == MAIN
    assert set(STANDARD_AXIOMS) | {"Nat", "Quot.lift", "Char.ofNat", "Nat.gcd"} <= set(targets)
    assert len(targets) == 1 + len(STANDARD_AXIOMS) + len(BUILTINS) + len(PRIMITIVES)


def _value_export(statement):
    """An export whose `main` states `statement(b)` (built with the spec's NDJSON builder),
    with every constant it names declared."""
    import io

    from openfrontiers.grade.export_format import read
    from support.ndjson import Builder

    b = Builder()
    prop, nat_type = b.sort(0), b.sort(("succ", 0))
    b.inductive("Nat", nat_type, [])
    for name in ("IsLeast", "Or", "HAdd"):
        b.axiom(name, prop)
    b.axiom("True", prop)
    b.axiom("trivial", b.const("True"))
    b.theorem(MAIN, statement(b), b.const("trivial"))
    return read(io.StringIO(b.text()))


def test_a_marker_deep_in_the_statement_is_compared_without_recursion():
    """An answer's text that reaches past `answer(…)` may put the marker thousands of
    applications deep: the keys stay flat, so comparing them cannot overflow the stack."""

    def deep(b, answer, depth):
        term = b.answer(b.nat(answer))
        for _ in range(depth):
            term = b.app(b.const("Or"), term)
        return term

    canon = Canon()
    a = _value_export(lambda b: deep(b, 4, 5000))
    same = _value_export(lambda b: deep(b, 5, 5000))
    shallower = _value_export(lambda b: deep(b, 4, 4999))
    assert around_answer(canon, a, MAIN) == around_answer(canon, same, MAIN)
    assert around_answer(canon, a, MAIN) != around_answer(canon, shallower, MAIN)


def test_the_answer_text_may_not_reach_past_its_marker():
    """The Challenge is the reference's text with the submitted answer's text pasted in;
    if that text reached past `answer(…)` (`4) ∨ (True`), the Challenge's statement changed
    as well, and the Solution, equal to it, proves the weaker statement. Checker 1 compares
    the Challenge with the Reference everywhere but under the marker."""

    def is_least(b, answer):
        return b.app(b.const("IsLeast"), b.const("Nat"), answer)

    reference = _value_export(lambda b: is_least(b, b.answer(b.nat(4))))
    honest = _value_export(lambda b: is_least(b, b.answer(b.nat(5))))
    widened = _value_export(
        lambda b: b.app(b.const("Or"), is_least(b, b.answer(b.nat(4))), b.const("True"))
    )
    # the same term as `honest`'s with its marker on `4` inside `4 + 1`: moved, not changed
    inner = _value_export(
        lambda b: is_least(b, b.app(b.const("HAdd"), b.answer(b.nat(4)), b.nat(1)))
    )
    outer = _value_export(
        lambda b: is_least(b, b.answer(b.app(b.const("HAdd"), b.nat(4), b.nat(1))))
    )
    canon = Canon()
    assert around_answer(canon, honest, MAIN) == around_answer(canon, reference, MAIN)
    assert around_answer(canon, widened, MAIN) != around_answer(canon, reference, MAIN)
    assert around_answer(canon, inner, MAIN) != around_answer(canon, outer, MAIN)

    def stages(challenge, solution):
        result = checker1.Checker1Result()
        found = checker1.judge_exports(
            challenge, solution, reference, MAIN, yes_no=False, reference_answer="4", result=result
        )
        return [(s.stage, s.ok, s.reason, s.detail) for s in found], result

    found, result = stages(widened, widened)
    assert found[0][:3] == ("compare", False, "answer") and "past answer(…)" in found[0][3]
    assert result.answer_matches is None  # never compared, never solved
    found, _ = stages(outer, inner)
    assert found[0][:3] == ("compare", False, "answer") and "marker" in found[0][3]
    found, result = stages(honest, honest)
    assert found[0][:3] == ("compare", True, "") and result.answer_matches is False


# -- unsafe constants: an example table (issue 35) -----------------------------------------


def _unsafe_scenario(fmt: str, kind: str, unsafe: bool, depth: int = 1) -> str:
    """`P001.main : True` proved by a chain of `depth` helpers down to `P001.h1 : True`,
    which is a `def`, an `opaque`, or a theorem using an `inductive` of its own — marked
    unsafe or not, as lean4export writes the flag in format `fmt`."""
    from support.ndjson import Builder

    b = Builder(fmt=fmt)
    b.inductive("True", b.sort(0), [("True.intro", b.const("True"), 0)])
    proof = b.const("True.intro")
    if kind == "inductive":  # a type of its own, reached through its constructor
        b.inductive("P001.T", b.sort(0), [("P001.T.mk", b.const("P001.T"), 0)], unsafe=unsafe)
        b.theorem("P001.h1", b.const("True"), b.app(b.lam("t", b.const("P001.T"), proof),
                                                     b.const("P001.T.mk")))  # fmt: skip
    elif kind == "opaque":
        b.opaque("P001.h1", b.const("True"), proof, unsafe=unsafe)
    else:
        b.definition("P001.h1", b.const("True"), proof, safety="unsafe" if unsafe else "safe")
    for i in range(2, depth + 1):
        b.theorem(f"P001.h{i}", b.const("True"), b.const(f"P001.h{i - 1}"))
    b.theorem(MAIN, b.const("True"), b.const(f"P001.h{depth}"))
    return b.text()


@pytest.mark.parametrize("fmt", ["3.1.0", "3.0.0"])
@pytest.mark.parametrize(
    "kind, unsafe, depth, expected",
    [
        ("def", False, 1, []),
        ("def", True, 1, ["`P001.h1` is unsafe (P001.main → P001.h1)"]),
        ("def", True, 3, ["`P001.h1` is unsafe (P001.main → P001.h3 → P001.h2 → P001.h1)"]),
        ("opaque", False, 1, []),
        ("opaque", True, 1, ["`P001.h1` is unsafe (P001.main → P001.h1)"]),
        ("inductive", False, 1, []),
        (
            "inductive",
            True,
            1,
            [
                "`P001.T.mk` is unsafe (P001.main → P001.h1 → P001.T.mk)",
                "`P001.T` is unsafe (P001.main → P001.h1 → P001.T)",
            ],
        ),
    ],
)
def test_an_unsafe_constant_anywhere_in_the_proof_is_refused(fmt, kind, unsafe, depth, expected):
    """The axiom closure refuses every unsafe constant `main` reaches, with its path; the
    same constants marked safe pass. Deleting the unsafe check fails the `True` rows."""
    from openfrontiers.grade.export_format import read

    export = read(_unsafe_scenario(fmt, kind, unsafe, depth).splitlines(), "unsafe.ndjson")
    report = axiom_closure(export, MAIN)
    assert [f.message for f in report.findings] == expected
    assert report.ok is not expected and report.axioms == []
