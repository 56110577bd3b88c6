"""The certificate worker with a clean environment, and no traceback in a verdict (issue 28,
item 5). Numbers up to the documented digit limit, checked on a solved item's certificate,
are in FrontierBench/evaluator/tests/test_solved_certificates.py."""

from __future__ import annotations

import json

import pytest

from openfrontiers.cert import check_isolated, isolate, worker
from openfrontiers.cert.jsonin import Malformed
from openfrontiers.jail.result import JailResult


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

    def broken(verifier, data, limits):
        raise RuntimeError("/srv/node-7/internal/path")

    monkeypatch.setattr(check, "check_data", broken)
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
