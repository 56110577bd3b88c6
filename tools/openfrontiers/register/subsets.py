"""Named, versioned, frozen subsets of the items (`HQ-50@v1`, …) and their resolution.

A frozen subset is an explicit list of ids in `FrontierBench/subsets.toml` with the sha256
of that list: editing a published version is an error — publish a new version instead.
Two names are computed from the register, not frozen: `all` (every item) and `written`
(every item whose statement is written).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, Location, OfbError, UsageError
from ..tomlpos import load_toml
from .load import Register

DYNAMIC = ("all", "written")
_SPEC = re.compile(r"(?P<name>[A-Za-z0-9][A-Za-z0-9_.-]*?)(?:@(?P<version>v[0-9]+))?")


def ids_digest(ids: tuple[str, ...]) -> str:
    return hashlib.sha256("\n".join(ids).encode()).hexdigest()


@dataclass(frozen=True)
class Subset:
    name: str
    version: str  # "v1", …; "" for the computed subsets
    ids: tuple[str, ...]
    description: str = ""

    @property
    def label(self) -> str:
        return f"{self.name}@{self.version}" if self.version else self.name


@dataclass(frozen=True)
class SubsetCatalog:
    path: Path
    frozen: dict[tuple[str, str], Subset]

    def versions(self, name: str) -> list[str]:
        return sorted((v for (n, v) in self.frozen if n == name), key=lambda v: int(v[1:]))

    def resolve(self, spec: str, register: Register) -> Subset:
        """`NAME@vN`, `NAME` (its newest version), `all` or `written`."""
        m = _SPEC.fullmatch(spec.strip())
        if not m:
            raise UsageError(f"{spec!r} is not a subset name (NAME or NAME@vN)")
        name, version = m.group("name"), m.group("version") or ""
        if name in DYNAMIC:
            if version:
                raise UsageError(f"{name!r} is computed from the register and has no versions")
            items = list(register) if name == "all" else register.written()
            return Subset(name, "", tuple(i.id for i in items))
        versions = self.versions(name)
        if not versions:
            known = sorted({n for n, _ in self.frozen} | set(DYNAMIC))
            raise UsageError(f"unknown subset {name!r} (known: {', '.join(known)})")
        version = version or versions[-1]
        if (name, version) not in self.frozen:
            raise UsageError(f"subset {name} has no version {version} (has {', '.join(versions)})")
        return self.frozen[(name, version)]


def load_subsets(path: Path, register: Register) -> SubsetCatalog:
    data, lines = load_toml(path)
    errors: list[InputError] = []

    def error(where: tuple, rule: str, message: str) -> None:
        errors.append(InputError(Location(path, lines.line(where)), rule, message))

    frozen: dict[tuple[str, str], Subset] = {}
    for name, versions in data.get("subsets", {}).items():
        if name in DYNAMIC:
            error(("subsets", name), "reserved-name", f"{name!r} is computed; it cannot be frozen")
            continue
        for version, table in versions.items():
            where = ("subsets", name, version)
            if not re.fullmatch(r"v[0-9]+", version):
                error(where, "bad-version", f"version {version!r} must look like v1, v2, …")
                continue
            ids = tuple(table.get("ids", []))
            unknown = [i for i in ids if i not in register]
            if unknown:
                error(
                    where + ("ids",),
                    "unknown-id",
                    f"{name}@{version} lists ids not in the register: {', '.join(unknown)}",
                )
            if len(set(ids)) != len(ids):
                error(where + ("ids",), "duplicate-id", f"{name}@{version} lists an id twice")
            if table.get("sha256") != ids_digest(ids):
                error(
                    where + ("sha256",),
                    "frozen-subset-changed",
                    f"{name}@{version} no longer matches its frozen sha256: a published "
                    "version never changes; add a new version instead",
                )
            frozen[(name, version)] = Subset(name, version, ids, table.get("description", ""))
    if errors:
        raise OfbError("\n".join(str(e) for e in errors))
    return SubsetCatalog(path, frozen)


def dump_subsets(subsets: list[Subset]) -> str:
    import tomli_w

    doc: dict = {"subsets": {}}
    for s in subsets:
        doc["subsets"].setdefault(s.name, {})[s.version] = {
            "description": s.description,
            "ids": list(s.ids),
            "sha256": ids_digest(s.ids),
        }
    header = (
        "# Frozen subsets of FrontierBench. A published version never changes (its sha256\n"
        "# guards it); to change a subset, add a new version. `all` and `written` are\n"
        "# computed from the register.\n\n"
    )
    return header + tomli_w.dumps(doc)
