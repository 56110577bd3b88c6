"""Reading a `lean4export` NDJSON export (format 3.0 and 3.1), and comparing terms across
exports.

The format (lean4export's `format_ndjson.md`): a first line `{"meta": {"exporter": {…},
"lean": {"version", "githash"}, "format": {"version": "3.1.0"}}}`, then one JSON object per
line — names (`"in"`), universe levels (`"il"`), expressions (`"ie"`), each defined once under
an integer index and referring only to indices defined on earlier lines, and declarations.
Name 0 is the anonymous name and level 0 is `zero`; neither is written out.

Declarations by format version:

- 3.1: `axiom`, `def`, `thm`, `opaque`, `quot` (one object each);
  `inductive: {types, ctors, recs}`.
- 3.0: `axiomInfo`, `def: [DefnVal or OpaqueVal]`, `thm: [ThmVal]`, `quotInfo`;
  `inductive: {inductiveVals, constructorVals, recursorVals}`.

The reader is strict and fails closed: an unknown key, a wrong type, an index used before
it is defined or defined twice, a constant declared twice or an unknown format version is
an `ExportError` naming the line. Expressions are kept as small tuples over the export's
own indices; `Canon` gives them identities comparable across exports.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..errors import OfbError

SUPPORTED_FORMATS = ("3.0", "3.1")
BINDER_INFOS = ("default", "implicit", "strictImplicit", "instImplicit")
QUOT_KINDS = ("type", "ctor", "lift", "ind")
SAFETIES = ("safe", "unsafe", "partial")

Name = tuple[str | int, ...]  # components; () is the anonymous name
# An expression or level: a tag, then fields whose types the tag decides (see `_Reader`).
Node = tuple[Any, ...]
# Components a name may have: far above any name of Lean or Mathlib (the reader refuses
# more, since each name holds its prefix's parts and a chain would cost quadratic time).
MAX_NAME_PARTS = 256
# A JSON value as `json.loads` returns it.
Json = Any


class ExportError(OfbError):
    """The export is not one this reader can trust."""


def name_str(name: Name) -> str:
    """`("Nat", "add")` → `Nat.add`; components that are not plain identifiers in «»."""
    if not name:
        return "[anonymous]"
    parts = []
    for c in name:
        if isinstance(c, int):
            parts.append(str(c))
        elif (
            c and (c[0].isalpha() or c[0] == "_") and all(ch.isalnum() or ch in "_'!?" for ch in c)
        ):
            parts.append(c)
        else:
            parts.append(f"«{c}»")
    return ".".join(parts)


def parse_name(text: str) -> Name:
    """`P001.main` → `("P001", "main")`; a «…» component may hold dots."""
    parts: list[str] = []
    current, i = "", 0
    while i < len(text):
        ch = text[i]
        if ch == "«":
            close = text.find("»", i)
            if close < 0:
                raise ValueError(f"unclosed « in {text!r}")
            current += text[i + 1 : close]
            i = close + 1
        elif ch == ".":
            parts.append(current)
            current, i = "", i + 1
        else:
            current += ch
            i += 1
    parts.append(current)
    if any(p == "" for p in parts):
        raise ValueError(f"not a name: {text!r}")
    return tuple(parts)


@dataclass(frozen=True, slots=True)
class Decl:
    """One constant. `fields` holds the kind's scalars and name lists (see `_DECL_FIELDS`);
    `rules` the recursor rules as (constructor, number of fields, right-hand side)."""

    kind: str  # axiom, def, thm, opaque, quot, inductive, ctor, rec
    name: Name
    level_params: tuple[Name, ...]
    type: int
    value: int | None = None
    fields: tuple[Any, ...] = ()
    rules: tuple[tuple[Name, int, int], ...] = ()
    line: int = 0

    def field(self, key: str) -> Any:
        return self.fields[_DECL_FIELDS[self.kind].index(key)]

    @property
    def is_unsafe(self) -> bool:
        if self.kind == "def":
            return bool(self.field("safety") == "unsafe")
        return "isUnsafe" in _DECL_FIELDS[self.kind] and bool(self.field("isUnsafe"))

    def expressions(self) -> list[int]:
        """Every expression the constant holds: its type, its value, its rules' right-hand sides."""
        found = [self.type]
        if self.value is not None:
            found.append(self.value)
        found.extend(rhs for _, _, rhs in self.rules)
        return found

    def names(self) -> list[Name]:
        """Constants the declaration names outside its expressions (constructors, the
        inductive of a constructor, the types of a mutual block, the rules' constructors)."""
        found: list[Name] = []
        if self.kind == "inductive":
            found += [*self.field("ctors"), *self.field("all")]
        elif self.kind == "ctor":
            found.append(self.field("induct"))
        elif self.kind == "rec":
            found += [*self.field("all"), *(ctor for ctor, _, _ in self.rules)]
        return found


