"""The exit codes of the README's table, verb by verb: 0 yes, 1 bad input or the verb's no, 2
usage (also a path too long or not writable, a missing optional extra), 70 only for a bug,
130 interrupted. `test_bad_input.py` gives every verb every kind of bad input (1 and 2);
here each Lean-free verb reaches its 0 and its 1, the codes no verb may use are looked for
in the source, and what a failed write must not lose is checked on disk."""

from __future__ import annotations

import ast
import errno
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli_helpers import ofb
from ofb_testing import REPO, Checkout

SALT = b"exit-code test salt\n"
TABLE_CODES = {0, 1, 2, 70, 130}
JAIL_RUN = "tools/openfrontiers/commands/jail.py"  # a wrapper: its command's code, or 124


def _readme_codes() -> set[int]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start = text.index("| exit | meaning |")
    rows = text[start:].split("\n\n", 1)[0].splitlines()[2:]
    return {int(row.split("|")[1]) for row in rows}


def test_the_readme_table_has_every_code_and_no_other():
    from openfrontiers.cli import INTERNAL_ERROR, INTERRUPTED

    assert _readme_codes() == TABLE_CODES | {124}
    assert {INTERNAL_ERROR, INTERRUPTED} <= TABLE_CODES


def _exit_codes_in_source() -> list[tuple[str, int]]:
    """Every integer a module passes to typer.Exit/sys.exit or sets as an `exit_code`."""
    found = []
    for path in sorted((REPO / "tools" / "openfrontiers").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            values: list[ast.AST] = []
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                if name in ("typer.Exit", "sys.exit", "Exit", "SystemExit") and node.args:
                    values = [node.args[0]]
            elif isinstance(node, ast.Assign) and any(
                ast.unparse(t).endswith("exit_code") for t in node.targets
            ):
                values = [node.value]
            for value in values:
                for const in ast.walk(value):
                    if isinstance(const, ast.Constant) and type(const.value) is int:
                        where = f"{path.relative_to(REPO)}:{const.lineno}"
                        found.append((where, const.value))
    return found


def test_no_verb_exits_with_a_code_outside_the_table():
    found = _exit_codes_in_source()
    assert len(found) > 10  # the scan sees the verbs' exits
    outside = [(where, code) for where, code in found if code not in TABLE_CODES]
    assert [(w, c) for w, c in outside if not (w.startswith(JAIL_RUN) and c == 124)] == []


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    repo = Checkout(tmp_path / "repo")
    monkeypatch.chdir(repo.root)
    monkeypatch.delenv("OFB_ROOT", raising=False)
    monkeypatch.setenv("COLUMNS", "100")
    (repo.root / "salt.bin").write_bytes(SALT)
    return repo


def _export(capsys, *extra: str):
    return ofb(capsys, "packet", "export", "--ids", "O02", "--salt-file", "salt.bin", *extra)


# Lean-free verbs, each reaching 0 (yes) and 1 (the verb's no, or bad input it decides on).
def test_check_0_1_2(checkout, capsys, tmp_path):
    assert ofb(capsys, "check", "FrontierBench/O02.lean").code == 0
    checkout.statement("O02", "theorem oops : True := trivial\n")
    assert ofb(capsys, "check", "FrontierBench/O02.lean").code == 1
    (tmp_path / "empty").mkdir()
    run = ofb(capsys, "check", str(tmp_path / "empty"))
    assert run.code == 2 and "no statements (.lean files) in" in run.err


def test_sync_check_0_1(checkout, capsys):
    assert ofb(capsys, "sync", "--check").code == 0
    checkout.project().root_module.write_text("import Mathlib\n")
    assert ofb(capsys, "sync", "--check").code == 1


def test_packet_export_and_verify_0_1(checkout, capsys):
    assert _export(capsys).code == 0
    verify = ("packet", "verify", "packets.key.json", "packets", "--salt-file", "salt.bin")
    assert ofb(capsys, *verify).code == 0
    (checkout.root / "packets" / "MANIFEST.json").write_text("{}\n")
    run = ofb(capsys, *verify)
    assert run.code == 1 and "MANIFEST.json: content differs" in run.out


def test_the_export_gate_refusal_is_bad_input(checkout, capsys):
    checkout.statement("O02", "theorem oops : True := trivial\n")
    run = _export(capsys)
    assert run.code == 1 and "ofb check reports" in run.err
    assert not (checkout.root / "packets").exists()


def test_verify_on_a_folder_that_is_no_export_says_so_in_one_line(checkout, capsys, tmp_path):
    assert _export(capsys).code == 0
    other = tmp_path / "other"
    for i in range(30):
        (other / f"d{i}").mkdir(parents=True)
        (other / f"d{i}" / "f.txt").write_text("x")
    run = ofb(capsys, "packet", "verify", "packets.key.json", str(other), "--salt-file", "salt.bin")
    assert run.code == 1 and run.out == ""
    (line,) = run.err.strip().splitlines()
    assert line.startswith(f"error: {other} is not a packet export")


def test_cert_check_0_1_2(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(REPO)
    public = REPO / "FrontierBench" / "evaluator" / "certificates" / "R03.cert.json"
    if not public.exists():
        pytest.skip("no evaluator folder in this checkout")
    run = ofb(capsys, "cert", "check", "R03", str(public), "--in-process")
    assert run.code == 0 and ": valid" in run.out
    invalid = tmp_path / "o02.json"
    invalid.write_text('{"n": 561, "factorization": [[3,1],[11,1],[17,1]]}')
    run = ofb(capsys, "cert", "check", "O02", str(invalid), "--in-process")
    assert run.code == 1 and ": invalid" in run.out
    partial = tmp_path / "o40.json"
    partial.write_text('{"p": 37, "k": 32}')
    run = ofb(capsys, "cert", "check", "O40", str(partial), "--in-process")
    assert run.code == 1 and ": partial" in run.out
    assert ofb(capsys, "cert", "check", "O02", str(invalid), "--seconds", "nan").code == 2


def test_grade_static_0_1(checkout, capsys, tmp_path):
    good = tmp_path / "Solution.lean"
    text = (checkout.library / "O02.lean").read_text()
    good.write_text(text.replace("answer(sorry)", "answer(False)").replace("  sorry", "  decide"))
    assert ofb(capsys, "grade", "static", str(good), "--item", "O02").code == 0
    bad = tmp_path / "Bad.lean"
    bad.write_text(
        text.replace("answer(sorry)", "answer(False)").replace("  sorry", "  exact sorryAx _")
    )
    assert ofb(capsys, "grade", "static", str(bad), "--item", "O02").code == 1


# Outputs: checked before anything is written.
@pytest.mark.parametrize("hours", ["nan", "inf", "-inf", "0", "-1"])
def test_a_budget_that_is_no_positive_number_is_refused(checkout, capsys, hours):
    run = _export(capsys, f"--budget-hours={hours}")
    assert run.code == 2 and "--budget-hours" in run.err
    assert not (checkout.root / "packets").exists()
    assert not (checkout.root / "packets.key.json").exists()


@pytest.mark.parametrize("where", ["under a file", "name too long"])
def test_an_unwritable_key_leaves_no_packets(checkout, capsys, where):
    (checkout.root / "plain").write_text("a file\n")
    key = "plain/k.json" if where == "under a file" else "k" * 300 + ".json"
    run = ofb(capsys, "packet", "export", "--ids", "O02", "--key", key)  # a fresh salt
    assert run.code == 2 and run.err.startswith(f"error: --key {checkout.root}")
    assert ("a file, where a folder belongs" if where == "under a file" else "too long") in run.err
    assert not (checkout.root / "packets").exists()
    assert sorted(p.name for p in checkout.root.iterdir() if p.name.startswith(".")) == []


def test_a_key_name_that_fits_but_leaves_no_room_for_the_temporary_is_refused(checkout, capsys):
    # write_key writes `.NAME.XXXXXXXX` first: a 250-byte name passes open() but not that.
    run = ofb(capsys, "packet", "export", "--ids", "O02", "--key", "k" * 250)
    assert run.code == 2 and "too long" in run.err
    assert not (checkout.root / "packets").exists()


def test_a_disk_full_at_the_key_leaves_no_packets(checkout, capsys, monkeypatch):
    from openfrontiers.packet import export as px

    def full(path, doc):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(px, "write_key", full)
    run = ofb(capsys, "packet", "export", "--ids", "O02")
    assert run.code == 2 and "packets.key.json: no space left" in run.err
    assert sorted(p.name for p in checkout.root.iterdir() if "packets" in p.name) == []


def test_check_writable_accepts_what_can_be_written(tmp_path):
    from openfrontiers.outputs import check_writable

    check_writable(tmp_path / "new" / "deeper" / "key.json", "--key")
    check_writable(tmp_path, "--out", into=True)
    assert list(tmp_path.iterdir()) == []  # the probe leaves nothing


# 70 for bugs only; what the environment causes is 2.
def _failing_find(monkeypatch, error: BaseException) -> None:
    from openfrontiers.project import Project

    def find(*args, **kwargs):
        raise error

    monkeypatch.setattr(Project, "find", find)


@pytest.mark.parametrize(
    ("error", "code", "says"),
    [
        (RuntimeError("boom"), 70, "internal error: RuntimeError: boom — this is a bug"),
        (OSError(errno.EBADF, "Bad file descriptor"), 70, "internal error"),
        (OSError(errno.ENOSPC, "No space left on device", "/data/out"), 2, "/data/out: no space"),
        (OSError(errno.EROFS, "Read-only file system", "/ro/x"), 2, "/ro/x: the file system is"),
        (OSError(errno.EACCES, "Permission denied", "/root/k"), 2, "/root/k: permission denied"),
        (ModuleNotFoundError("no mcp", name="mcp"), 2, "pip install -e '.[harness]'"),
        (ModuleNotFoundError("no ray", name="ray"), 2, "pip install -e '.[ray]'"),
        (ModuleNotFoundError("no", name="openfrontiers.gone"), 70, "internal error"),
        (KeyboardInterrupt(), 130, "interrupted"),
    ],
)
def test_only_a_bug_exits_70(capsys, monkeypatch, error, code, says):
    monkeypatch.delenv("OFB_DEBUG", raising=False)
    _failing_find(monkeypatch, error)
    run = ofb(capsys, "sync", "--check")
    assert run.code == code and says in run.err, run.err
    assert "Traceback" not in run.err


def test_every_extra_of_the_package_is_named_for_its_modules():
    import tomllib

    from openfrontiers.extras import extras_by_module

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    base = {re.split(r"[^A-Za-z0-9._-]", r, maxsplit=1)[0].lower() for r in project["dependencies"]}
    known = extras_by_module()
    if not known:
        pytest.skip("openfrontiers is not installed as a package here")
    for extra, requirements in project["optional-dependencies"].items():
        if extra in ("test", "lint"):
            continue
        for requirement in requirements:
            name = re.split(r"[^A-Za-z0-9._-]", requirement, maxsplit=1)[0].lower()
            if name not in base:
                assert known[name.replace("-", "_")] == extra, (name, extra)


def _ofb_process(*args: str, cwd: Path, prelude: str = "") -> subprocess.Popen[str]:
    code = f"{prelude}\nfrom openfrontiers.cli import main\nmain()"
    env = {**os.environ, "PYTHONPATH": str(REPO / "tools"), "COLUMNS": "100"}
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_attempt_without_the_harness_extra_names_it(checkout, tmp_path):
    assert _export_in(checkout) == 0
    (packet,) = (p for p in (checkout.root / "packets").iterdir() if p.name.startswith("P"))
    script = REPO / "tools" / "openfrontiers" / "harness" / "standin_scripts"
    process = _ofb_process(
        "attempt", str(packet), "--model", "m", "--agent", "claude-code",
        "--standin", str(script / "continuation-demo.json"), "--out", str(tmp_path / "a"),
        "--allow-no-lean",
        cwd=checkout.root, prelude="import sys; sys.modules['mcp'] = None",
    )  # fmt: skip
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2, err
    assert "needs the optional extra [harness]" in err and "pip install -e '.[harness]'" in err


def _export_in(checkout) -> int:
    process = _ofb_process(
        "packet", "export", "--ids", "O02", "--salt-file", "salt.bin", cwd=checkout.root
    )
    process.communicate(timeout=60)
    return process.returncode


def test_ctrl_c_prints_interrupted_and_exits_130(tmp_path):
    """A real SIGINT in the middle of the export of the repository's items: one line, 130,
    and neither packets nor a key left behind."""
    process = _ofb_process("packet", "export", "--out", str(tmp_path / "p"), cwd=REPO)
    assert process.stderr is not None
    began = time.monotonic()
    for line in process.stderr:  # plain progress lines in a pipe
        if line.startswith("checking"):
            break
        assert time.monotonic() - began < 60
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err.strip().splitlines()[-1] == "interrupted"
    assert "Traceback" not in err
    assert not (tmp_path / "p").exists() and not (tmp_path / "p.key.json").exists()
