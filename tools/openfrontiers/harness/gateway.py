"""The model API gateway: the agent's only way to a model (a host service).

It listens on a Unix socket bound into the agent jail (reached from inside through the
forwarder on the jail's loopback) and serves the Anthropic Messages API (`/v1/messages`,
`/v1/messages/count_tokens`) and the OpenAI Responses API (`/v1/responses`), streaming
included. Every request gets the policy of `gateway_policy` (pinned model, vendor-side
tools removed, web tools only in C) and is forwarded to the upstream the evaluator named —
there is no default upstream. Responses pass through unchanged, byte for byte, while a
reader tallies what the harness needs: whether the call succeeded, tokens, the tool calls
the model made, and the URLs server-side web tools touched. One JSON line per request goes
to the gateway log; anything else (another path, a bad body) is refused and logged too.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import gateway_policy
from .config import Upstream
from .sse import SSEReader

# Upstream answers a retry cannot change: the API refuses this model, key or request.
FATAL_STATUSES = {400, 401, 403, 404, 413, 422}
FORWARD_HEADERS = ("content-type", "accept", "anthropic-version", "openai-beta")
# The largest request body an agent may send (a long conversation with images fits); a
# larger one is refused before it is held whole.
MAX_REQUEST_BYTES = 64 << 20
TOOL_BLOCKS = ("tool_use", "server_tool_use", "mcp_tool_use")
OPENAI_TOOL_ITEMS = (
    "function_call",
    "custom_tool_call",
    "local_shell_call",
    "shell_call",
    "apply_patch_call",
    "web_search_call",
    "mcp_call",
    "code_interpreter_call",
    "computer_call",
)


@dataclass
class CallTally:
    """What one model call did, read from its (streamed or whole) response."""

    completed: bool = False
    error: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    tools: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)  # pages a server-side web tool fetched
    listed: list[str] = field(default_factory=list)  # pages a search only listed or cited
    tool_urls: list[str] = field(default_factory=list)  # URLs in the model's own tool calls
    stop: str | None = None


URL_TEXT = re.compile(r"https?://[^\s\"'<>`\\)\]]+")
# Server-side web tool results that fetched a page (the rest — search results, citations —
# only list pages).
ANTHROPIC_FETCHED = ("web_fetch_tool_result",)
OPENAI_FETCH_ACTIONS = ("open_page", "find_in_page", "find")


def _urls_in(value: Any, found: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "url" and isinstance(item, str):
                found.append(item)
            else:
                _urls_in(item, found)
    elif isinstance(value, list):
        for item in value:
            _urls_in(item, found)


class AnthropicTally:
    def __init__(self) -> None:
        self.t = CallTally()
        self.partial: dict[object, str] = {}  # streamed tool input by block index

    def _usage(self, usage: dict) -> None:
        self.t.input_tokens = max(self.t.input_tokens, int(usage.get("input_tokens") or 0))
        self.t.output_tokens = max(self.t.output_tokens, int(usage.get("output_tokens") or 0))
        self.t.cache_read_tokens = max(
            self.t.cache_read_tokens, int(usage.get("cache_read_input_tokens") or 0)
        )
        self.t.cache_write_tokens = max(
            self.t.cache_write_tokens, int(usage.get("cache_creation_input_tokens") or 0)
        )

    def block(self, block: dict) -> None:
        kind = block.get("type")
        if kind in TOOL_BLOCKS:
            self.t.tools.append(str(block.get("name")))
        if kind == "tool_use":
            self.t.tool_urls += (
                URL_TEXT.findall(json.dumps(block.get("input"))) if block.get("input") else []
            )
        elif kind in ANTHROPIC_FETCHED:
            _urls_in(block, self.t.urls)
        elif "web" in str(kind):
            _urls_in(block, self.t.listed)

    def event(self, name: str, data: object) -> None:
        if not isinstance(data, dict):
            return
        kind = data.get("type", name)
        if kind == "message_start":
            self._usage((data.get("message") or {}).get("usage") or {})
        elif kind == "content_block_start":
            self.block(data.get("content_block") or {})
            self.partial[data.get("index")] = ""
        elif kind == "content_block_delta":
            delta = data.get("delta") or {}
            if delta.get("type") == "citations_delta":
                _urls_in(delta.get("citation"), self.t.listed)
            elif delta.get("type") == "input_json_delta" and data.get("index") in self.partial:
                self.partial[data.get("index")] += str(delta.get("partial_json") or "")
        elif kind == "content_block_stop":
            # a streamed tool call's input, whole: the URLs it names
            self.t.tool_urls += URL_TEXT.findall(self.partial.pop(data.get("index"), ""))
        elif kind == "message_delta":
            self._usage(data.get("usage") or {})
            self.t.stop = (data.get("delta") or {}).get("stop_reason")
        elif kind == "message_stop":
            self.t.completed = self.t.error is None
        elif kind == "error":
            self.t.error = json.dumps(data.get("error"))[:500]
            self.t.completed = False

    def whole(self, data: dict) -> None:
        if data.get("type") == "error":
            self.t.error = json.dumps(data.get("error"))[:500]
            return
        self._usage(data.get("usage") or {})
        for block in data.get("content") or []:
            if isinstance(block, dict):
                self.block(block)
        self.t.stop = data.get("stop_reason")
        self.t.completed = data.get("type") == "message" or "input_tokens" in data


class OpenAITally:
    def __init__(self) -> None:
        self.t = CallTally()

    def _usage(self, usage: dict | None) -> None:
        if not usage:
            return
        self.t.input_tokens = int(usage.get("input_tokens") or 0)
        self.t.output_tokens = int(usage.get("output_tokens") or 0)
        details = usage.get("input_tokens_details") or {}
        self.t.cache_read_tokens = int(details.get("cached_tokens") or 0)

    def item(self, item: dict) -> None:
        kind = item.get("type")
        if kind in OPENAI_TOOL_ITEMS:
            self.t.tools.append(str(item.get("name") or kind))
        if kind == "web_search_call":
            action = item.get("action") or {}
            fetched = isinstance(action, dict) and action.get("type") in OPENAI_FETCH_ACTIONS
            _urls_in(action, self.t.urls if fetched else self.t.listed)
        elif kind in OPENAI_TOOL_ITEMS:
            text = str(item.get("arguments") or "") + str(item.get("input") or "")
            text += json.dumps(item.get("action") or "")
            self.t.tool_urls += URL_TEXT.findall(text)
        if kind == "message":
            for part in item.get("content") or []:
                if isinstance(part, dict):
                    _urls_in(part.get("annotations"), self.t.listed)

    def event(self, name: str, data: object) -> None:
        if not isinstance(data, dict):
            return
        kind = data.get("type", name)
        if kind == "response.output_item.done":
            self.item(data.get("item") or {})
        elif kind == "response.completed":
            self._usage((data.get("response") or {}).get("usage"))
            self.t.completed = self.t.error is None
            self.t.stop = "completed"
        elif kind in ("response.failed", "response.incomplete"):
            response = data.get("response") or {}
            self._usage(response.get("usage"))
            self.t.error = json.dumps(response.get("error") or response.get("incomplete_details"))[
                :500
            ]
            self.t.stop = kind
        elif kind == "error":
            self.t.error = json.dumps(data.get("error") or data)[:500]

    def whole(self, data: dict) -> None:
        if data.get("error"):
            self.t.error = json.dumps(data["error"])[:500]
            return
        for item in data.get("output") or []:
            if isinstance(item, dict):
                self.item(item)
        self._usage(data.get("usage"))
        self.t.completed = data.get("status") in (None, "completed")


@dataclass
class RoundStats:
    """The gateway's count for one round (one agent session)."""

    calls: int = 0
    ok: int = 0
    failed: int = 0
    refused: int = 0
    tool_uses: int = 0
    tool_names: list[str] = field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    last_status: int | None = None
    last_ok: bool | None = None
    urls: list[str] = field(default_factory=list)
    listed: list[str] = field(default_factory=list)
    tool_urls: list[str] = field(default_factory=list)

    @property
    def last_fatal(self) -> bool:
        """The round's last model call failed with an answer a retry cannot change."""
        return self.last_ok is False and self.last_status in FATAL_STATUSES

    def as_dict(self) -> dict:
        return {
            "calls": self.calls,
            "ok": self.ok,
            "failed": self.failed,
            "refused": self.refused,
            "tool_uses": self.tool_uses,
            "tool_names": sorted(set(self.tool_names)),
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cache_read_tokens": self.cache_read_tokens,
            "cache_write_tokens": self.cache_write_tokens,
            "last_status": self.last_status,
        }


