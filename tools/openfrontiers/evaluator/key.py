"""The packets' evaluator key (`packets.key.json`): packet → item, and the hashes that tie
each packet to the repository it was made from.

`ofb packet export` writes it beside the packets, never inside them, readable by its owner
only: with the salt it maps the opaque packet ids back to items. `ofb packet verify`
rebuilds the packets from it; `ofb grade` maps each submission to its item and checks that
the statement has not changed since the solver saw it. Both read it through `load_key`,
which reports every malformed field at once and never lets a wrong type through.

Grading needs only each packet's item and statement hash, so the other fields may be
absent (`EvaluatorKey.gaps` names what verification would miss); a field that is present
must be well-formed.

Format 2 numbers packet ids over the whole register (`packet/ids.py`), records that list
(`numbered_over`) and the items of the selection the export left out (`left_out`). Keys of
format 1, whose ids numbered the exported items only, still load: grading needs only their
mapping, and verification checks their ids by the numbering they were made with.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import OfbError, UsageError, shown
from ..register.model import ITEM_ID

KEY_VERSION = 2
KEY_FORMAT = f"openfrontiers-evaluator-key/{KEY_VERSION}"
FORMAT_NAME = re.compile(r"openfrontiers-evaluator-key/([1-9][0-9]{0,8})")
READ_VERSIONS = (1, 2)
PACKET_ID = re.compile(r"P[0-9]{3,}")
SHA256 = re.compile(r"[0-9a-f]{64}")
KEY_MODE = 0o600


class BadKey(OfbError):
    """The evaluator key cannot be trusted: every problem found, one per line."""

    exit_code = 1

    def __init__(self, path: Path, problems: list[str]) -> None:
        shown = "\n".join(f"  {p}" for p in problems)
        super().__init__(
            f"{path}: not a usable evaluator key ({len(problems)} problem(s)); use the key "
            f"`ofb packet export` wrote for these packets:\n{shown}"
        )
        self.problems = problems


@dataclass(frozen=True)
class KeyPacket:
    """One packet's entry; fields grading does not need are None when absent."""

    packet_id: str
    item: str
    source_path: str | None = None
    source_sha256: str | None = None
    files: dict[str, str] | None = None  # path in the packet → sha256
    archive_sha256: str | None = None
    stripped: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Numbering:
    """The item list packet ids are ranks in (format 2: the register's item ids)."""

    items: int
    ids_sha256: str

    def as_json(self) -> dict[str, object]:
        return {"items": self.items, "ids_sha256": self.ids_sha256}


@dataclass(frozen=True)
class EvaluatorKey:
    path: Path
    packets: dict[str, KeyPacket]
    salt_sha256: str | None = None
    salt: bytes | None = None  # present when export generated the salt
    inputs: dict[str, str] | None = None  # repository file → sha256
    budget_hours: float | None = None
    packages_dir: str | None = None  # `--mathlib-from`, as the packets name it
    version: int = KEY_VERSION
    numbered_over: Numbering | None = None  # format 2
    left_out: dict[str, str] | None = None  # format 2: item of the selection → why not exported

    @property
    def mapping(self) -> dict[str, str]:
        return {pid: entry.item for pid, entry in self.packets.items()}

    def gaps(self) -> list[str]:
        """The fields verification needs that this key lacks."""
        missing = [
            name
            for name, value in (
                ("salt_sha256", self.salt_sha256),
                ("inputs", self.inputs),
                ("budget_hours", self.budget_hours),
            )
            if value is None
        ]
        if self.version >= 2:
            missing += [
                name
                for name, value in (
                    ("numbered_over", self.numbered_over),
                    ("left_out", self.left_out),
                )
                if value is None
            ]
        for pid, entry in self.packets.items():
            for name, value in (
                ("source.path", entry.source_path),
                ("source.sha256", entry.source_sha256),
                ("files", entry.files),
                ("archive_sha256", entry.archive_sha256),
            ):
                if value is None:
                    missing.append(f"packets.{pid}.{name}")
        return [f"{name}: missing, so it cannot be verified" for name in missing]


