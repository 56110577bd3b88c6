"""The shortcuts that make `ofb packet export` fast give what the plain way gives: the
needle search finds what one trie regex finds, archives keep their bytes, the shared
manifest layout is the per-packet one, and the gate's statement rules miss no finding
the full rule set would count."""

from __future__ import annotations

import gzip
import io
import re
import tarfile

from hypothesis import given, settings
from hypothesis import strategies as st

from ofb_testing import REPO, Checkout
from openfrontiers.check import leaks
from openfrontiers.check.engine import check_files
from openfrontiers.check.findings import Severity
from openfrontiers.packet import archive, workspace
from openfrontiers.packet import export as px
from openfrontiers.project import Project

HEAD = leaks.NeedleSearch.HEAD


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
