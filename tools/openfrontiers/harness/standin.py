"""A stand-in model server on loopback: scripted turns in each API's real wire format.

For tests and demonstrations only (`ofb attempt --standin SCRIPT`): it lets the real
agent CLIs run end to end on this machine with no model and no network.

It speaks the Anthropic Messages API (`POST /v1/messages`, streamed as server-sent events
or whole) and the OpenAI Responses API (`POST /v1/responses`), so the real agent CLIs run
against it unchanged. It is not a model: it replays a script of turns, one per request
that carries tools (requests without tools — a CLI's auxiliary calls — get a short text).

A turn is a dict:
  {"text": "…"}                                   a final answer: the session ends
  {"calls": [{"tool": "write", "path": "Solution.lean", "content": "…"},
             {"tool": "bash", "command": "…"},
             {"tool": "check_submission"},
             {"tool": "WebFetch", "arguments": {…}}]}   tool calls, in the agent's own tools
                                                   (another tool: by its name)
  {"fail": 503}                                    an HTTP error in the API's error format
A script is {"turns": [...], "then": turn}: after the turns, `then` answers every request.
Each conversation (told apart by its first user message) follows the script on its own.
Tools are looked for wherever a request offers them: `tools`, and the `additional_tools`
input items of Codex's "responses lite" requests. Where the only way to act is Codex's
code-mode `exec` tool (JavaScript calling nested tools), each call becomes an `exec` call
whose script does it through the nested tools (`exec_command`, the MCP tool found in
`ALL_TOOLS`), as a code-mode model does.
Every request is kept (`requests`) for the tests to inspect.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from ..errors import UsageError

WORK = "/attempt/work"
_ids = itertools.count(1)


def _find_tool(tools: list, want: str) -> dict | None:
    """The request's tool for a role: write, bash, read or check_submission."""
    flat: list[dict] = []
    for t in tools:
        if isinstance(t, dict) and t.get("type") == "namespace":
            flat += [dict(sub, _namespace=t.get("name")) for sub in t.get("tools") or []]
        elif isinstance(t, dict):
            flat.append(t)
    names = {
        "write": ("Write",),
        "bash": ("Bash", "bash", "exec_command", "shell", "shell_command"),
        "read": ("Read",),
    }
    for t in flat:
        name = str(t.get("name", ""))
        if want == "check_submission" and name.endswith("check_submission"):
            return t
        if name in names.get(want, ()) or name == want:
            return t
    return None


def offered_tools(body: dict) -> list:
    """The request's tools: `tools`, then those of Responses `additional_tools` items."""
    tools = list(body.get("tools") or [])
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("type") == "additional_tools":
            tools += [t for t in item.get("tools") or [] if isinstance(t, dict)]
    return tools


def _code_mode(tools: list) -> dict | None:
    """Codex's code-mode `exec` tool (custom, JavaScript source as its input), if offered."""
    flat: list[dict] = []
    for t in tools:
        flat += t.get("tools") or [] if t.get("type") == "namespace" else [t]
    return next((t for t in flat if t.get("type") == "custom" and t.get("name") == "exec"), None)


def _js(call: dict) -> str:
    """A code-mode script doing one scripted call through the nested tools."""
    kind = call["tool"]
    if kind == "write":
        command = f"cat > {call['path']} <<'OFB_EOF'\n{call['content']}OFB_EOF\n"
    elif kind == "read":
        command = f"cat {call['path']}"
    elif kind == "bash":
        command = call["command"]
    else:
        wanted = json.dumps(kind)
        args = json.dumps(call.get("arguments") or {})
        return (
            f"const t = ALL_TOOLS.find((t) => t.name.endsWith({wanted}));\n"
            f"const r = await tools[t.name]({args});\n"
            "text(JSON.stringify(r));\n"
        )
    return f"const r = await tools.exec_command({{cmd: {json.dumps(command)}}});\ntext(r.output);\n"


def _find_named(tools: list, name: str) -> dict | None:
    return next((t for t in tools if isinstance(t, dict) and t.get("name") == name), None)


def _bash_args(tool: dict, command: str) -> dict:
    props = ((tool.get("input_schema") or tool.get("parameters") or {}).get("properties")) or {}
    if "cmd" in props:
        return {"cmd": command}
    if "command" in props and (props["command"].get("type") == "array"):
        return {"command": ["bash", "-lc", command]}
    return {"command": command, "description": "run a command"}


