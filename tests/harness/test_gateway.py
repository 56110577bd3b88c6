"""The gateway: its policy on request bodies, and the service itself on a Unix socket in
front of the stand-in model (streaming and whole answers, both APIs, refusals, logs)."""

from __future__ import annotations

import json

import httpx2
import pytest

from openfrontiers.harness import gateway_policy as gp
from openfrontiers.harness.config import Upstream
from openfrontiers.harness.gateway import GatewayLog, GatewaySettings, build_app
from openfrontiers.harness.services import Services
from openfrontiers.harness.standin import StandinModel

ANTHROPIC_TOOLS = [
    {"name": "Bash", "input_schema": {"type": "object"}},
    {"type": "custom", "name": "mine", "input_schema": {"type": "object"}},
    {"type": "bash_20250124", "name": "bash"},
    {"type": "web_search_20250305", "name": "web_search"},
    {"type": "web_fetch_20250910", "name": "web_fetch"},
    {"type": "code_execution_20250825", "name": "code_execution"},
    {"type": "mcp_toolset", "mcp_server_name": "remote"},
]


def test_anthropic_policy_pins_the_model_and_strips_vendor_tools():
    body = {
        "model": "claude-haiku",
        "tools": ANTHROPIC_TOOLS,
        "mcp_servers": [{"url": "x"}],
        "container": "c1",
        "tool_choice": {"type": "tool", "name": "code_execution"},
    }
    result = gp.anthropic_request(body, "pinned", web=False)
    assert result.body["model"] == "pinned" and result.requested_model == "claude-haiku"
    assert [t.get("name") for t in result.body["tools"]] == ["Bash", "mine", "bash"]
    assert set(result.removed_tools) == {
        "web_search_20250305:web_search", "web_fetch_20250910:web_fetch",
        "code_execution_20250825:code_execution", "mcp_toolset",
    }  # fmt: skip
    assert "mcp_servers" not in result.body and "container" not in result.body
    assert "tool_choice" not in result.body
    live = gp.anthropic_request(body, "pinned", web=True)
    assert {t.get("name") for t in live.body["tools"]} >= {"web_search", "web_fetch"}
    assert "code_execution" not in {t.get("name") for t in live.body["tools"]}


def test_anthropic_betas_lose_the_flags_of_removed_tools():
    header = (
        "claude-code-20250219,code-execution-2025-08-25,mcp-client-2025-04-04,web-fetch-2025-09-10"
    )
    kept, dropped = gp.anthropic_betas(header, web=False)
    assert kept == "claude-code-20250219" and len(dropped) == 3
    kept, _ = gp.anthropic_betas(header, web=True)
    assert kept == "claude-code-20250219,web-fetch-2025-09-10"


def test_openai_policy_keeps_client_tools_and_web_only_live():
    tools = [
        {"type": "function", "name": "exec_command"},
        {"type": "namespace", "name": "ns", "tools": [{"type": "function", "name": "a"},
                                                      {"type": "code_interpreter"}]},
        {"type": "web_search"}, {"type": "code_interpreter"}, {"type": "mcp", "server_url": "x"},
        {"type": "image_generation"}, {"type": "file_search"},
    ]  # fmt: skip
    body = {
        "model": "gpt-x",
        "tools": tools,
        "tool_choice": {"type": "web_search"},
        "include": ["code_interpreter_call.outputs", "reasoning.encrypted_content"],
    }
    result = gp.openai_request(body, "pinned", web=False)
    assert result.body["model"] == "pinned"
    kinds = [t["type"] for t in result.body["tools"]]
    assert kinds == ["function", "namespace"]
    assert result.body["tools"][1]["tools"] == [{"type": "function", "name": "a"}]
    assert result.body["tool_choice"] == "auto"
    assert result.body["include"] == ["reasoning.encrypted_content"]
    live = gp.openai_request(body, "pinned", web=True)
    assert "web_search" in [t["type"] for t in live.body["tools"]]


@pytest.fixture
def gateway(tmp_path):
    script = {"turns": [{"calls": [{"tool": "bash", "command": "ls"}]}, {"fail": 401}],
              "then": {"text": "done"}}  # fmt: skip
    with StandinModel(script) as model:
        log = GatewayLog(tmp_path / "gateway.jsonl")
        app = build_app(GatewaySettings("pinned", False, Upstream(model.url)), log)
        sock = tmp_path / "sock"
        sock.mkdir()
        with Services(sock, {"gateway": app}):
            transport = httpx2.HTTPTransport(uds=str(sock / "gateway.sock"))
            with httpx2.Client(transport=transport, base_url="http://127.0.0.1") as client:
                yield client, log, model


