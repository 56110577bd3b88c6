"""What an attempt is run under: condition, protocol, limits, continuation rules, and the
evaluator's configuration (upstream model API, retrieval endpoints, Lean in the sandbox).

Nothing here has a default that reaches beyond this machine: the upstream and every
retrieval endpoint are given explicitly by the evaluator (`harness.example.toml` documents
the real ones).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from pathlib import Path

from ..errors import InputError, Location, UsageError
from ..jail.policy import GiB
from ..tomlpos import load_toml, raise_errors, schema_errors

DEFAULT_CUTOFF = date(2026, 1, 6)


class Condition(StrEnum):
    """Section 5.1: the three access conditions; they differ only in retrieval."""

    A = "A"  # closed-book: no retrieval
    B = "B"  # frozen retrieval before the cutoff
    C = "C"  # live web, every URL logged

    @property
    def label(self) -> str:
        return {"A": "closed-book", "B": "frozen retrieval", "C": "live web"}[self.value]

    @classmethod
    def parse(cls, text: str) -> Condition:
        aliases = {
            "a": "A",
            "closed-book": "A",
            "b": "B",
            "frozen": "B",
            "frozen-retrieval": "B",
            "c": "C",
            "live": "C",
            "live-web": "C",
        }
        key = aliases.get(text.strip().lower())
        if key is None:
            raise UsageError(f"unknown condition {text!r} (A/closed-book, B/frozen, C/live-web)")
        return cls(key)


class Protocol(StrEnum):
    NATIVE = "native"  # the attempt ends when the agent stops
    CONTINUATION = "continuation"  # resumed until a passing submission or the budget is spent


@dataclass(frozen=True)
class AttemptLimits:
    """Per attempt, the paper's defaults (Section 5.3, Appendix E "Isolation")."""

    cpus: float = 5.0
    memory: int = 24 * GiB
    processes: int = 4096
    work_size: int = 10 * GiB  # the work dir (workspace and the agent's home)
    tmp_size: int = 10 * GiB  # /tmp, fresh each round
    wall_seconds: float = 3 * 3600.0

    def as_dict(self) -> dict:
        return {
            "cpus": self.cpus,
            "memory_bytes": self.memory,
            "processes": self.processes,
            "work_bytes": self.work_size,
            "tmp_bytes": self.tmp_size,
            "wall_seconds": self.wall_seconds,
        }


@dataclass(frozen=True)
class ContinuationRules:
    """Appendix E: resume a session that ends with at least `min_left` seconds and no
    passing submission; `stalled` after `stall_consecutive` consecutive rounds without tool
    use or `stall_window_hits` of the last `stall_window`; `agent error` after
    `error_rounds` consecutive rounds without a successful model call. The model is not
    told the stall rule."""

    min_left: float = 60.0
    stall_consecutive: int = 20
    stall_window: int = 40
    stall_window_hits: int = 30
    error_rounds: int = 3

    def __post_init__(self) -> None:
        if min(self.stall_consecutive, self.stall_window, self.error_rounds) < 1:
            raise UsageError("continuation rules need positive round counts")
        if not 0 < self.stall_window_hits <= self.stall_window:
            raise UsageError("the stall window's hits must lie in 1..window")

    def as_dict(self) -> dict:
        return {
            "min_left_seconds": self.min_left,
            "stall_consecutive": self.stall_consecutive,
            "stall_window": self.stall_window,
            "stall_window_hits": self.stall_window_hits,
            "error_rounds": self.error_rounds,
        }


@dataclass(frozen=True)
class Upstream:
    """Where the gateway forwards: a vendor endpoint or an OpenAI/Anthropic-compatible
    server (vLLM, sglang, a bridge). The key is read from the named environment variable
    on the host and never enters the jail."""

    url: str
    api_key_env: str | None = None
    timeout: float = 600.0

    def api_key(self) -> str | None:
        if self.api_key_env is None:
            return None
        value = os.environ.get(self.api_key_env)
        if value is None:
            raise UsageError(f"upstream: the environment variable {self.api_key_env} is not set")
        return value