def resolve_calls(turn: dict, tools: list) -> list[tuple[str, dict, str | None]]:
    """(tool name, arguments, namespace) for each scripted call, in this agent's tools."""
    calls: list[tuple[str, dict, str | None]] = [
        (name, args, None) for name, args in turn.get("_raw_calls", [])
    ]
    code = _code_mode(tools) if turn.get("calls") else None
    if code is not None and _find_tool(tools, "bash") is None:
        return [(code["name"], {"_input": _js(call)}, None) for call in turn["calls"]]
    for call in turn.get("calls", []):
        kind = call["tool"]
        if kind == "write":
            tool = _find_tool(tools, "write")
            if tool is not None:
                calls.append(
                    (
                        tool["name"],
                        {"file_path": f"{WORK}/{call['path']}", "content": call["content"]},
                        None,
                    )
                )
                continue
            # No write tool (Codex): a shell heredoc does it.
            kind, call = (
                "bash",
                {"command": f"cat > {call['path']} <<'OFB_EOF'\n{call['content']}OFB_EOF\n"},
            )
        tool = _find_tool(tools, "bash" if kind == "bash" else kind)
        if tool is None:
            raise LookupError(f"the request offers no tool for {kind!r}")
        if kind == "bash":
            calls.append((tool["name"], _bash_args(tool, call["command"]), tool.get("_namespace")))
        elif kind == "read":
            calls.append((tool["name"], {"file_path": call["path"]}, None))
        else:
            calls.append((tool["name"], dict(call.get("arguments") or {}), tool.get("_namespace")))
    return calls


def _sse(events: list[tuple[str, dict]]) -> bytes:
    return b"".join(
        f"event: {name}\ndata: {json.dumps(data)}\n\n".encode() for name, data in events
    )


def _ev(name: str, **data: Any) -> tuple[str, dict]:
    """One server-sent event whose data names its own type, as both APIs do."""
    return name, {"type": name, **data}


def anthropic_reply(body: dict, turn: dict) -> tuple[dict, list[tuple[str, dict]]]:
    blocks: list[dict[str, Any]] = []
    if turn.get("text"):
        blocks.append({"type": "text", "text": turn["text"]})
    for name, args, _ in resolve_calls(turn, offered_tools(body)):
        blocks.append(
            {"type": "tool_use", "id": f"toolu_{next(_ids)}", "name": name, "input": args}
        )
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    if not blocks:
        blocks.append({"type": "text", "text": "…"})
    message = {
        "id": f"msg_{next(_ids)}",
        "type": "message",
        "role": "assistant",
        "model": body.get("model"),
        "content": blocks,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 11, "output_tokens": 7},
    }
    opening = dict(message, content=[], stop_reason=None)
    opening["usage"] = {"input_tokens": 11, "output_tokens": 1}
    events = [_ev("message_start", message=opening)]
    for i, block in enumerate(blocks):
        start: dict[str, Any]
        if block["type"] == "text":
            start = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        else:
            start = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        events.append(_ev("content_block_start", index=i, content_block=start))
        events.append(_ev("content_block_delta", index=i, delta=delta))
        events.append(_ev("content_block_stop", index=i))
    events.append(
        _ev(
            "message_delta",
            delta={"stop_reason": stop, "stop_sequence": None},
            usage={"output_tokens": 7},
        )
    )
    events.append(_ev("message_stop"))
    return message, events


def openai_reply(body: dict, turn: dict) -> tuple[dict, list[tuple[str, dict]]]:
    items: list[dict[str, Any]] = []
    if turn.get("text"):
        items.append(
            {
                "id": f"msg_{next(_ids)}",
                "type": "message",
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": turn["text"], "annotations": []}],
            }
        )
    for name, args, namespace in resolve_calls(turn, offered_tools(body)):
        item: dict[str, Any] = {
            "id": f"fc_{next(_ids)}",
            "type": "function_call",
            "status": "completed",
            "call_id": f"call_{next(_ids)}",
            "name": name,
            "arguments": json.dumps(args),
        }
        if "_input" in args:  # a custom (freeform) tool: its input is plain text
            item = dict(item, id=f"ctc_{next(_ids)}", type="custom_tool_call", input=args["_input"])
            del item["arguments"]
        if namespace:
            item["namespace"] = namespace
        items.append(item)
    usage = {
        "input_tokens": 11,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 7,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 18,
    }
    base = {
        "id": f"resp_{next(_ids)}",
        "object": "response",
        "created_at": int(time.time()),
        "model": body.get("model"),
    }
    done = dict(base, status="completed", output=items, usage=usage)
    events = [_ev("response.created", response=dict(base, status="in_progress", output=[]))]
    for i, item in enumerate(items):
        events.append(_ev("response.output_item.added", output_index=i, item=item))
        if item["type"] == "message":
            text = item["content"][0]["text"]
            events.append(
                _ev(
                    "response.output_text.delta",
                    item_id=item["id"],
                    output_index=i,
                    content_index=0,
                    delta=text,
                )
            )
        events.append(_ev("response.output_item.done", output_index=i, item=item))
    events.append(_ev("response.completed", response=done))
    return done, events


