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
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helpers import ofb
from ofb_testing import GOOD_STATEMENT, Checkout, written_item
from openfrontiers.check import leaks
from openfrontiers.errors import OfbError, UsageError
from openfrontiers.evaluator.key import BadKey
from openfrontiers.packet import export as px
from openfrontiers.packet import ids
from openfrontiers.register import Subset
from openfrontiers.register.model import Source, Status, Upstream

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


def packet_of(mapping: dict[str, str], item: str = "O02") -> str:
    """The packet id `item` was given: a rank among the register's items, not P001."""
    return next(pid for pid, it in mapping.items() if it == item)


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


REGISTER = [f"{split}{n:02d}" for split in "RENO" for n in range(1, 51)]


def test_ids_number_the_whole_register_in_salted_order():
    everything = ids.assign(REGISTER, SALT, REGISTER)
    assert list(everything) == [f"P{n:03d}" for n in range(1, 201)]
    assert sorted(everything.values()) == sorted(REGISTER)
    assert ids.assign(REGISTER, b"another salt", REGISTER) != everything
    # The register's order does not matter, nor does the order items are asked for in.
    assert ids.assign(REGISTER[::-1], SALT, REGISTER[::-1]) == everything
    # The ids do not follow the register's order or its splits: the first 50 (R items)
    # are spread over the whole range.
    ranks = sorted(int(pid[1:]) for pid, item in everything.items() if item.startswith("R"))
    assert ranks != list(range(1, 51)) and ranks[-1] > 150 and ranks[0] < 50
    with pytest.raises(ValueError, match="not in the register"):
        ids.assign(["X01"], SALT, REGISTER)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_an_item_s_id_does_not_depend_on_what_else_is_exported(data):
    """Any two exports under one salt agree on every item they share: writing more items
    (a larger exported set) moves no id."""
    salt = data.draw(st.binary(min_size=1, max_size=32))
    small = data.draw(st.sets(st.sampled_from(REGISTER), max_size=40))
    large = small | data.draw(st.sets(st.sampled_from(REGISTER), max_size=80))
    before, after = ids.assign(small, salt, REGISTER), ids.assign(large, salt, REGISTER)
    assert before.items() <= after.items()
    assert sorted(before.values()) == sorted(small)


def test_format_1_numbering_moved_ids_when_the_exported_set_grew():
    """What key format 1 did, kept to verify its keys: the same growth moves ids."""
    before = ids.assign_exported(REGISTER[:100], SALT)
    after = ids.assign_exported(REGISTER[:101], SALT)
    assert list(before) == [f"P{n:03d}" for n in range(1, 101)]
    assert not before.items() <= after.items()


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
    assert key["format"] == "openfrontiers-evaluator-key/2" and key["left_out"] == {}
    assert key["numbered_over"]["items"] == len(checkout.items)  # written or not
    pid = packet_of(result.mapping)
    entry = key["packets"][pid]
    assert entry["source"]["path"] == "FrontierBench/O02.lean"
    assert any(s.startswith("*Source:*") for s in entry["stripped"])
    assert set(entry["files"]) >= {"Problem.lean", "README.md", "check_submission", "lakefile.toml"}


def test_fresh_salt_is_stored_in_the_key(checkout):
    result = export(checkout, salt=None)
    key = json.loads(result.key_path.read_text())
    assert result.salt_generated and len(bytes.fromhex(key["salt_hex"])) == 32


