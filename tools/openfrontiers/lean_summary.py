"""One JSON summary of a run on a real Lean toolchain (the `lean-summary` CI artifact).

`ci/lean-summary.sh` runs each command with JSON output and this module merges what they
wrote:

* `build`: `ofb build --format json` over every statement and utility module — per
  statement whether it elaborated, with Lean's messages;
* `guard`: `ofb build --format json` over the `#guard_msgs` test modules — per test (one
  `#guard_msgs` command, from its docstring to the next test) passed or failed, with the
  messages Lean gave in its lines;
* `probes`: `ofb probe --format json` — per item its verdict, per probe its outcome;
* `selftest`: `ofb grade selftest --format json` — the cases that need Lean.

An input that is missing or not the JSON expected is listed under `inputs` with the
reason, and its section stays empty: nothing is dropped silently.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .lean.decls import LeanFile
from .lean.lexer import Kind, SourceMap
from .register.model import ITEM_ID

FORMAT = "openfrontiers-lean-summary/1"
INPUTS = ("build", "guard", "probes", "selftest")


class InputError(ValueError):
    """An input is not what the command that should have written it writes."""


@dataclass(frozen=True)
class GuardTest:
    line: int  # the `#guard_msgs` token
    first: int  # first line of the test: its docstring (the expected messages), if any
    last: int  # last line of the command it guards
    command: str  # that command's first line


def guard_tests(source: str) -> list[GuardTest]:
    """The `#guard_msgs` tests of a module: each `[docstring] #guard_msgs … in <command>`,
    one command to the parser."""
    lean = LeanFile.parse(source)
    smap = SourceMap(source)
    tests = []
    for cmd in lean.commands:
        code = [t for t in cmd.tokens if not t.is_comment]
        guard = next((t for t in code if t.kind is Kind.SYMBOL and t.text == "#guard_msgs"), None)
        if guard is None:
            continue
        at_in = next((n for n, t in enumerate(code) if t.text == "in"), None)
        target = code[at_in + 1] if at_in is not None and at_in + 1 < len(code) else guard
        tests.append(
            GuardTest(
                smap.line_of(guard.start),
                smap.line_of(cmd.start),
                smap.line_of(max(cmd.end - 1, cmd.start)),
                smap.line_text(smap.line_of(target.start)).strip(),
            )
        )
    return tests


def _modules(doc: object, what: str) -> list[dict[str, Any]]:
    modules = doc.get("modules") if isinstance(doc, dict) else None
    if not isinstance(modules, list) or not all(isinstance(m, dict) for m in modules):
        raise InputError(f"{what}: not `ofb build --format json` output (no modules list)")
    return modules


def _messages(module: dict) -> list[dict]:
    return [
        {k: d.get(k) for k in ("severity", "line", "column", "message")}
        for d in module.get("diagnostics", [])
    ]


def statements(build: object) -> tuple[list[dict], list[dict]]:
    """(statements, utility modules): each elaborated yes/no with Lean's messages."""
    found: tuple[list[dict], list[dict]] = ([], [])
    for m in _modules(build, "build"):
        stem = Path(str(m.get("file", ""))).stem
        entry = {
            "module": m.get("module"),
            "file": m.get("file"),
            "elaborated": m.get("outcome") == "ok",
            "outcome": m.get("outcome"),
            "detail": m.get("detail", ""),
            "messages": _messages(m),
        }
        found[0 if ITEM_ID.fullmatch(stem) else 1].append(entry)
    return found


def guard_report(guard: object, root: Path) -> list[dict]:
    """Per test module, its `#guard_msgs` tests with the messages in their lines."""
    report = []
    for m in _modules(guard, "guard"):
        path = root / str(m.get("file", ""))
        messages = _messages(m)
        source = path.read_text(encoding="utf-8") if path.is_file() else ""
        tests = []
        covered: list[dict] = []
        for t in guard_tests(source):
            mine = [d for d in messages if t.first <= (d["line"] or 0) <= t.last]
            covered += mine
            tests.append(
                {
                    "line": t.line,
                    "command": t.command,
                    "passed": m.get("outcome") in ("ok", "error")
                    and not any(d["severity"] == "error" for d in mine),
                    "messages": mine,
                }
            )
        outside = [d for d in messages if d not in covered]
        report.append(
            {
                "module": m.get("module"),
                "file": m.get("file"),
                "outcome": m.get("outcome"),
                "detail": m.get("detail", "") or ("" if source else f"{path} not found"),
                "tests": tests,
                "other_messages": outside,
            }
        )
    return report