# The scalar fields of each kind, in the order kept in `Decl.fields`.
_DECL_FIELDS = {
    "axiom": ("isUnsafe",),
    "def": ("hints", "safety", "all"),
    "thm": ("all",),
    "opaque": ("isUnsafe", "all"),
    "quot": ("kind",),
    "inductive": (
        "numParams",
        "numIndices",
        "all",
        "ctors",
        "numNested",
        "isRec",
        "isUnsafe",
        "isReflexive",
    ),
    "ctor": ("induct", "cidx", "numParams", "numFields", "isUnsafe"),
    "rec": ("all", "numParams", "numIndices", "numMotives", "numMinors", "k", "isUnsafe"),
}


@dataclass
class Export:
    path: str
    format_version: str
    exporter: dict[str, Json]
    lean_version: str
    lean_githash: str
    names: dict[int, Name] = field(default_factory=lambda: {0: ()})
    levels: dict[int, Node] = field(default_factory=lambda: {0: ("zero",)})
    exprs: dict[int, Node] = field(default_factory=dict)
    decls: dict[Name, Decl] = field(default_factory=dict)
    lines: int = 0

    def get(self, name: Name | str) -> Decl | None:
        return self.decls.get(parse_name(name) if isinstance(name, str) else name)

    def constants(self, roots: Iterable[int], seen: set[int]) -> Iterator[Name]:
        """Constants the expressions `roots` mention, including the structure a projection
        names and `Nat`/`String` for literals; `seen` (expression indices) is shared across
        calls so a closure walks each subterm once."""
        stack = [r for r in roots if r not in seen]
        exprs = self.exprs
        while stack:
            i = stack.pop()
            if i in seen:
                continue
            seen.add(i)
            node = exprs[i]
            tag = node[0]
            if tag in ("const", "proj"):
                yield node[1]
            elif tag == "nat":
                yield ("Nat",)
            elif tag == "str":
                yield ("String",)
            stack.extend(children(node))

    def dependencies(self, decl: Decl, seen: set[int]) -> Iterator[Name]:
        yield from self.constants(decl.expressions(), seen)
        yield from decl.names()

    def strip(self, i: int) -> int:
        """The expression under any metadata."""
        while self.exprs[i][0] == "mdata":
            i = self.exprs[i][2]
        return i


_CHILDREN = {
    "app": (1, 2),
    "lam": (2, 3),
    "pi": (2, 3),
    "let": (2, 3, 4),
    "proj": (3,),
    "mdata": (2,),
}


