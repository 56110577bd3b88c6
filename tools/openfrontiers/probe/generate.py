"""Probe files: one generated Lean file per item, one declaration per (answer × tactic).

The statement file is copied with `main` replaced by the probes; everything else (imports,
options, auxiliary definitions, namespaces) stays as written, so the probes see exactly
the statement's context. Each probe restates `main` with the answer substituted for
`answer(sorry)` — found through the lexer, never by text search — under its own
heartbeat cap, tries one tactic, and asks `#print axioms` about itself, so "proved" rests
on positive evidence (an axiom list without `sorryAx`) rather than on silence:

    set_option maxHeartbeats 200000 in
    theorem ofb_probe_True_decide : (True) ↔ ∃ n : ℕ, … :=
      by decide
    #print axioms ofb_probe_True_decide

`by <tactic>` has a line of its own because Lean reports a tactic that leaves goals open
("unsolved goals", and aesop's "failed to prove the goal") at the `by` token: on its own
line that report falls after the restated statement, where it reads as the tactic failing,
not as the statement failing to elaborate.

The answer replaces the whole `answer(sorry)` by `(answer)`: the marker changes nothing in
meaning (it is transparent metadata), and leaving it out keeps tactics from meeting it.
For value items a second target states the negation of the answered statement, so a cheap
refutation is caught too; for yes/no items the False answer already is the negation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, Location, UsageError
from ..lean.decls import LeanFile
from ..lean.lexer import Kind, group_end

DEFAULT_TACTICS = ("decide", "simp", "omega", "aesop")
DEFAULT_HEARTBEATS = 200_000
_TACTIC = re.compile(r"[A-Za-z_][A-Za-z0-9_?!]*")
FORBIDDEN_TACTICS = frozenset({"sorry", "admit", "native_decide"})


@dataclass(frozen=True)
class Variant:
    """One answer to try: its label (used in names), the Lean term, and what a proof of
    each target would mean."""

    label: str  # "True", "False" or "ref"
    answer: str
    proves_means: str  # "PROVES" or "REFUTES": a proof of the answered statement shows this
    negation: bool = False  # also try to prove the negation (means the opposite)


@dataclass(frozen=True)
class ProbeDecl:
    name: str
    variant: str
    answer: str
    tactic: str
    target: str  # "statement" or "negation"
    means: str  # what a proof shows about the item: PROVES or REFUTES
    start_line: int  # first line of the probe (its set_option)
    statement_end_line: int  # last line of the restated statement (it ends with `:=`)
    end_line: int  # last line of the probe (its #print axioms)


@dataclass(frozen=True)
class ProbeFile:
    item_id: str
    text: str
    probes: tuple[ProbeDecl, ...]


def parse_tactics(spec: str | None) -> tuple[str, ...]:
    spec = ",".join(DEFAULT_TACTICS) if spec is None else spec
    tactics = tuple(t.strip() for t in spec.split(",") if t.strip())
    bad = [t for t in tactics if not _TACTIC.fullmatch(t) or t in FORBIDDEN_TACTICS]
    if bad or not tactics:
        raise UsageError(
            f"--tactics takes tactic names like decide,simp (not {', '.join(bad)}); "
            f"{', '.join(sorted(FORBIDDEN_TACTICS))} are never probes"
        )
    return tuple(dict.fromkeys(tactics))


def yes_no_variants() -> list[Variant]:
    return [Variant("True", "True", "PROVES"), Variant("False", "False", "REFUTES")]


def value_variants(answer: str) -> list[Variant]:
    return [Variant("ref", answer, "PROVES", negation=True)]


@dataclass(frozen=True)
class _Main:
    start: int  # offsets in the source of the whole command (prefixes and docstring included)
    end: int
    binders: str
    type_before: str  # the type up to `answer(`
    type_after: str  # the type after the closing `)`


def _locate_main(source: str, item_id: str, path: Path) -> _Main:
    lean = LeanFile.parse(source)
    want = f"FrontierBench.{item_id}.main"
    commands = [
        c for c in lean.commands if c.declaration is not None and c.declaration.full_name == want
    ]
    if len(commands) != 1:
        raise InputError(
            Location(path),
            "probe-main",
            f"expected exactly one declaration {want}, found {len(commands)}",
        )
    cmd = commands[0]
    decl = cmd.declaration
    assert decl is not None
    if decl.type is None:
        line, col = lean.line_col(decl.keyword.start)
        raise InputError(Location(path, line, col), "probe-main", "main has no type")
    markers = [
        t
        for t in decl.tokens
        if t.kind is Kind.SYMBOL
        and t.text == "answer("
        and decl.type.start <= t.start < decl.type.end
    ]
    if len(markers) != 1:
        line, col = lean.line_col(decl.type.start)
        raise InputError(
            Location(path, line, col),
            "probe-answer",
            f"main's statement must hold exactly one answer(sorry), found {len(markers)}",
        )
    marker = markers[0]
    code = [t for t in decl.tokens if not t.is_comment]
    k = code.index(marker)
    end = group_end(code, k)
    close = code[end] if end is not None else None
    if close is None or [t.text for t in code[k + 1 : end]] != ["sorry"]:
        line, col = lean.line_col(marker.start)
        raise InputError(
            Location(path, line, col),
            "probe-answer",
            "the answer placeholder must read answer(sorry)",
        )
    return _Main(
        cmd.start,
        cmd.end,
        source[decl.binders.start : decl.binders.end].strip(),
        source[decl.type.start : marker.start],
        source[close.end : decl.type.end],
    )


def _probe_name(variant: Variant, tactic: str, negation: bool) -> str:
    return (
        "ofb_probe_"
        + ("not_" if negation else "")
        + f"{variant.label}_{tactic}".replace("?", "Q").replace("!", "B")
    )


def generate(
    item_id: str,
    source: str,
    variants: list[Variant],
    tactics: tuple[str, ...],
    heartbeats: int = DEFAULT_HEARTBEATS,
    path: Path | None = None,
) -> ProbeFile:
    """The probe file of one item (see the module docstring)."""
    if heartbeats <= 0:
        raise UsageError("--heartbeats must be positive")
    path = path or Path(f"FrontierBench/{item_id}.lean")
    main = _locate_main(source, item_id, path)
    head = source[: main.start]
    line = head.count("\n") + 1
    blocks: list[str] = []
    probes: list[ProbeDecl] = []
    for variant in variants:
        stated = f"{main.type_before}({variant.answer}){main.type_after}".strip()
        targets = [("statement", stated, variant.proves_means)]
        if variant.negation:
            quantified = f"∀ {main.binders}, {stated}" if main.binders else stated
            opposite = "REFUTES" if variant.proves_means == "PROVES" else "PROVES"
            targets.append(("negation", f"¬ ({quantified})", opposite))
        for target, statement, means in targets:
            for tactic in tactics:
                name = _probe_name(variant, tactic, target == "negation")
                binders = main.binders if target == "statement" and main.binders else ""
                signature = f"theorem {name}{' ' + binders if binders else ''} : {statement} :="
                block = (
                    f"set_option maxHeartbeats {heartbeats} in\n{signature}\n"
                    f"  by {tactic}\n#print axioms {name}\n"
                )
                start = line
                statement_end = start + 1 + signature.count("\n")
                end = start + block.count("\n") - 1
                probes.append(
                    ProbeDecl(
                        name,
                        variant.label,
                        variant.answer,
                        tactic,
                        target,
                        means,
                        start,
                        statement_end,
                        end,
                    )
                )
                blocks.append(block + "\n")
                line = end + 2
    text = head + "".join(blocks) + source[main.end :].lstrip("\n")
    return ProbeFile(item_id, text, tuple(probes))
