"""The shortcuts that make `ofb packet export` fast give what the plain way gives: the
needle search finds what one trie regex finds, archives keep their bytes, the shared
manifest layout is the per-packet one, and the gate's statement rules miss no finding
the full rule set would count."""

from __future__ import annotations

import gzip
import io
import os
import re
import signal
import tarfile
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ofb_testing import GOOD_STATEMENT, REPO, Checkout, written_item
from openfrontiers.check import leaks
from openfrontiers.check.engine import check_files
from openfrontiers.check.findings import Severity
from openfrontiers.errors import BadInput, OfbError
from openfrontiers.packet import archive, workspace
from openfrontiers.packet import export as px
from openfrontiers.project import Project
from openfrontiers.register import Subset

HEAD = leaks.NeedleSearch.HEAD
SALT = b"a salt that is only for tests\n"


def _hits(found) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in found]


def test_needle_search_finds_leftmost_longest_and_nothing_inside_a_hit():
    long = "solution source " * 4  # longer than the compiled head
    words = ["abc", "abcdef", "cde", long, long + "tail", long[:HEAD] + "other", "zz"]
    search = leaks.NeedleSearch(words)
    text = f"xx abcdef {long}tail {long[:HEAD]}othe zzz"
    assert _hits(search.finditer(text)) == _hits(leaks.trie_pattern(words).finditer(text))
    assert [h[0] for h in _hits(search.finditer(text))] == ["abcdef", long + "tail", "zz"]
    assert search.search("nothing here") is None
    assert leaks.NeedleSearch([]).search("abc") is None


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(st.text(alphabet="ab c", min_size=1, max_size=40), min_size=1, max_size=12),
    text=st.text(alphabet="ab cd", max_size=200),
)
def test_needle_search_agrees_with_the_trie_regex(words, text):
    planted = text + " ".join(words) + text[::-1] + words[0] * 2
    expected = _hits(leaks.trie_pattern(words).finditer(planted))
    assert _hits(leaks.NeedleSearch(words).finditer(planted)) == expected


def test_key_phrase_look_ahead_changes_no_match():
    plain = re.compile(leaks.KEY_PHRASE.regex.pattern.removeprefix("(?=[tkreaf⊤⊥])"), re.IGNORECASE)
    samples = [
        "The key's answer",
        "KEY is True",
        "\u212aey: no",  # Kelvin sign: a K under IGNORECASE
        "keyed as `False`",
        "the Reference answer is 5",
        "Evaluator's answer is yes",
        "answer(True) is correct",
        "⊥ is right, ⊤ is justified",
        "nothing to see: a monkey, turkey keys",
        (REPO / "README.md").read_text(encoding="utf-8"),
    ]
    for text in samples:
        assert [m.span() for m in leaks.KEY_PHRASE.regex.finditer(text)] == [
            m.span() for m in plain.finditer(text)
        ], text


def _gzip_file_archive(root: str, files: dict[str, bytes], executables: set[str]) -> bytes:
    """The archive as `gzip.GzipFile` and `tarfile` wrote it before (the reference)."""
    dirs = {root}
    for path in files:
        parts = path.split("/")[:-1]
        dirs |= {root + "/" + "/".join(parts[:k]) for k in range(1, len(parts) + 1)}
    entries = sorted([(d, None) for d in dirs] + [(f"{root}/{p}", p) for p in files])
    raw = io.BytesIO()
    with (
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=6) as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.USTAR_FORMAT) as tar,
    ):
        for name, rel in entries:
            info = tarfile.TarInfo(name)
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            if rel is None:
                info.type, info.mode = tarfile.DIRTYPE, 0o755
                tar.addfile(info)
            else:
                info.size, info.mode = len(files[rel]), 0o755 if rel in executables else 0o644
                tar.addfile(info, io.BytesIO(files[rel]))
    return raw.getvalue()


def test_archives_keep_the_bytes_gzip_file_wrote():
    project = Project(REPO)
    shared = workspace.Shared.read(project)
    packets = {
        "P001": ({**shared.vendored, "README.md": b"# P001\n" * 500, "check": b"#!x"}, {"check"}),
        "P0002": ({"a/b/c.txt": bytes(range(256)) * 300, "empty": b""}, set()),
    }
    for root, (files, exe) in packets.items():
        assert archive.build(root, files, exe) == _gzip_file_archive(root, files, exe)
    assert archive.build_all(packets) == {
        root: archive.build(root, files, exe) for root, (files, exe) in packets.items()
    }


def test_the_shared_manifest_layout_is_each_packet_s_own():
    project = Project(REPO)
    shared = workspace.Shared.read(project)
    for packages_dir in (None, "/opt/mathlib/packages"):
        for pid in ("P001", "P042", "P0001", "P12345"):
            assert shared.manifest(pid, project, packages_dir) == workspace.manifest(
                pid, project, packages_dir
            )


