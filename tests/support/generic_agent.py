"""A tiny agent for the harness tests (the `generic` profile): standard library only.

    generic_agent.py start|resume SESSION   (prompt on stdin)

The conversation is kept in $HOME/generic-session-SESSION.json, so `resume` continues it.

It asks the gateway ($OFB_GATEWAY_URL, Anthropic Messages, not streamed) for turns with
two tools, `bash` and `check_submission`, runs `bash` itself and calls `check_submission`
on the MCP server ($OFB_MCP_URL, streamable HTTP), until the model stops. It prints one
JSON line per turn. A failed model call ends the session with status 3."""

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

TOOLS = [
    {
        "name": "bash",
        "description": "run a shell command",
        "input_schema": {"type": "object", "properties": {"command": {"type": "string"}}},
    },
    {
        "name": "mcp__ofb__check_submission",
        "description": "check Solution.lean",
        "input_schema": {"type": "object", "properties": {}},
    },
]


def post(url, body, headers=None):
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return response.headers, response.read()


def mcp_call(tool):
    base = os.environ["OFB_MCP_URL"]
    accept = {"accept": "application/json, text/event-stream"}
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "generic-agent", "version": "0"},
        },
    }
    headers, _ = post(base, init, accept)
    session = headers.get("mcp-session-id")
    extra = dict(accept, **({"mcp-session-id": session} if session else {}))
    if headers.get("mcp-protocol-version"):
        extra["mcp-protocol-version"] = headers["mcp-protocol-version"]
    post(base, {"jsonrpc": "2.0", "method": "notifications/initialized"}, extra)
    call = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": tool, "arguments": {}},
    }
    _, body = post(base, call, extra)
    text = body.decode()
    for line in text.splitlines():
        if line.startswith("data:"):
            text = line[5:].strip()
    result = json.loads(text).get("result") or {}
    return " ".join(c.get("text", "") for c in result.get("content", []))


def main():
    prompt = sys.stdin.read()
    session = os.path.join(os.environ["HOME"], f"generic-session-{sys.argv[2]}.json")
    messages = []
    if sys.argv[1] == "resume" and os.path.exists(session):
        with open(session) as fh:
            messages = json.load(fh)
    messages.append({"role": "user", "content": prompt})
    try:
        return converse(messages)
    finally:
        with open(session, "w") as fh:
            json.dump(messages, fh)


def converse(messages):
    gateway = os.environ["OFB_GATEWAY_URL"]
    for _ in range(50):
        try:
            _, raw = post(
                gateway + "/v1/messages",
                {"model": "any", "max_tokens": 1000, "messages": messages, "tools": TOOLS},
                {"x-api-key": os.environ.get("OFB_TOKEN", ""), "anthropic-version": "2023-06-01"},
            )
        except (urllib.error.URLError, OSError) as exc:
            print(json.dumps({"error": str(exc)}), flush=True)
            return 3
        reply = json.loads(raw)
        print(json.dumps({"turn": reply.get("stop_reason")}), flush=True)
        messages.append({"role": "assistant", "content": reply["content"]})
        calls = [b for b in reply["content"] if b.get("type") == "tool_use"]
        if not calls:
            return 0
        results = []
        for call in calls:
            if call["name"] == "bash":
                command = ["bash", "-c", call["input"]["command"]]
                done = subprocess.run(command, capture_output=True, text=True, check=False)
                output = (done.stdout + done.stderr)[-4000:] + f"\n[exit {done.returncode}]"
            else:
                output = mcp_call("check_submission")
            results.append({"type": "tool_result", "tool_use_id": call["id"], "content": output})
        messages.append({"role": "user", "content": results})
    return 0


if __name__ == "__main__":
    sys.exit(main())
