"""Every verb, given each kind of bad input a new user might give it, answers with a clear
error and the right exit code — 2 for usage (a path that does not exist, an unknown id or
subset, a folder where a file belongs), 1 for input that is bad (garbage, a corrupt key,
answers or records, an empty salt file, a truncated archive, a CSV with bad rows) — and
never with a Python traceback.

A verb is one line of `VERBS`: its arguments, with a placeholder for each input it reads.
Every bad kind of that placeholder's type is tried on it, the other placeholders holding
good values (`World`)."""

from __future__ import annotations

import gzip
import importlib.util
import json
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from cli_helpers import ofb
from ofb_testing import REPO, Checkout

SALT = b"bad-input test salt\n"
HARNESS = REPO / "tools" / "openfrontiers" / "harness"

# Verb name → its arguments, split at spaces; {type} is an input of that type (GOOD, BAD).
VERBS: dict[str, str] = {
    "check": "check {lean-tree}",
    "items --ids": "items --ids {item}",
    "items --subset": "items --subset {subset}",
    "items report": "items report --subset {subset} --check",
    "items seed": "items seed {csv} --force",
    "packet export": "packet export --ids {item} --salt-file {salt} --force",
    "packet verify": "packet verify {key} {packets} --salt-file {salt}",
    "build": "build {target}",
    "probe": "probe --ids {item} --answers {answers} --emit {new}",
    "grade": "grade {submissions} --key {key} --answers {answers}",
    "grade static": "grade static {lean} --item {item}",
    "grade selftest": "grade selftest --corpus {folder}",
    "jail run": "jail run --ro {tree} -- true",
    "corpus build": "corpus build --source generic={mapping} --out {new} --corpus-dir {corpus}",
    "corpus validate": "corpus validate {records} --corpus-dir {corpus}",
    "corpus stats": "corpus stats {records} --corpus-dir {corpus}",
    "corpus export": "corpus export {records} --out {new} --corpus-dir {corpus}",
    "corpus diff": "corpus diff {records} {records}",
    "corpus candidates": "corpus candidates {records} {records} --corpus-dir {corpus}",
    "corpus sources": "corpus sources --corpus-dir {folder}",
    "run": "run --packets {packet-folders} --out {new} --model m --key {key} --subset {subset} "
    "--standin {file}",
    "attempt": "attempt {packet} --model m --config {toml} --out {new}",
    "report": "report {runs} --key {key} --answers {answers} --models {models} --out {new}",
    "items scores": "items scores --ids {item}",
    "items select": "items select --against {subset}",
    "items reviews": "items reviews --ids {item}",
    "cert check": "cert check {cert-item} {certificate}",
    "cert schema": "cert schema {cert-item}",
    # Never a good cluster here: the bad values are refused before Ray is contacted.
    "cluster node": "cluster node --check-only --group {node-group}",
    "cluster status": "cluster status --ray-address {ray-head}",
}


@dataclass(frozen=True)
class Bad:
    kind: str
    code: int  # 2 usage, 1 bad input
    make: Callable[[World], str]
    says: str = ""  # what the message must say (the reason), where other errors share the code