def test_the_gateway_forwards_streams_and_tallies(gateway, tmp_path):
    client, log, model = gateway
    log.round = 1
    body = {"model": "whatever", "max_tokens": 10, "stream": True,
            "messages": [{"role": "user", "content": "hi"}], "tools": ANTHROPIC_TOOLS}  # fmt: skip
    answer = client.post("/v1/messages", json=body, headers={"x-api-key": "agent-token"})
    assert answer.status_code == 200 and "event: message_stop" in answer.text
    sent = model.requests[-1]
    assert sent["model"] == "pinned"
    assert "code_execution" not in json.dumps(sent["tools"])
    stats = log.stats(1)
    assert (stats.calls, stats.ok, stats.tool_uses, stats.tool_names) == (1, 1, 1, ["Bash"])
    # A refusal no retry changes: counted as a failed call, the round's last one fatal.
    refused = client.post("/v1/messages", json=body)
    assert refused.status_code == 401 and log.stats(1).last_fatal
    # Another path is refused and logged, not forwarded.
    other = client.get("/v1/models")
    assert other.status_code == 404 and log.stats(1).refused == 1
    entries = [json.loads(line) for line in (tmp_path / "gateway.jsonl").read_text().splitlines()]
    assert entries[0]["requested_model"] == "whatever" and entries[0]["tool_calls"] == ["Bash"]
    assert "code_execution_20250825:code_execution" in entries[0]["removed_tools"]
    assert entries[-1]["refused"].startswith("the gateway serves no /v1/models")


def test_the_gateway_serves_the_responses_api_whole(gateway):
    client, log, model = gateway
    model.turns.clear()
    answer = client.post(
        "/v1/responses",
        json={"model": "x", "input": [{"role": "user", "content": "hi"}],
              "tools": [{"type": "function", "name": "exec_command"}]},
    )  # fmt: skip
    assert answer.status_code == 200 and answer.json()["status"] == "completed"
    assert log.stats(0).ok == 1 and model.requests[-1]["model"] == "pinned"


def test_an_unreachable_upstream_is_a_failed_call(tmp_path):
    log = GatewayLog(tmp_path / "gateway.jsonl")
    app = build_app(GatewaySettings("m", False, Upstream("http://127.0.0.1:9")), log)
    sock = tmp_path / "s"
    sock.mkdir()
    with Services(sock, {"gateway": app}):
        transport = httpx2.HTTPTransport(uds=str(sock / "gateway.sock"))
        with httpx2.Client(transport=transport, base_url="http://127.0.0.1") as client:
            answer = client.post("/v1/messages", json={"model": "x", "messages": []})
    assert answer.status_code == 502 and answer.json()["type"] == "error"
    assert log.stats(0).failed == 1 and not log.stats(0).last_fatal


def test_a_request_body_over_the_limit_is_refused_unread(gateway, monkeypatch):
    from openfrontiers.harness import gateway as gw

    client, log, model = gateway
    monkeypatch.setattr(gw, "MAX_REQUEST_BYTES", 1 << 16)
    seen = len(model.requests)
    huge = b'{"model": "x", "messages": "' + b"a" * (1 << 17) + b'"}'
    answer = client.post("/v1/messages", content=huge, headers={"content-type": "application/json"})
    assert answer.status_code == 413 and len(model.requests) == seen
    assert log.stats(0).refused == 1 and log.stats(0).calls == 0


def lite_body() -> dict:
    """Codex's "responses lite" request of a code-mode model: no top-level tools; an
    additional_tools input item led by the JavaScript `exec` tool."""
    nested = [
        {"type": "custom", "name": "exec", "format": {"type": "grammar"}},
        {"type": "function", "name": "wait"},
        {"type": "code_interpreter"},
        {"type": "web_search"},
    ]
    return {
        "model": "gpt-6.1-sol",
        "input": [
            {"type": "additional_tools", "role": "developer",
             "tools": [{"type": "namespace", "name": "functions", "tools": nested},
                       {"type": "mcp", "server_url": "x"}]},
            {"type": "message", "role": "user", "content": "hi"},
        ],
        "tool_choice": {"type": "custom", "name": "exec"},
    }  # fmt: skip


