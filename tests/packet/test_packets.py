"""`ofb packet export` / `verify`: reproducible, renamed, leak-free packets and a key that
detects tampering."""

from __future__ import annotations

import gzip
import io
import json
import re
import subprocess
import sys
import tarfile
from dataclasses import replace
from pathlib import Path

import pytest

from cli_helpers import ofb
from ofb_testing import GOOD_STATEMENT, Checkout, written_item
from openfrontiers.check import leaks
from openfrontiers.errors import OfbError, UsageError
from openfrontiers.evaluator.key import BadKey
from openfrontiers.packet import export as px
from openfrontiers.packet import ids
from openfrontiers.register import Subset
from openfrontiers.register.model import Source, Upstream

SALT = b"a salt that is only for tests\n"


def add_items(repo: Checkout, n: int = 6) -> list[str]:
    """Written items O02, O10, O11, … with good statements."""
    made = ["O02"]
    for k in range(10, 10 + n - 1):
        item_id = f"O{k}"
        repo.set_item(replace(written_item(item_id), title=f"Totient question number {k}"))
        repo.statement(item_id, GOOD_STATEMENT.replace("O02", item_id))
        made.append(item_id)
    repo.sync()
    return made


def export(repo: Checkout, out: str = "packets", salt: bytes | None = SALT, **kw):
    project = repo.project()
    items = project.register.written()
    subset = Subset("written", "", tuple(i.id for i in items))
    return px.export(
        project,
        subset,
        items,
        out=repo.root / out,
        key_path=repo.root / f"{out}.key.json",
        salt=salt,
        budget_hours=3,
        **kw,
    )


def tree(path: Path) -> dict[str, bytes]:
    return {
        p.relative_to(path).as_posix(): p.read_bytes()
        for p in sorted(path.rglob("*"))
        if p.is_file()
    }


def test_same_repository_and_salt_give_identical_bytes(checkout):
    add_items(checkout)
    export(checkout, "a")
    export(checkout, "b")
    a, b = tree(checkout.root / "a"), tree(checkout.root / "b")
    assert a == b and len([k for k in a if k.endswith(".tar.gz")]) == 6


def test_another_salt_gives_another_order(checkout):
    made = add_items(checkout, 8)
    first = ids.assign(made, SALT)
    second = ids.assign(made, b"another salt")
    assert sorted(first.values()) == sorted(second.values()) == sorted(made)
    assert first != second
    assert list(first) == [f"P{n:03d}" for n in range(1, 9)]
    assert ids.assign(list(reversed(made)), SALT) == first  # register order does not matter


def test_renaming_is_complete(checkout):
    made = add_items(checkout)
    result = export(checkout)
    files = tree(checkout.root / "packets")
    id_pattern = re.compile("|".join(made) + "|FrontierBench\\.O")
    for rel, data in files.items():
        assert not id_pattern.search(rel), rel
        if not rel.endswith(".tar.gz"):
            assert not id_pattern.search(data.decode()), rel
    for pid in result.mapping:
        problem = files[f"{pid}/Problem.lean"].decode()
        assert f"namespace {pid}\n" in problem and f"end {pid}\n" in problem
        assert "theorem main : answer(sorry) ↔" in problem
        assert (
            "*Source:*" not in problem
            and "*Scope:*" not in problem
            and "Lehmer (1932)" not in problem
        )
        assert problem.startswith(
            "import Mathlib\nimport FrontierBench.Util.Answer\n\nset_option autoImplicit false\n"
        )
        assert "# Is there a composite n" in problem  # the informal statement stays
        assert f'name = "{pid}"' in files[f"{pid}/lakefile.toml"].decode()


def test_key_maps_packets_to_items_outside_the_tree(checkout):
    made = add_items(checkout, 3)
    result = export(checkout)
    key = json.loads((checkout.root / "packets.key.json").read_text())
    assert {e["item"] for e in key["packets"].values()} == set(made)
    assert key["salt_sha256"] == ids.salt_digest(SALT) and "salt_hex" not in key
    entry = key["packets"]["P001"]
    assert entry["source"]["path"] == f"FrontierBench/{result.mapping['P001']}.lean"
    assert any(s.startswith("*Source:*") for s in entry["stripped"])
    assert set(entry["files"]) >= {"Problem.lean", "README.md", "check_submission", "lakefile.toml"}


