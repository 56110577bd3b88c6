"""Certificates with numbers up to the documented digit limit, the worker in the jail with a
clean environment, and no traceback in a verdict (issue 28, item 5)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from openfrontiers.cert import CertLimits, check_bytes, check_isolated, isolate, worker
from openfrontiers.cert.jsonin import Malformed
from openfrontiers.grade.selftest_hostile import shifted_n26
from openfrontiers.jail.result import JailResult

ROOT = Path(__file__).resolve().parents[2]
N26 = ROOT / "FrontierBench" / "evaluator" / "certificates" / "N26.cert.json"


@pytest.fixture(scope="module")
def big_n26() -> bytes:
    return shifted_n26(N26, 5_000)


def test_numbers_over_python_s_own_limit_are_checked_in_process(big_n26):
    import sys

    before = sys.get_int_max_str_digits()
    verdict = check_bytes("N26", big_n26)
    assert verdict.status == "valid", verdict.summary()
    assert sys.get_int_max_str_digits() == before  # restored after the check


def test_numbers_over_python_s_own_limit_are_checked_in_the_worker(big_n26):
    for jail in ("auto", None):
        verdict = check_isolated("N26", big_n26, jail=jail)
        assert verdict.status == "valid", verdict.summary()
    assert check_isolated("N26", big_n26, jail=None).isolation == "process"


def test_a_number_past_the_explicit_bound_is_refused_not_a_crash(big_n26):
    verdict = check_bytes("N26", big_n26, CertLimits(str_digits=4_500))
    assert verdict.status == "refused" and verdict.condition == "digits"


@pytest.mark.skipif(os.geteuid() != 0, reason="the jail needs root here")
def test_the_worker_runs_in_the_jail(big_n26):
    assert isolate.default_jail() is not None
    assert check_isolated("N26", big_n26).isolation == "bwrap"


class FakeJail:
    """Records the policy and answers like a worker that crashed with a traceback."""

    name = "fake"

    def __init__(self, stdout: bytes = b"", code: int = 1) -> None:
        self.policy = None
        self.stdout = stdout
        self.code = code

    def run(self, argv, policy, stdin=None):
        self.policy = policy
        return JailResult(
            backend="fake",
            exit_code=self.code,
            signal=None,
            timed_out=False,
            killed_for_memory=False,
            killed_for_cpu=False,
            wall_time=0.1,
            cpu_time=None,
            peak_memory=None,
            stdout=self.stdout,
            stderr=b'Traceback (most recent call last):\n  File "/srv/node-7/secret.py"\nBoom\n',
        )


def test_the_worker_gets_a_clean_environment(monkeypatch, capsys):
    monkeypatch.setenv("OFB_UPSTREAM_KEY", "sk-secret")
    jail = FakeJail()
    check_isolated("O01", b'{"n": 3}', jail=jail)
    env = dict(jail.policy.env)
    assert env == isolate.worker_env() and "OFB_UPSTREAM_KEY" not in env
    assert set(env) == {"PATH", "LANG", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONNOUSERSITE"}
    seen = {}

    def fake_run(argv, **kwargs):
        seen.update(kwargs["env"])
        raise isolate.subprocess.TimeoutExpired(argv, 1)

    monkeypatch.setattr(isolate.subprocess, "run", fake_run)
    assert check_isolated("O01", b'{"n": 3}', jail=None).condition == "time"
    assert seen == isolate.worker_env()


def test_a_crashed_worker_gives_a_short_reason_and_its_traceback_goes_to_stderr(capsys):
    verdict = check_isolated("O01", b'{"n": 3}', jail=FakeJail())
    assert verdict.status == "refused" and verdict.condition == "worker"
    text = json.dumps(verdict.as_dict())
    assert "Traceback" not in text and "/srv/node-7" not in text
    assert "/srv/node-7/secret.py" in capsys.readouterr().err


def test_the_worker_turns_its_own_failure_into_a_short_verdict(monkeypatch, capsys):
    from openfrontiers.cert import check

    def broken(item, data, limits):
        raise RuntimeError("/srv/node-7/internal/path")

    monkeypatch.setattr(check, "check_bytes", broken)
    monkeypatch.setattr(worker, "_limit", lambda kind, value: None)
    monkeypatch.setattr("sys.stdin", type("S", (), {"buffer": __import__("io").BytesIO(b"{}")}))
    assert worker.main(["O01", json.dumps({})]) == 0
    captured = capsys.readouterr()
    line = json.loads(captured.out)
    assert line["verdict"] == "refused" and line["condition"] == "worker"
    assert "RuntimeError" in line["message"] and "/srv/node-7" not in captured.out
    assert "/srv/node-7/internal/path" in captured.err


@pytest.mark.parametrize("text", ["3/4\n", "3\n", " 3", "3/0x"])
def test_a_rational_string_is_a_full_match(text):
    from openfrontiers.cert.exact import rational
    from openfrontiers.cert.limits import DEFAULT_LIMITS
    from openfrontiers.cert.spec import Context

    ctx = Context.fresh(DEFAULT_LIMITS, ())
    with pytest.raises(Malformed):
        rational(text, "$.p", ctx)
