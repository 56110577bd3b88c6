"""Readers of the agents' event streams: Claude Code's stream-json, Codex's `exec --json`.

A stream is what the agent printed inside the jail, so it is evidence, not authority: the
harness counts model calls, tokens and tool use at the gateway (host side) and takes from
the stream only what the gateway cannot know — the session id to resume, how the CLI
itself said the session ended, and the tool calls as the agent saw them. Lines that are not
JSON are kept in the raw file and counted here, never dropped silently.

The stream is read in pieces of `CHUNK` bytes and a line is kept only up to
`MAX_EVENT_LINE` bytes: an agent may write a file of any size with no line break in it (a
seek to 900 MiB and one byte), and reading such a "line" whole would take that much memory,
again after every round. A longer line is skipped to its end and counted (`oversized_lines`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

CHUNK = 1 << 20  # bytes read at a time
# The longest event line kept (a CLI's JSON event with a large tool result fits easily).
MAX_EVENT_LINE = 16 << 20


@dataclass
class StreamSummary:
    format: str
    session_id: str | None = None
    events: int = 0
    unparsed_lines: int = 0
    oversized_lines: int = 0  # lines longer than MAX_EVENT_LINE, skipped unread
    tool_uses: list[str] = field(default_factory=list)  # tool names in call order
    assistant_messages: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    result: str | None = None  # how the CLI said the session ended
    is_error: bool = False
    errors: list[str] = field(default_factory=list)
    final_text: str = ""

    def as_dict(self) -> dict:
        return {
            "format": self.format,
            "session_id": self.session_id,
            "events": self.events,
            "unparsed_lines": self.unparsed_lines,
            "oversized_lines": self.oversized_lines,
            "tool_uses": len(self.tool_uses),
            "tool_names": sorted(set(self.tool_uses)),
            "assistant_messages": self.assistant_messages,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "result": self.result,
            "is_error": self.is_error,
            "errors": self.errors[:5],
        }


def _lines(path: Path, summary: StreamSummary) -> Iterator[bytes]:
    """The stream's non-empty lines, stripped, each at most `MAX_EVENT_LINE` bytes; a longer
    one is skipped to its line break (never held whole) and counted in `summary`."""
    max_line = MAX_EVENT_LINE
    held = bytearray()
    skipping = False
    with path.open("rb") as fh:
        while chunk := fh.read(CHUNK):
            start = 0
            while True:
                end = chunk.find(b"\n", start)
                piece = chunk[start : end if end >= 0 else len(chunk)]
                if not skipping:
                    if len(held) + len(piece) > max_line:
                        skipping = True
                        held.clear()
                        summary.oversized_lines += 1
                    else:
                        held += piece
                if end < 0:
                    break
                if not skipping and held.strip():
                    yield bytes(held).strip()
                held.clear()
                skipping = False
                start = end + 1
    if not skipping and held.strip():
        yield bytes(held).strip()


def read_claude(path: Path) -> StreamSummary:
    """Claude Code `--output-format stream-json --verbose`: `system/init` (session id),
    `assistant` messages (content blocks, usage), `user` messages (tool results), and one
    `result` at the end (subtype, is_error, usage)."""
    s = StreamSummary("claude-stream-json")
    for line in _lines(path, s):
        try:
            ev = json.loads(line)
        except ValueError:
            s.unparsed_lines += 1
            continue
        if not isinstance(ev, dict):
            s.unparsed_lines += 1
            continue
        s.events += 1
        kind = ev.get("type")
        if isinstance(ev.get("session_id"), str) and s.session_id is None:
            s.session_id = ev["session_id"]
        if kind == "assistant":
            s.assistant_messages += 1
            message = ev.get("message") or {}
            for block in message.get("content") or []:
                if isinstance(block, dict) and block.get("type") in (
                    "tool_use",
                    "server_tool_use",
                    "mcp_tool_use",
                ):
                    s.tool_uses.append(str(block.get("name")))
                elif isinstance(block, dict) and block.get("type") == "text":
                    s.final_text = str(block.get("text", ""))
        elif kind == "result":
            s.result = str(ev.get("subtype"))
            s.is_error = bool(ev.get("is_error"))
            usage = ev.get("usage") or {}
            s.input_tokens = int(usage.get("input_tokens") or 0)
            s.output_tokens = int(usage.get("output_tokens") or 0)
            if s.is_error:
                s.errors.append(str(ev.get("result") or ev.get("subtype"))[:500])
    return s


CODEX_TOOL_ITEMS = (
    "command_execution",
    "file_change",
    "mcp_tool_call",
    "web_search",
    "collab_tool_call",
)


def read_codex(path: Path) -> StreamSummary:
    """Codex `exec --json`: `thread.started` (thread id), `turn.started`, `item.*` (agent
    messages, reasoning, command executions, file changes, MCP tool calls, web searches,
    errors), `turn.completed` (usage) or `turn.failed`, and top-level `error`."""
    s = StreamSummary("codex-json")
    for line in _lines(path, s):
        try:
            ev = json.loads(line)
        except ValueError:
            s.unparsed_lines += 1
            continue
        if not isinstance(ev, dict):
            s.unparsed_lines += 1
            continue
        s.events += 1
        kind = ev.get("type")
        if kind == "thread.started" and isinstance(ev.get("thread_id"), str):
            s.session_id = ev["thread_id"]
        elif kind == "item.completed":
            item = ev.get("item") or {}
            itype = item.get("type")
            if itype in CODEX_TOOL_ITEMS:
                name = item.get("tool") or item.get("command") or itype
                s.tool_uses.append(f"{itype}:{str(name)[:40]}")
            elif itype == "agent_message":
                s.assistant_messages += 1
                s.final_text = str(item.get("text", ""))
            elif itype == "error":
                s.errors.append(str(item.get("message"))[:500])
        elif kind == "turn.completed":
            usage = ev.get("usage") or {}
            s.input_tokens += int(usage.get("input_tokens") or 0)
            s.output_tokens += int(usage.get("output_tokens") or 0)
            s.result = "turn.completed"
        elif kind == "turn.failed":
            s.result = "turn.failed"
            s.is_error = True
            s.errors.append(str((ev.get("error") or {}).get("message"))[:500])
        elif kind == "error":
            s.is_error = True
            s.errors.append(str(ev.get("message"))[:500])
    return s


def read_raw(path: Path) -> StreamSummary:
    s = StreamSummary("raw")
    for _ in _lines(path, s):
        s.events += 1
    return s


READERS = {"claude-stream-json": read_claude, "codex-json": read_codex, "raw": read_raw}


def read_stream(fmt: str, path: Path) -> StreamSummary:
    if not path.exists():
        return StreamSummary(fmt)
    return READERS[fmt](path)