def test_fresh_salt_is_stored_in_the_key(checkout):
    result = export(checkout, salt=None)
    key = json.loads(result.key_path.read_text())
    assert result.salt_generated and len(bytes.fromhex(key["salt_hex"])) == 32


def test_archives_are_reproducible_tarballs(checkout):
    export(checkout)
    data = (checkout.root / "packets" / "archives" / "P001.tar.gz").read_bytes()
    assert data[4:8] == b"\0\0\0\0"  # gzip mtime
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(data))) as tar:
        members = tar.getmembers()
        names = [m.name for m in members]
        assert names == sorted(names) and names[0] == "P001"
        assert all(m.mtime == 0 and m.uid == 0 and m.gid == 0 and m.uname == "" for m in members)
        modes = {m.name: m.mode for m in members}
        assert modes["P001/check_submission"] == 0o755 and modes["P001/Problem.lean"] == 0o644
    manifest = json.loads((checkout.root / "packets" / "MANIFEST.json").read_text())
    import hashlib

    assert manifest["archives"]["archives/P001.tar.gz"] == hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize(
    "planted,what",
    [
        ("as in O10", "an item id"),
        ("see www.example.org/lehmer", "a URL"),
        ("compare Erdos152.erdos_152_aux", "an upstream"),
        ("cf. the 2401.00001 preprint", "evaluator data"),
        ("after A. Writer, Totient notes (1990)", "a register field (sources)"),
        ("GPT says", "the name of an AI system"),
    ],
)
def test_each_kind_of_planted_leak_fails_the_export(checkout, planted, what):
    add_items(checkout, 2)
    checkout.set_item(
        replace(
            checkout.items["O02"],
            sources=checkout.items["O02"].sources + (Source("A. Writer, Totient notes (1990)"),),
            upstream=(Upstream("r", "p.lean", "Erdos152.erdos_152_aux"),),
        )
    )
    checkout.answers('[answers.O02]\nnote = "open"\nsolution_sources = ["arXiv:2401.00001"]\n')
    project = checkout.project()
    result = px.build(project, ["O02", "O10"], SALT, 3)
    assert px.leak_scan(project, result) == []
    source = GOOD_STATEMENT.replace(
        "Is there a composite $n > 1$", f"{planted}: is there a composite $n > 1$"
    )
    (checkout.library / "O02.lean").write_text(source, encoding="utf-8")
    leaks = px.leak_scan(checkout.project(), px.build(checkout.project(), ["O02", "O10"], SALT, 3))
    assert leaks and all(leak.path.endswith("/Problem.lean") for leak in leaks)
    assert any(leak.what.startswith(what) for leak in leaks), leaks


# What the scan reports in a file's name: by kind, each name with the text it leaks.
LEAKING_NAMES = {
    "an item id": {"notes/O10.txt": "O10", "O02-attempt/Main.lean": "O02"},
    "an upstream declaration name": {
        "Erdos152.erdos_152_aux.lean": "erdos152.erdos_152_aux",
        "erdos_152_aux/Helper.lean": "erdos_152_aux",
    },
    "an item title": {"Totient question number 10.md": "totient question number 10"},
    "evaluator data (a solution source)": {"2401.00001.pdf": "2401.00001"},
}
CLEAN_NAMES = ("notes/plain.txt", "O1O.txt")  # the second is not an id of the register
EXPECTED_LEAKS = {n: (t, what) for what, names in LEAKING_NAMES.items() for n, t in names.items()}


@pytest.mark.parametrize("name", [*EXPECTED_LEAKS, *CLEAN_NAMES])
def test_a_file_name_that_leaks_fails_the_scan_even_when_its_text_is_clean(checkout, name):
    """The leak scan reads every file's name, not only its text (issue 35): each leaking
    name below is reported alone, at line 0 of that file; its (empty) text has nothing."""
    add_items(checkout, 2)
    checkout.set_item(
        replace(
            checkout.items["O02"], upstream=(Upstream("r", "p.lean", "Erdos152.erdos_152_aux"),)
        )
    )
    checkout.answers('[answers.O02]\nnote = "open"\nsolution_sources = ["arXiv:2401.00001"]\n')
    project = checkout.project()
    result = px.build(project, ["O02", "O10"], SALT, 3)
    assert px.leak_scan(project, result) == []
    result.packets["P001"].files[name] = b""
    found = [(leak.path, leak.line, leak.text, leak.what) for leak in px.leak_scan(project, result)]
    expected = EXPECTED_LEAKS.get(name)
    assert found == ([] if expected is None else [(f"P001/{name}", 0, *expected)])


