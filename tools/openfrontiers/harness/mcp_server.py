"""The attempt's MCP server (the official `mcp` SDK, streamable HTTP on a Unix socket).

Tools: `check_submission` always; in B and C the retrieval tools `search` and `fetch`
(B limited to the cutoff); in C also `fetch_url`. Each call is one line of `mcp.jsonl`.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import anyio

from .checking import SubmissionChecker
from .config import Condition
from .retrieval.service import Retrieval


class ToolLog:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self.round = 0
        self.calls = 0

    def write(self, tool: str, args: dict, seconds: float, result: str) -> None:
        entry = {
            "time": time.time(),
            "round": self.round,
            "tool": tool,
            "args": args,
            "seconds": round(seconds, 3),
            "result_chars": len(result),
            "result_head": result[:300],
        }
        with self._lock:
            self.calls += 1
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(entry, sort_keys=True) + "\n")


def instructions(condition: Condition, retrieval: Retrieval | None) -> str:
    text = "check_submission checks Solution.lean in your working directory."
    if retrieval is not None and retrieval.available:
        if condition is Condition.B and retrieval.cutoff is not None:
            text += (
                " search and fetch read "
                + ", ".join(retrieval.available)
                + f" as they were before {retrieval.cutoff.isoformat()}."
            )
        else:
            text += " search and fetch read " + ", ".join(retrieval.available) + "."
    if condition is Condition.C:
        text += " fetch_url fetches a public web page."
    return text


def build_server(
    condition: Condition,
    checker: SubmissionChecker,
    retrieval: Retrieval | None,
    log: ToolLog,
) -> Any:
    from mcp.server.mcpserver import MCPServer

    server: Any = MCPServer(
        "openfrontiers", instructions=instructions(condition, retrieval), log_level="WARNING"
    )

    @server.tool()
    async def check_submission() -> str:
        """Check Solution.lean (in your working directory) as the grader's pre-submission
        check does: the static rules, the statement comparison with Problem.lean and, where
        Lean is available, compilation and the axioms of main. Returns the report."""
        started = time.monotonic()
        result = await anyio.to_thread.run_sync(lambda: checker.check("mcp"))
        text = result.message()
        log.write("check_submission", {}, time.monotonic() - started, text)
        return text

    if retrieval is not None and retrieval.available:
        sources = ", ".join(retrieval.available)

        @server.tool(description=f"Search {sources}. source: 'all' or one of: {sources}.")
        async def search(query: str, source: str = "all", limit: int = 5) -> str:
            started = time.monotonic()
            text = await anyio.to_thread.run_sync(lambda: retrieval.search(query, source, limit))
            log.write(
                "search",
                {"query": query, "source": source, "limit": limit},
                time.monotonic() - started,
                text,
            )
            return text

        @server.tool()
        async def fetch(ref: str, offset: int = 0) -> str:
            """Read a document by the reference search gave (e.g. arxiv:2101.00001v2,
            wikipedia:Title or wikipedia:#PAGEID, openalex:W123, mathoverflow:123,
            math.se:456); offset pages through long texts."""
            started = time.monotonic()
            text = await anyio.to_thread.run_sync(lambda: retrieval.fetch(ref, offset))
            log.write("fetch", {"ref": ref, "offset": offset}, time.monotonic() - started, text)
            return text

    if condition is Condition.C and retrieval is not None:

        @server.tool()
        async def fetch_url(url: str, offset: int = 0) -> str:
            """Fetch a public web page (http or https) and return its text."""
            started = time.monotonic()
            text = await retrieval.fetch_url(url, offset)
            log.write("fetch_url", {"url": url, "offset": offset}, time.monotonic() - started, text)
            return text

    return server