class World:
    """A small checkout with a written item, its packet and key, answers, a submission and
    a corpus build: every good input a verb may need, and a place to make bad ones."""

    def __init__(self, root: Path) -> None:
        from openfrontiers.packet import export as px
        from openfrontiers.register import Subset

        self.root = root
        self.checkout = Checkout(root / "repo")
        project = self.checkout.project()
        items = project.register.written()
        (root / "salt.bin").write_bytes(SALT)
        self.export = px.export(
            project,
            Subset("written", "", tuple(i.id for i in items)),
            items,
            out=self.checkout.root / "packets",
            key_path=self.checkout.root / "packets.key.json",
            salt=SALT,
            budget_hours=3,
        )
        (self.pid,) = self.export.mapping  # O02's id: its rank among the register's items
        subs = root / "submissions"
        subs.mkdir()
        (subs / f"{self.pid}.lean").write_text("theorem x : True := trivial\n")
        (root / "mapping.toml").write_text(MAPPING)
        (root / "garden.csv").write_text(GARDEN)
        from openfrontiers.corpus.build import build, parse_sources
        from openfrontiers.corpus.config import CorpusConfig
        from openfrontiers.corpus.importers.base import Snapshot

        config = CorpusConfig.find(REPO / "Corpus")
        requests = parse_sources([f"generic={root / 'mapping.toml'}"], config)
        build(config, requests, root / "corpus-build", Snapshot.parse("2026-01-01"))
        fixtures = _load("run_fixtures", Path(__file__).parent / "results" / "run_fixtures.py")
        self.run = fixtures.make_run(
            root / "runs",
            "run",
            model="gpt-6.1-sol",
            condition="A",
            protocol="native",
            attempts=[fixtures.FakeAttempt(self.pid, lean=True, verdict="unsolved")],
            items={self.pid: "O02"},
        )
        self.count = 0

    def path(self, name: str) -> Path:
        self.count += 1
        return self.root / "bad" / f"{self.count}-{name}"

    def file(self, name: str, data: bytes | str) -> str:
        path = self.path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
        return str(path)

    def garbage_folder(self, *names: str) -> str:
        folder = self.path("garbage")
        folder.mkdir(parents=True)
        for name in names or ("junk.bin",):
            (folder / name).write_bytes(b"\xff\xfe\x00garbage\x80\x81" * 50)
        return str(folder)

    def missing(self) -> str:
        return str(self.path("no-such-file"))

    def long_name(self) -> str:
        """A name over the file system's 255 bytes."""
        return str(self.path("n" * 300))

    def long_path(self) -> str:
        """A path over 4096 bytes, every name in it short."""
        return str(self.path("deep") / ("d/" * 2100) / "x")

    def under_a_file(self) -> str:
        """A path through a file, where a folder belongs."""
        return self.file("plain", "a file\n") + "/out"

    def packets_with(self, change: Callable[[Path], None]) -> str:
        folder = self.path("packets")
        shutil.copytree(self.export.out, folder)
        change(folder)
        return str(folder)

    def key_with(self, change: Callable[[dict], None]) -> str:
        doc = json.loads(self.export.key_path.read_text())
        change(doc)
        return self.file("key.json", json.dumps(doc))


MAPPING = """\
source = "open-problem-garden"
input = "garden.csv"

[columns]
id = "number"
title = "title"
"""
GARDEN = "number,title\n1,Lonely runner\n2,Sunflower\n"
NOT_UTF8 = b"theorem main : True := by\n  trivial -- \xff\xfe\n"


def _load(name: str, path: Path) -> ModuleType:
    """A helper module of another test folder (the results tests' run fixtures)."""
    if name in sys.modules:  # already imported by the tests of its own folder
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _truncate_archive(folder: Path) -> None:
    (archive,) = (folder / "archives").glob("P*.tar.gz")
    archive.write_bytes(archive.read_bytes()[:100])


def _schema_invalid(world: World) -> str:
    good = (world.root / "corpus-build" / "records.jsonl").read_text().splitlines()
    record = json.loads(good[0])
    del record["record_kind"], record["status"]
    return world.file("records.jsonl", "\n".join([json.dumps(record), *good[1:]]) + "\n")


GOOD: dict[str, Callable[[World], str]] = {
    "lean": lambda w: str(w.checkout.root / "FrontierBench" / "O02.lean"),
    "lean-tree": lambda w: str(w.checkout.root / "FrontierBench"),
    "item": lambda w: "O02",
    "subset": lambda w: "HQ-50",
    "csv": lambda w: str(REPO / "FrontierBench" / "items.toml"),  # never reached: csv is bad
    "salt": lambda w: str(w.root / "salt.bin"),
    "key": lambda w: str(w.export.key_path),
    "packets": lambda w: str(w.export.out),
    "packet": lambda w: str(w.export.out / w.pid),
    "packet-folders": lambda w: str(w.export.out),
    "target": lambda w: "O02",
    "answers": lambda w: str(w.checkout.library / "evaluator" / "answers.toml"),
    "submissions": lambda w: str(w.root / "submissions"),
    "folder": lambda w: str(REPO / "Corpus"),
    "tree": lambda w: str(w.root),
    "mapping": lambda w: str(w.root / "mapping.toml"),
    "records": lambda w: str(w.root / "corpus-build"),
    "toml": lambda w: str(HARNESS / "harness.example.toml"),
    "file": lambda w: str(HARNESS / "standin_scripts" / "continuation-demo.json"),
    "new": lambda w: str(w.path("out")),
    "corpus": lambda w: str(REPO / "Corpus"),
    "runs": lambda w: str(w.run),
    "models": lambda w: str(REPO / "FrontierBench" / "models.toml"),
    "cert-item": lambda w: "O02",
    "certificate": lambda w: w.file("cert.json", "{}"),
    "node-group": lambda w: "attempts",  # never reached: the group is the only input
    "ray-head": lambda w: "127.0.0.1:6379",  # never reached: the head is the only input
}

