"""The real Claude Code and Codex CLIs (from the npm registry) in the agent jail, driven
by the stand-in model in each API's wire format, in a network namespace holding only `lo`
with the CLIs' non-essential traffic off by their own settings (agents.toml)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
import tomli_w

from harness.helpers import (
    make_packets,
    packet_folders,
    read_jsonl,
    run_attempt_in_netns,
    solution_for,
)
from harness.refused_addresses import PRIVATE
from support import agent_clis

MiB = 1 << 20
LIMITS = {"wall_seconds": 600, "work_size": 256 * MiB, "tmp_size": 256 * MiB, "memory": 8 << 30}
CLIS = ("claude-code", "codex")


@pytest.fixture(scope="session")
def clis() -> Path:
    path, why = agent_clis.ensure()
    if path is None:
        pytest.skip(why)
    return path


@pytest.fixture(scope="session")
def profiles(tmp_path_factory) -> Path:
    """The shipped profiles with fewer retries, so that failing model calls end in seconds
    (the retry settings are each CLI's own)."""
    from openfrontiers.harness.profiles import DEFAULT_FILE

    data = tomllib.loads(DEFAULT_FILE.read_text())
    data["agents"]["claude-code"]["env"]["CLAUDE_CODE_MAX_RETRIES"] = "0"
    codex = data["agents"]["codex"]["files"]["{home}/.codex/config.toml"]
    data["agents"]["codex"]["files"]["{home}/.codex/config.toml"] = codex.replace(
        'env_key = "OFB_GATEWAY_TOKEN"\n',
        'env_key = "OFB_GATEWAY_TOKEN"\nrequest_max_retries = 0\nstream_max_retries = 0\n',
    )
    path = tmp_path_factory.mktemp("profiles") / "agents.toml"
    path.write_text(tomli_w.dumps(data))
    return path


@pytest.fixture
def packet(checkout):
    (only,) = packet_folders(make_packets(checkout))
    return only


def attempt(tmp_path, packet, clis, profiles, agent, script, **spec):
    out = tmp_path / "attempt" / packet.name
    full = {
        "packet": str(packet),
        "out": str(out),
        "profile": agent,
        "profiles": str(profiles),
        "clis": str(clis),
        "protocol": "continuation",
        "limits": LIMITS,
        "allow_no_lean": True,  # no Lean can be installed here
        **spec,
        "script": script,
    }
    result = run_attempt_in_netns(tmp_path / "driver", full)
    return result["record"], out, result


def write(packet):
    return {"tool": "write", "path": "Solution.lean", "content": solution_for(packet)}


@pytest.mark.parametrize("agent", CLIS)
def test_writes_solution_and_checks_it_over_mcp(tmp_path, packet, clis, profiles, agent):
    script = {
        "turns": [
            {"calls": [write(packet)]},
            {"calls": [{"tool": "check_submission"}]},
            {"text": "Submitted."},
        ]
    }
    record, out, result = attempt(tmp_path, packet, clis, profiles, agent, script)
    assert record["end_reason"] == "submitted uncompiled", record  # no Lean here
    assert record["agent"]["version"] and record["rounds"] == 1
    assert (out / "Solution.lean").read_text() == solution_for(packet)
    assert [c["tool"] for c in read_jsonl(out / "mcp.jsonl")] == ["check_submission"]
    round_1 = read_jsonl(out / "rounds.jsonl")[0]
    assert round_1["tool_use"] and round_1["events"]["session_id"]
    assert any("check_submission" in name for name in round_1["events"]["tool_names"])
    # Every request went to the pinned model, through the gateway.
    log = read_jsonl(out / "gateway.jsonl")
    assert log and all(e["model"] == "standin-model" for e in log)
    assert all(body["model"] == "standin-model" for body in result["standin"])


@pytest.mark.parametrize("agent", CLIS)
def test_an_agent_that_stops_early_is_resumed(tmp_path, packet, clis, profiles, agent):
    script = {
        "turns": [
            {"text": "This is too hard; I stop here."},
            {"calls": [write(packet)]},
            {"text": "Written."},
        ]
    }
    record, out, result = attempt(tmp_path, packet, clis, profiles, agent, script)
    assert record["end_reason"] == "submitted uncompiled"  # no Lean here
    rounds = read_jsonl(out / "rounds.jsonl")
    assert [r["kind"] for r in rounds] == ["start", "resume"]
    assert rounds[0]["session_id"] == rounds[1]["session_id"]  # the same session, resumed
    resumed = [str(b.get("messages") or b.get("input")) for b in result["standin"]]
    assert any("Time remaining" in text and "no Solution.lean yet" in text for text in resumed)
    # The resumed session still holds the first round's conversation.
    assert any("too hard; I stop here" in text and "Time remaining" in text for text in resumed)


@pytest.mark.parametrize("agent", CLIS)
def test_an_agent_that_never_uses_tools_stalls(tmp_path, packet, clis, profiles, agent):
    rules = {"stall_consecutive": 3, "stall_window": 5, "stall_window_hits": 4}
    script = {"turns": [], "then": {"text": "No progress is possible."}}
    record, _, _ = attempt(tmp_path, packet, clis, profiles, agent, script, rules=rules)
    assert record["end_reason"] == "stalled" and record["rounds"] == 3
    assert record["tool_uses"] == 0


@pytest.mark.parametrize("agent", CLIS)
def test_failing_model_calls_end_as_agent_error(tmp_path, packet, clis, profiles, agent):
    script = {"turns": [], "then": {"fail": 503}}
    record, _, _ = attempt(tmp_path, packet, clis, profiles, agent, script)
    assert record["end_reason"] == "agent error" and record["rounds"] == 3
    assert record["model_calls"]["ok"] == 0 and record["model_calls"]["failed"] >= 3


@pytest.mark.parametrize("agent", CLIS)
def test_reaching_out_and_reading_answers_is_refused_and_logged(
    tmp_path, packet, clis, profiles, agent, checkout
):
    answers = checkout.root / "FrontierBench" / "evaluator" / "answers.toml"
    key = checkout.root / "packets.key.json"
    assert answers.exists() and key.exists()
    probe = (
        f"cat {answers} {key} {checkout.root}/FrontierBench/items.toml; ls / /attempt; "
        'python3 -c "import urllib.request as u\n'
        f"for url in ('http://127.0.0.1:9/', 'http://127.0.0.2/', 'http://{PRIVATE}/',"
        " 'http://example.org/'):\n"
        "    try: print(url, u.urlopen(url, timeout=5).status)\n"
        "    except Exception as e: print(url, 'refused:', e)\"; echo probe-done"
    )
    script = {"turns": [{"calls": [{"tool": "bash", "command": probe}]}, {"text": "Done."}]}
    record, out, result = attempt(
        tmp_path, packet, clis, profiles, agent, script, condition="C", protocol="native",
        config=str(fixture_config(tmp_path)), testing=True, allow_no_sources=True,
    )  # fmt: skip
    assert record["end_reason"] == "agent stopped"
    # The tool's output, as the model got it back: no file of the host, every URL refused.
    seen = str(result["standin"][-1])
    assert "probe-done" in seen
    assert "No such file or directory" in seen and str(answers) in seen
    assert "status = " not in seen and "salt_sha256" not in seen
    web = read_jsonl(out / "web.jsonl")
    refused = {e["url"]: e["reason"] for e in web if e["decision"] == "refused"}
    # 127.0.0.1 is the jail's own loopback (no proxy for it): nothing of the host there.
    assert "http://127.0.0.1:9/ refused:" in seen and "Connection refused" in seen
    assert "not a public address" in refused["http://127.0.0.2/"]
    assert "not a public address" in refused[f"http://{PRIVATE}/"]
    assert "not in the test fixture map" in refused["http://example.org/"]
    assert record["refused"]["proxy"] == 3 and "http://127.0.0.1:9/" not in refused
    assert {u["key"] for u in record["urls"]} >= {f"url:{PRIVATE}/", "url:example.org/"}


def fixture_config(tmp_path) -> Path:
    """Condition C with the test-only resolver: no name resolves (so none is looked up)."""
    path = tmp_path / "harness.toml"
    path.write_text('[testing.resolver]\n"fixture.test" = "127.0.0.1:9"\n')
    return path


def registry_models() -> dict[str, str]:
    """The registry's model names and the agent CLI each runs in (FrontierBench/models.toml)."""
    path = Path(__file__).resolve().parents[2] / "FrontierBench" / "models.toml"
    return {name: m["agent"] for name, m in tomllib.loads(path.read_text())["models"].items()}


MODELS = registry_models()
# Every registry model under C (web search offered to each); A and B with one model per CLI
# and, for Codex, a code-mode model (its requests carry their tools in additional_tools).
RUNS = [(name, "C") for name in MODELS] + [
    (name, condition)
    for name in ("gpt-6.1-sol", "claude-sonnet-5.5")
    for condition in ("A", "B")
    if name in MODELS
]


def offered_web_search(agent: str, log: list[dict], bodies: list[dict]) -> list[bool]:
    """For each model call that offered tools, whether it offered a web search: for Codex
    the API's own tool (in `tools` or an additional_tools item, as the gateway forwarded
    it); for Claude Code its WebSearch tool, which runs the API's web search server tool in
    a call of its own."""
    if agent == "codex":
        return ["web_search" in e["offered_tools"] for e in log if e.get("tools", 0) > 1]
    return ["WebSearch" in json.dumps(b) for b in bodies if b.get("tools")]


@pytest.mark.parametrize(("model", "condition"), RUNS)
def test_the_registry_models_work_in_each_condition(
    tmp_path, packet, clis, profiles, model, condition
):
    agent = MODELS[model]
    script = {
        "turns": [
            {"calls": [write(packet)]},
            {"calls": [{"tool": "check_submission"}]},
            {"text": "Submitted."},
        ]
    }
    config = tmp_path / "harness.toml"
    # B and C with every retrieval source named (nothing listens there: no call is made).
    config.write_text(
        "".join(
            f'[sources.{name}]\nurl = "http://127.0.0.1:9/{name}"\n'
            for name in ("arxiv", "arxiv_oai", "wikipedia", "openalex", "stackexchange")
        )
        + '[testing.resolver]\n"fixture.test" = "127.0.0.1:9"\n'
    )
    record, out, result = attempt(
        tmp_path, packet, clis, profiles, agent, script, model=model, condition=condition,
        protocol="native", config=str(config), testing=True,
    )  # fmt: skip
    assert record["end_reason"] == "agent stopped", record
    assert (out / "Solution.lean").read_text() == solution_for(packet)
    assert [c["tool"] for c in read_jsonl(out / "mcp.jsonl")] == ["check_submission"]
    log = read_jsonl(out / "gateway.jsonl")
    assert log and all(e["model"] == model and e["status"] == 200 for e in log)
    assert all(body["model"] == model for body in result["standin"])
    # The model's two tool turns were counted as tool use, whatever shape they took.
    assert record["tool_uses"] >= 2
    web = offered_web_search(agent, log, result["standin"])
    assert web
    if condition == "C":
        assert all(web), "condition C offers web search to every model"
    elif agent == "codex":
        assert not any(web)
    if model == "gpt-6.1-sol":
        # Codex's code-mode request: no top-level tools, an additional_tools item led by
        # `exec`; the stand-in acted through it.
        first = result["standin"][0]
        assert "tools" not in first or not first["tools"]
        assert any(i.get("type") == "additional_tools" for i in first["input"])
        assert "exec" in log[0]["offered_tools"][0]
        assert {c for e in log for c in e["tool_calls"]} == {"exec"}


def test_claude_codes_webfetch_goes_straight_to_the_proxy(tmp_path, packet, clis, profiles):
    """No domain check with the vendor's API first (skipWebFetchPreflight in the profile):
    the one request WebFetch makes is the page's, through the proxy, logged."""
    url = "https://fixture.test/abs/2101.00001"
    script = {
        "turns": [
            {"calls": [{"tool": "WebFetch", "arguments": {"url": url, "prompt": "Summarise."}}]},
            {"text": "Done."},
        ]
    }
    record, out, result = attempt(
        tmp_path, packet, clis, profiles, "claude-code", script, condition="C",
        protocol="native", config=str(fixture_config(tmp_path)), testing=True,
        allow_no_sources=True,
    )  # fmt: skip
    assert record["end_reason"] == "agent stopped"
    assert any("WebFetch" in str(b.get("messages")) for b in result["standin"])
    hosts = [e.get("host") for e in read_jsonl(out / "web.jsonl")]
    assert hosts == ["fixture.test"], hosts