def test_the_gate_s_rules_miss_no_statement_finding(checkout: Checkout):
    """Tree rules report the register and the evaluator files, never a statement: running
    only the statement rules gives the gate the same findings, here on a tree where tree
    rules have something to say (no evaluator key entry, a statement error)."""
    checkout.answers("")
    statement = checkout.library / "O02.lean"
    statement.write_text(
        statement.read_text(encoding="utf-8").replace("theorem main", "theorem main2"),
        encoding="utf-8",
    )
    project = checkout.project()
    full = check_files(project, [statement], complete=True)
    tree_rules = {r.id for r in px.RULES if r.scope is px.Scope.TREE}
    assert any(f.rule in tree_rules for f in full.findings)
    gate = check_files(
        project, [statement], complete=False, rules=px.STATEMENT_RULES, register=project.register
    )
    assert [f for f in full.findings if f.path.endswith("O02.lean")] == gate.findings
    assert any(f.severity is Severity.ERROR for f in gate.findings)


def test_a_forked_check_answers_with_its_exit_status_only():
    from openfrontiers.packet import forked

    assert forked.may_fork(), "a test process with one thread may fork"
    seen: list[int] = []
    with forked.ForkedCheck(lambda: seen.append(1) or 0) as copy:
        assert copy.status() == forked.PASSED
    assert seen == []  # it ran in the copy, not here
    with forked.ForkedCheck(lambda: 7) as copy:
        assert copy.status() == 7
    with forked.ForkedCheck(lambda: 1 // 0) as copy:
        assert copy.status() == 125
    with forked.ForkedCheck(lambda: os.kill(os.getpid(), signal.SIGTERM) or 0) as copy:
        assert copy.status() == 128 + signal.SIGTERM
    with forked.ForkedCheck(lambda: 0, enabled=False) as copy:
        assert copy.status() == forked.NOT_RUN


def _written(checkout: Checkout, n: int) -> list[str]:
    made = ["O02"]
    for k in range(10, 10 + n - 1):
        item_id = f"O{k}"
        checkout.set_item(replace(written_item(item_id), title=f"Totient question number {k}"))
        checkout.statement(item_id, GOOD_STATEMENT.replace("O02", item_id))
        made.append(item_id)
    checkout.sync()
    return made


def _export(checkout: Checkout, out: str, parallel: bool) -> px.ExportResult:
    project = checkout.project()
    items = project.register.written()
    return px.export(
        project,
        Subset("written", "", tuple(i.id for i in items)),
        items,
        out=checkout.root / out,
        key_path=checkout.root / f"{out}.key.json",
        salt=SALT,
        budget_hours=3,
        parallel=parallel,
    )


def _refusal(checkout: Checkout, parallel: bool) -> tuple[type, str]:
    with pytest.raises(OfbError) as info:
        _export(checkout, "packets", parallel)
    assert not (checkout.root / "packets").exists()
    return type(info.value), str(info.value)


def test_the_parallel_export_writes_and_refuses_as_the_serial_one(checkout: Checkout):
    """The forked copy runs the gate and scans every third packet: a leak only the scan
    sees in one of its packets, leaks in all packets, and a statement the gate refuses are
    reported exactly as by an export on one process; a clean export writes the same bytes."""
    made = _written(checkout, 7)
    serial, parallel = _export(checkout, "serial", False), _export(checkout, "parallel", True)
    for rel in sorted(p.relative_to(serial.out) for p in serial.out.rglob("*") if p.is_file()):
        assert (parallel.out / rel).read_bytes() == (serial.out / rel).read_bytes(), rel
    first = min(serial.mapping)  # the copy's share always holds the first packet
    leaky = serial.mapping[first]
    # A writer's name: the gate does not look for it, the scan does.
    checkout.set_item(replace(checkout.items[leaky], writer="Zacharias Quux"))
    statement = checkout.library / f"{leaky}.lean"
    original = statement.read_text(encoding="utf-8")
    statement.write_text(original.replace("Is there", "Zacharias Quux asks: is there"))
    one = _refusal(checkout, False)
    assert one[0] is px.PacketLeak and f"{first}/Problem.lean" in one[1], one
    assert _refusal(checkout, True) == one
    for item in made:
        checkout.set_item(replace(checkout.items[item], writer="Zacharias Quux"))
        path = checkout.library / f"{item}.lean"
        path.write_text(path.read_text().replace("Is there", "Zacharias Quux asks: is there"))
    every = _refusal(checkout, False)
    assert every[0] is px.PacketLeak and every[1].count("Problem.lean") == len(made)
    assert _refusal(checkout, True) == every
    statement.write_text(original.replace("answer(sorry)", "answer(True)"))
    gate = _refusal(checkout, False)
    assert gate[0] is BadInput and "leak-answer" in gate[1]
    assert _refusal(checkout, True) == gate
