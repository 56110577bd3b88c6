"""A statement file → the packet's `Problem.lean`.

The header is unified, the namespace renamed to the packet id, every comment removed
except the informal statement (the module docstring without its item id and without its
`*Wording:*`, `*Source:*`, `*Scope:*`, `*References:*` paragraphs, which go to the
evaluator key) and the declarations' docstrings, which say what the statement means.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import OfbError
from ..lean.decls import LeanFile
from ..lean.lexer import Kind

HEADER = "import Mathlib\nimport FrontierBench.Util.Answer\n\nset_option autoImplicit false\n"
METADATA = re.compile(
    r"^\*(?:Wording|Source|Sources|Scope|References?|Notes?)\s*:\*", re.IGNORECASE
)
_HEADING = re.compile(r"^#\s+[RENO]\d{2}\b\s*(?:[—–:-]\s*)?")


@dataclass(frozen=True)
class Problem:
    text: str  # the packet's Problem.lean
    stripped: tuple[str, ...]  # module-doc paragraphs moved to the evaluator key


def _module_doc(body: str, item_id: str) -> tuple[str, list[str]]:
    paragraphs = [p.strip("\n") for p in re.split(r"\n\s*\n", body.strip("\n")) if p.strip()]
    kept, stripped = [], []
    for para in paragraphs:
        first = para.lstrip()
        if METADATA.match(first):
            stripped.append(first)
        else:
            kept.append(_HEADING.sub("# ", first, count=1) if first.startswith("#") else para)
    return "\n\n".join(kept), stripped


def to_problem(source: str, item_id: str, packet_id: str) -> Problem:
    lean = LeanFile.parse(source)
    old_ns = f"FrontierBench.{item_id}"
    header_end = 0
    for cmd in lean.commands:
        if cmd.kind == "import" or (
            cmd.kind == "set_option" and not cmd.prefixes and cmd.tokens[1].text == "autoImplicit"
        ):
            header_end = cmd.end
        elif cmd.kind != "module-doc":
            break
    pieces: list[str] = [HEADER]
    stripped: list[str] = []
    seen_doc = False
    pos = header_end
    for tok in lean.tokens:
        if tok.end <= header_end:
            continue
        if tok.kind in (Kind.LINE_COMMENT, Kind.BLOCK_COMMENT):
            pieces.append(source[pos : tok.start])
            pos = tok.end
        elif tok.kind is Kind.MODULE_DOC:
            pieces.append(source[pos : tok.start])
            pos = tok.end
            if not seen_doc:
                body = tok.text[3:-2] if tok.terminated else tok.text[3:]
                kept, moved = _module_doc(body, item_id)
                stripped.extend(moved)
                pieces.append(f"/-!\n{kept}\n-/")
                seen_doc = True
        elif tok.kind is Kind.IDENT and (tok.text == old_ns or tok.text.startswith(old_ns + ".")):
            pieces.append(source[pos : tok.start])
            pieces.append(packet_id + tok.text[len(old_ns) :])
            pos = tok.end
    pieces.append(source[pos:])
    if not seen_doc:
        raise OfbError(f"{item_id}: the statement has no module docstring to keep")
    text = "".join(pieces)
    lines = [line.rstrip() for line in text.splitlines()]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n") + "\n"
    return Problem(text, tuple(stripped))
