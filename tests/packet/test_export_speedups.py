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
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ofb_testing import GOOD_STATEMENT, REPO, Checkout, written_item
from openfrontiers.check import leaks
from openfrontiers.check.engine import check_files
from openfrontiers.check.findings import Severity
from openfrontiers.errors import BadInput, OfbError
from openfrontiers.packet import archive, scan, workspace
from openfrontiers.packet import export as px
from openfrontiers.project import Project
from openfrontiers.register import Register, Subset

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
        gzip.GzipFile(
            filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=archive.LEVEL
        ) as gz,
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
    """The forked copy runs the gate's check while this process scans: a leak only the
    scan sees in one packet, leaks in all packets, and a statement the gate refuses (with
    every packet leaking too: the gate's report comes first) are reported exactly as by an
    export on one process; a clean export writes the same bytes."""
    made = _written(checkout, 7)
    serial, parallel = _export(checkout, "serial", False), _export(checkout, "parallel", True)
    for rel in sorted(p.relative_to(serial.out) for p in serial.out.rglob("*") if p.is_file()):
        assert (parallel.out / rel).read_bytes() == (serial.out / rel).read_bytes(), rel
    first = max(serial.mapping)
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


def test_files_a_packet_shares_with_another_are_hard_links_with_their_own_mode(tmp_path):
    tree = {
        "P1/checker/a.py": b"shared",
        "P1/run": b"shared",  # the same bytes, executable: a file of its own
        "P1/README.md": b"# P1",
        "P2/checker/a.py": b"shared",
        "P2/run": b"shared",
        "P2/README.md": b"# P2",
    }
    os.umask(old := os.umask(0o077))  # a strict umask changes no mode
    try:
        px._write_tree(tree, {"P1/run", "P2/run"}, tmp_path)
    finally:
        os.umask(old)
    for rel, data in tree.items():
        assert (tmp_path / rel).read_bytes() == data
        want = 0o755 if rel.endswith("/run") else 0o644
        assert (tmp_path / rel).stat().st_mode & 0o777 == want, rel
    inode = {rel: (tmp_path / rel).stat().st_ino for rel in tree}
    assert inode["P1/checker/a.py"] == inode["P2/checker/a.py"] != inode["P1/run"]
    assert inode["P1/run"] == inode["P2/run"]
    assert inode["P1/README.md"] != inode["P2/README.md"]
    assert (tmp_path / "P1/README.md").stat().st_nlink == 1


def test_texts_that_differ_by_their_packet_id_alone_are_reported_each_with_its_own():
    """The scan reads such a text once (`Scanner.content`); every packet still gets its
    own report, with its own path and id in the text found; any other difference is read."""
    template = "# Problem {pid}\n\nSee https://example.org/{pid}/notes for Zacharias Quux.\n"
    needles = [scan.Needle("zacharias quux", "a writer's name")]
    files = {f"{pid}/README.md": template.format(pid=pid) for pid in ("P001", "P002", "P003")}
    files["P003/README.md"] += "Also the 2027 paper.\n"  # more than the id differs
    found = scan.scan(files, Register(Path("items.toml"), {}), needles)
    by_packet = {
        pid: {(leak.line, leak.what, leak.text) for leak in found if leak.path.startswith(pid)}
        for pid in ("P001", "P002", "P003")
    }
    for pid in ("P001", "P002"):
        assert by_packet[pid] == {
            (3, "a URL", f"https://example.org/{pid}/notes"),
            (3, "a writer's name", "zacharias quux"),
        }
    assert by_packet["P003"] >= {(3, "a URL", "https://example.org/P003/notes")}
    assert any(leak.line == 4 for leak in found if leak.path == "P003/README.md"), found
    fresh = {
        path: scan.scan({path: text}, Register(Path("items.toml"), {}), needles)
        for path, text in files.items()
    }
    assert found == sorted(
        {leak for leaks_ in fresh.values() for leak in leaks_},
        key=lambda leak: (leak.path, leak.line, leak.what, leak.text),
    )


def test_where_hard_links_fail_the_files_are_written_out(tmp_path, monkeypatch):
    def no_links(*_args, **_kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    tree = {f"P{k}/checker/a.py": b"shared" for k in range(3)}
    px._write_tree(tree, set(), tmp_path)
    for rel in tree:
        assert (tmp_path / rel).read_bytes() == b"shared"
        assert (tmp_path / rel).stat().st_nlink == 1
        assert (tmp_path / rel).stat().st_mode & 0o777 == 0o644