BAD: dict[str, list[Bad]] = {
    "lean": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("a folder", 2, lambda w: w.garbage_folder()),
        Bad("not UTF-8", 1, lambda w: w.file("O02.lean", NOT_UTF8)),
    ],
    "lean-tree": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("folder of garbage", 1, lambda w: w.garbage_folder("O02.lean", "E03.lean")),
        Bad("not UTF-8", 1, lambda w: w.file("O02.lean", NOT_UTF8)),
    ],
    "item": [Bad("unknown item id", 2, lambda w: "Z99")],
    "target": [Bad("unknown item id", 2, lambda w: "Z99")],
    "subset": [Bad("unknown subset", 2, lambda w: "NoSuchSubset@v9")],
    "csv": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("CSV with bad rows", 1, lambda w: w.file("items.csv", 'id,title\nO01,"open\n')),
        Bad("not UTF-8", 1, lambda w: w.file("items.csv", b"id,title\n\xff\xfe\n")),
    ],
    "salt": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("empty salt file", 1, lambda w: w.file("salt", b"")),
    ],
    "key": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("a folder", 2, lambda w: w.garbage_folder()),
        Bad("garbage", 1, lambda w: w.file("key.json", b"\x00\xff garbage")),
        Bad("not JSON", 1, lambda w: w.file("key.json", '{"format": ')),
        Bad("non-hex salt", 1, lambda w: w.key_with(lambda d: d.update(salt_hex="zz"))),
        Bad(
            "item not an id",
            1,
            lambda w: w.key_with(lambda d: d["packets"][w.pid].update(item=7)),
        ),
    ],
    "packets": [
        Bad("missing folder", 2, lambda w: w.missing()),
        Bad("folder of garbage", 1, lambda w: w.garbage_folder("P001")),
        Bad("truncated archive", 1, lambda w: w.packets_with(_truncate_archive)),
    ],
    "packet-folders": [
        Bad("missing folder", 2, lambda w: w.missing()),
        Bad("folder of garbage", 1, lambda w: w.garbage_folder("P001")),
    ],
    "packet": [
        Bad("missing folder", 2, lambda w: w.missing()),
        Bad("folder of garbage", 1, lambda w: w.garbage_folder()),
    ],
    "answers": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("garbage", 1, lambda w: w.file("answers.toml", b"\xff\xfe[[garbage")),
        Bad("corrupt answers", 1, lambda w: w.file("answers.toml", "[answers.O02\nanswer = ")),
    ],
    "submissions": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("folder of garbage", 1, lambda w: w.garbage_folder("P001.lean")),
    ],
    "folder": [
        Bad("missing folder", 2, lambda w: w.missing()),
        Bad("folder of garbage", 1, lambda w: w.garbage_folder("sources.toml", "case.toml")),
    ],
    "tree": [Bad("missing path", 2, lambda w: w.missing())],
    "mapping": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("garbage", 1, lambda w: w.file("mapping.toml", b"\xff\xfe garbage")),
        Bad("CSV with bad rows", 1, lambda w: _mapping_to(w, 'number,title\n1,"open\n2,x\n')),
        Bad("column not in the header", 1, lambda w: _mapping_to(w, "id,name\n1,x\n")),
    ],
    "records": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("folder of garbage", 1, lambda w: w.garbage_folder("records.jsonl")),
        Bad("not JSON", 1, lambda w: w.file("records.jsonl", "{not json\n")),
        Bad("schema-invalid records", 1, _schema_invalid),
        Bad("truncated", 1, lambda w: w.file("records.jsonl", '{"id": "problem:x", "tit')),
    ],
    "toml": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("garbage", 1, lambda w: w.file("config.toml", b"\xff\xfe = garbage")),
        Bad("corrupt TOML", 1, lambda w: w.file("config.toml", "[upstream\nurl = ")),
    ],
    "file": [Bad("missing file", 2, lambda w: w.missing())],
    "new": [
        Bad("name too long", 2, lambda w: w.long_name(), "too long"),
        Bad("path too long", 2, lambda w: w.long_path(), "too long"),
        Bad("under a file", 2, lambda w: w.under_a_file(), "a file, where a folder belongs"),
    ],
    "corpus": [],
    "runs": [
        Bad("missing folder", 2, lambda w: w.missing()),
        Bad("folder of garbage", 1, lambda w: w.garbage_folder("verdicts.jsonl")),
    ],
    "cert-item": [Bad("unknown item id", 2, lambda w: "Z99")],
    "node-group": [Bad("unknown group", 2, lambda w: "workers")],
    "ray-head": [Bad("no port", 2, lambda w: "head-without-port")],
    "models": [
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("corrupt TOML", 1, lambda w: w.file("models.toml", "[models.x\nname = ")),
    ],
    "certificate": [  # a malformed certificate is a verdict of `ofb cert check`: its no
        Bad("missing file", 2, lambda w: w.missing()),
        Bad("garbage", 1, lambda w: w.file("cert.json", b"\xff\xfe garbage")),
        Bad("not JSON", 1, lambda w: w.file("cert.json", '{"n": ')),
    ],
}