def test_archives_are_reproducible_tarballs(checkout):
    pid = packet_of(export(checkout).mapping)
    data = (checkout.root / "packets" / "archives" / f"{pid}.tar.gz").read_bytes()
    assert data[4:8] == b"\0\0\0\0"  # gzip mtime
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(data))) as tar:
        members = tar.getmembers()
        names = [m.name for m in members]
        assert names == sorted(names) and names[0] == pid
        assert all(m.mtime == 0 and m.uid == 0 and m.gid == 0 and m.uname == "" for m in members)
        modes = {m.name: m.mode for m in members}
        assert modes[f"{pid}/check_submission"] == 0o755 and modes[f"{pid}/Problem.lean"] == 0o644
    manifest = json.loads((checkout.root / "packets" / "MANIFEST.json").read_text())
    import hashlib

    assert manifest == {"archives": {f"archives/{pid}.tar.gz": hashlib.sha256(data).hexdigest()}}


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
    result.packets[packet_of(result.mapping)].files["README.md"] += (
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
    pid = packet_of(result.mapping)
    files = result.packets[pid].files
    assert not px.leak_scan(project, result)
    problem = files["Problem.lean"].decode()
    files["Problem.lean"] = problem.replace(
        "theorem main",
        '/-- Reference: answer(True). -/\ndef s : String := "the answer is no"\ntheorem main',
    ).encode()
    files["README.md"] += b"\nKey True: justified.\n"
    found = {(leak.path, leak.what) for leak in px.leak_scan(project, result)}
    assert (f"{pid}/Problem.lean", leaks.FILLED_ANSWER.what) in found
    assert (f"{pid}/Problem.lean", leaks.ANSWER_SENTENCE.what) in found
    assert (f"{pid}/README.md", leaks.KEY_PHRASE.what) in found
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
    a, b, c = sorted(result.mapping)
    (out / a / "Problem.lean").write_text("theorem main : True := trivial\n")
    (out / b / "README.md").unlink()
    (out / c / "notes.txt").write_text("extra")
    (out / c / "check_submission").chmod(0o644)
    diffs = px.verify(project, key, out, SALT)
    assert f"{a}/Problem.lean: content differs" in diffs
    assert f"{b}/README.md: missing" in diffs
    assert f"{c}/notes.txt: not part of the export" in diffs
    assert f"{c}/check_submission: lost its executable bit" in diffs


def test_verify_notices_a_changed_statement_and_a_wrong_salt(checkout):
    result = export(checkout)
    checkout.statement("O02", GOOD_STATEMENT.replace("1 < n", "2 < n"))
    diffs = px.verify(checkout.project(), result.key_path, result.out, SALT)
    pid = packet_of(result.mapping)
    assert f"FrontierBench/O02.lean: statement of {pid} changed since the export" in diffs
    assert f"{pid}/Problem.lean: content differs" in diffs
    with pytest.raises(UsageError, match="not the one"):
        px.verify(checkout.project(), result.key_path, result.out, b"wrong")
    with pytest.raises(UsageError, match="--salt-file"):
        px.verify(checkout.project(), result.key_path, result.out)


def test_cli_export_and_verify(checkout, capsys):
    (checkout.root / "salt.bin").write_bytes(SALT)
    run = ofb(capsys, "packet", "export", "--salt-file", "salt.bin", "--budget-hours", "2")
    assert run.code == 0 and "exported 1 packets (written)" in run.out and "warning" not in run.err
    assert "left out" not in run.out
    key = json.loads((checkout.root / "packets.key.json").read_text())
    pid = packet_of({p: e["item"] for p, e in key["packets"].items()})
    assert "2 hours of wall-clock time" in (checkout.root / f"packets/{pid}/README.md").read_text()
    assert (
        ofb(
            capsys, "packet", "verify", "packets.key.json", "packets", "--salt-file", "salt.bin"
        ).code
        == 0
    )
    (checkout.root / f"packets/{pid}/Problem.lean").write_text("x")
    bad = ofb(capsys, "packet", "verify", "packets.key.json", "packets", "--salt-file", "salt.bin")
    assert bad.code == 1 and f"{pid}/Problem.lean: content differs" in bad.out
    assert ofb(capsys, "packet", "export", "--ids", "E03").code == 2  # not written
    empty = checkout.root / "empty.salt"
    empty.write_bytes(b"")
    assert ofb(capsys, "packet", "export", "--salt-file", "empty.salt", "--force").code == 1


def test_check_submission_runs_offline_inside_a_packet(checkout):
    packet = checkout.root / "packets" / packet_of(export(checkout).mapping)
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


def _entry(doc: dict) -> dict:
    """The key's only packet entry."""
    (entry,) = doc["packets"].values()
    return entry


def _rewrite_key(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize("item", ["O99", 7])
def test_verify_fails_a_key_that_maps_a_packet_to_an_item_without_a_statement(checkout, item):
    add_items(checkout, 3)
    result = export(checkout)
    first, second, _ = sorted(result.mapping)

    def remap(doc):
        doc["packets"][second]["item"] = item

    _rewrite_key(result.key_path, remap)
    if isinstance(item, int):  # not an item id at all: the key is refused, naming the field
        with pytest.raises(BadKey, match=rf"packets\.{second}\.item: must be an item id"):
            px.verify(checkout.project(), result.key_path, result.out, SALT)
        return
    diffs = px.verify(checkout.project(), result.key_path, result.out, SALT)
    # The packet's files on disk still match the key's record of them; its id is no rank
    # of O99's under the salt.
    assert len(diffs) == 2 and diffs[0] == (
        "the packet ids do not follow from the salt and the register's items"
    )
    assert diffs[1].startswith(f"{second}: the key maps it to O99, which has no statement")
    # Everything else is still compared: tampering with another packet is reported too.
    (result.out / first / "README.md").write_text("changed")
    again = px.verify(checkout.project(), result.key_path, result.out, SALT)
    assert f"{first}/README.md: content differs" in again


def test_verify_reports_every_difference_of_an_incomplete_key(checkout):
    add_items(checkout, 2)
    result = export(checkout)
    pid = packet_of(result.mapping)

    def strip(doc):
        del doc["inputs"]
        del doc["numbered_over"]
        del doc["packets"][pid]["files"]

    _rewrite_key(result.key_path, strip)
    diffs = px.verify(checkout.project(), result.key_path, result.out, SALT)
    assert "packets.key.json: inputs: missing, so it cannot be verified" in diffs
    assert "packets.key.json: numbered_over: missing, so it cannot be verified" in diffs
    assert f"packets.key.json: packets.{pid}.files: missing, so it cannot be verified" in diffs


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
        (lambda d: _entry(d).update(source=5), "packets.{pid}.source: must be"),
        (lambda d: d["packets"].update(X1={"item": "O02"}), "packets.X1: is not a packet id"),
        (lambda d: d.update(left_out=["E03"]), "left_out: must be an object of item id"),
        (lambda d: d.update(left_out={"E03": ""}), "left_out.E03: must be a non-empty reason"),
        (lambda d: d.update(numbered_over={"items": 0}), "numbered_over.items: must be a"),
        (
            lambda d: d.update(format="openfrontiers-evaluator-key/3"),
            "format: 'openfrontiers-evaluator-key/3' is a newer ofb's (this one reads formats 1, 2",
        ),
        (lambda d: d.update(format="evaluator key"), "format: 'openfrontiers-evaluator-key/2'"),
    ],
)
def test_a_malformed_key_is_bad_input_naming_each_field(checkout, capsys, change, problem):
    result = export(checkout, salt=None)
    _rewrite_key(result.key_path, change)
    problem = problem.format(pid=packet_of(result.mapping))
    with pytest.raises(BadKey, match=re.escape(problem)):
        px.verify(checkout.project(), result.key_path, result.out)
    run = ofb(capsys, "packet", "verify", "packets.key.json", "packets")
    assert run.code == 1 and problem in run.err and "Traceback" not in run.err


