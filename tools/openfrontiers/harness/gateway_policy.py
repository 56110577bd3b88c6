"""The gateway's policy on a request body, for both wire formats. Pure functions.

* The model is pinned: whatever the CLI asked for (its main model, a small fast model for
  titles or summaries, a sub-agent's), the request goes to the evaluated model by name.
* Tools run by the vendor's servers are removed — code execution and remote MCP always,
  web search and fetch outside condition C. Tools the client runs (functions, custom
  tools, shell, editors) stay: they run in the agent jail.
* Request fields that attach remote MCP servers or code containers are removed, and beta
  flags that enable them are dropped from the headers.
* Responses API tools may arrive in two places: the top-level `tools` and, with Codex's
  "responses lite" requests (its code-mode models: one `exec` tool running JavaScript that
  calls the nested tools), `additional_tools` items of `input`. Both get the same policy.
* In condition C every model is offered the API's own web search: where a Responses API
  request offers none (Codex leaves it out for code-mode models whatever its `web_search`
  setting), the gateway adds `{"type": "web_search"}` next to the request's other tools.
Every change is returned as a note for the request log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Anthropic Messages API: server tools are typed (`web_search_20250305`, …); client tools
# have no type or `custom`; Anthropic-defined client tools are run by the client.
ANTHROPIC_CLIENT_TYPED = re.compile(r"custom|bash_\d+|text_editor_\d+|computer_\d+|memory_\d+")
ANTHROPIC_WEB = re.compile(r"(web_search|web_fetch)_\d+")
ANTHROPIC_HARMLESS_SERVER = re.compile(r"tool_search_tool_(regex|bm25)(_\d+)?")
ANTHROPIC_DROP_FIELDS = ("mcp_servers", "container")
ANTHROPIC_DROP_BETAS = re.compile(r"^(code-execution|mcp-client|files-api|skills)-")
ANTHROPIC_WEB_BETAS = re.compile(r"^(web-fetch|web-search)-")

# OpenAI Responses API: tool types the client executes.
OPENAI_CLIENT_TYPES = {
    "function",
    "custom",
    "local_shell",
    "shell",
    "apply_patch",
    "namespace",
    "computer_use_preview",
}
OPENAI_WEB_TYPES = {"web_search", "web_search_preview", "web_search_2025_08_26"}
OPENAI_DROP_INCLUDE = re.compile(r"^(code_interpreter|file_search|computer_call)")
OPENAI_WEB_TOOL = {"type": "web_search"}


@dataclass
class PolicyResult:
    body: dict
    requested_model: str | None
    removed_tools: list[str] = field(default_factory=list)
    removed_fields: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)  # every tool offered, nested ones included


def _tool_label(tool: dict) -> str:
    return str(tool.get("type") or "function") + (f":{tool['name']}" if tool.get("name") else "")


def anthropic_request(body: dict, model: str, web: bool) -> PolicyResult:
    out = dict(body)
    result = PolicyResult(out, body.get("model"))
    out["model"] = model
    kept: list = []
    for tool in body.get("tools") or []:
        if not isinstance(tool, dict):
            result.removed_tools.append(repr(tool)[:40])
            continue
        kind = str(tool.get("type") or "")
        if (
            not kind
            or ANTHROPIC_CLIENT_TYPED.fullmatch(kind)
            or (web and ANTHROPIC_WEB.fullmatch(kind))
            or ANTHROPIC_HARMLESS_SERVER.fullmatch(kind)
        ):
            kept.append(tool)
        else:
            result.removed_tools.append(_tool_label(tool))
    if "tools" in body:
        out["tools"] = kept
    result.tools = [_tool_label(t) for t in kept]
    for name in ANTHROPIC_DROP_FIELDS:
        if name in out:
            del out[name]
            result.removed_fields.append(name)
    choice = out.get("tool_choice")
    named = isinstance(choice, dict) and choice.get("type") == "tool"
    if (
        named
        and isinstance(choice, dict)
        and choice.get("name") not in {t.get("name") for t in kept}
    ):
        del out["tool_choice"]
        result.notes.append("tool_choice named a removed tool")
    return result


def anthropic_betas(header: str | None, web: bool) -> tuple[str | None, list[str]]:
    """The `anthropic-beta` header without flags that enable removed tools."""
    if not header:
        return header, []
    kept, dropped = [], []
    for flag in (f.strip() for f in header.split(",")):
        if not flag:
            continue
        if ANTHROPIC_DROP_BETAS.match(flag) or (not web and ANTHROPIC_WEB_BETAS.match(flag)):
            dropped.append(flag)
        else:
            kept.append(flag)
    return (",".join(kept) or None), dropped


def _openai_tools(tools: list, web: bool, removed: list[str]) -> list:
    kept = []
    for tool in tools:
        if not isinstance(tool, dict):
            removed.append(repr(tool)[:40])
            continue
        kind = str(tool.get("type") or "function")
        if kind in OPENAI_CLIENT_TYPES or (kind in OPENAI_WEB_TYPES and web):
            if kind == "namespace" and isinstance(tool.get("tools"), list):
                tool = dict(tool, tools=_openai_tools(tool["tools"], web, removed))
            kept.append(tool)
        else:
            removed.append(_tool_label(tool))
    return kept


def _flat(tools: list) -> list[dict]:
    """Every tool of a list, those inside namespaces included."""
    found: list[dict] = []
    for tool in tools:
        if isinstance(tool, dict):
            found.append(tool)
            if isinstance(tool.get("tools"), list):
                found += _flat(tool["tools"])
    return found


def openai_request(body: dict, model: str, web: bool) -> PolicyResult:
    out = dict(body)
    result = PolicyResult(out, body.get("model"))
    out["model"] = model
    groups: list[list] = []  # every tool list the request carries, after the policy
    if "tools" in body and isinstance(body["tools"], list):
        out["tools"] = _openai_tools(body["tools"], web, result.removed_tools)
        groups.append(out["tools"])
    if isinstance(body.get("input"), list):
        items = []
        for item in body["input"]:
            if (
                isinstance(item, dict)
                and item.get("type") == "additional_tools"
                and isinstance(item.get("tools"), list)
            ):
                item = dict(item, tools=_openai_tools(item["tools"], web, result.removed_tools))
                groups.append(item["tools"])
            items.append(item)
        out["input"] = items
    offered = [t for group in groups for t in _flat(group)]
    if web and offered and not any(str(t.get("type")) in OPENAI_WEB_TYPES for t in offered):
        # Condition C offers the API's web search to every model that is offered tools at
        # all (an auxiliary call without tools stays without): next to the request's tools,
        # in `tools` where the request has that field, else in its first additional_tools.
        extra = dict(OPENAI_WEB_TOOL)
        groups[0].append(extra)  # `tools` where the request has that list
        offered.append(extra)
        result.notes.append("web_search added (condition C)")
    result.tools = [_tool_label(t) for t in offered if t.get("type") != "namespace"]
    choice = out.get("tool_choice")
    if isinstance(choice, dict):
        ctype = choice.get("type")
        names = {t.get("name") for t in offered}
        if (ctype not in (None, "function", "custom", "allowed_tools")) and not (
            web and ctype in OPENAI_WEB_TYPES
        ):
            out["tool_choice"] = "auto"
            result.notes.append(f"tool_choice {ctype} replaced by auto")
        elif ctype in ("function", "custom") and choice.get("name") not in names:
            out["tool_choice"] = "auto"
            result.notes.append("tool_choice named a removed tool")
    include = out.get("include")
    if isinstance(include, list):
        kept = [i for i in include if not OPENAI_DROP_INCLUDE.match(str(i))]
        if not web:
            kept = [i for i in kept if not str(i).startswith("web_search")]
        if len(kept) != len(include):
            out["include"] = kept
            result.removed_fields.append("include:" + ",".join(sorted(set(include) - set(kept))))
    return result