def test_a_leak_stops_the_export_with_file_and_text_and_writes_nothing(checkout):
    checkout.set_item(replace(checkout.items["O02"], title="Is there a composite n"))
    with pytest.raises(OfbError) as info:
        export(checkout)
    assert "leak-title" in str(info.value) or "an item title" in str(info.value)
    assert (
        not (checkout.root / "packets").exists()
        and not (checkout.root / "packets.key.json").exists()
    )


def test_scan_catches_a_title_that_check_cannot_see(checkout):
    project = checkout.project()
    result = px.build(project, ["O02"], SALT, 3)
    result.packets["P001"].files["README.md"] += (
        b"\nProblem E03 ...\nErd\xc5\x91s Problem #152: isolated elements\n"
    )
    whats = {leak.what for leak in px.leak_scan(project, result)}
    assert {"an item id", "an item title"} <= whats


def test_scan_refuses_an_answer_written_out_in_a_packet(checkout):
    """Issue 27: behind the gate, the scan refuses a filled answer or an answer sentence in
    the problem's prose or strings and key talk in the README; the vendored utility
    library, whose docstrings explain `answer(t)`, is not read for the marker."""
    project = checkout.project()
    result = px.build(project, ["O02"], SALT, 3)
    files = result.packets["P001"].files
    assert not px.leak_scan(project, result)
    problem = files["Problem.lean"].decode()
    files["Problem.lean"] = problem.replace(
        "theorem main",
        '/-- Reference: answer(True). -/\ndef s : String := "the answer is no"\ntheorem main',
    ).encode()
    files["README.md"] += b"\nKey True: justified.\n"
    found = {(leak.path, leak.what) for leak in px.leak_scan(project, result)}
    assert ("P001/Problem.lean", leaks.FILLED_ANSWER.what) in found
    assert ("P001/Problem.lean", leaks.ANSWER_SENTENCE.what) in found
    assert ("P001/README.md", leaks.KEY_PHRASE.what) in found
    assert not any("Util" in path for path, _ in found)


def test_gate_refuses_statements_with_check_errors(checkout):
    checkout.statement("O02", GOOD_STATEMENT.replace("answer(sorry)", "answer(True)"))
    with pytest.raises(OfbError, match="leak-answer"):
        export(checkout)


def test_gate_refuses_an_unrepaired_must_fix(checkout):
    from openfrontiers.register.model import Focus, Review, Verdict

    item = checkout.items["O02"]
    checkout.set_item(
        replace(
            item,
            reviews=item.reviews
            + (Review("reviewer-b", Focus.FIDELITY, Verdict.MUST_FIX, round=2),),
        )
    )
    with pytest.raises(OfbError, match="unrepaired must-fix review\\(s\\): O02"):
        export(checkout)


def test_an_earlier_export_is_replaced_and_anything_else_refused(checkout):
    first = export(checkout, salt=None)
    before = tree(first.out)
    again = export(checkout, salt=None)  # the README's command, run twice
    assert again.salt_reused and not again.salt_generated and tree(again.out) == before
    # A folder or key that an export did not write is never replaced without --force.
    (checkout.root / "mine").mkdir()
    (checkout.root / "mine" / "notes.txt").write_text("mine")
    with pytest.raises(UsageError, match="is not an earlier packet export"):
        export(checkout, out="mine")
    (checkout.root / "notes.key.json").write_text("my notes")
    with pytest.raises(UsageError, match="is not an evaluator key of an earlier export"):
        export(checkout, out="notes")
    export(checkout, out="mine", force=True)
    project = checkout.project()
    with pytest.raises(UsageError, match="outside"):
        px.export(
            project,
            Subset("x", "", ("O02",)),
            [project.register.get("O02")],
            out=checkout.root / "p",
            key_path=checkout.root / "p" / "key.json",
            salt=SALT,
            budget_hours=3,
        )