def test_the_key_is_readable_by_its_owner_only(checkout):
    result = export(checkout)
    assert result.key_path.stat().st_mode & 0o777 == 0o600
    result = export(checkout, force=True)  # replacing a key keeps it private
    assert result.key_path.stat().st_mode & 0o777 == 0o600


def _write(checkout: Checkout, item_id: str) -> None:
    """Give `item_id` a statement and mark it written in the register."""
    checkout.set_item(replace(written_item(item_id), title=f"Totient question {item_id}"))
    checkout.statement(item_id, GOOD_STATEMENT.replace("O02", item_id))
    checkout.sync()


def test_an_item_keeps_its_packet_id_after_another_is_written(checkout):
    """Issue 30: the register numbers the ids, so writing O20 moves no earlier packet, and
    the re-export over the earlier key and folder is accepted."""
    add_items(checkout, 4)
    checkout.set_item(replace(written_item("O20"), status=Status.PLANNED))
    first = export(checkout)
    assert "O20" not in first.mapping.values()
    _write(checkout, "O20")
    again = export(checkout)  # refused if it mapped an earlier packet id to another item
    assert first.mapping.items() < again.mapping.items()
    (new,) = again.mapping.keys() - first.mapping.keys()
    assert again.mapping[new] == "O20"
    assert px.verify(checkout.project(), again.key_path, again.out, SALT) == []
    # Numbering the exported items only (key format 1) moved earlier ids on this change.
    old = ids.assign_exported(list(first.mapping.values()), SALT)
    grown = ids.assign_exported(list(again.mapping.values()), SALT)
    assert not old.items() <= grown.items()


