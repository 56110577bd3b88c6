"""The export fixtures of tests/grade/fixtures/export: lean4export NDJSON written by the
format spec (through tests/support/ndjson.py), one small environment per file.

Each file is the export of a Challenge or a Solution of packet P001 — the statement
`P001.main : answer(True) ↔ P001.Lehmer 7` over a toy prelude (True, False, Iff, Eq, Nat,
the kernel's primitives, the three standard axioms) — with one thing changed per attack.
The terms need not type-check: the comparison reads constants, not proofs; the kernel
replay is another stage.

    python3 tests/grade/export_fixtures.py     # rewrite the files (the tests check they match)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from support.ndjson import Builder  # noqa: E402

OUT = HERE / "fixtures" / "export"


def environment(
    *,
    answer: str = "True",
    lehmer: str = "gcd-one",
    lehmer_kind: str = "def",
    lehmer_name: str = "P001.Lehmer",
    box_fields: int = 1,
    projection: bool = False,
    nat_add: str = "succ",
    main: str = "P001.main",
    proof: str = "sorry",
    value_item: str | None = None,
    propext: str = "standard",
    fmt: str = "3.1.0",
) -> str:
    b = Builder(fmt=fmt)
    prop, type_ = b.sort(0), b.sort(("succ", 0))
    b.inductive("True", prop, [("True.intro", b.const("True"), 0)])
    b.inductive("False", prop, [])
    arrow = lambda a, c: b.pi("a", a, c)  # noqa: E731 - a non-dependent arrow
    iff_type = arrow(prop, arrow(prop, prop))
    iff_intro = b.pi(
        "a",
        prop,
        b.pi(
            "b",
            prop,
            arrow(
                arrow(b.bvar(1), b.bvar(0)),
                arrow(arrow(b.bvar(0), b.bvar(1)), b.app(b.const("Iff"), b.bvar(1), b.bvar(0))),
            ),
        ),
    )
    b.inductive("Iff", iff_type, [("Iff.intro", iff_intro, 2)], num_params=2)
    nat = b.const("Nat")
    rec_type = b.pi("motive", arrow(nat, b.sort("u")), b.sort("u"), "implicit")
    b.inductive(
        "Nat",
        type_,
        [("Nat.zero", nat, 0), ("Nat.succ", arrow(nat, nat), 1)],
        rec_type=rec_type,
        rules=[
            ("Nat.zero", 0, b.lam("z", b.bvar(0), b.bvar(0))),
            ("Nat.succ", 1, b.lam("s", b.bvar(0), b.bvar(1))),
        ],
    )
    eq_type = b.pi("α", b.sort("u"), arrow(b.bvar(0), arrow(b.bvar(1), prop)), "implicit")
    b.inductive(
        "Eq",
        eq_type,
        [
            (
                "Eq.refl",
                b.pi(
                    "α",
                    b.sort("u"),
                    b.pi(
                        "a", b.bvar(0), b.app(b.const("Eq", ["u"]), b.bvar(1), b.bvar(0), b.bvar(0))
                    ),
                    "implicit",
                ),
                0,
            )
        ],
        num_params=2,
        levels=("u",),
    )
    binop = arrow(nat, arrow(nat, nat))
    add_value = {
        "succ": b.lam("n", nat, b.lam("m", nat, b.app(b.const("Nat.succ"), b.bvar(1)))),
        "zero": b.lam("n", nat, b.lam("m", nat, b.const("Nat.zero"))),
    }[nat_add]
    b.definition("Nat.add", binop, add_value)
    b.definition("Nat.gcd", binop, b.lam("a", nat, b.lam("b", nat, b.bvar(1))))
    b.definition(
        "Nat.lt", arrow(nat, arrow(nat, prop)), b.lam("n", nat, b.lam("m", nat, b.const("True")))
    )
    b.definition("Not", arrow(prop, prop), b.lam("a", prop, arrow(b.bvar(0), b.const("False"))))
    if propext == "false":  # the name of the standard axiom, stating False
        b.axiom("propext", b.const("False"))
    else:
        b.axiom(
            "propext",
            b.pi(
                "a",
                prop,
                b.pi(
                    "b",
                    prop,
                    arrow(
                        b.app(b.const("Iff"), b.bvar(1), b.bvar(0)),
                        b.app(b.const("Eq", [("succ", 0)]), prop, b.bvar(2), b.bvar(1)),
                    ),
                    "implicit",
                ),
                "implicit",
            ),
        )
    b.axiom("Classical.choice", b.pi("α", b.sort("u"), b.bvar(0), "implicit"), ("u",))
    b.axiom("Quot.sound", prop)
    b.axiom("sorryAx", b.pi("α", b.sort("u"), arrow(prop, b.bvar(1))), ("u",))

    box = b.const("P001.Box")
    fields = arrow(nat, box) if box_fields == 1 else arrow(nat, arrow(b.const("False"), box))
    b.inductive("P001.Box", type_, [("P001.Box.mk", fields, box_fields)])
    gcd = b.const("Nat.gcd")
    one = b.nat(1)
    body = {"gcd-one": b.app(gcd, b.bvar(0), one), "gcd-self": b.app(gcd, b.bvar(0), b.bvar(0))}[
        lehmer
    ]
    lehmer_type = arrow(nat, prop)
    lehmer_value = b.lam("n", nat, b.app(b.const("Eq", [("succ", 0)]), nat, body, one))
    {
        "def": lambda: b.definition(lehmer_name, lehmer_type, lehmer_value),
        "opaque": lambda: b.opaque(lehmer_name, lehmer_type, lehmer_value),
        "axiom": lambda: b.axiom(lehmer_name, lehmer_type),
    }[lehmer_kind]()

    if value_item is None:
        answer_term = {
            "True": b.const("True"),
            "False": b.const("False"),
            "not-false": b.app(b.const("Not"), b.const("False")),
        }[answer]
        if projection:  # mentions P001.Box only as the structure of a projection
            claim = b.pi(
                "x",
                nat,
                b.app(
                    b.const("Eq", [("succ", 0)]), nat, b.proj("P001.Box", 0, b.bvar(0)), b.nat(0)
                ),
            )
        else:
            claim = b.app(b.const(lehmer_name), b.nat(7))
        statement = b.app(b.const("Iff"), b.answer(answer_term), claim)
    else:
        # IsLeast S answer(v), with S = {n | 3 < n} written as a set-builder (a lambda).
        b.definition(
            "P001.IsLeast",
            arrow(arrow(nat, prop), arrow(nat, prop)),
            b.lam("S", arrow(nat, prop), b.lam("a", nat, b.app(b.bvar(1), b.bvar(0)))),
        )
        b.definition(
            "InfSet.sInf", arrow(arrow(nat, prop), nat), b.lam("S", arrow(nat, prop), b.nat(0))
        )
        the_set = b.lam("n", nat, b.app(b.const("Nat.lt"), b.nat(3), b.bvar(0)))
        answer_term = {
            "4": b.nat(4),
            "4-widened": b.nat(4),
            "5": b.nat(5),
            "sInf": b.app(b.const("InfSet.sInf"), the_set),
            "limsup": b.app(b.const("Filter.limsup"), the_set),
        }[value_item]
        statement = b.app(b.const("P001.IsLeast"), the_set, b.answer(answer_term))
        if value_item == "4-widened":  # answer text reaching past answer(…): `4) ↔ (True`
            statement = b.app(b.const("Iff"), statement, b.const("True"))

    if proof == "sorry":  # the Challenge's `by sorry`
        value = b.app(b.const("sorryAx", [0]), statement, b.const("False"))
    else:
        if proof == "deep-axiom":  # main → P001.step → P001.aux → P001.cheat
            b.axiom("P001.cheat", b.const("False"))
            b.definition("P001.aux", prop, b.const("P001.cheat"))
            b.theorem(
                "P001.step", b.const("True"), b.app(b.const("P001.aux"), b.const("True.intro"))
            )
            evidence = b.const("P001.step")
        else:
            evidence = b.const("True.intro")
        b.theorem(
            "P001.helper",
            claim if value_item is None else prop,
            b.app(b.const("propext"), evidence),
        )
        value = b.app(b.const("Iff.intro"), b.const("True"), b.const("P001.helper"))
    b.theorem(main, statement, value)
    return b.text()


CHALLENGE = {"proof": "sorry"}
SCENARIOS = {
    "challenge": environment(),
    "solution_equal": environment(proof="honest"),
    "solution_equal_format30": environment(proof="honest", fmt="3.0.0"),
    "solution_renamed_constant": environment(proof="honest", lehmer_name="P001.lehmer"),
    "solution_renamed_main": environment(proof="honest", main="P001.main'"),
    "solution_changed_value": environment(proof="honest", lehmer="gcd-self"),
    "solution_kind_mismatch": environment(proof="honest", lehmer_kind="opaque"),
    "solution_deep_axiom": environment(proof="deep-axiom"),
    "solution_propext_false": environment(proof="honest", propext="false"),
    "solution_prelude_nat_add": environment(proof="honest", nat_add="zero"),
    "challenge_projection": environment(projection=True),
    "solution_projection_extra_field": environment(projection=True, proof="honest", box_fields=2),
    "challenge_false": environment(answer="False"),
    "solution_false": environment(answer="False", proof="honest"),
    "challenge_not_literal": environment(answer="not-false"),
    "solution_not_literal": environment(answer="not-false", proof="honest"),
    "challenge_value_4": environment(value_item="4"),
    "solution_value_4": environment(value_item="4", proof="honest"),
    "challenge_value_5": environment(value_item="5"),
    "solution_value_5": environment(value_item="5", proof="honest"),
    "challenge_value_sinf": environment(value_item="sInf"),
    "solution_value_sinf": environment(value_item="sInf", proof="honest"),
    "solution_value_limsup": environment(value_item="limsup", proof="honest"),
    "challenge_value_4_widened": environment(value_item="4-widened"),
    "solution_value_4_widened": environment(value_item="4-widened", proof="honest"),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in SCENARIOS.items():
        (OUT / f"{name}.ndjson").write_text(text, encoding="utf-8")
    print(f"wrote {len(SCENARIOS)} fixtures to {OUT}")


if __name__ == "__main__":
    main()
