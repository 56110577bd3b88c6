"""The harness's two TOML files — the evaluator config and the agent profiles — are checked
by the project's one schema check (`tomlpos.schema_errors`): every problem at once, each
with its line and rule, never a traceback (a `timeout = "slow"` used to be a ValueError)."""

from __future__ import annotations

from pathlib import Path

import pytest

from openfrontiers.errors import BadInput, InputError, UsageError
from openfrontiers.harness.config import load_config
from openfrontiers.harness.profiles import DEFAULT_FILE, load_profiles

CONFIG = """\
[upstream]
url = "http://127.0.0.1:9"
timeout = 30

[sources.openalex]
url = "http://127.0.0.1:9/openalex"
mailto = "e@example.org"
"""


def _problems(error: BadInput) -> list[tuple[int, str]]:
    if isinstance(error, InputError):
        return [(error.where.line, error.rule)]
    return [(int(line.split(":")[1]), line.split(": ")[1]) for line in str(error).splitlines()[1:]]


def test_a_good_config_reads(tmp_path: Path):
    path = tmp_path / "h.toml"
    path.write_text(CONFIG)
    config = load_config(path)
    assert config.upstream is not None and config.upstream.timeout == 30.0
    assert config.sources["openalex"].params == {"mailto": "e@example.org"}


@pytest.mark.parametrize(
    "change, problems",
    [
        (('url = "http://127.0.0.1:9"\n', 'url = "ftp://h"\n'), [(2, "value")]),
        (("timeout = 30", 'timeout = "slow"'), [(3, "type")]),
        (("timeout = 30", "timeout = 30\nretries = 2"), [(4, "unknown-key")]),
        (("[sources.openalex]", "[sources.bing]"), [(5, "unknown-key")]),
        (('url = "http://127.0.0.1:9/openalex"\n', ""), [(5, "missing-key")]),
        (
            ("timeout = 30", 'timeout = "slow"\n[sandbox]\ntoolchain = "rel"'),
            [(3, "type"), (5, "path")],
        ),
    ],
)
def test_each_problem_of_a_config_is_named_with_its_line(tmp_path: Path, change, problems):
    path = tmp_path / "h.toml"
    path.write_text(CONFIG.replace(*change))
    with pytest.raises(BadInput) as info:
        load_config(path)
    assert _problems(info.value) == problems
    assert all(line.startswith(str(path)) for line in str(info.value).splitlines()[-1:])


def test_a_missing_config_is_a_usage_error(tmp_path: Path):
    with pytest.raises(UsageError, match="no such harness config"):
        load_config(tmp_path / "absent.toml")


@pytest.mark.parametrize(
    "change, problems",
    [
        (('api = "anthropic"', 'api = "gemini"'), "enum"),
        (("bind_up = 1", 'bind_up = "one"'), "type"),
        (("bind_up = 1", "bind_up = -1"), "value"),
        (('session_id = "from-events"', 'session_id = "random"'), "enum"),
        (('api = "anthropic"', 'api = "anthropic"\ncolour = "red"'), "unknown-key"),
    ],
)
def test_each_problem_of_a_profile_is_named_with_its_line(tmp_path: Path, change, problems):
    text = DEFAULT_FILE.read_text(encoding="utf-8")
    assert change[0] in text
    path = tmp_path / "agents.toml"
    path.write_text(text.replace(*change, 1))
    with pytest.raises(BadInput) as info:
        load_profiles(path)
    ((line, rule),) = _problems(info.value)
    assert rule == problems
    assert path.read_text().splitlines()[line - 1].startswith(change[1].split("\n")[-1][:6])


def test_the_shipped_profiles_read():
    assert {"claude-code", "codex", "generic"} <= set(load_profiles())