def test_a_subset_s_unwritten_items_are_left_out_and_named(checkout, capsys):
    """`--subset` exports the subset's written items and names the others, exit 0; the key
    records them and why; MANIFEST.json counts them without naming an item or the subset."""
    (checkout.root / "salt.bin").write_bytes(SALT)
    run = ofb(capsys, "packet", "export", "--subset", "HQ-50", "--salt-file", "salt.bin")
    assert run.code == 0, run.err
    assert "exported 1 packets (HQ-50@v1)" in run.out
    assert "left out 1 of the 2 items of HQ-50@v1:\n  E03: not written (status planned)\n" in (
        run.out
    )
    key = json.loads((checkout.root / "packets.key.json").read_text())
    assert key["left_out"] == {"E03": "not written (status planned)"}
    assert key["subset"] == {"name": "HQ-50", "version": "v1"}
    assert [e["item"] for e in key["packets"].values()] == ["O02"]
    manifest_text = (checkout.root / "packets" / "MANIFEST.json").read_text()
    assert json.loads(manifest_text)["left_out"] == {"not written (status planned)": 1}
    assert "E03" not in manifest_text and "HQ-50" not in manifest_text
    verify = ("packet", "verify", "packets.key.json", "packets", "--salt-file", "salt.bin")
    assert ofb(capsys, *verify).out == "identical\n"
    # The key's record of what was left out is part of what verify checks.
    _rewrite_key(checkout.root / "packets.key.json", lambda d: d.update(left_out={}))
    assert "MANIFEST.json: content differs" in ofb(capsys, *verify).out


@pytest.mark.parametrize("listed", ["E03", "O02,E03"])
def test_ids_naming_an_unwritten_item_is_a_usage_error(checkout, capsys, listed):
    """A list of ids is a precise request: one that cannot be met is refused, not cut."""
    run = ofb(capsys, "packet", "export", "--ids", listed, "--out", "listed")
    assert run.code == 2 and run.out == ""
    assert "no statement to export for E03 (status planned): leave them out of --ids" in run.err
    assert not (checkout.root / "listed").exists()
    assert not (checkout.root / "listed.key.json").exists()


def test_a_subset_with_nothing_written_exports_nothing(checkout, capsys):
    checkout.set_item(replace(checkout.items["O02"], status=Status.NEEDS_SOURCE))
    run = ofb(capsys, "packet", "export", "--subset", "HQ-50")
    assert run.code == 2 and run.err == (
        "error: HQ-50@v1 selects no items to export; left out O02: not written (status "
        "needs-source); E03: not written (status planned)\n"
    )
    assert not (checkout.root / "packets").exists()


def test_the_repository_s_hq50_exports_its_written_items_and_names_the_rest(
    tmp_path, capsys, monkeypatch
):
    """Issue 30 on the real register: `ofb packet export --subset HQ-50` exits 0 and names
    every HQ-50 item without a statement (R04 and R23 when this was written)."""
    from ofb_testing import REPO
    from openfrontiers.project import Project

    project = Project(REPO)
    hq50 = project.subsets.resolve("HQ-50", project.register)
    unwritten = {i for i in hq50.ids if not project.register.get(i).is_written}
    monkeypatch.delenv("OFB_ROOT", raising=False)
    monkeypatch.chdir(REPO)
    (tmp_path / "salt.bin").write_bytes(SALT)
    out = tmp_path / "packets"
    args = ("packet", "export", "--subset", "HQ-50", "--out", str(out), "--quiet")
    run = ofb(capsys, *args, "--salt-file", str(tmp_path / "salt.bin"))
    assert run.code == 0, run.err
    named = set(re.findall(r"^  ([A-Z][0-9]{2}): not written", run.out, re.MULTILINE))
    assert named == unwritten
    key = json.loads((tmp_path / "packets.key.json").read_text())
    assert set(key["left_out"]) == unwritten
    assert len(key["packets"]) == len(hq50.ids) - len(unwritten)