def children(node: Node) -> tuple[int, ...]:
    """The indices of an expression node's subexpressions, left to right."""
    return tuple(node[k] for k in _CHILDREN.get(node[0], ()))


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.line = 0
        self.export: Export | None = None

    def fail(self, message: str) -> ExportError:
        return ExportError(f"{self.path}:{self.line}: {message}")

    @property
    def out(self) -> Export:
        """The export being read; only the meta line comes before it exists."""
        if self.export is None:
            raise self.fail("the export must start with its meta line")
        return self.export

    # -- scalar checks -----------------------------------------------------------------
    def nat(self, value: Json, what: str) -> int:
        if type(value) is not int or value < 0:
            raise self.fail(f"{what} must be a natural number, not {value!r}")
        return value

    def boolean(self, value: Json, what: str) -> bool:
        if type(value) is not bool:
            raise self.fail(f"{what} must be true or false, not {value!r}")
        return value

    def choice(self, value: Json, allowed: tuple[str, ...], what: str) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(f"{what} must be one of {', '.join(allowed)}, not {value!r}")
        return value

    def keys(
        self, obj: Json, want: set[str], what: str, optional: frozenset[str] = frozenset()
    ) -> dict[str, Json]:
        if not isinstance(obj, dict):
            raise self.fail(f"{what} must be an object")
        have = set(obj)
        if not want <= have or not have <= want | optional:
            raise self.fail(f"{what} has keys {sorted(have)}, expected {sorted(want)}")
        return obj

    def name(self, raw: Json) -> Name:
        idx = self.nat(raw, "a name index")
        try:
            return self.out.names[idx]
        except KeyError:
            raise self.fail(f"name {idx} is used before it is defined") from None

    def prefix(self, raw: Json, idx: int) -> Name:
        """The prefix of name `idx`, which must leave room for one more component: each
        name holds its prefix's parts, so a hostile chain would cost quadratic time and
        memory. No name of Lean or Mathlib comes near the cap."""
        pre = self.name(raw)
        if len(pre) >= MAX_NAME_PARTS:
            raise self.fail(f"name {idx} has more than {MAX_NAME_PARTS} components")
        return pre

    def level(self, raw: Json) -> int:
        idx = self.nat(raw, "a level index")
        if idx not in self.out.levels:
            raise self.fail(f"level {idx} is used before it is defined")
        return idx

    def expr(self, raw: Json) -> int:
        idx = self.nat(raw, "an expression index")
        if idx not in self.out.exprs:
            raise self.fail(f"expression {idx} is used before it is defined")
        return idx

    def names(self, value: Json, what: str) -> tuple[Name, ...]:
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list of name indices")
        return tuple(self.name(v) for v in value)

    # -- lines -------------------------------------------------------------------------
    def meta(self, obj: Json) -> Export:
        meta = obj.get("meta") if isinstance(obj, dict) and set(obj) == {"meta"} else None
        if not isinstance(meta, dict):
            raise self.fail('the export must start with its {"meta": …} line')
        fmt = meta.get("format")
        version = fmt.get("version") if isinstance(fmt, dict) else None
        if not isinstance(version, str):
            raise self.fail("the meta line has no format version")
        major_minor = ".".join(version.split(".")[:2])
        if major_minor not in SUPPORTED_FORMATS:
            raise self.fail(
                f"export format {version} is not supported "
                f"(this reader knows {', '.join(SUPPORTED_FORMATS)})"
            )
        lean = meta.get("lean")
        lean = lean if isinstance(lean, dict) else {}
        exporter = meta.get("exporter")
        exporter = exporter if isinstance(exporter, dict) else {}
        return Export(
            self.path,
            version,
            dict(exporter),
            str(lean.get("version", "")),
            str(lean.get("githash", "")),
        )

    def item(self, obj: Json) -> None:
        if not isinstance(obj, dict):
            raise self.fail("each line must be a JSON object")
        for key, table in (
            ("in", self.define_name),
            ("il", self.define_level),
            ("ie", self.define_expr),
        ):
            if key in obj:
                if len(obj) != 2:
                    raise self.fail(f"a {key!r} line has exactly one other key, not {sorted(obj)}")
                idx = self.nat(obj[key], f"{key!r}")
                ((tag, data),) = ((k, v) for k, v in obj.items() if k != key)
                table(idx, tag, data)
                return
        if len(obj) != 1:
            raise self.fail(f"unknown export object with keys {sorted(obj)}")
        ((tag, data),) = obj.items()
        decls = _DECLS_31 if self.out.format_version.startswith("3.1") else _DECLS_30
        handler = decls.get(tag)
        if handler is None:
            raise self.fail(f"unknown declaration {tag!r} in format {self.out.format_version}")
        handler(self, data)

    def define_name(self, idx: int, tag: str, data: Json) -> None:
        names = self.out.names
        if idx in names:
            raise self.fail(f"name {idx} is defined twice")
        if tag == "str":
            d = self.keys(data, {"pre", "str"}, "Name.str")
            if not isinstance(d["str"], str):
                raise self.fail("Name.str needs a string")
            names[idx] = self.prefix(d["pre"], idx) + (d["str"],)
        elif tag == "num":
            d = self.keys(data, {"pre", "i"}, "Name.num")
            names[idx] = self.prefix(d["pre"], idx) + (self.nat(d["i"], "Name.num i"),)
        else:
            raise self.fail(f"unknown name kind {tag!r}")

    def define_level(self, idx: int, tag: str, data: Json) -> None:
        levels = self.out.levels
        if idx in levels:
            raise self.fail(f"level {idx} is defined twice")
        if tag == "succ":
            levels[idx] = ("succ", self.level(data))
        elif tag in ("max", "imax"):
            if not isinstance(data, list) or len(data) != 2:
                raise self.fail(f"Level.{tag} needs two level indices")
            levels[idx] = (tag, self.level(data[0]), self.level(data[1]))
        elif tag == "param":
            levels[idx] = ("param", self.name(data))
        else:
            raise self.fail(f"unknown level kind {tag!r}")

    def define_expr(self, idx: int, tag: str, data: Json) -> None:
        exprs = self.out.exprs
        node: Node
        if idx in exprs:
            raise self.fail(f"expression {idx} is defined twice")
        if tag == "bvar":
            node = ("bvar", self.nat(data, "Expr.bvar"))
        elif tag == "sort":
            node = ("sort", self.level(data))
        elif tag == "const":
            d = self.keys(data, {"name", "us"}, "Expr.const")
            if not isinstance(d["us"], list):
                raise self.fail("Expr.const us must be a list of level indices")
            node = ("const", self.name(d["name"]), tuple(self.level(u) for u in d["us"]))
        elif tag == "app":
            d = self.keys(data, {"fn", "arg"}, "Expr.app")
            node = ("app", self.expr(d["fn"]), self.expr(d["arg"]))
        elif tag in ("lam", "forallE"):
            d = self.keys(data, {"name", "type", "body", "binderInfo"}, f"Expr.{tag}")
            node = (
                "lam" if tag == "lam" else "pi",
                self.name(d["name"]),
                self.expr(d["type"]),
                self.expr(d["body"]),
                self.choice(d["binderInfo"], BINDER_INFOS, "binderInfo"),
            )
        elif tag == "letE":
            d = self.keys(data, {"name", "type", "value", "body", "nondep"}, "Expr.letE")
            node = (
                "let",
                self.name(d["name"]),
                self.expr(d["type"]),
                self.expr(d["value"]),
                self.expr(d["body"]),
                self.boolean(d["nondep"], "nondep"),
            )
        elif tag == "proj":
            d = self.keys(data, {"typeName", "idx", "struct"}, "Expr.proj")
            node = (
                "proj",
                self.name(d["typeName"]),
                self.nat(d["idx"], "Expr.proj idx"),
                self.expr(d["struct"]),
            )
        elif tag == "natVal":
            if not isinstance(data, str) or not data.isdigit() or not data.isascii():
                raise self.fail(f"natVal must be a string of digits, not {data!r}")
            node = ("nat", int(data))
        elif tag == "strVal":
            if not isinstance(data, str):
                raise self.fail("strVal must be a string")
            node = ("str", data)
        elif tag == "mdata":
            d = self.keys(data, {"expr", "data"}, "Expr.mdata")
            if not isinstance(d["data"], dict):
                raise self.fail("Expr.mdata data must be an object")
            node = ("mdata", d["data"], self.expr(d["expr"]))
        else:
            raise self.fail(f"unknown expression kind {tag!r}")
        exprs[idx] = node

    def add(self, decl: Decl) -> None:
        if decl.name in self.out.decls:
            raise self.fail(f"constant {name_str(decl.name)} is declared twice")
        self.out.decls[decl.name] = decl

    def constant(
        self,
        kind: str,
        data: Json,
        extra: dict[str, str],
        *,
        value: bool,
        optional: frozenset[str] = frozenset(),
    ) -> None:
        """A declaration whose fields are name, levelParams, type[, value] and `extra`
        (field → how to read it: nat, bool, names, name, hints, safety, quot)."""
        want = {"name", "levelParams", "type", *extra} | ({"value"} if value else set())
        d = self.keys(data, want - optional, kind, optional)
        fields: list[Any] = []
        for key in _DECL_FIELDS[kind]:
            how = extra[key]
            raw = d.get(key, False) if key in optional else d[key]
            if how == "nat":
                fields.append(self.nat(raw, key))
            elif how == "bool":
                fields.append(self.boolean(raw, key))
            elif how == "names":
                fields.append(self.names(raw, key))
            elif how == "name":
                fields.append(self.name(raw))
            elif how == "safety":
                fields.append(self.choice(raw, SAFETIES, "safety"))
            elif how == "quot":
                fields.append(self.choice(raw, QUOT_KINDS, "quot kind"))
            elif how == "hints":
                fields.append(self.hints(raw))
        rules: tuple[tuple[Name, int, int], ...] = ()
        if kind == "rec":
            if not isinstance(d["rules"], list):
                raise self.fail("recursor rules must be a list")
            rules = tuple(self.rule(r) for r in d["rules"])
        self.add(
            Decl(
                kind,
                self.name(d["name"]),
                self.names(d["levelParams"], "levelParams"),
                self.expr(d["type"]),
                self.expr(d["value"]) if value else None,
                tuple(fields),
                rules,
                self.line,
            )
        )

    def hints(self, raw: Json) -> str | tuple[str, int]:
        if raw == "opaque" or raw == "abbrev":
            return str(raw)
        if isinstance(raw, dict) and set(raw) == {"regular"}:
            return ("regular", self.nat(raw["regular"], "hints.regular"))
        raise self.fail(f"unknown reducibility hints {raw!r}")

    def rule(self, raw: Json) -> tuple[Name, int, int]:
        d = self.keys(raw, {"ctor", "nfields", "rhs"}, "a recursor rule")
        return self.name(d["ctor"]), self.nat(d["nfields"], "nfields"), self.expr(d["rhs"])

    def axiom(self, data: Json) -> None:
        self.constant("axiom", data, {"isUnsafe": "bool"}, value=False)

    def definition(self, data: Json) -> None:
        self.constant(
            "def", data, {"hints": "hints", "safety": "safety", "all": "names"}, value=True
        )

    def theorem(self, data: Json) -> None:
        self.constant("thm", data, {"all": "names"}, value=True)

    def opaque(self, data: Json) -> None:
        # lean4export's own parser defaults a missing isUnsafe to false.
        self.constant(
            "opaque",
            data,
            {"isUnsafe": "bool", "all": "names"},
            value=True,
            optional=frozenset({"isUnsafe"}),
        )

    def quot(self, data: Json) -> None:
        self.constant("quot", data, {"kind": "quot"}, value=False)

    def inductive(self, data: Json, keys: tuple[str, str, str]) -> None:
        d = self.keys(data, set(keys), "inductive")
        for key in keys:
            if not isinstance(d[key], list):
                raise self.fail(f"inductive {key} must be a list")
        for t in d[keys[0]]:
            self.constant(
                "inductive",
                t,
                {
                    "numParams": "nat",
                    "numIndices": "nat",
                    "all": "names",
                    "ctors": "names",
                    "numNested": "nat",
                    "isRec": "bool",
                    "isUnsafe": "bool",
                    "isReflexive": "bool",
                },
                value=False,
            )
        for c in d[keys[1]]:
            self.constant(
                "ctor",
                c,
                {
                    "induct": "name",
                    "cidx": "nat",
                    "numParams": "nat",
                    "numFields": "nat",
                    "isUnsafe": "bool",
                },
                value=False,
            )
        for r in d[keys[2]]:
            self.constant(
                "rec",
                r,
                {
                    "all": "names",
                    "numParams": "nat",
                    "numIndices": "nat",
                    "numMotives": "nat",
                    "numMinors": "nat",
                    "k": "bool",
                    "isUnsafe": "bool",
                    "rules": "rules",
                },
                value=False,
            )

    # format 3.0: definitions and theorems in arrays, opaques among the definitions
    def definitions_30(self, data: Json) -> None:
        if not isinstance(data, list):
            raise self.fail("format 3.0 `def` must be a list")
        for d in data:
            if isinstance(d, dict) and "hints" in d:
                self.definition(d)
            else:
                self.opaque(d)

    def theorems_30(self, data: Json) -> None:
        if not isinstance(data, list):
            raise self.fail("format 3.0 `thm` must be a list")
        for d in data:
            self.theorem(d)


