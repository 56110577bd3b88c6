"""Agent profiles: how to start, resume and read an agent CLI, from a TOML file.

The shipped `agents.toml` holds Claude Code, Codex and a generic command; an evaluator may
pass another file with `--profiles`. A profile is data only: the harness fills its
placeholders and runs its command lines in the agent jail.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, Location, UsageError
from ..tomlpos import load_toml, raise_errors, schema_errors

DEFAULT_FILE = Path(__file__).with_name("agents.toml")
DEFAULT_CLIS = Path("~/.cache/openfrontiers/agent-clis/node_modules")
EVENT_FORMATS = ("claude-stream-json", "codex-json", "raw")
APIS = ("anthropic", "openai", "any")
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@dataclass(frozen=True)
class AgentProfile:
    name: str
    api: str
    events: str
    executable: tuple[str, ...]
    bind_up: int
    version: tuple[str, ...]
    start: tuple[str, ...]
    resume: tuple[str, ...]
    session_id: str  # "uuid": chosen by the harness; "from-events": read from the stream
    env: dict[str, str] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    path: tuple[str, ...] = ()
    vars: dict[str, dict[str, str]] = field(default_factory=dict)  # condition → name → value

    def locate(self, clis: Path | None, override: Path | None = None) -> Path:
        """The executable: `override`, else the first candidate under the CLI folder."""
        if override is not None:
            exe = override.expanduser().resolve()
            if not exe.is_file():
                raise UsageError(f"agent executable {override} does not exist")
            return exe
        if not self.executable:
            raise UsageError(f"agent profile {self.name!r} needs --agent-exe (a program to run)")
        folder = (clis or DEFAULT_CLIS).expanduser()
        for rel in self.executable:
            candidate = folder / rel
            if candidate.is_file():
                return candidate.resolve()
        raise UsageError(
            f"agent profile {self.name!r}: none of {', '.join(self.executable)} under {folder} "
            "(install the CLI there with npm, see docs/harness.md, or pass --clis/--agent-exe)"
        )


def fill(template: str, values: dict[str, str], where: str) -> str:
    """Replace {name} placeholders; an unknown name is an error naming the template."""

    def one(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise UsageError(f"{where}: unknown placeholder {{{key}}} in {template[:60]!r}")
        return values[key]

    return PLACEHOLDER.sub(one, template)


_STRING_LIST = {"type": "array", "items": {"type": "string"}}
_STRING_TABLE = {"type": "object", "additionalProperties": {"type": "string"}}
# The profiles file's structure (`tomlpos.schema_errors`).
SCHEMA = {
    "type": "object",
    "properties": {
        "agents": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "properties": {
                    "api": {"enum": list(APIS)},
                    "events": {"enum": list(EVENT_FORMATS)},
                    "executable": _STRING_LIST,
                    "bind_up": {"type": "integer", "minimum": 0, "description": "0 or more"},
                    "version": _STRING_LIST,
                    "start": _STRING_LIST,
                    "resume": _STRING_LIST,
                    "session_id": {"enum": ["uuid", "from-events"]},
                    "env": _STRING_TABLE,
                    "files": _STRING_TABLE,
                    "path": _STRING_LIST,
                    "vars": {"type": "object", "additionalProperties": _STRING_TABLE},
                },
                "required": ["api", "events", "start", "resume"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["agents"],
    "additionalProperties": False,
}


def load_profiles(path: Path | None = None) -> dict[str, AgentProfile]:
    path = path or DEFAULT_FILE
    if not path.is_file():
        raise UsageError(f"{path}: no such agent profiles file")
    data, lines = load_toml(path)
    errors = schema_errors(path, lines, data, SCHEMA)
    if not errors and not data["agents"]:
        errors.append(InputError(Location(path), "agents", "no [agents.<name>] table"))
    raise_errors(errors)
    return {
        name: AgentProfile(
            name=name,
            api=table["api"],
            events=table["events"],
            executable=tuple(table.get("executable", ())),
            bind_up=table.get("bind_up", 0),
            version=tuple(table.get("version", ())),
            start=tuple(table["start"]),
            resume=tuple(table["resume"]),
            session_id=table.get("session_id", "uuid"),
            env=dict(table.get("env", {})),
            files=dict(table.get("files", {})),
            path=tuple(table.get("path", ())),
            vars={c: dict(t) for c, t in table.get("vars", {}).items()},
        )
        for name, table in data["agents"].items()
    }


def get_profile(name: str, path: Path | None = None) -> AgentProfile:
    profiles = load_profiles(path)
    if name not in profiles:
        raise UsageError(f"unknown agent profile {name!r} (known: {', '.join(sorted(profiles))})")
    return profiles[name]
