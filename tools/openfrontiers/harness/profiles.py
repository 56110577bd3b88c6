"""Agent profiles: how to start, resume and read an agent CLI, from a TOML file.

The shipped `agents.toml` holds Claude Code, Codex and a generic command; an evaluator may
pass another file with `--profiles`. A profile is data only: the harness fills its
placeholders and runs its command lines in the agent jail.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, Location, UsageError

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


def _strings(value: object, where: str, path: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(Location(path), where, "must be a list of strings")
    return tuple(value)


def load_profiles(path: Path | None = None) -> dict[str, AgentProfile]:
    path = path or DEFAULT_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"{path}: cannot read agent profiles: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(Location(path), "toml", str(exc)) from None
    profiles: dict[str, AgentProfile] = {}
    for name, table in (data.get("agents") or {}).items():
        where = f"agents.{name}"
        for key in ("api", "events", "start", "resume"):
            if key not in table:
                raise InputError(Location(path), f"{where}.{key}", "is required")
        if table["api"] not in APIS:
            raise InputError(Location(path), f"{where}.api", f"one of {', '.join(APIS)}")
        if table["events"] not in EVENT_FORMATS:
            raise InputError(
                Location(path), f"{where}.events", f"one of {', '.join(EVENT_FORMATS)}"
            )
        session = table.get("session_id", "uuid")
        if session not in ("uuid", "from-events"):
            raise InputError(Location(path), f"{where}.session_id", "uuid or from-events")
        profiles[name] = AgentProfile(
            name=name,
            api=table["api"],
            events=table["events"],
            executable=_strings(table.get("executable", []), f"{where}.executable", path),
            bind_up=int(table.get("bind_up", 0)),
            version=_strings(table.get("version", []), f"{where}.version", path),
            start=_strings(table["start"], f"{where}.start", path),
            resume=_strings(table["resume"], f"{where}.resume", path),
            session_id=session,
            env={str(k): str(v) for k, v in (table.get("env") or {}).items()},
            files={str(k): str(v) for k, v in (table.get("files") or {}).items()},
            path=_strings(table.get("path", []), f"{where}.path", path),
            vars={
                str(c): {str(k): str(v) for k, v in t.items()}
                for c, t in (table.get("vars") or {}).items()
            },
        )
    if not profiles:
        raise InputError(Location(path), "agents", "no [agents.<name>] table")
    return profiles


def get_profile(name: str, path: Path | None = None) -> AgentProfile:
    profiles = load_profiles(path)
    if name not in profiles:
        raise UsageError(f"unknown agent profile {name!r} (known: {', '.join(sorted(profiles))})")
    return profiles[name]