def conversation(body: dict) -> str:
    """Which conversation a request continues: the user message holding the harness's task
    prompt (it names the packet; a CLI may put context messages of its own before it),
    else the first user message — so that attempts running at once each follow the script."""
    users = [
        json.dumps(m.get("content"))
        for m in body.get("messages") or body.get("input") or []
        if isinstance(m, dict) and m.get("role") == "user"
    ]
    chosen = next((u for u in users if "<Problem.lean>" in u), users[0] if users else "")
    return hashlib.sha256(chosen.encode()).hexdigest()


class StandinModel:
    """Start with `with StandinModel(script) as m:`; `m.url` is its base URL."""

    def __init__(self, script: dict, host: str = "127.0.0.1") -> None:
        if host not in ("127.0.0.1", "::1", "localhost"):
            raise ValueError("the stand-in model listens on loopback only")
        self.turns = list(script.get("turns", []))
        self.cursors: dict[str, int] = {}  # conversation → next turn
        self.then: dict = script.get("then", {"text": "I have nothing more to add."})
        self.requests: list[dict] = []
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: bytes, media: str) -> None:
                self.send_response(status)
                self.send_header("content-type", media)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    self._send(400, b'{"error": "bad json"}', "application/json")
                    return
                self._send(*outer.answer(self.path, body))

        self.server = ThreadingHTTPServer((host, 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    def next_turn(self, body: dict) -> dict:
        with self.lock:
            self.requests.append(body)
            tools = offered_tools(body)
            if not tools:
                return {"text": "OK", "_aux": True}
            key = conversation(body)
            at = self.cursors.get(key, 0)
            turn: dict = self.turns[at] if at < len(self.turns) else self.then
            try:
                resolve_calls(turn, tools)
            except LookupError:
                # Claude Code defers MCP tools and some of its own (WebFetch, WebSearch): a model
                # first loads them with ToolSearch.
                search = _find_named(tools, "ToolSearch")
                roles = ("write", "bash", "read")
                wanted = [c["tool"] for c in turn.get("calls", []) if c["tool"] not in roles]
                text = json.dumps(body)
                deferred = [
                    found
                    for want in wanted
                    for found in (
                        re.findall(rf"mcp__\w+__{want}", text)
                        if want == "check_submission"
                        else [want] * (want in text)
                    )
                    if _find_named(tools, found) is None
                ]
                if search is None or not deferred:
                    raise
                return {"_raw_calls": [("ToolSearch", {"query": f"select:{deferred[0]}"})]}
            self.cursors[key] = at + 1
            return turn

    def answer(self, path: str, body: dict) -> tuple[int, bytes, str]:
        """Status, body and media type for one request."""
        path = path.split("?")[0]
        api = "openai" if path.endswith("/responses") else "anthropic"
        if path.endswith("/count_tokens"):
            return 200, b'{"input_tokens": 11}', "application/json"
        turn = self.next_turn(body)
        if "fail" in turn:
            error: dict = {"error": {"message": "stand-in failure", "type": "server_error"}}
            if api == "anthropic":
                error = {"type": "error", "error": {"type": "api_error", "message": "failure"}}
            return int(turn["fail"]), json.dumps(error).encode(), "application/json"
        whole, events = (anthropic_reply if api == "anthropic" else openai_reply)(body, turn)
        if body.get("stream"):
            return 200, _sse(events), "text/event-stream"
        return 200, json.dumps(whole).encode(), "application/json"

    def __enter__(self) -> StandinModel:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def load_script(path: Path) -> dict:
    """A script file (JSON): {"turns": [...], "then": {...}}."""
    try:
        script: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the stand-in script: {exc}") from None
    except ValueError as exc:
        raise UsageError(f"{path}: the stand-in script is not JSON: {exc}") from None
    if not isinstance(script, dict) or not isinstance(script.get("turns", []), list):
        raise UsageError(f"{path}: a stand-in script is an object with a list 'turns'")
    return script
