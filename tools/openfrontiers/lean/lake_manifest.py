"""`lake-manifest.json` exactly as Lake writes it.

`lake update` rewrites the manifest with Lean's own JSON printer, and CI compares the
result with the committed file byte for byte, so every manifest this project writes (the
root, `comparator/`, `comparator/lean4export/`, `repl/`, packet and grading workspaces)
must come out in that layout, not in Python's:

* Lake saves `Json.pretty manifest` (line width 80) followed by one newline;
* object members come out in *descending* key order (Lean keeps an object's members in a
  tree sorted by key and prints them from a fold that reverses it), so a manifest reads
  `version, packagesDir, packages, name, lakeDir, fixedToolchain` and each package
  `url, type, subDir, scope, rev, name, manifestFile, inputRev, inherited, configFile`;
* arrays and objects are Wadler-style groups: `[`/`{` nest their contents by one column,
  items are separated by `,` and a line break that becomes a space when the whole group
  (and what follows it up to the next break) fits in the width; a member `"k": v` is a
  group of its own, broken after the colon only when it does not fit;
* strings escape `"`, `\\`, newline and carriage return by name and other control
  characters as `\\u00xx` (lowercase hex); everything else, non-ASCII included, is kept.

`pretty` implements that layout for the JSON values manifests hold (objects, arrays,
strings, booleans, null and integers); `dumps` is what Lake writes to the file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ..errors import OfbError

WIDTH = 80  # Json.pretty's default line width, which Lake uses

# -- a document: the four constructors Lean's JSON printer builds ----------------------------


@dataclass(frozen=True)
class _Text:
    text: str


@dataclass(frozen=True)
class _Line:
    """A break: a newline plus the current indent, or one space when its group is flat."""


@dataclass(frozen=True)
class _Nest:
    indent: int
    doc: _Doc


@dataclass(frozen=True)
class _Cat:
    parts: tuple[_Doc, ...]


@dataclass(frozen=True)
class _Group:
    doc: _Doc


_Doc = _Text | _Line | _Nest | _Cat | _Group
_LINE = _Line()


def _bracket(left: str, inner: _Doc, right: str) -> _Doc:
    return _Group(_Nest(len(left), _Cat((_Text(left), inner, _Text(right)))))


def _join(docs: Sequence[_Doc]) -> _Doc:
    parts: list[_Doc] = []
    for n, doc in enumerate(docs):
        if n:
            parts += [_Text(","), _LINE]
        parts.append(doc)
    return _Cat(tuple(parts))


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r"}


def _string(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _doc(value: object) -> _Doc:
    if value is None:
        return _Text("null")
    if isinstance(value, bool):
        return _Text("true" if value else "false")
    if isinstance(value, int):
        return _Text(str(value))
    if isinstance(value, str):
        return _Text(_string(value))
    if isinstance(value, list | tuple):
        return _bracket("[", _join([_doc(v) for v in value]), "]")
    if isinstance(value, dict):
        members = [
            _Group(_Cat((_Text(_string(k) + ":"), _LINE, _doc(value[k]))))
            for k in sorted(value, reverse=True)
        ]
        return _bracket("{", _join(members), "}")
    raise TypeError(f"a Lake manifest holds no {type(value).__name__} values")


# -- the layout -------------------------------------------------------------------------------


@dataclass
class _Span:
    """How much room a document takes up to its first unflattened break."""

    broke: bool = False
    width: int = 0


def _then(room: int, first: _Span, rest: Callable[[int], _Span]) -> _Span:
    """`first` followed by `rest(room left)`: stop measuring at a break or past `room`."""
    if first.broke or first.width > room:
        return first
    after = rest(room - first.width)
    return _Span(after.broke, first.width + after.width)


def _measure(doc: _Doc, flat: bool, room: int) -> _Span:
    if isinstance(doc, _Text):
        return _Span(False, len(doc.text))
    if isinstance(doc, _Line):
        return _Span(False, 1) if flat else _Span(True, 0)
    if isinstance(doc, _Nest):
        return _measure(doc.doc, flat, room)
    if isinstance(doc, _Group):
        return _measure(doc.doc, True, room)
    span = _Span()
    for part in doc.parts:
        span = _then(room, span, partial(_measure, part, flat))
        if span.broke or span.width > room:
            break
    return span


@dataclass
class _Pending:
    flat: bool
    items: list[tuple[_Doc, int]] = field(default_factory=list)  # (document, indent)


def _measure_pending(groups: list[_Pending], room: int) -> _Span:
    """The room the documents still to print take, up to the first break (groups are a
    stack: the last is printed first)."""
    span = _Span()
    for group in reversed(groups):
        for doc, _ in group.items:
            span = _then(room, span, partial(_measure, doc, group.flat))
            if span.broke or span.width > room:
                return span
    return span


def pretty(value: object, width: int = WIDTH) -> str:
    """`value` laid out as Lean's `Json.pretty value width` lays it out."""
    out: list[str] = []
    column = 0
    stack = [_Pending(False, [(_doc(value), 0)])]

    def open_group(doc: _Doc, indent: int) -> None:
        # A group is flat when it and the rest of the line after it fit in the width.
        room = max(width - column, 0)
        group = _Pending(True, [(doc, indent)])
        span = _then(room, _measure_pending([group], room), lambda r: _measure_pending(stack, r))
        group.flat = span.width <= room
        stack.append(group)

    while stack:
        group = stack[-1]
        if not group.items:
            stack.pop()
            continue
        doc, indent = group.items.pop(0)
        if isinstance(doc, _Text):
            out.append(doc.text)
            column += len(doc.text)
        elif isinstance(doc, _Line):
            if group.flat:
                out.append(" ")
                column += 1
            else:
                out.append("\n" + " " * indent)
                column = indent
        elif isinstance(doc, _Nest):
            group.items.insert(0, (doc.doc, indent + doc.indent))
        elif isinstance(doc, _Cat):
            group.items[0:0] = [(part, indent) for part in doc.parts]
        elif group.flat:
            group.items.insert(0, (doc.doc, indent))
        else:
            open_group(doc.doc, indent)
    return "".join(out)


def dumps(manifest: dict) -> str:
    """The text Lake writes to `lake-manifest.json` for `manifest`."""
    return pretty(manifest) + "\n"


def load(path: Path) -> dict:
    """A manifest file, parsed; a clear error when it is not a JSON object."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise OfbError(f"{path}: no such Lake manifest") from None
    except json.JSONDecodeError as exc:
        raise OfbError(f"{path}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise OfbError(f"{path}: a Lake manifest is a JSON object")
    return data