# Every input that is a path: a name or a path too long for the file system is a usage error
# naming it, not a bug (exit 70) — for the verbs that only read too. (Some say "no such
# file": a name too long cannot name one, and the code is the same.)
for _kind in (
    "lean", "lean-tree", "csv", "salt", "key", "packets", "packet-folders", "packet", "answers",
    "submissions", "folder", "tree", "mapping", "records", "toml", "file", "runs", "models",
    "certificate",
):  # fmt: skip
    BAD[_kind] += [
        Bad("name too long", 2, lambda w: w.long_name()),
        Bad("path too long", 2, lambda w: w.long_path()),
    ]


def _mapping_to(world: World, csv: str) -> str:
    folder = world.path("mapping")
    folder.mkdir(parents=True)
    (folder / "garden.csv").write_text(csv)
    (folder / "mapping.toml").write_text(MAPPING)
    return str(folder / "mapping.toml")


def _cases() -> list[tuple[str, str, Bad]]:
    cases = []
    for verb, argv in VERBS.items():
        kinds = {a[a.index("{") + 1 : a.index("}")] for a in argv.split() if "{" in a}
        for kind in sorted(kinds):
            for bad in BAD[kind]:
                cases.append((verb, kind, bad))
    return cases


CASES = _cases()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    return World(tmp_path_factory.mktemp("bad-input"))


def _argv(world: World, verb: str, bad_kind: str, bad: Bad) -> list[str]:
    out = []
    for arg in VERBS[verb].split():
        if "{" not in arg:
            out.append(arg)
            continue
        start, end = arg.index("{"), arg.index("}")
        kind = arg[start + 1 : end]
        value = bad.make(world) if kind == bad_kind else GOOD[kind](world)
        out.append(arg[:start] + value + arg[end + 1 :])
    return out


@pytest.mark.parametrize(
    ("verb", "kind", "bad"), CASES, ids=[f"{v}: {k} {b.kind}" for v, k, b in CASES]
)
def test_bad_input_gets_a_clear_error_and_the_right_exit_code(
    world, verb, kind, bad, capsys, monkeypatch
):
    monkeypatch.chdir(world.checkout.root)
    monkeypatch.delenv("OFB_ROOT", raising=False)
    monkeypatch.setenv("COLUMNS", "100")
    run = ofb(capsys, *_argv(world, verb, kind, bad))
    said = run.err + run.out
    assert "Traceback" not in said and "internal error" not in said, said
    assert run.code == bad.code, f"exit {run.code}, expected {bad.code}:\n{said}"
    assert said.strip(), "no message at all"
    assert bad.says in said, f"the message does not say {bad.says!r}:\n{said}"


def test_every_verb_is_in_the_table():
    """A new verb joins the table (one line in VERBS) or is listed here as taking no
    input a user could get wrong."""
    from typer.main import get_command

    from openfrontiers.cli import app

    takes_no_input = {"sync", "doctor", "jail check", "cert list", "cert public", "cluster health"}
    group = get_command(app)
    names = set()
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        if sub:
            names |= {f"{name} {s}" for s in sub if s != "run" or name != "grade"}
            if name in ("items", "grade"):
                names.add(name)
        else:
            names.add(name)
    covered = {v.split(" --")[0] for v in VERBS} | takes_no_input
    assert sorted(names - covered) == []


def test_the_bad_gzip_is_really_truncated(world):
    folder = Path(world.packets_with(_truncate_archive))
    with pytest.raises((EOFError, OSError)):
        gzip.decompress((folder / "archives" / f"{world.pid}.tar.gz").read_bytes())