class GatewayLog:
    """The request log (JSON lines) and the per-round counts; shared with the attempt."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self.round = 0
        self.rounds: dict[int, RoundStats] = {}

    def stats(self, round_no: int) -> RoundStats:
        with self._lock:
            return self.rounds.setdefault(round_no, RoundStats())

    def record(self, entry: dict, tally: CallTally | None, status: int, counted: bool) -> None:
        with self._lock:
            stats = self.rounds.setdefault(self.round, RoundStats())
            entry = {"round": self.round, **entry}
            if counted:
                stats.calls += 1
                ok = tally is not None and tally.completed and 200 <= status < 300
                stats.ok += ok
                stats.failed += not ok
                stats.last_status, stats.last_ok = status, ok
                if tally is not None:
                    stats.tool_uses += len(tally.tools)
                    stats.tool_names += tally.tools
                    stats.input_tokens += tally.input_tokens
                    stats.output_tokens += tally.output_tokens
                    stats.cache_read_tokens += tally.cache_read_tokens
                    stats.cache_write_tokens += tally.cache_write_tokens
                    stats.urls += tally.urls
                    stats.listed += tally.listed
                    stats.tool_urls += tally.tool_urls
                entry["ok"] = ok
            else:
                stats.refused += 1
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(entry, sort_keys=True) + "\n")


@dataclass(frozen=True)
class GatewaySettings:
    model: str
    web: bool  # condition C: server-side web tools stay
    upstream: Upstream


def _error_body(api: str, status: int, message: str) -> bytes:
    if api == "anthropic":
        doc: dict = {"type": "error", "error": {"type": "api_error", "message": message}}
    else:
        doc = {"error": {"message": message, "type": "server_error", "code": status}}
    return json.dumps(doc).encode()


def build_app(settings: GatewaySettings, log: GatewayLog) -> Any:
    """The ASGI application (Starlette), with one upstream client for its lifetime."""
    import contextlib

    import httpx2
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        async with httpx2.AsyncClient(
            timeout=httpx2.Timeout(settings.upstream.timeout, connect=30.0),
            follow_redirects=False,
            trust_env=False,  # no proxy from the host's environment: the upstream as given
        ) as client:
            state["client"] = client
            yield

    key = settings.upstream.api_key()

    async def refuse(request: Request, api: str, status: int, why: str) -> Response:
        log.record(
            {
                "time": time.time(),
                "api": api,
                "path": request.url.path,
                "method": request.method,
                "status": status,
                "refused": why,
            },
            None,
            status,
            counted=False,
        )
        return Response(_error_body(api, status, why), status, media_type="application/json")

    async def forward(request: Request, api: str) -> Response:
        # The body comes from the agent: read in pieces, never more than MAX_REQUEST_BYTES.
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_REQUEST_BYTES:
                return await refuse(
                    request, api, 413, f"the request body is over {MAX_REQUEST_BYTES} bytes"
                )
            chunks.append(chunk)
        raw = b"".join(chunks)
        try:
            body = json.loads(raw)
            if not isinstance(body, dict):
                raise ValueError("not an object")
        except ValueError as exc:
            return await refuse(request, api, 400, f"the request body is not a JSON object: {exc}")
        if api == "anthropic":
            policy = gateway_policy.anthropic_request(body, settings.model, settings.web)
            betas, dropped_betas = gateway_policy.anthropic_betas(
                request.headers.get("anthropic-beta"), settings.web
            )
        else:
            policy = gateway_policy.openai_request(body, settings.model, settings.web)
            betas, dropped_betas = None, []
        headers = {h: request.headers[h] for h in FORWARD_HEADERS if h in request.headers}
        headers["accept-encoding"] = "identity"  # the tally reads the bytes as they pass
        if betas:
            headers["anthropic-beta"] = betas
        if key is not None:
            if api == "anthropic":
                headers["x-api-key"] = key
            else:
                headers["authorization"] = f"Bearer {key}"
        data = json.dumps(policy.body).encode()
        path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        entry = {
            "time": time.time(),
            "api": api,
            "path": request.url.path,
            "requested_model": policy.requested_model,
            "model": settings.model,
            "stream": bool(body.get("stream")),
            "removed_tools": policy.removed_tools,
            "removed_fields": policy.removed_fields,
            "dropped_betas": dropped_betas,
            "notes": policy.notes,
            # every tool offered, wherever the request put it (Codex's lite requests
            # carry theirs in `additional_tools` input items, nested in namespaces)
            "tools": len(policy.tools),
            "offered_tools": policy.tools,
            "request_bytes": len(raw),
            "request_sha256": hashlib.sha256(raw).hexdigest(),
        }
        counted = not request.url.path.endswith("/count_tokens")
        tally = AnthropicTally() if api == "anthropic" else OpenAITally()
        started = time.monotonic()
        client: httpx2.AsyncClient = state["client"]
        try:
            upstream_request = client.build_request(
                "POST", settings.upstream.url + path, content=data, headers=headers
            )
            upstream = await client.send(upstream_request, stream=True)
        except httpx2.HTTPError as exc:
            entry.update(status=502, error=f"upstream unreachable: {exc!r}"[:300])
            entry["seconds"] = round(time.monotonic() - started, 3)
            log.record(entry, tally.t, 502, counted)
            return Response(
                _error_body(api, 502, "the model API could not be reached"),
                502,
                media_type="application/json",
            )
        status = upstream.status_code
        media = upstream.headers.get("content-type", "application/json")
        streaming = "text/event-stream" in media

        async def relay() -> AsyncIterator[bytes]:
            reader = SSEReader()
            whole = bytearray()
            try:
                async for chunk in upstream.aiter_raw():
                    if streaming:
                        for name, event in reader.feed(chunk):
                            tally.event(name, event)
                    else:
                        whole += chunk
                    yield chunk
            except httpx2.HTTPError as exc:
                tally.t.error = f"upstream stream broke: {exc!r}"[:300]
                tally.t.completed = False
            finally:
                await upstream.aclose()
                if not streaming:
                    try:
                        parsed = json.loads(bytes(whole) or b"null")
                        if isinstance(parsed, dict) and 200 <= status < 300:
                            tally.whole(parsed)
                        elif isinstance(parsed, dict):
                            tally.t.error = json.dumps(parsed)[:500]
                    except ValueError:
                        tally.t.error = "the upstream answer is not JSON"
                if status >= 400 and tally.t.error is None:
                    tally.t.error = f"upstream status {status}"
                if not counted and 200 <= status < 300:
                    tally.t.completed = True
                entry.update(
                    status=status,
                    seconds=round(time.monotonic() - started, 3),
                    completed=tally.t.completed,
                    error=tally.t.error,
                    stop=tally.t.stop,
                    usage={
                        "input": tally.t.input_tokens,
                        "output": tally.t.output_tokens,
                        "cache_read": tally.t.cache_read_tokens,
                        "cache_write": tally.t.cache_write_tokens,
                    },
                    tool_calls=tally.t.tools,
                    urls=tally.t.urls,
                    listed_urls=tally.t.listed,
                    tool_call_urls=tally.t.tool_urls,
                )
                log.record(entry, tally.t, status, counted)

        return StreamingResponse(relay(), status_code=status, media_type=media)

    async def messages(request: Request) -> Response:
        return await forward(request, "anthropic")

    async def responses(request: Request) -> Response:
        return await forward(request, "openai")

    async def other(request: Request) -> Response:
        api = "openai" if "/responses" in request.url.path else "anthropic"
        return await refuse(request, api, 404, f"the gateway serves no {request.url.path}")

    routes = [
        Route("/v1/messages", messages, methods=["POST"]),
        Route("/v1/messages/count_tokens", messages, methods=["POST"]),
        Route("/v1/responses", responses, methods=["POST"]),
        Route("/responses", responses, methods=["POST"]),
        Route("/{path:path}", other, methods=["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"]),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