class _Reader:
    """Reads the key's JSON document, recording each malformed field as a problem."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    def text(self, doc: dict[str, Any], name: str, where: str) -> str | None:
        value = doc.get(name)
        if value is None:
            return None
        if not isinstance(value, str) or not value:
            self.bad(where, f"must be a non-empty string, not {value!r}")
            return None
        return value

    def digest(self, doc: dict[str, Any], name: str, where: str) -> str | None:
        value = self.text(doc, name, where)
        if value is not None and not SHA256.fullmatch(value):
            self.bad(where, f"must be a sha256 (64 lower-case hex digits), not {value!r}")
            return None
        return value

    def digests(self, doc: dict[str, Any], name: str, where: str) -> dict[str, str] | None:
        value = doc.get(name)
        if value is None:
            return None
        if not isinstance(value, dict):
            self.bad(where, "must be an object of path → sha256")
            return None
        out: dict[str, str] = {}
        for rel, digest in value.items():
            if not isinstance(digest, str) or not SHA256.fullmatch(digest):
                self.bad(f"{where}.{rel}", f"must be a sha256, not {digest!r}")
            else:
                out[rel] = digest
        return out

    def salt(self, doc: dict[str, Any]) -> bytes | None:
        value = self.text(doc, "salt_hex", "salt_hex")
        if value is None:
            return None
        try:
            salt = bytes.fromhex(value)
        except ValueError:
            self.bad("salt_hex", "is not hexadecimal (two hex digits per byte)")
            return None
        if not salt:
            self.bad("salt_hex", "is empty")
            return None
        return salt

    def budget(self, doc: dict[str, Any]) -> float | None:
        value = doc.get("budget_hours")
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            self.bad("budget_hours", f"must be a positive number of hours, not {value!r}")
            return None
        return float(value)

    def packages_dir(self, doc: dict[str, Any]) -> str | None:
        value = doc.get("mathlib")
        if value is None:
            return None
        if not isinstance(value, dict):
            self.bad("mathlib", 'must be null or {"packages_dir": PATH}')
            return None
        return self.text(value, "packages_dir", "mathlib.packages_dir")

    def numbering(self, doc: dict[str, Any]) -> Numbering | None:
        value = doc.get("numbered_over")
        if value is None:
            return None
        if not isinstance(value, dict):
            self.bad("numbered_over", 'must be {"items": COUNT, "ids_sha256": SHA256}')
            return None
        items = value.get("items")
        if isinstance(items, bool) or not isinstance(items, int) or items <= 0:
            self.bad("numbered_over.items", f"must be a positive count of items, not {items!r}")
            items = None
        digest = self.digest(value, "ids_sha256", "numbered_over.ids_sha256")
        if "ids_sha256" not in value:
            self.bad("numbered_over.ids_sha256", "missing")
        return Numbering(items, digest) if items is not None and digest is not None else None

    def left_out(self, doc: dict[str, Any]) -> dict[str, str] | None:
        value = doc.get("left_out")
        if value is None:
            return None
        if not isinstance(value, dict):
            self.bad("left_out", "must be an object of item id → reason")
            return None
        out: dict[str, str] = {}
        for item, reason in value.items():
            if not ITEM_ID.fullmatch(item):
                self.bad(f"left_out.{item}", "is not an item id such as O02")
            elif not isinstance(reason, str) or not reason:
                self.bad(f"left_out.{item}", f"must be a non-empty reason, not {reason!r}")
            else:
                out[item] = reason
        return out

    def packet(self, pid: str, entry: object) -> KeyPacket | None:
        where = f"packets.{shown(pid)}"
        if not PACKET_ID.fullmatch(pid):
            self.bad(where, "is not a packet id (P followed by at least three digits)")
        if not isinstance(entry, dict):
            self.bad(where, "must be an object")
            return None
        item = entry.get("item")
        if not isinstance(item, str) or not ITEM_ID.fullmatch(item):
            self.bad(f"{where}.item", f"must be an item id such as O02, not {item!r}")
            return None
        source = entry.get("source")
        if source is not None and not isinstance(source, dict):
            self.bad(f"{where}.source", 'must be {"path": …, "sha256": …}')
            source = None
        source = source or {}
        stripped = entry.get("stripped")
        if stripped is not None and not (
            isinstance(stripped, list) and all(isinstance(s, str) for s in stripped)
        ):
            self.bad(f"{where}.stripped", "must be a list of strings")
            stripped = None
        return KeyPacket(
            pid,
            item,
            self.text(source, "path", f"{where}.source.path"),
            self.digest(source, "sha256", f"{where}.source.sha256"),
            self.digests(entry, "files", f"{where}.files"),
            self.digest(entry, "archive_sha256", f"{where}.archive_sha256"),
            tuple(stripped) if stripped is not None else None,
        )


def load_key(path: Path) -> EvaluatorKey:
    """The key at `path`; `UsageError` when there is no such file, `BadKey` listing every
    problem when it is not a well-formed evaluator key."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"{path}: no such evaluator key") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: a folder, not an evaluator key file") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the evaluator key ({exc.strerror})") from None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise BadKey(path, [f"not UTF-8 (byte {exc.start})"]) from None
    except json.JSONDecodeError as exc:
        raise BadKey(path, [f"line {exc.lineno}: not JSON ({exc.msg})"]) from None
    except RecursionError:
        raise BadKey(path, ["JSON nested too deeply"]) from None
    version = _version(path, doc)
    reader = _Reader()
    packets_doc = doc.get("packets")
    packets: dict[str, KeyPacket] = {}
    if not isinstance(packets_doc, dict) or not packets_doc:
        reader.bad("packets", "must be a non-empty object of packet id → entry")
    else:
        for pid, entry in packets_doc.items():
            parsed = reader.packet(pid, entry)
            if parsed is not None:
                packets[pid] = parsed
    key = EvaluatorKey(
        path,
        packets,
        reader.digest(doc, "salt_sha256", "salt_sha256"),
        reader.salt(doc),
        reader.digests(doc, "inputs", "inputs"),
        reader.budget(doc),
        reader.packages_dir(doc),
        version,
        reader.numbering(doc),
        reader.left_out(doc),
    )
    if reader.problems:
        raise BadKey(path, reader.problems)
    return key


def _version(path: Path, doc: object) -> int:
    """The key's format version; a newer ofb's format is named as such, not as garbage."""
    fmt = doc.get("format") if isinstance(doc, dict) else None
    found = FORMAT_NAME.fullmatch(fmt) if isinstance(fmt, str) else None
    if found is not None:
        version = int(found.group(1))
        if version in READ_VERSIONS:
            return version
        if version > KEY_VERSION:
            known = ", ".join(map(str, READ_VERSIONS))
            newer = (
                f"format: {fmt!r} is a newer ofb's (this one reads formats {known}): use that ofb"
            )
            raise BadKey(path, [newer])
    raise BadKey(path, [f"format: {KEY_FORMAT!r} expected"])


def write_key(path: Path, doc: dict[str, Any]) -> None:
    """Write the key readable by its owner only, replacing any earlier key in one step."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        os.chmod(tmp, KEY_MODE)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