@dataclass(frozen=True)
class SourceEndpoint:
    """One retrieval source's API base URL (and optional key/contact) from the config."""

    name: str
    url: str
    params: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class EvaluatorConfig:
    upstream: Upstream | None = None
    sources: dict[str, SourceEndpoint] = field(default_factory=dict)
    toolchain: Path | None = None  # a Lean toolchain prefix (bin/lean, bin/lake), read-only
    mathlib: Path | None = None  # the packets' prebuilt packagesDir, read-only
    user_agent: str = "openfrontiers-harness"
    # Test-only: host name → "127.0.0.1:PORT" for the web proxy and C's fetch; honoured
    # only with OFB_HARNESS_TESTING=1 in the environment (see webproxy.FixtureResolver).
    test_resolver: dict[str, str] = field(default_factory=dict)
    path: Path | None = None


SOURCE_NAMES = ("arxiv", "arxiv_oai", "wikipedia", "openalex", "stackexchange")
_URL = {"type": "string", "pattern": "^https?://", "description": "an http:// or https:// URL"}
_STRINGS = {"type": "object", "additionalProperties": {"type": "string"}}
_SOURCE = {
    "type": "object",
    "properties": {"url": _URL},
    "required": ["url"],
    # Other keys are the source's own parameters (OpenAlex's `mailto`, …).
    "additionalProperties": {"type": ["string", "integer", "number", "boolean"]},
}
# The config's structure (`tomlpos.schema_errors`); paths and the test resolver's switch
# are checked in `load_config`.
SCHEMA = {
    "type": "object",
    "properties": {
        "upstream": {
            "type": "object",
            "properties": {
                "url": _URL,
                "api_key_env": {"type": "string"},
                "timeout": {"type": "number", "exclusiveMinimum": 0, "description": "seconds"},
            },
            "required": ["url"],
            "additionalProperties": False,
        },
        "sources": {
            "type": "object",
            "properties": dict.fromkeys(SOURCE_NAMES, _SOURCE),
            "additionalProperties": False,
        },
        "sandbox": {
            "type": "object",
            "properties": {"toolchain": {"type": "string"}, "mathlib": {"type": "string"}},
            "additionalProperties": False,
        },
        "testing": {
            "type": "object",
            "properties": {"resolver": _STRINGS},
            "additionalProperties": False,
        },
        "http": {
            "type": "object",
            "properties": {"user_agent": {"type": "string"}},
            "additionalProperties": False,
        },
    },
    "additionalProperties": False,
}


def load_config(path: Path | None) -> EvaluatorConfig:
    """The evaluator's TOML file (see tools/openfrontiers/harness/harness.example.toml)."""
    if path is None:
        return EvaluatorConfig()
    if not path.is_file():
        raise UsageError(f"{path}: no such harness config")
    data, lines = load_toml(path)
    errors = schema_errors(path, lines, data, SCHEMA)

    def bad(key: tuple[str, ...], rule: str, message: str) -> None:
        errors.append(InputError(Location(path, lines.line(key)), rule, message))

    sandbox = data.get("sandbox") or {}
    folders = {}
    for key in ("toolchain", "mathlib"):
        value = sandbox.get(key) if isinstance(sandbox, dict) else None
        if isinstance(value, str) and value:
            folders[key] = Path(value)
            if not (folders[key].is_absolute() and folders[key].is_dir()):
                bad(("sandbox", key), "path", f"{value} is not an absolute path to a directory")
    testing = data.get("testing") or {}
    resolver = testing.get("resolver") or {} if isinstance(testing, dict) else {}
    if resolver and os.environ.get("OFB_HARNESS_TESTING") != "1":
        bad(
            ("testing", "resolver"),
            "testing",
            "the fixture resolver is for tests only (set OFB_HARNESS_TESTING=1 to use it)",
        )
    raise_errors(errors)
    upstream = None
    if "upstream" in data:
        up = data["upstream"]
        upstream = Upstream(
            url=up["url"].rstrip("/"),
            api_key_env=up.get("api_key_env"),
            timeout=float(up.get("timeout", 600.0)),
        )
    sources = {
        name: SourceEndpoint(
            name, table["url"].rstrip("/"), {k: str(v) for k, v in table.items() if k != "url"}
        )
        for name, table in (data.get("sources") or {}).items()
    }
    return EvaluatorConfig(
        upstream=upstream,
        sources=sources,
        toolchain=folders.get("toolchain"),
        mathlib=folders.get("mathlib"),
        user_agent=str((data.get("http") or {}).get("user_agent", "openfrontiers-harness")),
        test_resolver={str(k).lower(): str(v) for k, v in resolver.items()},
        path=path,
    )