def test_a_new_export_that_would_remap_handed_out_packets_is_refused(checkout):
    add_items(checkout, 3)
    export(checkout)
    with pytest.raises(UsageError, match="could no longer be mapped back"):
        export(checkout, salt=b"another salt")
    assert export(checkout, salt=b"another salt", force=True).mapping


def test_verify_passes_untouched_and_reports_every_tampering(checkout):
    add_items(checkout, 3)
    result = export(checkout)
    project, key, out = checkout.project(), result.key_path, result.out
    assert px.verify(project, key, out, SALT) == []
    (out / "P001" / "Problem.lean").write_text("theorem main : True := trivial\n")
    (out / "P002" / "README.md").unlink()
    (out / "P003" / "notes.txt").write_text("extra")
    (out / "P003" / "check_submission").chmod(0o644)
    diffs = px.verify(project, key, out, SALT)
    assert "P001/Problem.lean: content differs" in diffs
    assert "P002/README.md: missing" in diffs
    assert "P003/notes.txt: not part of the export" in diffs
    assert "P003/check_submission: lost its executable bit" in diffs


def test_verify_notices_a_changed_statement_and_a_wrong_salt(checkout):
    result = export(checkout)
    checkout.statement("O02", GOOD_STATEMENT.replace("1 < n", "2 < n"))
    diffs = px.verify(checkout.project(), result.key_path, result.out, SALT)
    assert "FrontierBench/O02.lean: statement of P001 changed since the export" in diffs
    assert "P001/Problem.lean: content differs" in diffs
    with pytest.raises(UsageError, match="not the one"):
        px.verify(checkout.project(), result.key_path, result.out, b"wrong")
    with pytest.raises(UsageError, match="--salt-file"):
        px.verify(checkout.project(), result.key_path, result.out)


def test_cli_export_and_verify(checkout, capsys):
    (checkout.root / "salt.bin").write_bytes(SALT)
    run = ofb(capsys, "packet", "export", "--salt-file", "salt.bin", "--budget-hours", "2")
    assert run.code == 0 and "exported 1 packets (written)" in run.out and "warning" not in run.err
    assert "2 hours of wall-clock time" in (checkout.root / "packets/P001/README.md").read_text()
    assert (
        ofb(
            capsys, "packet", "verify", "packets.key.json", "packets", "--salt-file", "salt.bin"
        ).code
        == 0
    )
    (checkout.root / "packets/P001/Problem.lean").write_text("x")
    bad = ofb(capsys, "packet", "verify", "packets.key.json", "packets", "--salt-file", "salt.bin")
    assert bad.code == 1 and "P001/Problem.lean: content differs" in bad.out
    assert ofb(capsys, "packet", "export", "--ids", "E03").code == 2  # not written
    empty = checkout.root / "empty.salt"
    empty.write_bytes(b"")
    assert ofb(capsys, "packet", "export", "--salt-file", "empty.salt", "--force").code == 1