_DECLS_31 = {
    "axiom": _Reader.axiom,
    "def": _Reader.definition,
    "thm": _Reader.theorem,
    "opaque": _Reader.opaque,
    "quot": _Reader.quot,
    "inductive": lambda r, d: r.inductive(d, ("types", "ctors", "recs")),
}
_DECLS_30 = {
    "axiomInfo": _Reader.axiom,
    "def": _Reader.definitions_30,
    "thm": _Reader.theorems_30,
    "quotInfo": _Reader.quot,
    "inductive": lambda r, d: r.inductive(d, ("inductiveVals", "constructorVals", "recursorVals")),
}


def read(stream: IO[str] | Iterable[str], path: str = "<export>") -> Export:
    """Read an export line by line; raise `ExportError` at the first problem."""
    reader = _Reader(path)
    for text in stream:
        reader.line += 1
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except ValueError as exc:
            raise reader.fail(f"not JSON ({exc})") from None
        except RecursionError:
            raise reader.fail("JSON nested too deeply") from None
        if reader.export is None:
            reader.export = reader.meta(obj)
        else:
            reader.item(obj)
    if reader.export is None:
        raise ExportError(f"{path}: empty export (no meta line)")
    reader.export.lines = reader.line
    return reader.export


def read_file(path: Path) -> Export:
    try:
        with open(path, encoding="utf-8") as f:
            return read(f, str(path))
    except UnicodeDecodeError as exc:
        raise ExportError(f"{path}: not UTF-8 ({exc.reason})") from None
    except OSError as exc:
        raise ExportError(f"{path}: cannot read the export ({exc.strerror})") from None


