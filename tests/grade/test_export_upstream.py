"""The export reader on lean4export's own output (issue 35): upstream's example export
`examples/Nat.add_succ.ndjson`, read in place from `../shared/data/fixtures/lean4export/`
(PROVENANCE.md there names the commit), not a file our own writer made.

The example is format 3.0.0 (Lean 4.27.0-rc1); the same commit's `format_ndjson.md`
describes 3.1.0. The example is also rewritten here into 3.1 exactly as that document lays
the declarations out, and must read to the same constants."""

from __future__ import annotations

import json
import os

import pytest

from ofb_testing import SHARED_DATA
from openfrontiers.grade.compare import axiom_closure, compare_closure
from openfrontiers.grade.export_format import Canon, ExportError, name_str, read, read_file

UPSTREAM = SHARED_DATA / "fixtures" / "lean4export"
EXAMPLE = UPSTREAM / "Nat.add_succ.ndjson"

if not EXAMPLE.is_file():
    message = f"needs upstream's example export at {EXAMPLE} (../shared/data)"
    if os.environ.get("CI"):  # CI has shared/ beside the clone: a skip there would hide it
        raise RuntimeError(message)
    pytest.skip(message, allow_module_level=True)

# What upstream's example holds: `Nat.add_succ` and everything it depends on, by kind.
CONSTANTS = {
    "Nat": "inductive", "Nat.zero": "ctor", "Nat.succ": "ctor", "Nat.rec": "rec",
    "Eq": "inductive", "Eq.refl": "ctor", "Eq.rec": "rec",
    "outParam": "def",
    "HAdd": "inductive", "HAdd.mk": "ctor", "HAdd.rec": "rec", "HAdd.hAdd": "def",
    "Add": "inductive", "Add.mk": "ctor", "Add.rec": "rec", "Add.add": "def",
    "instHAdd": "def",
    "PUnit": "inductive", "PUnit.unit": "ctor", "PUnit.rec": "rec",
    "PProd": "inductive", "PProd.mk": "ctor", "PProd.rec": "rec",
    "Nat.below": "def", "Nat.brecOn.go": "def", "Nat.brecOn": "def", "Nat.casesOn": "def",
    "Nat.add.match_1": "def", "Nat.add": "def", "instAddNat": "def", "rfl": "def",
    "Nat.add_succ": "thm",
}  # fmt: skip


@pytest.fixture(scope="module")
def example():
    return read_file(EXAMPLE)


def test_upstream_s_example_reads_with_its_versions(example):
    assert example.format_version == "3.0.0"
    assert example.exporter == {"name": "lean4export", "version": "3.0.0"}
    assert example.lean_version == "4.27.0-rc1"
    assert example.lean_githash == "2fcce7258eeb6e324366bc25f9058293b04b7547"
    assert example.lines == len(EXAMPLE.read_text().splitlines())


def test_every_constant_of_the_example_is_read_with_its_kind(example):
    assert {name_str(n): d.kind for n, d in example.decls.items()} == CONSTANTS
    assert not any(d.is_unsafe for d in example.decls.values())


def test_the_statement_of_nat_add_succ(example):
    decl = example.get("Nat.add_succ")
    assert decl.level_params == () and decl.value is not None
    # ∀ (n m : Nat), n + m.succ = (n + m).succ
    outer = example.exprs[decl.type]
    inner = example.exprs[outer[3]]
    assert outer[0] == inner[0] == "pi"
    assert example.exprs[outer[2]] == example.exprs[inner[2]] == ("const", ("Nat",), ())
    mentioned = {name_str(n) for n in example.constants([decl.type], set())}
    assert mentioned == {"Eq", "Nat", "Nat.succ", "HAdd.hAdd", "instHAdd", "instAddNat"}


def test_inductives_recursors_and_projections_as_upstream_writes_them(example):
    nat = example.get("Nat")
    assert [name_str(c) for c in nat.field("ctors")] == ["Nat.zero", "Nat.succ"]
    assert nat.field("isRec") is True and nat.field("numParams") == 0
    rules = example.get("Nat.rec").rules
    assert [(name_str(c), n) for c, n, _ in rules] == [("Nat.zero", 0), ("Nat.succ", 1)]
    assert example.get("Nat.succ").field("induct") == ("Nat",)
    assert example.get("Nat.succ").field("numFields") == 1
    assert example.get("Eq").level_params == (("u_1",),)
    hadd = example.get("HAdd.hAdd")  # a structure's field: a projection of `HAdd`
    assert hadd.field("hints") == "abbrev" and hadd.field("safety") == "safe"
    assert hadd.level_params == (("u",), ("v",), ("w",))
    assert example.get("Nat.add").field("hints") == ("regular", 1)
    projections = {name_str(node[1]) for node in example.exprs.values() if node[0] == "proj"}
    assert {"HAdd", "Add"} <= projections
    # Hygienic names carry numeric components (`Name.num`), read as integers.
    assert ("a", "_@", "_internal", "_hyg", 0) in example.names.values()
    assert name_str(("a", "_@", "_internal", "_hyg", 0)) == "a.«_@»._internal._hyg.0"


def test_the_closure_and_axioms_of_the_example(example):
    closure = compare_closure(example, read_file(EXAMPLE), "Nat.add_succ")
    assert closure.ok, closure.findings
    assert closure.compared >= 20
    axioms = axiom_closure(example, "Nat.add_succ")
    assert axioms.ok and axioms.axioms == [] and axioms.constants >= len(CONSTANTS) - 10


def _as_format_31(lines: list[str]) -> list[str]:
    """The example laid out as `format_ndjson.md` (3.1.0) describes declarations: one object
    per `def`/`thm`/`opaque`, `axiom`, `quot`, and `inductive: {types, ctors, recs}`."""
    out = []
    for line in lines:
        obj = json.loads(line)
        if "meta" in obj:
            obj["meta"]["format"]["version"] = "3.1.0"
            out.append(json.dumps(obj))
            continue
        if "inductive" in obj:
            body = obj["inductive"]
            obj = {
                "inductive": {
                    "types": body["inductiveVals"],
                    "ctors": body["constructorVals"],
                    "recs": body["recursorVals"],
                }
            }
        elif "def" in obj or "thm" in obj:
            tag = "def" if "def" in obj else "thm"
            for decl in obj[tag]:  # 3.0 put definitions, opaques and theorems in arrays
                kind = "thm" if tag == "thm" else "opaque" if "hints" not in decl else "def"
                out.append(json.dumps({kind: decl}))
            continue
        elif "axiomInfo" in obj:
            obj = {"axiom": obj["axiomInfo"]}
        elif "quotInfo" in obj:
            obj = {"quot": obj["quotInfo"]}
        out.append(json.dumps(obj))
    return out


def test_the_example_in_the_documented_31_layout_reads_to_the_same_constants(example):
    text = EXAMPLE.read_text(encoding="utf-8").splitlines()
    newer = read(_as_format_31(text), "Nat.add_succ.3.1.ndjson")
    assert newer.format_version == "3.1.0" and set(newer.decls) == set(example.decls)
    canon = Canon()
    for name, decl in example.decls.items():
        assert canon.signature(example, decl) == canon.signature(newer, newer.decls[name]), (
            name_str(name)
        )
    # Labelled with the other version, either layout is refused with its line.
    for lines, version in ((text, "3.1.0"), (_as_format_31(text), "3.0.0")):
        meta = json.loads(lines[0])
        meta["meta"]["format"]["version"] = version
        with pytest.raises(ExportError, match=r"x.ndjson:\d+"):
            read([json.dumps(meta), *lines[1:]], "x.ndjson")