def test_check_submission_runs_offline_inside_a_packet(checkout):
    export(checkout)
    packet = checkout.root / "packets" / "P001"
    problem = (packet / "Problem.lean").read_text()
    (packet / "Solution.lean").write_text(
        problem.replace("answer(sorry)", "answer(True)").replace(
            "  sorry\n", "  exact ⟨fun _ => ⟨3, by decide⟩, fun _ => trivial⟩\n"
        )
    )
    env = {"PATH": "/usr/bin:/bin"}  # no lake: static rules only
    ok = subprocess.run(
        [sys.executable, "check_submission"],
        cwd=packet,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert ok.returncode == 0, ok.stdout + ok.stderr
    (packet / "Solution.lean").write_text(problem.replace("answer(sorry)", "answer(2 = 2)"))
    bad = subprocess.run(
        [sys.executable, "check_submission", "--format", "json"],
        cwd=packet,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    report = json.loads(bad.stdout)
    assert bad.returncode == 1 and {i["rule"] for i in report["static"]["issues"]} >= {
        "answer",
        "sorry",
    }


def test_trie_pattern_matches_every_needle_long_or_short():
    from openfrontiers.check.leaks import trie_pattern

    words = ["abc", "abd", "ab", "x" * 5000, "x" * 4999 + "y", "b.c(d)"]
    pattern = trie_pattern(words)
    for word in words:
        assert pattern.search("  " + word + "  ").group() == word
    assert pattern.search("zzz") is None


def test_the_repository_s_written_statements_export_clean(tmp_path):
    """The main job on the real statements: gate, leak scan and verify all pass."""
    from ofb_testing import REPO
    from openfrontiers.project import Project

    project = Project(REPO)
    items = project.register.written()
    result = px.export(
        project,
        Subset("written", "", tuple(i.id for i in items)),
        items,
        out=tmp_path / "packets",
        key_path=tmp_path / "key.json",
        salt=SALT,
        budget_hours=3,
    )
    assert len(result.mapping) == len(items) >= 45
    assert px.verify(project, result.key_path, result.out, SALT) == []


def _rewrite_key(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize("item", ["O99", 7])
def test_verify_fails_a_key_that_maps_a_packet_to_an_item_without_a_statement(checkout, item):
    add_items(checkout, 3)
    result = export(checkout)

    def remap(doc):
        doc["packets"]["P002"]["item"] = item

    _rewrite_key(result.key_path, remap)
    if isinstance(item, int):  # not an item id at all: the key is refused, naming the field
        with pytest.raises(BadKey, match=r"packets\.P002\.item: must be an item id"):
            px.verify(checkout.project(), result.key_path, result.out, SALT)
        return
    diffs = px.verify(checkout.project(), result.key_path, result.out, SALT)
    assert any(d.startswith("P002: the key maps it to O99, which has no statement") for d in diffs)
    # P002's files on disk still match the key's record of them: nothing else is reported.
    assert len(diffs) == 1 or "the packet ids do not follow from the salt and the items" in diffs
    # Everything else is still compared: tampering with another packet is reported too.
    (result.out / "P001" / "README.md").write_text("changed")
    again = px.verify(checkout.project(), result.key_path, result.out, SALT)
    assert "P001/README.md: content differs" in again


def test_verify_reports_every_difference_of_an_incomplete_key(checkout):
    add_items(checkout, 2)
    result = export(checkout)

    def strip(doc):
        del doc["inputs"]
        del doc["packets"]["P001"]["files"]

    _rewrite_key(result.key_path, strip)
    diffs = px.verify(checkout.project(), result.key_path, result.out, SALT)
    assert "packets.key.json: inputs: missing, so it cannot be verified" in diffs
    assert "packets.key.json: packets.P001.files: missing, so it cannot be verified" in diffs


def test_verify_on_a_missing_folder_says_so_once(checkout, capsys):
    add_items(checkout, 3)
    export(checkout)
    (checkout.root / "salt.bin").write_bytes(SALT)
    run = ofb(
        capsys, "packet", "verify", "packets.key.json", "elsewhere", "--salt-file", "salt.bin"
    )
    assert run.code == 2 and run.out == ""
    assert run.err.strip().splitlines() == [
        "error: elsewhere: no such packet folder (give the folder export wrote)"
    ]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(salt_hex="not hex"), "salt_hex: is not hexadecimal"),
        (lambda d: d.update(salt_sha256="abc"), "salt_sha256: must be a sha256"),
        (lambda d: d.update(packets=[]), "packets: must be a non-empty object"),
        (lambda d: d.update(budget_hours="3"), "budget_hours: must be a positive number"),
        (lambda d: d["packets"]["P001"].update(source=5), "packets.P001.source: must be"),
        (lambda d: d["packets"].update(X1={"item": "O02"}), "packets.X1: is not a packet id"),
    ],
)
def test_a_malformed_key_is_bad_input_naming_each_field(checkout, capsys, change, problem):
    result = export(checkout, salt=None)
    _rewrite_key(result.key_path, change)
    with pytest.raises(BadKey, match=re.escape(problem)):
        px.verify(checkout.project(), result.key_path, result.out)
    run = ofb(capsys, "packet", "verify", "packets.key.json", "packets")
    assert run.code == 1 and problem in run.err and "Traceback" not in run.err


def test_the_key_is_readable_by_its_owner_only(checkout):
    result = export(checkout)
    assert result.key_path.stat().st_mode & 0o777 == 0o600
    result = export(checkout, force=True)  # replacing a key keeps it private
    assert result.key_path.stat().st_mode & 0o777 == 0o600
