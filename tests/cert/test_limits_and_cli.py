"""`ofb cert check` end to end: verdicts and exit codes, hostile certificates refused
within their limits (never a hang), the isolated child, finding certificates in a work
dir, the public certificates, and `ofb grade`'s certificate column."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from cli_helpers import ofb
from openfrontiers.cert import CertLimits, check_bytes, check_isolated, find_certificates
from openfrontiers.project import Project

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return path


def test_cli_valid_invalid_and_exit_codes(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    bad = write(tmp_path, "o02.cert.json", '{"n": 561, "factorization": [[3,1],[11,1],[17,1]]}')
    run = ofb(capsys, "cert", "check", "O02", str(bad), "--format", "json")
    assert run.code == 1
    out = json.loads(run.out)
    assert out["verdict"] == "invalid" and out["condition"] == "divides"
    partial = write(tmp_path, "o40.json", '{"p": 37, "k": 32}')
    run = ofb(capsys, "cert", "check", "O40", str(partial))
    assert run.code == 1 and "partial" in run.out
    malformed = write(tmp_path, "m.json", "{not json")
    run = ofb(capsys, "cert", "check", "O01", str(malformed))
    assert run.code == 1 and "malformed" in run.out
    assert ofb(capsys, "cert", "check", "R99", str(malformed)).code == 2
    assert ofb(capsys, "cert", "check", "O01", str(tmp_path / "missing.json")).code == 2


HOSTILE = {
    "huge integer": (b'{"n": ' + b"9" * 50_000 + b"}", "digits"),
    "deep nesting": (b'{"n": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "depth"),
    "moderate nesting": (b'{"n": ' + b"[" * 40 + b"]" * 40 + b"}", "depth"),
    "too many values": (b'{"n": [' + b"1," * 3_000_000 + b"1]}", "nodes"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_input_is_refused_quickly(name: str) -> None:
    data, limit = HOSTILE[name]
    began = time.monotonic()
    verdict = check_bytes("O01", data)
    assert verdict.status == "refused" and verdict.condition == limit, verdict.summary()
    assert time.monotonic() - began < 10


def test_hostile_file_size_and_floats() -> None:
    assert check_bytes("O01", b" " * 100, CertLimits(max_bytes=10)).condition == "bytes"
    verdict = check_bytes("O01", b'{"n": 5.0}')
    assert verdict.status == "malformed" and "not exact" in verdict.message
    assert check_bytes("O01", b'{"n": 5, "n": 6}').status == "malformed"


def test_expensive_claim_is_refused_on_time_not_hung(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    # Scholz at n = 40: an exhaustive search over addition chains for 2^40 − 1, hopeless.
    cert = write(tmp_path, "o22.json", '{"n": 40, "chain": [1, 2, 4, 5, 10, 20, 40]}')
    began = time.monotonic()
    run = ofb(capsys, "cert", "check", "O22", str(cert), "--seconds", "1", "--format", "json")
    verdict = json.loads(run.out)
    assert run.code == 1 and verdict["verdict"] == "refused" and verdict["condition"] == "time"
    assert time.monotonic() - began < 30


def test_isolated_child_is_killed_at_the_wall_clock() -> None:
    # factoring a 60-digit semiprime without help: refused by the size rule in the child
    n = 10**59 + 1
    verdict = check_isolated("O64", json.dumps({"n": n}).encode(), CertLimits(seconds=2))
    assert verdict.status == "refused"


def test_find_certificates_in_a_work_dir(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path, "P001.cert.json", '{"n": 3}')
    write(tmp_path / "sub", "other.cert.json", '{"n": 5}')
    os.symlink("/etc/passwd", tmp_path / "link.cert.json")
    os.mkfifo(tmp_path / "fifo.cert.json")
    found = {f.path: f for f in find_certificates(tmp_path, "O01")}
    assert found["P001.cert.json"].verdict is not None
    assert found["P001.cert.json"].verdict.status == "invalid"  # 4/3 = 1 + 1/4 + 1/12
    assert found["sub/other.cert.json"].verdict.condition == "no-representation"
    assert "symbolic link" in found["link.cert.json"].error
    assert "not a regular file" in found["fifo.cert.json"].error
    plain = find_certificates(tmp_path)
    assert all(f.verdict is None for f in plain) and len(plain) == 4


def test_grade_attaches_a_certificate_verdict(tmp_path: Path) -> None:
    from openfrontiers.commands.grade import _attach_certificate
    from openfrontiers.grade.verdict import Decision, VerdictRecord

    sub = write(tmp_path, "P001.lean", "theorem x : True := trivial")
    write(tmp_path, "P001.cert.json", '{"n": 3}')
    other = write(tmp_path, "P002.lean", "")
    records = [
        VerdictRecord(str(sub), "P001", "O01", Decision("unsolved", "static", "x"), {}),
        VerdictRecord(str(other), "P002", "O01", Decision("unsolved", "static", "x"), {}),
    ]
    for record in records:
        _attach_certificate(record, Project(ROOT))
    assert records[0].certificate is not None
    assert records[0].certificate["verdict"] == "invalid"
    assert records[0].decision.verdict == "unsolved"  # the Lean verdict is untouched
    assert records[1].certificate is None
    assert records[0].as_dict()["certificate"]["item"] == "O01"
