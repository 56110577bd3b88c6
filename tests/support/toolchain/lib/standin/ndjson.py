"""Writes lean4export NDJSON exports (format 3.1.0, and 3.0.0 on request) from a few calls,
following lean4export's `format_ndjson.md`: one line per name, level, expression and
declaration, each primitive written once (hash-consed) before its first use, name 0 the
anonymous name and level 0 `zero`.

Used to write the export fixtures of tests/grade (through tests/support/ndjson.py) and by
the stand-in `lean4export` of tests/support/grader. It lives in the stand-in toolchain
because the grader's jail shows that folder whole (as `LEAN_SYSROOT`), while each program
it runs is shown as a single file. Standard library only.
"""

from __future__ import annotations

import json

ANSWER_KEY = "FrontierBench.answer"


class Builder:
    def __init__(self, lean_version: str = "4.33.1", fmt: str = "3.1.0") -> None:
        self.fmt = fmt
        self.lines: list[str] = []
        self._names: dict[tuple, int] = {(): 0}
        self._levels: dict[tuple, int] = {("zero",): 0}
        self._exprs: dict[tuple, int] = {}
        self.emit(
            {
                "meta": {
                    "exporter": {"name": "lean4export", "version": fmt},
                    "lean": {"githash": "0" * 40, "version": lean_version},
                    "format": {"version": fmt},
                }
            }
        )

    def emit(self, obj: dict) -> None:
        self.lines.append(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    # -- primitives ----------------------------------------------------------------------
    def name(self, text: str | tuple) -> int:
        parts = tuple(text.split(".")) if isinstance(text, str) else tuple(text)
        if parts in self._names:
            return self._names[parts]
        pre = self.name(parts[:-1])
        idx = len(self._names)
        last = parts[-1]
        kind = (
            {"num": {"pre": pre, "i": last}}
            if isinstance(last, int)
            else {"str": {"pre": pre, "str": last}}
        )
        self.emit({"in": idx, **kind})
        self._names[parts] = idx
        return idx

    def level(self, spec) -> int:
        """0, "u" (a parameter), ("succ", l), ("max", a, b), ("imax", a, b)."""
        if spec == 0:
            return 0
        if isinstance(spec, str):
            key, data = ("param", spec), None
        else:
            key = spec
        if key in self._levels:
            return self._levels[key]
        if key[0] == "param":
            data = self.name(key[1])
        elif key[0] == "succ":
            data = self.level(key[1])
        else:
            data = [self.level(key[1]), self.level(key[2])]
        idx = len(self._levels)
        self.emit({"il": idx, key[0]: data})
        self._levels[key] = idx
        return idx

    def _expr(self, key: tuple, tag: str, data) -> int:
        if key in self._exprs:
            return self._exprs[key]
        idx = len(self._exprs)
        self.emit({"ie": idx, tag: data})
        self._exprs[key] = idx
        return idx

    def sort(self, level=0) -> int:
        lvl = self.level(level)
        return self._expr(("sort", lvl), "sort", lvl)

    def bvar(self, i: int) -> int:
        return self._expr(("bvar", i), "bvar", i)

    def const(self, name: str, levels=()) -> int:
        n, us = self.name(name), [self.level(u) for u in levels]
        return self._expr(("const", n, tuple(us)), "const", {"name": n, "us": us})

    def app(self, fn: int, *args: int) -> int:
        for arg in args:
            fn = self._expr(("app", fn, arg), "app", {"fn": fn, "arg": arg})
        return fn

    def pi(self, binder: str, type_: int, body: int, info: str = "default") -> int:
        n = self.name(binder)
        return self._expr(
            ("pi", n, type_, body, info),
            "forallE",
            {"name": n, "type": type_, "body": body, "binderInfo": info},
        )

    def lam(self, binder: str, type_: int, body: int, info: str = "default") -> int:
        n = self.name(binder)
        return self._expr(
            ("lam", n, type_, body, info),
            "lam",
            {"name": n, "type": type_, "body": body, "binderInfo": info},
        )

    def let(self, binder: str, type_: int, value: int, body: int) -> int:
        n = self.name(binder)
        return self._expr(
            ("let", n, type_, value, body),
            "letE",
            {"name": n, "type": type_, "value": value, "body": body, "nondep": False},
        )

    def proj(self, struct: str, idx: int, e: int) -> int:
        n = self.name(struct)
        return self._expr(("proj", n, idx, e), "proj", {"typeName": n, "idx": idx, "struct": e})

    def nat(self, value: int) -> int:
        return self._expr(("nat", value), "natVal", str(value))

    def string(self, value: str) -> int:
        return self._expr(("str", value), "strVal", value)

    def mdata(self, e: int, data: dict) -> int:
        key = ("mdata", json.dumps(data, sort_keys=True), e)
        return self._expr(key, "mdata", {"expr": e, "data": data})

    def answer(self, e: int) -> int:
        """`answer(e)`: the metadata node FrontierBench's `answer(·)` elaborates to."""
        return self.mdata(e, {ANSWER_KEY: "Lean.DataValue.ofBool true"})

    # -- declarations --------------------------------------------------------------------
    def _base(self, name: str, type_: int, levels=()) -> dict:
        return {
            "name": self.name(name),
            "levelParams": [self.name(u) for u in levels],
            "type": type_,
        }

    def axiom(self, name: str, type_: int, levels=()) -> None:
        body = {**self._base(name, type_, levels), "isUnsafe": False}
        self.emit({"axiomInfo" if self.fmt.startswith("3.0") else "axiom": body})

    def definition(
        self,
        name: str,
        type_: int,
        value: int,
        levels=(),
        hints=("regular", 1),
        safety: str = "safe",
    ) -> None:
        h = {"regular": hints[1]} if isinstance(hints, tuple) else hints
        body = {
            **self._base(name, type_, levels),
            "value": value,
            "hints": h,
            "safety": safety,
            "all": [self.name(name)],
        }
        self.emit({"def": [body]} if self.fmt.startswith("3.0") else {"def": body})

    def theorem(self, name: str, type_: int, value: int, levels=()) -> None:
        body = {**self._base(name, type_, levels), "value": value, "all": [self.name(name)]}
        self.emit({"thm": [body]} if self.fmt.startswith("3.0") else {"thm": body})

    def opaque(self, name: str, type_: int, value: int, levels=(), unsafe: bool = False) -> None:
        body = {
            **self._base(name, type_, levels),
            "value": value,
            "isUnsafe": unsafe,
            "all": [self.name(name)],
        }
        self.emit({"def": [body]} if self.fmt.startswith("3.0") else {"opaque": body})

    def quot(self, name: str, type_: int, kind: str, levels=("u",)) -> None:
        body = {**self._base(name, type_, levels), "kind": kind}
        self.emit({"quotInfo" if self.fmt.startswith("3.0") else "quot": body})

    def inductive(
        self,
        name: str,
        type_: int,
        ctors: list[tuple[str, int, int]],
        num_params: int = 0,
        levels=(),
        rec_type: int | None = None,
        rules: list[tuple[str, int, int]] = (),
        unsafe: bool = False,
    ) -> None:
        """One inductive type with its constructors (name, type, number of fields) and,
        when `rec_type` is given, its recursor with `rules` (constructor, fields, rhs);
        `unsafe` marks all of them."""
        ind = {
            **self._base(name, type_, levels),
            "numParams": num_params,
            "numIndices": 0,
            "all": [self.name(name)],
            "ctors": [self.name(c) for c, _, _ in ctors],
            "numNested": 0,
            "isRec": False,
            "isUnsafe": unsafe,
            "isReflexive": False,
        }
        ctor_objs = [
            {
                **self._base(c, t, levels),
                "induct": self.name(name),
                "cidx": i,
                "numParams": num_params,
                "numFields": nf,
                "isUnsafe": unsafe,
            }
            for i, (c, t, nf) in enumerate(ctors)
        ]
        recs = []
        if rec_type is not None:
            recs.append(
                {
                    **self._base(f"{name}.rec", rec_type, ("u", *levels)),
                    "all": [self.name(name)],
                    "numParams": num_params,
                    "numIndices": 0,
                    "numMotives": 1,
                    "numMinors": len(ctors),
                    "rules": [
                        {"ctor": self.name(c), "nfields": nf, "rhs": rhs} for c, nf, rhs in rules
                    ],
                    "k": False,
                    "isUnsafe": unsafe,
                }
            )
        keys = (
            ("inductiveVals", "constructorVals", "recursorVals")
            if self.fmt.startswith("3.0")
            else ("types", "ctors", "recs")
        )
        self.emit({"inductive": dict(zip(keys, ([ind], ctor_objs, recs), strict=False))})