def _export_format_1(checkout: Checkout) -> tuple[Path, Path, dict[str, str]]:
    """An export as ofb wrote it before issue 30: ids numbered over the exported items, a
    key of format 1 without `numbered_over` and `left_out`."""
    from openfrontiers.evaluator.key import write_key

    project = checkout.project()
    written = [i.id for i in project.register.written()]
    result = px.build_packets(project, ids.assign_exported(written, SALT), 3)
    doc = px.key_document(
        project,
        result,
        SALT,
        store_salt=True,
        subset=Subset("written", "", tuple(written)),
        budget_hours=3,
    )
    doc["format"] = "openfrontiers-evaluator-key/1"
    del doc["numbered_over"], doc["left_out"]
    out, key = checkout.root / "packets", checkout.root / "packets.key.json"
    for rel, data in result.tree().items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
        (out / rel).chmod(0o755 if rel in result.executables() else 0o644)
    write_key(key, doc)
    return out, key, result.mapping


def test_a_format_1_key_still_verifies_and_grades(checkout):
    from openfrontiers.evaluator.key import load_key
    from openfrontiers.grade.inputs import find_submissions, load_jobs

    add_items(checkout, 4)
    _write(checkout, "O20")
    out, key_path, mapping = _export_format_1(checkout)
    assert list(mapping) == [f"P{n:03d}" for n in range(1, 6)]
    key = load_key(key_path)
    assert key.version == 1 and key.mapping == mapping and key.gaps() == []
    assert px.verify(checkout.project(), key_path, out) == []
    subs = checkout.root / "subs"
    subs.mkdir()
    for pid in mapping:
        (subs / f"{pid}.lean").write_text((out / pid / "Problem.lean").read_text())
    answers = checkout.library / "evaluator" / "answers.toml"
    jobs = load_jobs(checkout.project(), find_submissions(subs), key_path, answers)
    assert {job.submission.packet_id: job.item_id for job in jobs} == mapping
    # Its ids are checked by its own numbering: a swap is still caught.
    a, b = list(mapping)[:2]

    def swap(doc):
        doc["packets"][a], doc["packets"][b] = doc["packets"][b], doc["packets"][a]

    _rewrite_key(key_path, swap)
    assert "the packet ids do not follow from the salt and the items (key format 1)" in px.verify(
        checkout.project(), key_path, out
    )


def test_a_re_export_over_a_format_1_key_says_what_to_do(checkout):
    add_items(checkout, 4)
    _write(checkout, "O20")
    out, key_path, mapping = _export_format_1(checkout)
    assert ids.assign(list(mapping.values()), SALT, list(checkout.items)) != mapping
    with pytest.raises(UsageError) as info:
        export(checkout, salt=None)
    message = str(info.value)
    assert message.startswith(f"{key_path} is a key of format 1, whose packet ids number")
    assert "they still verify and grade with it; or use --force" in message
    assert json.loads(key_path.read_text())["format"].endswith("/1")  # left alone
    replaced = export(checkout, salt=None, force=True)  # the old key's salt, new ids
    assert replaced.salt_reused and json.loads(key_path.read_text())["format"].endswith("/2")
    assert px.verify(checkout.project(), key_path, out) == []


def test_a_register_that_changed_is_named_when_ids_move(checkout):
    """The ids rank in the register's item list; if that list changes, an id can move, and
    both the re-export's refusal and verify say why."""
    add_items(checkout, 4)
    result = export(checkout)
    for extra in ("R05", "R06", "R07", "N30", "N31"):
        checkout.set_item(replace(written_item(extra), status=Status.PLANNED))
    after = ids.assign(list(result.mapping.values()), SALT, list(checkout.items))
    assert after != result.mapping  # one of the five ranks before an exported item
    diffs = px.verify(checkout.project(), result.key_path, result.out, SALT)
    assert (
        "the packet ids do not follow from the salt and the register's items (the register's "
        "item list changed since the export: 5 items then, 10 now)"
    ) in diffs
    with pytest.raises(UsageError, match="The register's item list changed since that export"):
        export(checkout)
