"""The NDJSON reader: both format versions, strict failures with line numbers, and term
identities across exports."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openfrontiers.grade.export_format import (
    Canon,
    ExportError,
    name_str,
    parse_name,
    read,
    read_file,
)
from support.ndjson import Builder

FIXTURES = Path(__file__).parent / "fixtures" / "export"
META = json.dumps(
    {
        "meta": {
            "exporter": {"name": "lean4export", "version": "3.1.0"},
            "lean": {"version": "4.33.1", "githash": "x"},
            "format": {"version": "3.1.0"},
        }
    }
)


def parse(*lines: str, meta: str = META):
    return read(io.StringIO("\n".join([meta, *lines]) + "\n"), "t.ndjson")


def test_a_fixture_reads_with_its_versions_and_every_kind_of_constant():
    export = read_file(FIXTURES / "solution_deep_axiom.ndjson")
    assert (export.format_version, export.lean_version) == ("3.1.0", "4.33.1")
    kinds = {d.kind for d in export.decls.values()}
    assert kinds == {"axiom", "def", "thm", "inductive", "ctor", "rec"}
    nat_rec = export.get("Nat.rec")
    assert [(name_str(c), n) for c, n, _ in nat_rec.rules] == [("Nat.zero", 0), ("Nat.succ", 1)]
    assert export.get("Nat.succ").field("induct") == ("Nat",)
    assert export.get("Eq").level_params == (("u",),)


def test_format_30_and_31_give_the_same_terms():
    old, new = (read_file(FIXTURES / f"solution_equal{s}.ndjson") for s in ("_format30", ""))
    assert old.format_version == "3.0.0"
    canon = Canon()
    assert set(old.decls) == set(new.decls)
    for name, decl in new.decls.items():
        assert canon.signature(new, decl) == canon.signature(old, old.decls[name]), name_str(name)


def test_quotients_and_opaques_of_both_formats():
    for fmt in ("3.0.0", "3.1.0"):
        b = Builder(fmt=fmt)
        prop = b.sort(0)
        b.quot("Quot", prop, "type")
        b.opaque("hidden", prop, prop)
        export = read(io.StringIO(b.text()))
        assert export.get("Quot").field("kind") == "type"
        assert export.get("hidden").kind == "opaque" and export.get("hidden").value is not None


@pytest.mark.parametrize(
    "lines, message",
    [
        (['{"in":1,"str":{"pre":5,"str":"x"}}'], "name 5 is used before it is defined"),
        (
            ['{"in":1,"str":{"pre":0,"str":"x"}}', '{"in":1,"str":{"pre":0,"str":"y"}}'],
            "defined twice",
        ),
        (['{"ie":0,"app":{"fn":0,"arg":0}}'], "expression 0 is used before it is defined"),
        (['{"il":1,"succ":3}'], "level 3 is used before it is defined"),
        (
            [
                '{"ie":0,"sort":0}',
                '{"ie":1,"lam":{"name":0,"type":0,"body":0,"binderInfo":"weird"}}',
            ],
            "binderInfo must be one of",
        ),
        (['{"ie":0,"natVal":"12a"}'], "natVal must be a string of digits"),
        (['{"ie":0,"sort":0,"extra":1}'], "exactly one other key"),
        (['{"ie":-1,"sort":0}'], "must be a natural number"),
        (
            ['{"ie":0,"sort":0}', '{"axiom":{"name":0,"levelParams":[],"type":0,"isUnsafe":1}}'],
            "isUnsafe must be true or false",
        ),
        (
            [
                '{"ie":0,"sort":0}',
                '{"in":1,"str":{"pre":0,"str":"a"}}',
                '{"axiom":{"name":1,"levelParams":[],"type":0,"isUnsafe":false}}',
                '{"axiom":{"name":1,"levelParams":[],"type":0,"isUnsafe":false}}',
            ],
            "declared twice",
        ),
        (
            [
                '{"ie":0,"sort":0}',
                '{"axiomInfo":{"name":0,"levelParams":[],"type":0,"isUnsafe":false}}',
            ],
            "unknown declaration 'axiomInfo' in format 3.1.0",
        ),
        (['{"def":{"name":0}}'], "def has keys"),
        (['{"weird":{}}'], "unknown declaration"),
        (["[1,2]"], "must be a JSON object"),
        (['{"in":1,'], "not JSON"),
    ],
)
def test_malformed_exports_fail_with_the_line(lines, message):
    with pytest.raises(ExportError) as err:
        parse(*lines)
    assert message in str(err.value)
    assert str(err.value).startswith("t.ndjson:")


def test_unknown_or_missing_versions_fail_closed():
    with pytest.raises(ExportError, match=r"format 4\.0\.0 is not supported"):
        parse(meta=META.replace('"format": {"version": "3.1.0"}', '"format": {"version": "4.0.0"}'))
    with pytest.raises(ExportError, match="must start with its"):
        parse(meta='{"in":1,"str":{"pre":0,"str":"x"}}')
    with pytest.raises(ExportError, match="empty export"):
        read(io.StringIO(""), "e.ndjson")


def test_canon_ignores_binder_names_and_metadata_but_not_binder_kinds():
    def term(binder: str, info: str, marked: bool) -> tuple:
        b = Builder()
        prop = b.sort(0)
        body = b.bvar(0)
        lam = b.lam(binder, prop, b.mdata(body, {"k": "v"}) if marked else body, info)
        b.definition("f", prop, lam)
        export = read(io.StringIO(b.text()))
        return export, export.get("f")

    canon = Canon()
    base = term("x", "default", False)
    same = [term("y", "default", False), term("x", "default", True)]
    other = term("x", "implicit", False)
    sig = canon.signature(*base)
    assert all(canon.signature(*t) == sig for t in same)
    assert canon.signature(*other) != sig


def test_deep_level_chains_get_identities_without_recursion():
    """`Sort` of a level 10,000 `succ`s deep: identities come from one pass in line order,
    equal across exports whatever their level indices, and distinct from one `succ` less."""

    def sort_of(depth: int, padding: int) -> tuple:
        lines = [json.dumps({"il": i, "param": 0}) for i in range(1, padding + 1)]
        top = 0
        for i in range(padding + 1, padding + depth + 1):
            lines.append(json.dumps({"il": i, "succ": top}))
            top = i
        lines.append(json.dumps({"ie": 0, "sort": top}))
        return parse(*lines)

    canon = Canon()
    a, b, c = sort_of(10_000, 0), sort_of(10_000, 3), sort_of(9_999, 0)
    assert canon.exprs(a)[0] == canon.exprs(b)[0] != canon.exprs(c)[0]


def test_a_name_past_the_component_cap_fails_with_its_line():
    lines = [json.dumps({"in": i, "str": {"pre": i - 1, "str": "a"}}) for i in range(1, 258)]
    assert parse(*lines[:256]).names[256] == ("a",) * 256
    with pytest.raises(ExportError, match=r"t.ndjson:258: name 257 has more than 256"):
        parse(*lines)


def test_names_print_and_parse():
    assert name_str(("Nat", "add")) == "Nat.add"
    assert name_str(("x", 1)) == "x.1"
    assert name_str(("P001", "a.b")) == "P001.«a.b»"
    assert name_str(()) == "[anonymous]"
    assert parse_name("P001.«a.b».main") == ("P001", "a.b", "main")
    with pytest.raises(ValueError):
        parse_name("a..b")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=40),
            st.dictionaries(
                st.sampled_from(
                    [
                        "in",
                        "il",
                        "ie",
                        "str",
                        "num",
                        "app",
                        "axiom",
                        "def",
                        "thm",
                        "inductive",
                        "sort",
                        "const",
                        "natVal",
                        "mdata",
                    ]
                ),
                st.recursive(
                    st.one_of(st.integers(-2, 5), st.text(max_size=5), st.booleans(), st.none()),
                    lambda children: (
                        st.lists(children, max_size=3)
                        | st.dictionaries(
                            st.sampled_from(["pre", "str", "name", "type", "fn", "arg", "us", "i"]),
                            children,
                            max_size=3,
                        )
                    ),
                    max_leaves=8,
                ),
                max_size=3,
            ).map(json.dumps),
        ),
        max_size=8,
    )
)
def test_any_input_either_reads_or_fails_with_an_export_error(lines):
    with contextlib.suppress(ExportError):
        parse(*lines)


FIXTURE_LINES = (FIXTURES / "solution_equal.ndjson").read_text().splitlines()


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["drop", "swap", "number", "key", "truncate"]),
            st.integers(1, len(FIXTURE_LINES) - 1),
            st.integers(-3, 400),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_a_mutated_export_either_reads_or_fails_with_an_export_error(mutations):
    import re

    lines = list(FIXTURE_LINES)
    for kind, i, n in mutations:
        i = min(i, len(lines) - 1)
        if kind == "drop":
            del lines[i]
        elif kind == "swap":
            j = max(1, min(len(lines) - 1, abs(n) % len(lines)))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "number":
            lines[i] = re.sub(r"\d+", str(n), lines[i], count=1)
        elif kind == "key":
            lines[i] = lines[i].replace('"name"', '"nom"', 1)
        else:
            lines[i] = lines[i][: max(1, n % (len(lines[i]) + 1))]
    with contextlib.suppress(ExportError):
        read(io.StringIO("\n".join(lines) + "\n"))