def test_openai_policy_looks_inside_additional_tools():
    result = gp.openai_request(lite_body(), "pinned", web=False)
    assert "tools" not in result.body
    (item, _) = result.body["input"]
    (namespace,) = item["tools"]
    assert [t["name"] for t in namespace["tools"]] == ["exec", "wait"]
    assert set(result.removed_tools) == {"code_interpreter", "web_search", "mcp"}
    assert result.tools == ["custom:exec", "function:wait"]
    assert result.body["tool_choice"] == {"type": "custom", "name": "exec"}  # still offered
    live = gp.openai_request(lite_body(), "pinned", web=True)
    assert "web_search" in live.tools and not live.notes


def test_condition_c_offers_web_search_to_every_model():
    body = lite_body()
    body["input"][0]["tools"][0]["tools"].pop()  # no web search of its own
    live = gp.openai_request(body, "pinned", web=True)
    assert live.body["input"][0]["tools"][-1] == {"type": "web_search"}
    assert "tools" not in live.body and live.notes == ["web_search added (condition C)"]
    flat = {"model": "m", "input": [], "tools": [{"type": "function", "name": "f"}]}
    assert gp.openai_request(flat, "pinned", web=True).body["tools"][-1]["type"] == "web_search"
    assert "web_search" not in gp.openai_request(body, "pinned", web=False).tools
    # An auxiliary call offered no tools stays without.
    bare = gp.openai_request({"model": "m", "input": []}, "pinned", web=True)
    assert "tools" not in bare.body and not bare.notes


def test_the_tally_keeps_listed_pages_apart_from_fetched_ones():
    from openfrontiers.harness.gateway import AnthropicTally, OpenAITally

    openai = OpenAITally()
    search = {"type": "search", "query": "q", "sources": [{"url": "https://arxiv.org/abs/1"}]}
    openai.item({"type": "web_search_call", "action": search})
    openai.item(
        {"type": "web_search_call", "action": {"type": "open_page", "url": "https://a.org/p"}}
    )
    script = 'await tools.exec_command({cmd: "curl -s http://127.0.0.1:9/abs/2101.00001"})'
    openai.item({"type": "custom_tool_call", "name": "exec", "input": script})
    assert openai.t.listed == ["https://arxiv.org/abs/1"] and openai.t.urls == ["https://a.org/p"]
    assert openai.t.tool_urls == ["http://127.0.0.1:9/abs/2101.00001"]
    anthropic = AnthropicTally()
    events = [
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "web_search_tool_result", "content": [{"url": "https://l.org/"}]}},
        {"type": "content_block_start", "index": 1,
         "content_block": {"type": "tool_use", "name": "WebFetch", "input": {}}},
        {"type": "content_block_delta", "index": 1,
         "delta": {"type": "input_json_delta", "partial_json": '{"url": "https://erdosproblems'}},
        {"type": "content_block_delta", "index": 1,
         "delta": {"type": "input_json_delta", "partial_json": '.com/152"}'}},
        {"type": "content_block_stop", "index": 1},
    ]  # fmt: skip
    for event in events:
        anthropic.event(event["type"], event)
    assert anthropic.t.listed == ["https://l.org/"] and anthropic.t.urls == []
    assert anthropic.t.tool_urls == ["https://erdosproblems.com/152"]


def test_a_tool_call_url_counts_as_fetched_only_where_the_proxy_carried_its_host():
    from openfrontiers.harness.urls import normalise
    from openfrontiers.results.records import _urls

    def entry(url, via, round_no=1, **more):
        return {"url": url, "via": via, "round": round_no, **normalise(url).as_dict(), **more}

    doc = {
        "urls": [
            entry("https://arxiv.org/abs/2101.00001", "agent-tool-call"),
            entry("https://arxiv.org/", "proxy", decision="allowed"),
            entry("https://erdosproblems.com/152", "agent-tool-call"),  # never reached
            entry("https://github.com/o/r", "agent-tool-call", round_no=2),  # other round
            entry("https://github.com/", "proxy", decision="allowed"),
            entry("https://mathoverflow.net/questions/7", "model-web-tool-listed"),
            entry("https://mathoverflow.net/questions/8", "model-web-tool"),
        ]
    }
    fetched = {v.key for v in _urls(doc) if v.fetched}
    assert "arxiv:2101.00001" in fetched and "mathoverflow:8" in fetched
    assert not fetched & {"erdos:152", "repo:github.com/o/r", "mathoverflow:7"}