def probe_report(probes: object) -> list[dict]:
    if not isinstance(probes, dict) or not isinstance(probes.get("items"), list):
        raise InputError("probes: not `ofb probe --format json` output (no items list)")
    keep = ("name", "variant", "answer", "tactic", "target", "means", "outcome", "message")
    return [
        {
            "id": item.get("id"),
            "verdict": item.get("verdict"),
            "detail": item.get("detail", ""),
            "probes": [{k: p.get(k) for k in keep} for p in item.get("probes", [])],
        }
        for item in probes["items"]
    ]


def selftest_report(selftest: object, lean_cases: Iterable[str]) -> list[dict]:
    """The self-test's results for the cases that need Lean."""
    if not isinstance(selftest, dict) or not isinstance(selftest.get("cases"), list):
        raise InputError("selftest: not `ofb grade selftest --format json` output (no cases)")
    wanted = set(lean_cases)
    return [
        {k: case.get(k) for k in ("name", "layer", "what", "status", "detail")}
        for case in selftest["cases"]
        if case.get("name") in wanted
    ]


def read_input(path: Path | None, what: str) -> tuple[object | None, str]:
    """An input's JSON, or the reason it is unusable."""
    if path is None:
        return None, "not given"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        return None, f"{path}: {exc.strerror or exc}"
    if not text.strip():
        return None, f"{path}: empty (the command printed nothing; see its log)"
    try:
        return json.loads(text), ""
    except json.JSONDecodeError as exc:
        return None, f"{path}:{exc.lineno}: not JSON ({exc.msg})"


def summarize(
    inputs: dict[str, Path | None], root: Path, lean_cases: Iterable[str], lean_version: str = ""
) -> dict:
    doc: dict = {
        "format": FORMAT,
        "lean": lean_version.strip(),
        "statements": [],
        "library": [],
        "guard_msgs": [],
        "probes": [],
        "selftest_lean_cases": [],
        "inputs": {},
    }
    readers = {
        "build": lambda d: dict(zip(("statements", "library"), statements(d), strict=True)),
        "guard": lambda d: {"guard_msgs": guard_report(d, root)},
        "probes": lambda d: {"probes": probe_report(d)},
        "selftest": lambda d: {"selftest_lean_cases": selftest_report(d, lean_cases)},
    }
    for name in INPUTS:
        data, problem = read_input(inputs.get(name), name)
        if data is not None:
            try:
                doc.update(readers[name](data))
            except InputError as exc:
                problem = str(exc)
        doc["inputs"][name] = {"ok": not problem, "problem": problem}
    doc["counts"] = counts(doc)
    return doc


def counts(doc: dict) -> dict:
    tests = [t for m in doc["guard_msgs"] for t in m["tests"]]
    return {
        "statements": len(doc["statements"]),
        "elaborated": sum(1 for s in doc["statements"] if s["elaborated"]),
        "guard_msgs_tests": len(tests),
        "guard_msgs_passed": sum(1 for t in tests if t["passed"]),
        "probed_items": len(doc["probes"]),
        "clean_items": sum(1 for i in doc["probes"] if i["verdict"] == "clean"),
        "selftest_lean_cases": len(doc["selftest_lean_cases"]),
        "selftest_lean_passed": sum(1 for c in doc["selftest_lean_cases"] if c["status"] == "pass"),
    }


def lean_cases(root: Path) -> list[str]:
    """The self-test cases that need Lean, from the checkout's attack corpus."""
    from .grade.selftest import DEFAULT_CORPUS, load_corpus

    return [c.name for c in load_corpus(root / DEFAULT_CORPUS) if c.needs_lean]


def main(argv: list[str] | None = None, root: Path | None = None) -> int:
    """`ci/lean-summary.py`: write the summary; exit 1 when an input was unusable."""
    import argparse

    root = root or Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser(prog="lean-summary", description=__doc__.splitlines()[0])
    for name in INPUTS:
        parser.add_argument(f"--{name}", type=Path, help=f"the {name} command's JSON output")
    parser.add_argument("--lean-version", default="", help="`lean --version`")
    parser.add_argument("--out", type=Path, required=True, help="where to write the summary")
    args = parser.parse_args(argv)
    doc = summarize(
        {name: getattr(args, name) for name in INPUTS}, root, lean_cases(root), args.lean_version
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    c = doc["counts"]
    print(
        f"{args.out}: {c['elaborated']}/{c['statements']} statements elaborated, "
        f"{c['guard_msgs_passed']}/{c['guard_msgs_tests']} #guard_msgs tests passed, "
        f"{c['clean_items']}/{c['probed_items']} probed items clean, "
        f"{c['selftest_lean_passed']}/{c['selftest_lean_cases']} Lean self-test cases passed"
    )
    unusable = {k: v["problem"] for k, v in doc["inputs"].items() if not v["ok"]}
    for name, problem in unusable.items():
        print(f"  {name}: {problem}", file=sys.stderr)
    return 1 if unusable else 0