class Canon:
    """Structural identities for terms of several exports: two expressions (of the same or
    of different exports) get the same id exactly when they are the same term, up to binder
    names, metadata and `letE`'s nondep flag — the equality the kernel sees. Binder kinds
    (implicit, instance-implicit, …) count."""

    def __init__(self) -> None:
        self._ids: dict[Node, int] = {}
        self._views: dict[int, tuple[Export, dict[int, int]]] = {}

    def _intern(self, key: Node) -> int:
        return self._ids.setdefault(key, len(self._ids))

    def intern(self, key: Node) -> int:
        """An identity for `key`, shared by every export this Canon has seen; keys built
        from other identities stay flat, so comparing them never recurses."""
        return self._intern(key)

    def exprs(self, export: Export) -> dict[int, int]:
        """Expression index → identity, for every expression of `export` (computed once)."""
        if id(export) in self._views:
            return self._views[id(export)][1]
        view: dict[int, int] = {}
        levels = self.levels(export)
        for i, node in export.exprs.items():  # in line order: children come first
            tag = node[0]
            if tag == "mdata":
                view[i] = view[node[2]]
                continue
            key: Node
            if tag == "const":
                key = ("const", node[1], tuple(levels[u] for u in node[2]))
            elif tag == "sort":
                key = ("sort", levels[node[1]])
            elif tag == "app":
                key = ("app", view[node[1]], view[node[2]])
            elif tag in ("lam", "pi"):
                key = (tag, view[node[2]], view[node[3]], node[4])
            elif tag == "let":
                key = ("let", view[node[2]], view[node[3]], view[node[4]])
            elif tag == "proj":
                key = ("proj", node[1], node[2], view[node[3]])
            else:  # bvar, nat, str
                key = node
            view[i] = self._intern(key)
        self._views[id(export)] = (export, view)  # the export is kept so its id stays its own
        return view

    def levels(self, export: Export) -> dict[int, int]:
        """Level index → identity. Levels are defined before their first use, so one pass
        in line order sees every child first: no recursion, however deep a chain of
        `succ` an export holds."""
        ids: dict[int, int] = {}
        for i, node in export.levels.items():
            if node[0] == "succ":
                key: Node = ("level", "succ", ids[node[1]])
            elif node[0] in ("max", "imax"):
                key = ("level", node[0], ids[node[1]], ids[node[2]])
            else:  # zero, param
                key = ("level", *node)
            ids[i] = self._intern(key)
        return ids

    def signature(self, export: Export, decl: Decl) -> Node:
        """Everything that makes a constant what it is, comparable across exports."""
        ids = self.exprs(export)
        return (
            decl.kind,
            decl.name,
            decl.level_params,
            ids[decl.type],
            None if decl.value is None else ids[decl.value],
            decl.fields,
            tuple((ctor, n, ids[rhs]) for ctor, n, rhs in decl.rules),
        )
